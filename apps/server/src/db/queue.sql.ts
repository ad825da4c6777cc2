import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SUBMISSION_STATUSES,
  UPDATE_REQUEST_STATUSES,
  type Condition,
  type QueueId,
  queueDefinition,
} from '@corner/domain';
import { submissionCounts, submissions } from './schema/index';
import { literal, literals, testColumnsOf, testStateSql } from './sql';

/**
 * The instant a queue is evaluated at, as the values its SQL compares with: the instant and its UTC
 * day (the day's date and bounds, see `countParts`). Real values, or the placeholders of a prepared
 * statement (`preparedRows`), so that a count's text does not change with the time.
 */
export type QueueAt = {
  now: string | Placeholder;
  today: string | Placeholder;
  dayStart: string | Placeholder;
  dayEnd: string | Placeholder;
};

export function queueAt(now: Date): QueueAt {
  const { today, start, end } = utcDayBounds(now);
  return { now: now.toISOString(), today, dayStart: start.toISOString(), dayEnd: end.toISOString() };
}

const atOf = (now: Date | QueueAt): QueueAt => (now instanceof Date ? queueAt(now) : now);

/**
 * Compiles a domain queue condition to a SQL predicate over `submissions`. This is the only place
 * a queue becomes SQL: lists, counts and badges all call it, so they cannot disagree.
 * `now` is a parameter so the same instant is used throughout one request.
 */
export function conditionSql(cond: Condition, now: Date | QueueAt): SQL {
  const s = submissions;
  const at = atOf(now);
  switch (cond.type) {
    case 'status':
      return sql`${s.status} in (${literals(cond.in, SUBMISSION_STATUSES)})`;
    case 'deleted':
      return sql`${s.deleted_at} is not null`;
    case 'topLevel':
      return sql`${s.model_type} <> 'set_item'`;
    case 'publishAt':
      return cond.when === 'past'
        ? sql`(${s.publish_at} is not null and ${s.publish_at} <= ${at.now}::timestamptz)`
        : sql`(${s.publish_at} is not null and ${s.publish_at} > ${at.now}::timestamptz)`;
    case 'test': {
      const scope = cond.scope === 'update' ? sql`t.update_request_id is not null` : sql`t.update_request_id is null`;
      const state = testStateSql(cond.state, testColumnsOf('t'));
      return sql`exists (select 1 from tests t where t.submission_id = ${s.id} and ${scope} and ${state})`;
    }
    case 'openReport':
      return sql`exists (select 1 from reports r where r.submission_id = ${s.id} and r.deleted_at is null)`;
    case 'updateRequest':
      return sql`exists (select 1 from update_requests u where u.submission_id = ${s.id} and u.status = ${literal(cond.status, UPDATE_REQUEST_STATUSES)})`;
    case 'not':
      return sql`not (${conditionSql(cond.cond, at)})`;
    case 'and':
      return sql`(${sql.join(
        cond.conds.map((c) => conditionSql(c, at)),
        sql` and `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        cond.conds.map((c) => conditionSql(c, at)),
        sql` or `,
      )})`;
  }
}

/** A queue's predicate, optionally limited to one creator's own creations. */
export function queueSql(id: QueueId, now: Date | QueueAt, ownerId?: number | Placeholder): SQL {
  const where = conditionSql(queueDefinition(id).where, now);
  return ownerId === undefined ? where : sql`(${submissions.member_id} = ${ownerId} and ${where})`;
}

/**
 * Several queues counted over one creator's creations in one pass, a column per queue (named by
 * its id): the creator counters, and a creator's list total.
 */
export function countOwnSql(ids: readonly QueueId[], now: Date | QueueAt, ownerId: number | Placeholder): SQL {
  return sql`select ${sql.join(
    ids.map((id) => sql`count(*) filter (where ${queueSql(id, now)})::int as ${sql.identifier(id)}`),
    sql`, `,
  )} from ${submissions} where ${submissions.member_id} = ${ownerId}`;
}

// ---------------------------------------------------------------------------------------------
// Counting over every creation (staff). A plain `count(*) filter (…)` reads every submission, and
// the fact subqueries run per row; at a million rows that takes seconds. So the same condition is
// also compiled over `submission_counts`, a rollup of submissions per (status, deleted, top level,
// UTC publish day, queue facts) that triggers keep exact (migration 0004): `submissions.queue_facts`
// holds, as bits, the facts a condition may ask of tests, reports and update requests. A count is
// the sum of the matching buckets, plus an exact scan of today's publish-day bucket when the
// condition looks at publish_at (the only bucket that `now` splits). A condition the rollup cannot
// express is scanned, which is still exact. Tests compare every count with its list.

/** The bits of `submissions.queue_facts`, as `submission_queue_facts()` in migration 0004 sets them. */
export const QUEUE_FACT_BITS = {
  unfinishedTest: 1,
  failedTest: 2,
  unfinishedUpdateTest: 4,
  failedUpdateTest: 8,
  openReport: 16,
  pendingUpdateRequest: 32,
} as const;

function factBit(cond: Condition): number | null {
  switch (cond.type) {
    case 'test':
      if (cond.scope === 'submission') return cond.state === 'unfinished' ? QUEUE_FACT_BITS.unfinishedTest : QUEUE_FACT_BITS.failedTest;
      return cond.state === 'unfinished' ? QUEUE_FACT_BITS.unfinishedUpdateTest : QUEUE_FACT_BITS.failedUpdateTest;
    case 'openReport':
      return QUEUE_FACT_BITS.openReport;
    case 'updateRequest':
      return cond.status === 'PENDING' ? QUEUE_FACT_BITS.pendingUpdateRequest : null;
    default:
      return null;
  }
}

/**
 * The columns of the day-folded rollup `b` that `countAllSql` reads: the buckets of
 * `submission_counts` grouped again with the publish day replaced by its side of today (-1 before,
 * 0 today, 1 after, null without a date), a hundred or so rows whatever the history's length.
 */
const b = {
  status: sql.raw('b.status'),
  deleted: sql.raw('b.deleted'),
  topLevel: sql.raw('b.top_level'),
  facts: sql.raw('b.facts'),
  side: sql.raw('b.side'),
  n: sql.raw('b.n'),
};

/** The condition compiled over a row of `b`, or null when the rollup cannot tell. */
function rollupSql(cond: Condition): SQL | null {
  switch (cond.type) {
    case 'status':
      return sql`${b.status} in (${literals(cond.in, SUBMISSION_STATUSES)})`;
    case 'deleted':
      return b.deleted;
    case 'topLevel':
      return b.topLevel;
    case 'publishAt':
      // Today's bucket (side 0) is never summed: it is scanned instead (see countParts).
      return cond.when === 'past' ? sql`coalesce(${b.side} < 0, false)` : sql`coalesce(${b.side} > 0, false)`;
    case 'test':
    case 'openReport':
    case 'updateRequest': {
      const bit = factBit(cond);
      return bit === null ? null : sql`(${b.facts} & ${sql.raw(String(bit))}) <> 0`;
    }
    case 'not': {
      const inner = rollupSql(cond.cond);
      return inner && sql`not (${inner})`;
    }
    case 'and':
    case 'or': {
      const parts = cond.conds.map((c) => rollupSql(c));
      if (parts.some((p) => p === null)) return null;
      return sql`(${sql.join(parts as SQL[], cond.type === 'and' ? sql` and ` : sql` or `)})`;
    }
  }
}

function mentionsPublishAt(cond: Condition): boolean {
  switch (cond.type) {
    case 'publishAt':
      return true;
    case 'not':
      return mentionsPublishAt(cond.cond);
    case 'and':
    case 'or':
      return cond.conds.some(mentionsPublishAt);
    default:
      return false;
  }
}

/** How `countParts` counts a condition; exported for tests and the benchmark's report. */
export type CountPlan = 'rollup' | 'scan';

export function countPlan(cond: Condition): CountPlan {
  return rollupSql(cond) === null ? 'scan' : 'rollup';
}

/** The UTC day of `now` and its bounds: the one publish-day bucket that `now` splits. */
function utcDayBounds(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + 86_400_000);
  return { today: start.toISOString().slice(0, 10), start, end };
}

/**
 * How to count a condition over every creation at `now`: the filter of its rollup rows (for
 * `sum(n) filter (where …)` over `b`) plus, when it looks at publish_at, a scalar count of today's
 * publish-day bucket; or, when the rollup cannot express it, a scalar count of a scan.
 */
export type CountParts = { rollup: SQL; today: SQL | null } | { scan: SQL };

export function countParts(cond: Condition, now: Date | QueueAt): CountParts {
  const s = submissions;
  const at = atOf(now);
  const where = rollupSql(cond);
  if (where === null) return { scan: sql`(select count(*) from ${s} where ${conditionSql(cond, at)})` };
  if (!mentionsPublishAt(cond)) return { rollup: where, today: null };
  return {
    rollup: sql`${b.side} is distinct from 0 and ${where}`,
    today: sql`(select count(*) from ${s} where ${s.publish_at} >= ${at.dayStart}::timestamptz
      and ${s.publish_at} < ${at.dayEnd}::timestamptz and ${conditionSql(cond, at)})`,
  };
}

/** A rollup bucket's side of `today` (the column `b.side`): -1 before, 0 today, 1 after, null without a date. */
function sideOfToday(today: string | Placeholder): SQL {
  const day = submissionCounts.publish_day;
  return sql`case when ${day} < ${today}::date then -1 when ${day} > ${today}::date then 1 when ${day} = ${today}::date then 0 end`;
}

/**
 * One statement counting several conditions over every creation: the rollup folded to sides of
 * today, one `sum(n) filter (…)` per condition over it, plus today's scans where needed.
 */
export function countAllSql(conds: readonly { name: string; cond: Condition }[], now: Date | QueueAt): SQL {
  const r = submissionCounts;
  const at = atOf(now);
  const columns = conds.map(({ name, cond }) => {
    const parts = countParts(cond, at);
    if ('scan' in parts) return sql`${parts.scan}::int as ${sql.identifier(name)}`;
    const summed = sql`coalesce(sum(${b.n}) filter (where ${parts.rollup}), 0)`;
    return sql`(${summed}${parts.today ? sql` + ${parts.today}` : sql``})::int as ${sql.identifier(name)}`;
  });
  const folded = sql`select ${r.status} as status, ${r.deleted} as deleted, ${r.top_level} as top_level, ${r.facts} as facts,
    ${sideOfToday(at.today)} as side, sum(${r.n}) as n from ${r} where ${r.n} <> 0 group by 1, 2, 3, 4, 5`;
  return sql`select ${sql.join(columns, sql`, `)} from (${folded}) b`;
}

/**
 * The calendar month of a rollup bucket's publish day: the key the daily compaction folds old days
 * into (`compactQueueCounts`), so a bucket's month is the same before and after it runs.
 */
export const publishMonthSql = (day: SQLWrapper) => sql`date_trunc('month', ${day}::timestamp)::date`;

/**
 * Where row `offset` of a whole queue in publish-date order lies, from the rollup: the UTC calendar
 * month it falls in and how many rows of the list come before that month. A deep page of a
 * publish-date list then starts at that month's edge with an offset within one month, instead of
 * skipping hundreds of thousands of index entries (issue 19: the middle page of a million).
 * The buckets are the ones the queue's count sums (`countParts`), grouped by month (recent days are
 * separate buckets, older ones folded into their month by the daily compaction: either way a bucket
 * lies within one month), with today's exact scan added to today's month, so the position agrees
 * with the count and the list. Null when the rollup cannot express the condition; no row when the
 * offset is past every dated row (the undated ones come last); a null month when the row lies in a
 * bucket of unknown date (a rollup folded before months were kept).
 */
export function publishMonthOfOffsetSql(cond: Condition, now: Date, direction: 'asc' | 'desc', offset: number): SQL | null {
  const parts = countParts(cond, now);
  if ('scan' in parts) return null;
  const r = submissionCounts;
  const { today } = utcDayBounds(now);
  const buckets = sql`select ${r.status} as status, ${r.deleted} as deleted, ${r.top_level} as top_level, ${r.facts} as facts,
    ${sideOfToday(today)} as side, ${publishMonthSql(r.publish_day)} as month, ${r.n} as n from ${r} where ${r.n} <> 0 and ${r.publish_day} is not null`;
  const todayRow = parts.today ? sql` union all select ${publishMonthSql(sql`${today}::date`)}, ${parts.today}` : sql``;
  return sql`with parts as (
      select b.month, b.n from (${buckets}) b where ${parts.rollup}${todayRow}
    ), months as (
      select month, sum(n) as n from parts group by month
    ), run as (
      select month, n, sum(n) over (order by month ${sql.raw(direction)} rows between unbounded preceding and current row) - n as before from months where n > 0
    )
    select case when isfinite(month) then to_char(month, 'YYYY-MM-DD') end as month, before::int as before
    from run where before <= ${offset} and before + n > ${offset} limit 1`;
}
