// Every staff count (what `staffCounters` answers, through the product's code path: the queue
// definitions in packages/domain compiled by db/queue.sql.ts) at a million submissions on
// the PostgreSQL server, against ONE hand-written SQL query for the same numbers, in the same run.
//
// The bench creates its own database `corner_bench_queues_<pid>` on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), migrates it with the product's migrations, generates
// BENCH_QUEUE_ROWS (default 1,000,000) submissions with generate_series in a realistic mix (mostly
// published; some drafts, deleted and rejected; a few thousand waiting, testing, failed, reported and
// updated ones with their tests, reports and update requests, plus a long history of finished tests),
// checks that the product, the hand-written query and a plain one-pass scan give identical numbers,
// then times the product and the hand-written query alternately (BENCH_QUEUE_ITERATIONS, default
// 300, after a warm-up), and drops the database. Goal: product p95 ≤ 25 ms and ≤ 2× the hand-written
// query's p95.
import assert from 'node:assert/strict';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { STAFF_COUNTER_QUEUES } from '@corner/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { rows } from '../apps/server/src/db/rows';
import { submissions } from '../apps/server/src/db/schema/index';
import { compactQueueCounts, staffCounters, type Counts } from '../apps/server/src/modules/queue/queue.service';
import { countPlan, queueSql } from '../apps/server/src/db/queue.sql';
import { queueDefinition } from '@corner/domain';
import { markdownTable, sampleStats, textTable, timeAlternately, type Bench } from './harness';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_QUEUE_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_QUEUE_ITERATIONS ?? 300);
const WARMUP = 30;
const GOAL_P95_MS = 25;
const GOAL_RATIO = 2;
const MEMBERS = 20_000;

type StaffCounts = Record<(typeof STAFF_COUNTER_QUEUES)[number] | 'unreadMessages', number>;

/** Which of 1000 slices a submission falls in decides its state; ids are 1..ROWS. */
export const GENERATE = (rows: number) => `
insert into members (id, username, email)
  select g, 'Bench creator ' || g, 'bench-' || g || '@corner.test' from generate_series(1, ${MEMBERS}) g;
select setval(pg_get_serial_sequence('members', 'id'), ${MEMBERS});

insert into submissions (id, member_id, status, model_type, model_id, name, publish_at, deleted_at, created_at, updated_at)
select g, 1 + g % ${MEMBERS},
  case when r < 60 then 'CREATED' when r < 63 then 'SUBMITTED' when r < 65 then 'TESTING'
       when r < 96 then 'APPROVED' when r < 126 then 'REJECTED' else 'APPROVED' end,
  case when g % 50 = 7 then 'set_item' else (array['item','item','item','set','lot','room','sim','mod'])[1 + g % 8] end,
  g, 'Creation ' || g,
  case when r < 65 or (r >= 96 and r < 126) then null
       when r < 66 then now() + make_interval(days => 1 + g % 30, secs => g % 86400)
       else now() - make_interval(days => g % 1826, secs => g % 86400) end,
  case when r >= 66 and r < 96 then now() - make_interval(days => g % 365) end,
  now() - make_interval(days => g % 2000), now() - make_interval(days => g % 1000)
from (select g, ((g::bigint * 7919) % 1000)::int as r from generate_series(1, ${rows}) g) x;
select setval(pg_get_serial_sequence('submissions', 'id'), ${rows});

-- Tests of the creations: unfinished ones on submitted, testing and some approved; failed ones;
-- and the long history of passed and cleared tests on published creations.
insert into tests (submission_id, status, test_result)
  select id, 'OPEN', null from submissions where status = 'SUBMITTED' and id % 3 = 0
  union all select id, 'IN_PROGRESS', null from submissions where status = 'TESTING'
  union all select id, 'OPEN', null from submissions where status = 'APPROVED' and publish_at > now() and id % 2 = 0
  union all select id, 'DONE', 'FAILED' from submissions where status = 'TESTING' and id % 4 = 0
  union all select id, 'DONE', 'FAILED' from submissions where status = 'SUBMITTED' and id % 5 = 0
  union all select id, 'DONE', 'PASSED' from submissions where status = 'APPROVED' and id % 5 = 0
  union all select id, 'CLEARED', 'FAILED' from submissions where status = 'APPROVED' and id % 97 = 0;

insert into reports (submission_id, type, deleted_at)
  select id, 'broken', null from submissions where status = 'APPROVED' and deleted_at is null and id % 300 = 0
  union all select id, 'broken', now() from submissions where status = 'APPROVED' and id % 120 = 0;

insert into update_requests (submission_id, member_id, message, status)
  select id, member_id, 'New version', 'PENDING' from submissions where status = 'APPROVED' and deleted_at is null and id % 250 = 0
  union all select id, member_id, 'New version', 'APPROVED' from submissions where status = 'APPROVED' and id % 40 = 0;
insert into tests (submission_id, update_request_id, status, test_result)
  select submission_id, id, 'IN_PROGRESS', null from update_requests where status = 'PENDING' and submission_id % 500 = 0
  union all select submission_id, id, 'DONE', 'FAILED' from update_requests where status = 'PENDING' and submission_id % 750 = 0
  union all select submission_id, id, 'DONE', 'PASSED' from update_requests where status = 'APPROVED';
`;

/**
 * The same twelve numbers (and the staff message badge) written by hand as one statement over the
 * same rollup: one pass of `sum(n) filter (…)` over the buckets (today's publish day left out of
 * approved and published) and one scan of today's approved rows. The best a person writes against this schema.
 */
export const HAND_TUNED = `
with b as (
  select status, deleted, top_level, publish_day, facts, n from submission_counts
  where n <> 0 and top_level
), today as (
  select s.status, s.publish_at, s.model_type from submissions s
  where s.publish_at >= $2::timestamptz and s.publish_at < $4::timestamptz and s.status = 'APPROVED' and s.deleted_at is null
)
select
  coalesce(sum(n) filter (where status = 'CREATED' and not deleted), 0)::int as created,
  coalesce(sum(n) filter (where status = 'SUBMITTED' and not deleted and facts & 1 = 0), 0)::int as waiting,
  coalesce(sum(n) filter (where status in ('SUBMITTED', 'TESTING', 'APPROVED') and not deleted and facts & 1 <> 0), 0)::int as testing,
  coalesce(sum(n) filter (where status in ('SUBMITTED', 'TESTING', 'APPROVED') and not deleted and facts & 4 <> 0), 0)::int as "updatesTesting",
  (coalesce(sum(n) filter (where status = 'APPROVED' and not deleted and publish_day > $1::date), 0)
    + (select count(*) from today where publish_at > $3::timestamptz and model_type <> 'set_item'))::int as approved,
  (coalesce(sum(n) filter (where status = 'APPROVED' and not deleted and publish_day < $1::date), 0)
    + (select count(*) from today where publish_at <= $3::timestamptz and model_type <> 'set_item'))::int as published,
  coalesce(sum(n) filter (where deleted), 0)::int as deleted,
  coalesce(sum(n) filter (where status in ('SUBMITTED', 'TESTING') and not deleted and facts & 2 <> 0), 0)::int as "failedTesting",
  coalesce(sum(n) filter (where not deleted and facts & 8 <> 0), 0)::int as "updatesFailedTesting",
  coalesce(sum(n) filter (where status = 'REJECTED' and not deleted), 0)::int as rejected,
  coalesce(sum(n) filter (where status = 'APPROVED' and not deleted and facts & 16 <> 0), 0)::int as reported,
  coalesce(sum(n) filter (where not deleted and facts & 32 <> 0 and facts & 4 = 0), 0)::int as updated,
  (select count(*) from conversations where mailbox_id = 'submissions' and status = 'active')::int as "unreadMessages"
from b
`;

export function handTunedParams(now: Date): string[] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + 86_400_000);
  return [start.toISOString().slice(0, 10), start.toISOString(), now.toISOString(), end.toISOString()];
}

function pick(counts: Counts | Record<string, unknown>): StaffCounts {
  return Object.fromEntries([...STAFF_COUNTER_QUEUES, 'unreadMessages'].map((k) => [k, Number((counts as Record<string, unknown>)[k])])) as StaffCounts;
}

const log = { error: (obj: unknown, msg: string) => console.error(msg, obj) };

async function withBenchDatabase<T>(work: (database: Database, label: string) => Promise<T>): Promise<T | string> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const url = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return `${url.host} is not on this machine; benches only load 127.0.0.1`;
  let admin: Database;
  try {
    admin = await openDatabase({ url: baseUrl, poolSize: 1 });
  } catch (error) {
    return `${url.host} did not answer (${error instanceof Error ? error.message : String(error)})`;
  }
  const name = `corner_bench_queues_${process.pid}`;
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = `/${name}`;
  const config = loadConfig({ DATA_DIR: os.tmpdir(), DATABASE_URL: benchUrl.toString(), LOG_LEVEL: 'silent', SERVER_PROCESSES: '1' });
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  try {
    const [{ server_version: version } = { server_version: '?' }] = await database.query<{ server_version: string }>('show server_version');
    return await work(database, `PostgreSQL ${version} (${url.host}, pool of ${config.DATABASE_POOL_SIZE})`);
  } finally {
    await database.close();
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

export const bench: Bench = {
  name: 'Staff queue counts at scale',
  async run() {
    const result = await withBenchDatabase(async (database, label) => {
      await database.migrate();
      const started = performance.now();
      await database.exec(GENERATE(ROWS));
      // What the daily queue-snapshot job does first: fold the rollup's old publish days.
      await compactQueueCounts(database.db);
      await database.exec('vacuum analyze');
      const generateSeconds = (performance.now() - started) / 1000;
      const [sizes] = await database.query<{ submissions: number; tests: number; reports: number; update_requests: number; buckets: number }>(
        `select (select count(*) from submissions)::int as submissions, (select count(*) from tests)::int as tests,
                (select count(*) from reports)::int as reports, (select count(*) from update_requests)::int as update_requests,
                (select count(*) from submission_counts)::int as buckets`,
      );
      console.log(`Generated in ${generateSeconds.toFixed(1)} s:`, sizes);

      const product = () => staffCounters(database.db, log);
      const handTuned = async () => (await database.query<Record<string, number>>(HAND_TUNED, handTunedParams(new Date())))[0]!;
      // The product's earlier way: one pass of count(*) filter (where …) over every submission.
      const scan = async () => {
        const now = new Date();
        const columns = sql.join(
          STAFF_COUNTER_QUEUES.map((id) => sql`count(*) filter (where ${queueSql(id, now)})::int as ${sql.identifier(id)}`),
          sql`, `,
        );
        const [row] = await rows<Record<string, number>>(database.db, sql`select ${columns} from ${submissions}`);
        const [unread] = await database.query<{ n: number }>(`select count(*)::int as n from conversations where mailbox_id = 'submissions' and status = 'active'`);
        return { ...row, unreadMessages: unread!.n };
      };

      // Identical numbers from all three before anything is timed.
      const scanStarted = performance.now();
      const scanned = pick(await scan());
      const scanMs = performance.now() - scanStarted;
      assert.deepEqual(pick(await product()), scanned, 'product and one-pass scan disagree');
      assert.deepEqual(pick(await handTuned()), scanned, 'hand-written query and one-pass scan disagree');

      const { a: productMs, b: handMs } = await timeAlternately(product, handTuned, ITERATIONS, WARMUP);
      const scanSamples = [scanMs];
      for (let i = 0; i < 2; i++) {
        const t = performance.now();
        await scan();
        scanSamples.push(performance.now() - t);
      }
      return { label, sizes: sizes!, generateSeconds, counts: scanned, product: sampleStats(productMs), hand: sampleStats(handMs), scan: sampleStats(scanSamples) };
    });

    if (typeof result === 'string') {
      const text = `Skipped: ${result}`;
      return { text, markdown: `## Staff queue counts at scale (\`bench/queue-counts.bench.ts\`)\n\n${text}\n` };
    }
    const { product, hand, scan } = result;
    const ratio = product.p95 / hand.p95;
    const met = product.p95 <= GOAL_P95_MS && ratio <= GOAL_RATIO;
    const ms = (n: number) => n.toFixed(2);
    const head = ['query', 'p50 ms', 'p95 ms', 'mean ms'];
    const tableRows = [
      ['product: `staffCounters` (compiled queue definitions)', ms(product.p50), ms(product.p95), ms(product.mean)],
      ['hand-written single SQL (same numbers)', ms(hand.p50), ms(hand.p95), ms(hand.mean)],
      ['reference: one-pass `count(*) filter` scan (3 runs)', ms(scan.p50), ms(scan.p95), ms(scan.mean)],
    ];
    const plans = STAFF_COUNTER_QUEUES.map((q) => `${q} ${countPlan(queueDefinition(q).where)}`).join(', ');
    const counts = Object.entries(result.counts).map(([k, v]) => `${k} ${v}`).join(', ');
    const verdict = `Goal (product p95 ≤ ${GOAL_P95_MS} ms and ≤ ${GOAL_RATIO}× the hand-written query): **${met ? 'met' : 'not met'}** (p95 ratio ${ratio.toFixed(2)}).`;
    const markdown = [
      '## Staff queue counts at scale (`bench/queue-counts.bench.ts`)',
      '',
      `Every staff count (${STAFF_COUNTER_QUEUES.length} queues and the message badge) through the product's code path ` +
        '(`staffCounters`: queue definitions from `packages/domain`, compiled by `db/queue.sql.ts`) against one hand-written SQL ' +
        `statement for the same numbers, on ${result.label}, in a fresh database migrated with the product's migrations and filled with ` +
        `generate_series: ${result.sizes.submissions.toLocaleString('en')} submissions, ${result.sizes.tests.toLocaleString('en')} tests, ` +
        `${result.sizes.reports.toLocaleString('en')} reports, ${result.sizes.update_requests.toLocaleString('en')} update requests ` +
        `(${result.sizes.buckets.toLocaleString('en')} rollup buckets; generated in ${result.generateSeconds.toFixed(0)} s). ` +
        `All three give identical numbers (checked before timing). ${ITERATIONS} calls each after ${WARMUP} warm-up calls, alternating, one at a time.`,
      '',
      markdownTable(head, tableRows),
      '',
      `- Counts: ${counts}.`,
      `- Counting plans: ${plans}.`,
      '',
      verdict,
    ].join('\n');
    const text = [textTable(head, tableRows.map((r) => [r[0]!.replace(/`/g, ''), ...r.slice(1)])), '', `Counts: ${counts}`, `Plans: ${plans}`, verdict.replace(/\*\*/g, '')].join('\n');
    return { markdown, text };
  },
};
