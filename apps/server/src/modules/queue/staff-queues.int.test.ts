import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, pagePermission, QUEUE_IDS, QUEUE_PAGES, STAFF_COUNTER_QUEUES, type QueueId } from '@corner/domain';
import { rows } from '../../db/rows';
import { seedQueueHistory } from '../../seed/queue-history';
import { queueSnapshots, reports, submissions, tests, updateRequests } from '../../db/schema/index';
import { queueSnapshotJob } from '../../jobs/queue-snapshot.job';
import type { JobServices } from '../../jobs/job';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { silentLog, useTestServer } from '../../test/server';
import { compactQueueCounts, countQueues, snapshotQueues, staffCounters, utcDay } from './queue.service';
import { countPlan, queueSql } from '../../db/queue.sql';
import { queueDefinition } from '@corner/domain';

const server = useTestServer();
const minute = 60_000;
const day = 86_400_000;

const SEARCH = `query S($q: QueryParams) { newItemsSearch(queryParams: $q) { data { id name } paginatorInfo { total count } } }`;
const COUNT = `query C($q: QueryParams) { newItemsCount(queryParams: $q) }`;
const ITEMS = `query I($q: QueryParams) { itemsSearch(queryParams: $q) { data { id } paginatorInfo { total } } }`;

let admin: string;
let creatorA: number;
let creatorB: number;
const ids = {} as Record<string, number>;

/** Every id in a queue, straight from the compiled definition. */
async function listed(queue: QueueId, now = new Date()): Promise<number[]> {
  const found = await rows<{ id: number }>(server.database.db, sql`select id from ${submissions} where ${queueSql(queue, now)} order by id`);
  return found.map((r) => Number(r.id));
}

async function searchAll(token: string, queue: QueueId): Promise<{ ids: number[]; total: number; count: number }> {
  const got: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await server.gql(SEARCH, { q: { queue, first: 100, page } }, { token });
    expect(res.errors, queue).toBeUndefined();
    const p = res.data!.newItemsSearch;
    got.push(...p.data.map((d: { id: number }) => d.id));
    total = p.paginatorInfo.total;
    if (p.paginatorInfo.count < 100) break;
  }
  const count = (await server.gql(COUNT, { q: { queue } }, { token })).data!.newItemsCount as number;
  return { ids: got.sort((a, b) => a - b), total, count };
}

beforeAll(async () => {
  const db = server.database.db;
  admin = await server.tokenFor((await buildMember(db, { roles: ['Admin'] })).id);
  creatorA = (await buildMember(db, { username: 'Willow Maker' })).id;
  creatorB = (await buildMember(db)).id;
  const now = Date.now();
  const make = async (name: string, owner: number, o: Parameters<typeof buildSubmission>[2]) => {
    ids[name] = await buildSubmission(db, owner, { name, ...o });
  };
  await make('draft', creatorA, { status: 'CREATED' });
  await make('draftB', creatorB, { status: 'CREATED' });
  await make('waiting', creatorA, { status: 'SUBMITTED' });
  await make('waitingPassed', creatorB, { status: 'SUBMITTED' });
  await make('waitingOpenTest', creatorA, { status: 'SUBMITTED' });
  await make('testingInProgress', creatorB, { status: 'TESTING' });
  await make('approvedTestOpen', creatorA, { status: 'APPROVED', publish_at: new Date(now + day) });
  await make('failed', creatorB, { status: 'TESTING' });
  await make('failedCleared', creatorA, { status: 'SUBMITTED' });
  await make('approvedSoon', creatorA, { status: 'APPROVED', publish_at: new Date(now + 2 * minute) });
  await make('approvedLater', creatorB, { status: 'APPROVED', publish_at: new Date(now + 30 * day) });
  await make('publishedJustNow', creatorA, { status: 'APPROVED', publish_at: new Date(now - 2 * minute) });
  await make('publishedOld', creatorB, { status: 'APPROVED', publish_at: new Date(now - 400 * day) });
  await make('reported', creatorA, { status: 'APPROVED', publish_at: new Date(now - 3 * day) });
  await make('reportDismissed', creatorB, { status: 'APPROVED', publish_at: new Date(now - 3 * day) });
  await make('rejected', creatorA, { status: 'REJECTED' });
  await make('deleted', creatorB, { status: 'APPROVED', publish_at: new Date(now - day), deleted_at: new Date(now - minute) });
  await make('deletedDraft', creatorA, { status: 'CREATED', deleted_at: new Date(now - day) });
  await make('updatePending', creatorA, { status: 'APPROVED', publish_at: new Date(now - 5 * day) });
  await make('updateTesting', creatorB, { status: 'APPROVED', publish_at: new Date(now - 5 * day) });
  await make('updateFailed', creatorA, { status: 'APPROVED', publish_at: new Date(now - 5 * day) });
  // A set's child: it travels with its set and appears in no queue of its own.
  await db.insert(submissions).values({ member_id: creatorA, model_type: 'set_item', model_id: 900_001, name: 'child', status: 'SUBMITTED' });

  await db.insert(tests).values([
    { submission_id: ids.waitingPassed!, status: 'DONE', test_result: 'PASSED' },
    { submission_id: ids.waitingOpenTest!, status: 'OPEN' },
    { submission_id: ids.testingInProgress!, status: 'IN_PROGRESS' },
    { submission_id: ids.approvedTestOpen!, status: 'OPEN' },
    { submission_id: ids.failed!, status: 'DONE', test_result: 'FAILED' },
    { submission_id: ids.failedCleared!, status: 'CLEARED', test_result: 'FAILED', cleared_at: new Date() },
  ]);
  await db.insert(reports).values([
    { submission_id: ids.reported!, type: 'broken' },
    { submission_id: ids.reportDismissed!, type: 'broken', deleted_at: new Date() },
  ]);
  const [, testing, failed] = await db
    .insert(updateRequests)
    .values([
      { submission_id: ids.updatePending!, member_id: creatorA, message: 'New swatches' },
      { submission_id: ids.updateTesting!, member_id: creatorB, message: 'Fixed mesh' },
      { submission_id: ids.updateFailed!, member_id: creatorA, message: 'Fixed textures' },
    ])
    .returning({ id: updateRequests.id });
  await db.insert(tests).values([
    { submission_id: ids.updateTesting!, update_request_id: testing!.id, status: 'IN_PROGRESS' },
    { submission_id: ids.updateFailed!, update_request_id: failed!.id, status: 'DONE', test_result: 'FAILED' },
  ]);
});

const EXPECTED: Record<(typeof STAFF_COUNTER_QUEUES)[number], string[]> = {
  created: ['draft', 'draftB'],
  // SUBMITTED with no unfinished tests: a passed or cleared test does not hold it back.
  waiting: ['waiting', 'waitingPassed', 'failedCleared'],
  // SUBMITTED, TESTING or APPROVED with unfinished tests of the creation itself.
  testing: ['waitingOpenTest', 'testingInProgress', 'approvedTestOpen'],
  updatesTesting: ['updateTesting'],
  approved: ['approvedTestOpen', 'approvedSoon', 'approvedLater'],
  published: ['publishedJustNow', 'publishedOld', 'reported', 'reportDismissed', 'updatePending', 'updateTesting', 'updateFailed'],
  deleted: ['deleted', 'deletedDraft'],
  failedTesting: ['failed'],
  updatesFailedTesting: ['updateFailed'],
  rejected: ['rejected'],
  reported: ['reported'],
  // A pending update request with no unfinished update tests (a failed one is finished).
  updated: ['updatePending', 'updateFailed'],
};
const expectedIds = (names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

describe('staff counts (SPEC section 9) over hand-built data', () => {
  it('each count is its queue as SPEC 9 defines it', async () => {
    const counts = await staffCounters(server.database.db, silentLog);
    for (const queue of STAFF_COUNTER_QUEUES) {
      expect(await listed(queue), queue).toEqual(expectedIds(EXPECTED[queue]));
      expect(counts[queue], queue).toBe(EXPECTED[queue].length);
    }
  });

  it('published and approved split on publish_at against now, also within today', async () => {
    const db = server.database.db;
    const soon = (await db.select().from(submissions).where(eq(submissions.id, ids.approvedSoon!)))[0]!.publish_at!;
    const before = await countQueues(db, ['approved', 'published'], new Date(soon.getTime() - 1));
    const at = await countQueues(db, ['approved', 'published'], soon);
    expect(at.published).toBe(before.published + 1);
    expect(at.approved).toBe(before.approved - 1);
    // Days later, everything approved so far but the 30-day one is published.
    const later = await countQueues(db, ['approved', 'published'], new Date(Date.now() + 2 * day));
    expect(later).toEqual({ approved: 1, published: EXPECTED.published.length + 2 });
  });

  it('needs attention over every creator is the sum of its three parts', async () => {
    const counts = await countQueues(server.database.db, ['needsAttention'], new Date());
    // failed tests on CREATED/SUBMITTED/TESTING (failed) + REJECTED (rejected) + APPROVED with open reports (reported)
    expect(counts.needsAttention).toBe(1 + 1 + 1);
  });

  it('every queue is counted from the rollup, never by scanning every submission', () => {
    for (const queue of QUEUE_IDS) expect(countPlan(queueDefinition(queue).where), queue).toBe('rollup');
  });
});

describe('list, count and badge agree', () => {
  it.each(QUEUE_IDS)('%s: newItemsSearch lists exactly what newItemsCount and the counters count', async (queue) => {
    const { ids: got, total, count } = await searchAll(admin, queue);
    const want = await listed(queue);
    expect(got).toEqual(want);
    expect(total).toBe(want.length);
    expect(count).toBe(want.length);
    const counted = await countQueues(server.database.db, [queue], new Date());
    expect(counted[queue]).toBe(want.length);
  });

  it('stay equal while creations move between queues (the rollup follows every write)', async () => {
    const db = server.database.db;
    const check = async () => {
      const counts = await countQueues(db, QUEUE_IDS, new Date());
      for (const queue of QUEUE_IDS) expect(counts[queue], queue).toBe((await listed(queue)).length);
    };
    await db.update(submissions).set({ status: 'SUBMITTED' }).where(eq(submissions.id, ids.draft!));
    await check();
    await db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - minute) }).where(eq(submissions.id, ids.draft!));
    await check();
    await db.update(submissions).set({ deleted_at: new Date() }).where(eq(submissions.status, 'REJECTED'));
    await check();
    await db.update(submissions).set({ name: 'Renamed' }).where(eq(submissions.member_id, creatorB));
    await check();
    const extra = await buildSubmission(db, creatorB, { status: 'APPROVED', publish_at: new Date(Date.now() - 10 * day) });
    await check();
    await db.delete(submissions).where(eq(submissions.id, extra));
    await check();
    // Tests, reports and update requests move creations too (their triggers keep queue_facts).
    await db.update(tests).set({ status: 'DONE', test_result: 'FAILED' }).where(eq(tests.submission_id, ids.waitingOpenTest!));
    await check();
    await db.update(tests).set({ status: 'CLEARED' }).where(eq(tests.submission_id, ids.waitingOpenTest!));
    await check();
    await db.update(reports).set({ deleted_at: new Date() }).where(eq(reports.submission_id, ids.reported!));
    await check();
    await db.update(updateRequests).set({ status: 'APPROVED' }).where(eq(updateRequests.submission_id, ids.updatePending!));
    await check();
    await db.delete(tests).where(eq(tests.submission_id, ids.testingInProgress!));
    await check();
    const withFacts = await buildSubmission(db, creatorB, { status: 'SUBMITTED' });
    await db.insert(tests).values([{ submission_id: withFacts, status: 'OPEN' }, { submission_id: withFacts, status: 'DONE', test_result: 'FAILED' }]);
    await db.insert(reports).values({ submission_id: withFacts, type: 'broken' });
    await check();
    await db.delete(submissions).where(eq(submissions.id, withFacts));
    await check();
    // Folding old days keeps every sum, and later changes to old creations still add up.
    await compactQueueCounts(db);
    await check();
    await db.update(submissions).set({ status: 'REJECTED', publish_at: null }).where(eq(submissions.id, ids.publishedOld!));
    await check();
    await db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 400 * day) }).where(eq(submissions.id, ids.publishedOld!));
    await check();
    await db.update(submissions).set({ deleted_at: null }).where(eq(submissions.status, 'REJECTED'));
    await db.update(submissions).set({ status: 'CREATED', publish_at: null }).where(eq(submissions.id, ids.draft!));
    await check();
    const [rollup] = await rows<{ n: number }>(db, sql`select sum(n)::int as n from submission_counts`);
    const [all] = await rows<{ n: number }>(db, sql`select count(*)::int as n from submissions`);
    expect(rollup!.n).toBe(all!.n);
    // Migration 0025 rebuilt a deployed rollup from the creations, whose old days the compaction had
    // folded into one '-infinity' bucket (as below): its buckets are keyed as the triggers key them,
    // so every count still equals its list, before and after folding again, and no such bucket is left.
    await db.execute(sql`with moved as (delete from submission_counts where publish_day < current_date - 2 returning *)
      insert into submission_counts as c (status, deleted, top_level, publish_day, facts, n)
      select status, deleted, top_level, '-infinity'::date, facts, sum(n)::int from moved group by 1, 2, 3, 5
      on conflict on constraint submission_counts_bucket_key do update set n = c.n + excluded.n`);
    const [folded] = await rows<{ old: number }>(db, sql`select count(*)::int as old from submission_counts where publish_day = '-infinity'`);
    expect(folded!.old).toBeGreaterThan(0);
    await check();
    const rebuild = fs.readFileSync(new URL('../../db/migrations/0025_rollup_months.sql', import.meta.url), 'utf8');
    for (const statement of rebuild.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [rebuilt] = await rows<{ n: number; old: number }>(db, sql`select sum(n)::int as n, count(*) filter (where publish_day = '-infinity')::int as old from submission_counts`);
    expect(rebuilt).toEqual({ n: all!.n, old: 0 });
    await check();
    await compactQueueCounts(db);
    await check();
  });
});

describe('staff searches', () => {
  it('filter on creator, team member and status; search matches the creator’s user name', async () => {
    const byCreator = await server.gql(SEARCH, { q: { queue: 'published', terms: [{ field: 'member_id', operator: '=', value: creatorA }] } }, { token: admin });
    expect(byCreator.data!.newItemsSearch.data.map((d: { id: number }) => d.id).sort()).toEqual(
      expectedIds(['publishedJustNow', 'reported', 'updatePending', 'updateFailed']).sort(),
    );
    const byName = await server.gql(COUNT, { q: { queue: 'published', search: 'willow mak' } }, { token: admin });
    expect(byName.data!.newItemsCount).toBe(4);
    const team = await server.gql(COUNT, { q: { terms: [{ field: 'team_member_id', operator: '=', value: creatorB }] } }, { token: admin });
    expect(team.data!.newItemsCount).toBe(0);
    const bad = await server.gql(COUNT, { q: { terms: [{ field: 'email', operator: '=', value: 'x' }] } }, { token: admin });
    expect(bad.errors![0]!.extensions!.category).toBe('validation');
  });

  it('itemsSearch lists every live creation of a creator, newest first, and takes no queue', async () => {
    const res = await server.gql(ITEMS, { q: { terms: [{ field: 'member_id', operator: '=', value: creatorB }], first: 100 } }, { token: admin });
    const got = res.data!.itemsSearch.data.map((d: { id: number }) => d.id);
    const live = await rows<{ id: number }>(
      server.database.db,
      sql`select id from submissions where member_id = ${creatorB} and deleted_at is null order by created_at desc, id desc`,
    );
    expect(got).toEqual(live.map((r) => Number(r.id)));
    const withQueue = await server.gql(ITEMS, { q: { queue: 'waiting' } }, { token: admin });
    expect(withQueue.errors![0]!.extensions!.category).toBe('validation');
  });

  it('a `like` term with wildcards of its own is the pattern it is; one without is looked for anywhere', async () => {
    const db = server.database.db;
    const owner = (await buildMember(db)).id;
    const sofa = await buildSubmission(db, owner, { name: 'Quilted Sofa' });
    const sale = await buildSubmission(db, owner, { name: 'Lamp 50% off' });
    const mine = { field: 'member_id', operator: '=', value: owner };
    const found = async (query: string, value: string) => {
      const res = await server.gql(query, { q: { terms: [mine, { field: 'name', operator: 'like', value }], first: 100 } }, { token: admin });
      expect(res.errors).toBeUndefined();
      return (query === ITEMS ? res.data!.itemsSearch : res.data!.newItemsSearch).data.map((d: { id: number }) => d.id).sort();
    };
    for (const query of [ITEMS, SEARCH]) {
      expect(await found(query, '%Sofa%')).toEqual([sofa]);
      expect(await found(query, 'sofa')).toEqual([sofa]);
      expect(await found(query, 'Quilted%')).toEqual([sofa]);
      expect(await found(query, '%Qu_lted%')).toEqual([sofa]);
      expect(await found(query, 'Sofa%')).toEqual([]);
      expect(await found(query, '50\\% off')).toEqual([sale]);
      expect(await found(query, '%')).toEqual([sofa, sale].sort());
    }
    const count = await server.gql(COUNT, { q: { terms: [mine, { field: 'name', operator: 'like', value: '%sofa' }] } }, { token: admin });
    expect(count.data!.newItemsCount).toBe(1);
  });
});

describe('each queue is behind its page permission', () => {
  it.each(QUEUE_IDS)('%s: allowed with its pages, refused without one of them', async (queue) => {
    const db = server.database.db;
    const pages = QUEUE_PAGES[queue];
    const role = await buildRole(db, `only ${queue}`, [ADMIN_ACCESS, ...pages.map((p) => pagePermission(p, 'view'))]);
    const token = await server.tokenFor((await buildMember(db, { roles: [role] })).id);
    for (const query of [SEARCH, COUNT]) {
      const ok = await server.gql(query, { q: { queue } }, { token });
      expect(ok.errors, `${queue} with its pages`).toBeUndefined();
    }
    if (pages.length === 0) return;
    const lacking = await buildRole(db, `lacking ${queue}`, [ADMIN_ACCESS, ...pages.slice(1).map((p) => pagePermission(p, 'edit'))]);
    const refusedToken = await server.tokenFor((await buildMember(db, { roles: [lacking] })).id);
    for (const query of [SEARCH, COUNT]) {
      const refused = await server.gql(query, { q: { queue } }, { token: refusedToken });
      expect(refused.errors?.[0]?.extensions?.category, `${queue} without ${pages[0]}`).toBe('authorization');
    }
  });

  it('a creator without admin access is refused every staff search, even their own queue', async () => {
    const token = await server.tokenFor(creatorA);
    for (const query of [SEARCH, COUNT, ITEMS]) {
      const res = await server.gql(query, { q: {} }, { token });
      expect(res.errors?.[0]?.extensions?.category).toBe('authorization');
    }
  });

  it('a content manager may list published and deleted, not the review queues', async () => {
    const token = await server.tokenFor((await buildMember(server.database.db, { roles: ['Content manager'] })).id);
    for (const queue of ['published', 'deleted']) expect((await server.gql(COUNT, { q: { queue } }, { token })).errors).toBeUndefined();
    for (const queue of ['waiting', 'testing', 'rejected', 'needsAttention']) {
      expect((await server.gql(COUNT, { q: { queue } }, { token })).errors?.[0]?.extensions?.category).toBe('authorization');
    }
  });
});

describe('queue history', () => {
  const HISTORY = `query H($days: Int) { queueHistory(days: $days) { day isLive waiting published } }`;

  it('the snapshot job stores each staff queue once per day, a second run replacing the first', async () => {
    const db = server.database.db;
    const now = new Date();
    await snapshotQueues(db, now);
    const extra = await buildSubmission(db, creatorA, { status: 'SUBMITTED' });
    const services = { database: server.database, log: silentLog } as unknown as JobServices;
    const output = (await queueSnapshotJob.handle(services, {}, {} as never)) as Record<string, number>;
    const stored = await db.select().from(queueSnapshots).where(eq(queueSnapshots.day, utcDay(now)));
    expect(stored.map((s) => s.queue).sort()).toEqual([...STAFF_COUNTER_QUEUES].sort());
    const waiting = stored.find((s) => s.queue === 'waiting')!.count;
    expect(waiting).toBe(output.waiting);
    expect(waiting).toBe((await listed('waiting')).length);
    await db.delete(submissions).where(eq(submissions.id, extra));
    expect(queueSnapshotJob.cron).toBe('55 23 * * *');
  });

  it('queueHistory answers the snapshots within the window, oldest first, then today live', async () => {
    const db = server.database.db;
    const now = Date.now();
    await db.delete(queueSnapshots);
    await db.insert(queueSnapshots).values([
      { day: utcDay(new Date(now - 10 * day)), queue: 'waiting', count: 99 },
      { day: utcDay(new Date(now - 2 * day)), queue: 'waiting', count: 7 },
      { day: utcDay(new Date(now - 2 * day)), queue: 'published', count: 5 },
      { day: utcDay(new Date(now - day)), queue: 'waiting', count: 4 },
    ]);
    const res = await server.gql(HISTORY, { days: 3 }, { token: admin });
    expect(res.errors).toBeUndefined();
    expect(res.data!.queueHistory).toEqual([
      { day: utcDay(new Date(now - 2 * day)), isLive: false, waiting: 7, published: 5 },
      { day: utcDay(new Date(now - day)), isLive: false, waiting: 4, published: null },
      { day: utcDay(new Date(now)), isLive: true, waiting: (await listed('waiting')).length, published: (await listed('published')).length },
    ]);
    const creator = await server.gql(HISTORY, {}, { token: await server.tokenFor(creatorB) });
    expect(creator.errors?.[0]?.extensions?.category).toBe('authorization');
  });

  it('demo history covers the 28 days before today and keeps existing snapshots', async () => {
    const db = server.database.db;
    await db.delete(queueSnapshots);
    const yesterday = utcDay(new Date(Date.now() - day));
    await db.insert(queueSnapshots).values({ day: yesterday, queue: 'waiting', count: 1234 });
    await seedQueueHistory(db);
    const [summary] = await rows<{ days: number; n: number }>(db, sql`select count(distinct day)::int as days, count(*)::int as n from queue_snapshots`);
    expect(summary).toEqual({ days: 27, n: 27 * STAFF_COUNTER_QUEUES.length });
    const kept = await db.select().from(queueSnapshots).where(eq(queueSnapshots.day, yesterday));
    expect(kept.find((s) => s.queue === 'waiting')!.count).toBe(1234);
  });
});
