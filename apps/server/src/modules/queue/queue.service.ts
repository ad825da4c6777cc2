import { unreadConversationsCountSql } from '../conversation/conversation-read.service';
import { and, asc, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  CREATOR_COUNTER_QUEUES,
  queueDefinition,
  STAFF_COUNTER_QUEUES,
  type QueueId,
} from '@corner/domain';
import type { Db, DbOrTx } from '../../db/client';
import { defineLoader } from '../../db/loader';
import { preparedRows } from '../../db/prepared';
import { queueSnapshots } from '../../db/schema/index';
import { countAllSql, countOwnSql, publishMonthSql, queueAt, type QueueAt } from '../../db/queue.sql';

export type Counts = Partial<Record<QueueId, number>> & { unreadMessages: number };

export interface CountLogger {
  error(obj: unknown, msg: string): void;
}

/**
 * Counts several queues in one statement, each from its own compiled definition. For one creator
 * it is one `count(*) filter (where …)` pass over their creations; over every creation each queue
 * is summed from the rollup in one pass (see `countAllSql`), never a scan of every row.
 */
export async function countQueues(db: DbOrTx, ids: readonly QueueId[], now: Date, ownerId?: number) {
  const [row] =
    ownerId === undefined
      ? await preparedRows<Record<QueueId, number>, QueueAt>(db, `countQueues:${ids.join()}`, queueAt(now), (at) => countQueuesSql(ids, at))
      : await preparedRows<Record<QueueId, number>, QueueAt & { ownerId: number }>(
          db,
          `countOwnQueues:${ids.join()}`,
          { ...queueAt(now), ownerId },
          (values) => countQueuesSql(ids, values, values.ownerId),
        );
  return countsOf(ids, row);
}

function countQueuesSql(ids: readonly QueueId[], at: QueueAt, ownerId?: number | Placeholder): SQL {
  return ownerId === undefined
    ? countAllSql(
        ids.map((id) => ({ name: id, cond: queueDefinition(id).where })),
        at,
      )
    : countOwnSql(ids, at, ownerId);
}

function countsOf(ids: readonly QueueId[], row: Partial<Record<QueueId, number>> | undefined): Record<QueueId, number> {
  return Object.fromEntries(ids.map((id) => [id, Number(row?.[id] ?? 0)])) as Record<QueueId, number>;
}

/**
 * A whole staff queue's count through the request's loader: a queue page asks for its list's total
 * and for its queue's count (the badge beside the title), the same number, and both resolve in the
 * same turn, so the queue is counted once (and several queues in one statement).
 */
export const loadWholeQueueCount = defineLoader(async (db: Db, ids: QueueId[]) => {
  const counts = await countQueues(db, ids, new Date());
  return new Map(ids.map((id) => [id, counts[id]]));
}, 0);

/**
 * Folds the rollup's publish days older than two days into one bucket per calendar month (keyed by
 * the month's first day) per (status, deleted, top level, facts), so counting reads a few thousand
 * buckets at most, however long the history, and a deep page of a publish-date list can still find
 * the month its rows fall in (`publishMonthOfOffsetSql`). Sums stay exact: a later change to an old
 * creation adds to or subtracts from its own day's bucket, which is summed alongside and lies in the
 * same month. Run daily by the queue-snapshot job; running it again changes nothing.
 */
export async function compactQueueCounts(db: DbOrTx, now = new Date()): Promise<void> {
  const cutoff = utcDay(new Date(now.getTime() - 2 * 86_400_000));
  const month = publishMonthSql(sql`publish_day`);
  await db.execute(sql`
    with moved as (
      delete from submission_counts where publish_day < ${cutoff}::date and publish_day <> ${month} returning *
    )
    insert into submission_counts as c (status, deleted, top_level, publish_day, facts, n)
    select status, deleted, top_level, ${month}, facts, sum(n)::int from moved group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict on constraint submission_counts_bucket_key do update set n = c.n + excluded.n`);
  await db.execute(sql`delete from submission_counts where n = 0`);
}

/**
 * Creator counters: unread conversations in the mailbox "submissions", leaving out those tagged
 * user-read or user-deleted (SPEC section 9).
 */
export async function creatorCounters(db: Db, memberId: number, now = new Date()): Promise<Counts> {
  // One statement: the creator's queues and their unread conversations.
  const [row] = await preparedRows<Record<QueueId, number> & { unreadMessages: number }, QueueAt & { memberId: number }>(
    db,
    'creatorCounters',
    { ...queueAt(now), memberId },
    (values) => sql`select q.*, ${unreadConversationsCountSql(db, values.memberId)} as "unreadMessages"
      from (${countQueuesSql(CREATOR_COUNTER_QUEUES, values, values.memberId)}) q`,
  );
  return { ...countsOf(CREATOR_COUNTER_QUEUES, row), unreadMessages: Number(row?.unreadMessages ?? 0) };
}

/**
 * Staff counters over every creation, and the staff message badge (conversations waiting for
 * staff, status active), in one statement. When counting fails it is logged as "Error counting
 * submissions" and every count reads 0 (SPEC section 8).
 */
export async function staffCounters(db: Db, log: CountLogger, now = new Date()): Promise<Counts> {
  try {
    const [row] = await preparedRows<Record<string, number>, QueueAt>(
      db,
      'staffCounters',
      queueAt(now),
      (at) => sql`select q.*, (select count(*)::int from conversations
        where mailbox_id = 'submissions' and status = 'active') as "unreadMessages" from (${countQueuesSql(STAFF_COUNTER_QUEUES, at)}) q`,
    );
    return {
      ...(Object.fromEntries(STAFF_COUNTER_QUEUES.map((id) => [id, Number(row?.[id] ?? 0)])) as Record<QueueId, number>),
      unreadMessages: Number(row?.unreadMessages ?? 0),
    };
  } catch (error) {
    log.error({ err: error }, 'Error counting submissions');
    return { ...(Object.fromEntries(STAFF_COUNTER_QUEUES.map((id) => [id, 0])) as Record<QueueId, number>), unreadMessages: 0 };
  }
}

/**
 * The UTC calendar day of an instant (YYYY-MM-DD). History is kept in UTC days, as pg-boss runs its
 * schedules in UTC, so the snapshot job at 23:55 always lands at the end of the day it names.
 */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Stores every staff queue's size for the UTC day of `now`, replacing that day's earlier
 * snapshot (the job may run twice a day; the last run wins). A failing count throws: a day with no
 * snapshot is better than a day of made-up zeros.
 */
export async function snapshotQueues(db: DbOrTx, now = new Date()): Promise<Record<StaffQueueId, number>> {
  const counts = await countQueues(db, STAFF_COUNTER_QUEUES, now);
  const day = utcDay(now);
  await db
    .insert(queueSnapshots)
    .values(STAFF_COUNTER_QUEUES.map((queue) => ({ day, queue, count: counts[queue] })))
    .onConflictDoUpdate({ target: [queueSnapshots.day, queueSnapshots.queue], set: { count: sql`excluded.count`, created_at: sql`now()` } });
  return counts;
}

export type StaffQueueId = (typeof STAFF_COUNTER_QUEUES)[number];

export interface QueueHistoryDay {
  day: string;
  /** Today's point: live counts rather than a snapshot. */
  isLive: boolean;
  counts: Partial<Record<StaffQueueId, number>>;
}

/** How far back the overview's chart may look. */
export const MAX_HISTORY_DAYS = 366;

/**
 * The staff queues' sizes per day over the last `days` days, oldest first: each earlier day from
 * its snapshot (days without one are left out), today from the live counts.
 */
export async function queueHistory(db: Db, log: CountLogger, days: number, now = new Date()): Promise<QueueHistoryDay[]> {
  const span = Math.min(Math.max(Math.trunc(days), 1), MAX_HISTORY_DAYS);
  const today = utcDay(now);
  const first = new Date(now.getTime() - (span - 1) * 86_400_000);
  const [snapshots, live] = await Promise.all([
    db
      .select()
      .from(queueSnapshots)
      .where(and(gte(queueSnapshots.day, utcDay(first)), lt(queueSnapshots.day, today)))
      .orderBy(asc(queueSnapshots.day)),
    staffCounters(db, log, now),
  ]);
  const byDay = new Map<string, QueueHistoryDay>();
  for (const s of snapshots) {
    if (!(STAFF_COUNTER_QUEUES as readonly string[]).includes(s.queue)) continue;
    const entry = byDay.get(s.day) ?? { day: s.day, isLive: false, counts: {} };
    entry.counts[s.queue as StaffQueueId] = s.count;
    byDay.set(s.day, entry);
  }
  const counts = Object.fromEntries(STAFF_COUNTER_QUEUES.map((q) => [q, live[q] ?? 0])) as Record<StaffQueueId, number>;
  return [...byDay.values(), { day: today, isLive: true, counts }];
}
