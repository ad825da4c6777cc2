import { sql } from 'drizzle-orm';
import { WAIT_ESTIMATE_DAYS, waitEstimate, type QueueId, type WaitEstimate } from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { queueSql } from '../../db/queue.sql';
import { rows } from '../../db/rows';
import { logs, submissions } from '../../db/schema/index';
import type { SubmissionRow } from '../submission/submission.access';
import { utcDay } from './queue.service';

/** Where a creation stands in the awaiting-approval queue, with how many wait in all. */
export type QueuePosition = WaitEstimate & { waiting: number };

const DAY_MS = 86_400_000;

/**
 * A creation's place in the awaiting-approval queue, in the order staff work through it (the
 * `waiting` queue's own order: oldest change first), and an estimate of the wait from the last four
 * weeks' decisions (packages/domain `waitEstimate`). Null when it is not waiting there (a draft,
 * under test, approved...).
 */
export async function queuePositionOf(db: DbOrTx, s: SubmissionRow, now = new Date()): Promise<QueuePosition | null> {
  const waiting = queueSql('waiting', now);
  const [place] = await rows<{ mine: number; ahead: number; total: number }>(
    db,
    sql`select count(*) filter (where ${submissions.id} = ${s.id})::int as mine,
               count(*) filter (where (${submissions.updated_at}, ${submissions.id}) < (${s.updated_at}, ${s.id}))::int as ahead,
               count(*)::int as total
        from ${submissions} where ${waiting}`,
  );
  if (!place || Number(place.mine) === 0) return null;
  return { ...waitEstimate(Number(place.ahead) + 1, await decisionsPerDay(db, now)), waiting: Number(place.total) };
}

/**
 * Approvals and rejections per UTC day over the estimate's window, oldest first, one entry per day
 * (0 for a day without any). Read from the change log through its partial index on decisions.
 */
export async function decisionsPerDay(db: DbOrTx, now = new Date()): Promise<number[]> {
  const since = new Date(now.getTime() - WAIT_ESTIMATE_DAYS * DAY_MS);
  const counted = await rows<{ day: string; n: number }>(
    db,
    sql`select to_char(${logs.created_at} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
        from ${logs}
        where ${logs.action} in ('approved', 'rejected') and ${logs.created_at} >= ${since} and ${logs.created_at} <= ${now}
        group by 1`,
  );
  const byDay = new Map(counted.map((r) => [r.day, Number(r.n)]));
  return Array.from({ length: WAIT_ESTIMATE_DAYS }, (_, i) => byDay.get(utcDay(new Date(since.getTime() + (i + 1) * DAY_MS))) ?? 0);
}

/** The queues whose creations wait on staff: each gets a median wait, its oldest and a trend. */
export const WAITING_QUEUES = ['waiting', 'testing', 'updatesTesting', 'failedTesting', 'updatesFailedTesting', 'reported', 'updated'] as const satisfies readonly QueueId[];

export interface QueueWait {
  queue: (typeof WAITING_QUEUES)[number];
  size: number;
  /** Median time since the last change of the creations in it, in hours; null when empty. */
  medianHours: number | null;
  /** The creation waiting longest (its last change oldest). */
  oldest: { id: number; name: string; hours: number } | null;
  /** Its size a week ago (the daily snapshot), for the trend; null before there is one. */
  sizeWeekAgo: number | null;
}

/**
 * For each queue that waits on staff: how long its creations have waited (median of the time since
 * their last change, the queue's own clock), the one waiting longest, and its size a week ago.
 */
export async function queueWaits(db: DbOrTx, now = new Date()): Promise<QueueWait[]> {
  const weekAgo = utcDay(new Date(now.getTime() - 7 * DAY_MS));
  const snapshots = new Map(
    (await rows<{ queue: string; count: number }>(db, sql`select queue, count from queue_snapshots where day = ${weekAgo}`)).map((r) => [r.queue, Number(r.count)] as const),
  );
  const waits: QueueWait[] = [];
  for (const queue of WAITING_QUEUES) {
    const where = queueSql(queue, now);
    const [stats] = await rows<{ size: number; median: number | null }>(
      db,
      sql`select count(*)::int as size,
                 percentile_cont(0.5) within group (order by extract(epoch from (${now}::timestamptz - ${submissions.updated_at})) / 3600) as median
          from ${submissions} where ${where}`,
    );
    const [oldest] = await rows<{ id: number; name: string; hours: number }>(
      db,
      sql`select ${submissions.id} as id, ${submissions.name} as name, extract(epoch from (${now}::timestamptz - ${submissions.updated_at})) / 3600 as hours
          from ${submissions} where ${where} order by ${submissions.updated_at} asc, ${submissions.id} asc limit 1`,
    );
    waits.push({
      queue,
      size: Number(stats?.size ?? 0),
      medianHours: stats?.median === null || stats?.median === undefined ? null : Math.round(Number(stats.median)),
      oldest: oldest ? { id: Number(oldest.id), name: oldest.name, hours: Math.round(Number(oldest.hours)) } : null,
      sizeWeekAgo: snapshots.get(queue) ?? null,
    });
  }
  return waits;
}
