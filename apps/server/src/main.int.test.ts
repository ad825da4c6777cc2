import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gqlAt, useMainProcesses } from './test/main-process';

/**
 * The real `main.ts` as a process on an embedded database: first start seeds, Ctrl-C shuts down
 * cleanly, a second start keeps every row and does not seed again, a second process is refused.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-main-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
// Registered after the folder's removal, so its processes are killed before it (hooks run in reverse).
const start = useMainProcesses();

function stop(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    proc.on('exit', (code) => resolve(code));
    proc.kill('SIGINT');
  });
}

describe('npm start on an embedded database', () => {
  it('seeds once, stops cleanly on Ctrl-C, and keeps every row on the next start', async () => {
    const first = await start(dataDir);
    expect(first.output()).toContain('demo data seeded');
    expect(first.output()).toContain('creator@corner.test');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    const token = (await gqlAt(first.url, 'mutation { login(user: "creator@corner.test", password: "corner-demo") }')).data.login as string;
    await gqlAt(first.url, 'mutation { updateMemberPreferences(input: { about: "Kept across restarts" }) { about } }', {}, token);

    // A second process on the same data dir is refused while the first runs.
    await expect(start(dataDir)).rejects.toThrow(/is in use by process/);

    expect(await stop(first.proc)).toBe(0);

    const second = await start(dataDir);
    expect(second.output()).not.toContain('demo data seeded');
    const me = await gqlAt(second.url, '{ me { UserName preferences { about } } }', {}, token);
    expect(me.data.me).toEqual({ UserName: 'Cora Creator', preferences: { about: 'Kept across restarts' } });
    expect(await stop(second.proc)).toBe(0);
  }, 90_000);
});
