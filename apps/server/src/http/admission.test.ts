import { describe, expect, it } from 'vitest';
import { createAdmission } from './admission';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createAdmission', () => {
  it('runs at most `limit` tasks at once and starts the others in arrival order', async () => {
    const admit = createAdmission(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const tasks = [0, 1, 2, 3, 4].map((i) =>
      admit(async () => {
        started.push(i);
        await new Promise<void>((resolve) => finish.set(i, resolve));
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    finish.get(1)!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish.get(0)!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const i of [2, 3]) finish.get(i)!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish.get(4)!();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the place of a task that fails, and passes its error on', async () => {
    const admit = createAdmission(1);
    await expect(admit(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await admit(async () => 'next')).toBe('next');
  });

  it('admits everything at once with limit 0', async () => {
    const admit = createAdmission(0);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        admit(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(20);
  });
});
