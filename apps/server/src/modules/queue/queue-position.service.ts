import { sql } from 'drizzle-orm';
import { WAIT_ESTIMATE_DAYS, waitEstimate, type WaitEstimate } from '@corner/domain';
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
