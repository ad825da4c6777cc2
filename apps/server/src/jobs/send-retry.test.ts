import { describe, expect, it } from 'vitest';
import { isMissingPartition, sendRetryingPartition } from './send-retry';

/** The error node-postgres and PGlite raise for an insert whose partition they do not find. */
function missingPartition(): Error {
  return Object.assign(new Error('no partition of relation "job" found for row'), { code: '23514' });
}

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? '') } };
}

describe('isMissingPartition', () => {
  it('knows the missing partition, and no other check violation or error', () => {
    expect(isMissingPartition(missingPartition())).toBe(true);
    expect(isMissingPartition(Object.assign(new Error('new row violates check constraint "x"'), { code: '23514' }))).toBe(false);
    expect(isMissingPartition(Object.assign(new Error('no partition of relation "job" found for row'), { code: '23505' }))).toBe(false);
    expect(isMissingPartition(new Error('no partition of relation "job" found for row'))).toBe(false);
    expect(isMissingPartition(undefined)).toBe(false);
  });
});

describe('sendRetryingPartition', () => {
  it('sends again once after a missing partition, and says so', async () => {
    const { warnings, log } = recordingLog();
    let calls = 0;
    const id = await sendRetryingPartition(
      async () => {
        calls += 1;
        if (calls === 1) throw missingPartition();
        return 'job-1';
      },
      log,
      'unzip',
    );
    expect(id).toBe('job-1');
    expect(calls).toBe(2);
    expect(warnings).toHaveLength(1);
  });

  it('gives up after the second missing partition', async () => {
    const { log } = recordingLog();
    let calls = 0;
    const sent = sendRetryingPartition(
      async () => {
        calls += 1;
        throw missingPartition();
      },
      log,
      'unzip',
    );
    await expect(sent).rejects.toThrow('no partition of relation');
    expect(calls).toBe(2);
  });

  it('passes any other error on at once', async () => {
    const { warnings, log } = recordingLog();
    let calls = 0;
    const sent = sendRetryingPartition(
      async () => {
        calls += 1;
        throw new Error('connection terminated');
      },
      log,
      'unzip',
    );
    await expect(sent).rejects.toThrow('connection terminated');
    expect(calls).toBe(1);
    expect(warnings).toEqual([]);
  });
});
