import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { members, reviewLocks } from '../../db/schema/index';
import { writeLog } from '../log/log.service';
import { loadSubmission } from '../submission/submission.access';
import { reviewError } from './review.errors';

/** A lock without a heartbeat for this long is stale: its reviewer left, anyone may take it. */
export const LOCK_STALE_MS = 2 * 60_000;

export interface ReviewLockView {
  submission_id: number;
  member: { id: number; username: string };
  locked_at: Date;
  heartbeat_at: Date;
  is_mine: boolean;
}

const freshSince = (now: Date) => new Date(now.getTime() - LOCK_STALE_MS);

/** The fresh lock on a creation (whoever holds it), or null when there is none or it is stale. */
export async function freshLock(db: DbOrTx, ctx: Pick<Context, 'auth'>, submissionId: number, now = new Date()): Promise<ReviewLockView | null> {
  const [row] = await db
    .select({ lock: reviewLocks, username: members.username })
    .from(reviewLocks)
    .innerJoin(members, eq(members.id, reviewLocks.member_id))
    .where(and(eq(reviewLocks.submission_id, submissionId), gt(reviewLocks.heartbeat_at, freshSince(now))));
  return row ? view(row.lock, row.username, ctx) : null;
}

function view(lock: typeof reviewLocks.$inferSelect, username: string, ctx: Pick<Context, 'auth'>): ReviewLockView {
  return {
    submission_id: lock.submission_id,
    member: { id: lock.member_id, username },
    locked_at: lock.locked_at,
    heartbeat_at: lock.heartbeat_at,
    is_mine: lock.member_id === ctx.auth.member?.id,
  };
}

/**
 * Refuses a decision (approve, reject, tests, undo) while someone else holds a fresh lock on the
 * creation. No lock, a stale one or the caller's own: the caller may act.
 */
export async function assertNotLockedByOther(ctx: Context, tx: DbOrTx, submissionId: number, now = new Date()): Promise<void> {
  const [row] = await tx
    .select({ locked_at: reviewLocks.locked_at, username: members.username })
    .from(reviewLocks)
    .innerJoin(members, eq(members.id, reviewLocks.member_id))
    .where(
      and(
        eq(reviewLocks.submission_id, submissionId),
        ne(reviewLocks.member_id, ctx.auth.member!.id),
        gt(reviewLocks.heartbeat_at, freshSince(now)),
      ),
    );
  if (row) throw reviewError('REVIEW_LOCKED', { name: row.username, since: row.locked_at });
}

/**
 * Takes the review lock of a creation, or refreshes the caller's own (the heartbeat a review page
 * sends while open). A fresh lock of someone else is answered as it is, not taken, unless `force`
 * (taking over is logged). One statement, so two reviewers racing for a free lock get one winner.
 */
export async function lockForReview(ctx: Context, submissionId: number, force: boolean, now = new Date()): Promise<ReviewLockView> {
  const me = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    await loadSubmission(tx, submissionId);
    const before = await freshLock(tx, ctx, submissionId, now);
    const takeable = force
      ? sql`true`
      : sql`${reviewLocks.member_id} = ${me} or ${reviewLocks.heartbeat_at} <= ${freshSince(now)}`;
    const [taken] = await tx
      .insert(reviewLocks)
      .values({ submission_id: submissionId, member_id: me, locked_at: now, heartbeat_at: now })
      .onConflictDoUpdate({
        target: reviewLocks.submission_id,
        // A heartbeat keeps the time the caller's lock began; taking a lock starts it anew.
        set: {
          member_id: me,
          heartbeat_at: now,
          locked_at: sql`case when ${reviewLocks.member_id} = ${me} and ${reviewLocks.heartbeat_at} > ${freshSince(now)} then ${reviewLocks.locked_at} else ${now} end`,
        },
        setWhere: takeable,
      })
      .returning();
    if (!taken) return (await freshLock(tx, ctx, submissionId, now))!;
    if (before && !before.is_mine) {
      await writeLog(tx, {
        submission_id: submissionId,
        member_id: me,
        entity: 'review_lock',
        entity_id: submissionId,
        action: 'lock-overridden',
        previous_values: { member_id: before.member.id, locked_at: before.locked_at.toISOString() },
        new_values: { member_id: me },
      });
    }
    const [self] = await tx.select({ username: members.username }).from(members).where(eq(members.id, me));
    return view(taken, self!.username, ctx);
  });
}

/** Lets go of the caller's lock; true when there was one. */
export async function releaseLock(ctx: Context, submissionId: number): Promise<boolean> {
  const gone = await ctx.db
    .delete(reviewLocks)
    .where(and(eq(reviewLocks.submission_id, submissionId), eq(reviewLocks.member_id, ctx.auth.member!.id)))
    .returning({ id: reviewLocks.submission_id });
  return gone.length > 0;
}

/** Inside a decision: the decider is done reviewing, so their lock goes (someone else's stays). */
export async function releaseOwnLock(tx: DbOrTx, ctx: Context, submissionId: number): Promise<void> {
  await tx.delete(reviewLocks).where(and(eq(reviewLocks.submission_id, submissionId), eq(reviewLocks.member_id, ctx.auth.member!.id)));
}
