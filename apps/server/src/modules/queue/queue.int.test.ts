import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  matches,
  QUEUE_IDS,
  queueDefinition,
  SUBMISSION_STATUSES,
  TEST_STATUSES,
  UPDATE_REQUEST_STATUSES,
  type QueueId,
  type SubmissionFacts,
} from '@corner/domain';
import { rows } from '../../db/rows';
import { reports, submissions, tests, updateRequests } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { countQueues, creatorCounters, staffCounters } from './queue.service';
import { queueSql } from '../../db/queue.sql';

const server = useTestServer();
const now = new Date();
const day = 86_400_000;

async function idsInQueue(id: QueueId, ownerId?: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    server.database.db,
    sql`select id from ${submissions} where ${queueSql(id, now, ownerId)} order by id`,
  );
  return found.map((r) => Number(r.id));
}

describe('queues over hand-built data (SPEC section 9)', () => {
  let creator: number;
  const ids = {} as Record<string, number>;

  beforeAll(async () => {
    const db = server.database.db;
    creator = (await buildMember(db)).id;
    const make = (name: string, o: Parameters<typeof buildSubmission>[2]) =>
      buildSubmission(db, creator, { name, ...o }).then((id) => (ids[name] = id));
    await make('draft', { status: 'CREATED' });
    await make('submitted', { status: 'SUBMITTED' });
    await make('submittedOpenTest', { status: 'SUBMITTED' });
    await make('testingInProgress', { status: 'TESTING' });
    await make('submittedFailed', { status: 'SUBMITTED' });
    await make('draftFailed', { status: 'CREATED' });
    await make('approvedFuture', { status: 'APPROVED', publish_at: new Date(now.getTime() + day) });
    await make('published', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('publishedReported', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('publishedDismissedReport', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('rejected', { status: 'REJECTED' });
    await make('deleted', { status: 'SUBMITTED', deleted_at: new Date(now.getTime() - day) });
    await make('updatePending', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('updateTesting', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('updateFailed', { status: 'APPROVED', publish_at: new Date(now.getTime() - day) });
    await make('failedCleared', { status: 'SUBMITTED' });

    await db.insert(tests).values([
      { submission_id: ids.submittedOpenTest!, status: 'OPEN' },
      { submission_id: ids.testingInProgress!, status: 'IN_PROGRESS' },
      { submission_id: ids.submittedFailed!, status: 'DONE', test_result: 'FAILED' },
      { submission_id: ids.draftFailed!, status: 'DONE', test_result: 'FAILED' },
      { submission_id: ids.failedCleared!, status: 'CLEARED', test_result: 'FAILED', cleared_at: now },
      { submission_id: ids.submitted!, status: 'DONE', test_result: 'PASSED' },
    ]);
    await db.insert(reports).values([
      { submission_id: ids.publishedReported!, type: 'broken' },
      { submission_id: ids.publishedDismissedReport!, type: 'broken', deleted_at: now },
    ]);
    const [pending, testing, failed] = await db
      .insert(updateRequests)
      .values([
        { submission_id: ids.updatePending!, member_id: creator, message: 'New swatches' },
        { submission_id: ids.updateTesting!, member_id: creator, message: 'Fixed mesh' },
        { submission_id: ids.updateFailed!, member_id: creator, message: 'Fixed textures' },
      ])
      .returning({ id: updateRequests.id });
    await db.insert(tests).values([
      { submission_id: ids.updateTesting!, update_request_id: testing!.id, status: 'OPEN' },
      { submission_id: ids.updateFailed!, update_request_id: failed!.id, status: 'DONE', test_result: 'FAILED' },
    ]);
    expect(pending).toBeDefined();
  });

  const expected: Record<QueueId, string[]> = {
    all: [],
    created: ['draft', 'draftFailed'],
    waiting: ['submitted', 'submittedFailed', 'failedCleared'],
    testing: ['submittedOpenTest', 'testingInProgress'],
    updatesTesting: ['updateTesting'],
    approved: ['approvedFuture'],
    published: ['published', 'publishedReported', 'publishedDismissedReport', 'updatePending', 'updateTesting', 'updateFailed'],
    deleted: ['deleted'],
    failedTesting: ['submittedFailed'],
    updatesFailedTesting: ['updateFailed'],
    rejected: ['rejected'],
    reported: ['publishedReported'],
    updated: ['updatePending', 'updateFailed'],
    needsAttention: ['submittedFailed', 'draftFailed', 'rejected', 'publishedReported'],
  };

  it.each(QUEUE_IDS.filter((q) => q !== 'all'))('%s lists exactly the expected creations', async (queue) => {
    const want = expected[queue].map((n) => ids[n]!).sort((a, b) => a - b);
    expect(await idsInQueue(queue, creator)).toEqual(want);
  });

  it('creator counters equal the lists, and needs attention is the sum of its three counts', async () => {
    const counts = await creatorCounters(server.database.db, creator, now);
    expect(counts).toMatchObject({
      created: 2,
      waiting: 3,
      approved: 1,
      testing: 2,
      published: 6,
      rejected: 1,
      reported: 1,
      failedTesting: 1,
      updated: 2,
      updatesTesting: 1,
      updatesFailedTesting: 1,
      unreadMessages: 0,
    });
    // failed tests on CREATED/SUBMITTED/TESTING (2) + REJECTED (1) + APPROVED with reports (1)
    expect(counts.needsAttention).toBe(2 + 1 + 1);
  });
});

describe('queues agree with the domain definition on random data', () => {
  /** A small deterministic generator so a failure can be replayed. */
  function random(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }

  it('every queue, for staff and for each creator, lists and counts what `matches` says', async () => {
    const db = server.database.db;
    const rand = random(20261122);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const owners = [(await buildMember(db)).id, (await buildMember(db)).id, (await buildMember(db)).id];
    type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };
    const facts = new Map<number, Mutable<SubmissionFacts> & { owner: number }>();
    for (let i = 0; i < 150; i++) {
      const owner = pick(owners);
      const status = pick(SUBMISSION_STATUSES);
      const publishAt = pick([null, new Date(now.getTime() - 3 * day), new Date(now.getTime() + 3 * day)]);
      const deletedAt = rand() < 0.1 ? new Date(now.getTime() - day) : null;
      const id = await buildSubmission(db, owner, { status, publish_at: publishAt, deleted_at: deletedAt });
      const f: Mutable<SubmissionFacts> & { owner: number } = { owner, status, publishAt, deletedAt, tests: [], reports: [], updateRequests: [] };
      for (let r = Math.floor(rand() * 3); r > 0; r--) {
        const urStatus = pick(UPDATE_REQUEST_STATUSES);
        const [ur] = await db.insert(updateRequests).values({ submission_id: id, member_id: owner, status: urStatus }).returning({ id: updateRequests.id });
        f.updateRequests.push({ status: urStatus });
        if (rand() < 0.6) {
          const tStatus = pick(TEST_STATUSES);
          const result = tStatus === 'DONE' || tStatus === 'CLEARED' ? pick(['PASSED', 'FAILED'] as const) : null;
          await db.insert(tests).values({ submission_id: id, update_request_id: ur!.id, status: tStatus, test_result: result });
          f.tests.push({ scope: 'update', status: tStatus, result });
        }
      }
      for (let t = Math.floor(rand() * 3); t > 0; t--) {
        const tStatus = pick(TEST_STATUSES);
        const result = tStatus === 'DONE' || tStatus === 'CLEARED' ? pick(['PASSED', 'FAILED'] as const) : null;
        await db.insert(tests).values({ submission_id: id, status: tStatus, test_result: result });
        f.tests.push({ scope: 'submission', status: tStatus, result });
      }
      for (let r = Math.floor(rand() * 2.5); r > 0; r--) {
        const dismissed = rand() < 0.4 ? now : null;
        await db.insert(reports).values({ submission_id: id, type: 'broken', deleted_at: dismissed });
        f.reports.push({ deletedAt: dismissed });
      }
      facts.set(id, f);
    }
    const ours = (ownerFilter?: number) =>
      [...facts.entries()].filter(([, f]) => ownerFilter === undefined || f.owner === ownerFilter);
    for (const owner of [undefined, ...owners]) {
      const counts = await countQueues(db, QUEUE_IDS, now, owner);
      for (const queue of QUEUE_IDS) {
        const want = ours(owner)
          .filter(([, f]) => matches(queueDefinition(queue).where, f, now))
          .map(([id]) => id)
          .sort((a, b) => a - b);
        const got = (await idsInQueue(queue, owner)).filter((id) => facts.has(id));
        expect(got, `${queue} for ${owner ?? 'staff'}`).toEqual(want);
        if (owner !== undefined) expect(counts[queue], `${queue} count for ${owner}`).toBe(want.length);
        // Over every creator each queue is summed from the rollup: it must
        // still be the length of the whole list, this file's other creations included.
        else expect(counts[queue], `${queue} staff count`).toBe((await idsInQueue(queue)).length);
      }
    }
  });
});

describe('staff counters', () => {
  it('logs "Error counting submissions" and reads 0 when counting fails', async () => {
    const db = server.database.db;
    const log = { error: vi.fn() };
    const before = await staffCounters(db, log, now);
    expect(log.error).not.toHaveBeenCalled();
    expect(before.waiting).toBeGreaterThan(0);
    // Break the database for real: staff counts read the rollup table.
    await db.execute(sql`alter table submission_counts rename to submission_counts_gone`);
    try {
      const broken = await staffCounters(db, log, now);
      expect(log.error).toHaveBeenCalledWith(expect.anything(), 'Error counting submissions');
      expect(broken.waiting).toBe(0);
      expect(broken.published).toBe(0);
    } finally {
      await db.execute(sql`alter table submission_counts_gone rename to submission_counts`);
    }
  });
});
