import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { loginFailures, rateLimitWindows, sessions, zipBundles } from '../db/schema/index';
import { createTestDatabase } from '../test/database';
import { buildMember } from '../test/factories';
import { startJobs, type Jobs } from './index';
import { openLegacySource } from '../modules/legacy/legacy-source.open';
import { createStorage } from '../storage/index';
import { createUrlSigner } from '../storage/signed-url';
import { MAINTENANCE_JOB, runMaintenance } from './maintenance.job';
import { defineJob } from './job';
import { silentLog } from '../test/server';

let database: Database;
let jobs: Jobs;
const config = loadConfig({ LOG_LEVEL: 'silent' });
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs({ database, config, log: silentLog, storage: createStorage(config), urlSigner: createUrlSigner(config), legacy: await openLegacySource(config, database) });
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

async function seedRows() {
  const db = database.db;
  const m = await buildMember(db);
  const now = Date.now();
  await db.insert(loginFailures).values([
    { account: 'old@corner.test', ip: '10.0.0.1', created_at: new Date(now - 60 * 60_000) },
    { account: 'new@corner.test', ip: '10.0.0.1', created_at: new Date(now - 60_000) },
  ]);
  const token = (n: string) => `${n}-${m.id}-${Math.random()}`;
  await db.insert(sessions).values([
    { member_id: m.id, token_hash: token('live'), expires_at: new Date(now + DAY) },
    { member_id: m.id, token_hash: token('expired-recently'), expires_at: new Date(now - DAY) },
    { member_id: m.id, token_hash: token('expired-long-ago'), expires_at: new Date(now - 40 * DAY) },
    { member_id: m.id, token_hash: token('revoked-long-ago'), expires_at: new Date(now + DAY), revoked_at: new Date(now - 31 * DAY) },
  ]);
  const bundle = (filename: string, status: string, days: number) => ({
    member_id: m.id,
    kind: 'basket',
    filename,
    status,
    updated_at: new Date(now - days * DAY),
  });
  await db.insert(zipBundles).values([
    bundle('ready-old.zip', 'READY', 8),
    bundle('failed-old.zip', 'FAILED', 9),
    bundle('ready-recent.zip', 'READY', 1),
    // An unfinished one is its builder's business (a dead builder is noticed by its own rules).
    bundle('building-old.zip', 'BUILDING', 10),
  ]);
  await db.insert(rateLimitWindows).values([
    { key: `searches:member:${m.id}:old`, window_start: new Date(now - 2 * 60 * 60_000), hits: 9 },
    { key: `searches:member:${m.id}:now`, window_start: new Date(now - 30_000), hits: 3 },
  ]);
  return m.id;
}

describe('maintenance', () => {
  it('removes old sign-in failures and long-dead sessions, and keeps the rest', async () => {
    const memberId = await seedRows();
    const removed = await runMaintenance(database.db, config);
    expect(removed).toEqual({ loginFailures: 1, sessions: 2, zipBundles: 2, rateLimitWindows: 1 });
    expect((await database.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((w) => w.key)).toEqual([`searches:member:${memberId}:now`]);
    const bundles = await database.db.select({ filename: zipBundles.filename }).from(zipBundles).where(eq(zipBundles.member_id, memberId));
    expect(bundles.map((b) => b.filename).sort()).toEqual(['building-old.zip', 'ready-recent.zip']);
    const left = await database.db.select({ hash: sessions.token_hash }).from(sessions).where(eq(sessions.member_id, memberId));
    expect(left.map((s) => s.hash.split('-').slice(0, -2).join('-')).sort()).toEqual(['expired-recently', 'live']);
    expect((await database.db.select().from(loginFailures)).map((f) => f.account)).toEqual(['new@corner.test']);
  });

  it('runs as a real pg-boss job on this database, and is scheduled nightly', async () => {
    await seedRows();
    const id = await jobs.boss.send(MAINTENANCE_JOB, {});
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await jobs.boss.getJobById(MAINTENANCE_JOB, id!))?.state, { timeout: 20_000, interval: 250 })
      .toBe('completed');
    expect(await database.db.select().from(loginFailures).where(eq(loginFailures.account, 'old@corner.test'))).toEqual([]);
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([MAINTENANCE_JOB, '17 3 * * *']);
  }, 30_000);
});

/**
 * Jobs of one test kind, `name`, whose handler records what it was sent and answers it, worked in
 * this process with a poll of a minute: only wake-ups start them within a test's waits.
 */
async function echoJobs<Data extends object>(name: string): Promise<{ own: Awaited<ReturnType<typeof startJobs>>; worked: Data[] }> {
  const worked: Data[] = [];
  const echo = defineJob<Data>({
    name,
    handle: async (_services, data) => {
      worked.push(data);
      return data;
    },
  });
  const own = await startJobs(
    { database, config: { ...config, JOB_POLL_SECONDS: 60 }, log: silentLog, storage: createStorage(config), urlSigner: createUrlSigner(config), legacy: await openLegacySource(config, database) },
    { work: true, definitions: [echo] },
  );
  return { own, worked };
}

describe('waking workers', () => {
  it('starts a sent job, and each next one of a burst, at once, without waiting for the poll', async () => {
    // A poll of a minute: only the wake-ups can finish these within the wait below.
    const { own, worked } = await echoJobs<{ n: number }>('test-echo');
    try {
      // Past the workers' first poll at start.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const first = await own.send('test-echo', { n: 1 });
      expect((await own.wait('test-echo', first!, 15_000))?.state).toBe('completed');
      // Three sent straight into pg-boss (as another process would): the worker is woken by none of
      // them, so it finds them only because the job it is woken for next leaves it looking again.
      const direct = await Promise.all([2, 3, 4].map((n) => own.boss.send('test-echo', { n })));
      const last = await own.send('test-echo', { n: 5 });
      for (const id of [...direct, last]) expect((await own.wait('test-echo', id!, 15_000))?.state).toBe('completed');
      expect(worked.map((w) => w.n).sort()).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await own.stop();
    }
  }, 60_000);
});

describe('sending in a transaction', () => {
  it('sends a job with the transaction: none when it rolls back, one when it commits, worked once woken', async () => {
    const { own, worked } = await echoJobs<{ s: string }>('test-tx-echo');
    const count = async (key: string) =>
      (await database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'test-tx-echo' and singleton_key = $1`, [key]))[0]!.n;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rolledBack = database.db.transaction(async (tx) => {
        expect(await own.send('test-tx-echo', { s: 'no' }, { singletonKey: 'tx-no', tx })).toEqual(expect.any(String));
        throw new Error('changed my mind');
      });
      await expect(rolledBack).rejects.toThrow('changed my mind');
      expect(await count('tx-no')).toBe(0);

      // Looked for and sent in the same transaction: the job it sent is found there before it commits.
      const id = await database.db.transaction(async (tx) => {
        expect(await own.findUnfinished('test-tx-echo', 'tx-yes', tx)).toBeNull();
        const sent = await own.send('test-tx-echo', { s: 'yes' }, { singletonKey: 'tx-yes', tx });
        expect(await own.findUnfinished('test-tx-echo', 'tx-yes', tx)).toBe(sent);
        return sent;
      });
      expect(await count('tx-yes')).toBe(1);
      own.wake('test-tx-echo');
      expect((await own.wait('test-tx-echo', id!, 15_000))?.state).toBe('completed');
      expect(worked).toEqual([{ s: 'yes' }]);
    } finally {
      await own.stop();
    }
  }, 60_000);
});

describe('starting', () => {
  it('creates every queue before a job runs: a job sent at start may send to a queue defined after its own', async () => {
    const received: string[] = [];
    const later = defineJob<{ from: string }>({
      name: 'test-start-later',
      handle: async (_services, data) => {
        received.push(data.from);
        return data;
      },
    });
    const first = defineJob({
      name: 'test-start-first',
      runAtStart: true,
      handle: async (services) => ({ sent: await services.jobs.send(later.name, { from: 'first' }) }),
    });
    // Queues between the two: creating them takes longer than the first job takes to start.
    const between = Array.from({ length: 8 }, (_, i) => defineJob({ name: `test-start-between-${i}`, handle: async () => null }));
    const own = await startJobs(
      { database, config: { ...config, JOB_POLL_SECONDS: 1 }, log: silentLog, storage: createStorage(config), urlSigner: createUrlSigner(config), legacy: await openLegacySource(config, database) },
      { work: true, definitions: [first, ...between, later] },
    );
    try {
      await expect.poll(() => received, { timeout: 15_000, interval: 100 }).toEqual(['first']);
    } finally {
      await own.stop();
    }
  }, 60_000);
});
