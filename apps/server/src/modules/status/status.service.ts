import { and, eq, inArray } from 'drizzle-orm';
import { blockingChecks, ownerTransition, SUBMISSION_STATUSES, UNFINISHED_TEST_STATUSES, type SubmissionStatus } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { submissions, tests } from '../../db/schema/index';
import { checksOf, refreshReviewFlags } from '../check/check.service';
import { writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { loadSubmission, submissionForView, type SubmissionRow } from '../submission/submission.access';
import { submissionError } from '../submission/submission.errors';
import { completenessOf, setChildren } from '../submission/submission.service';

/*
 * A creation's status as its creator changes it (SPEC 4, `updateSubmissionStatus`). It sits above
 * the submission module because submitting asks the automatic checks (modules/check), which read
 * the creation's files, pictures and what its lot uses.
 */

/**
 * The owner's status changes (DESIGN section 3): submit (CREATED → SUBMITTED, only when nothing is
 * missing and no automatic check fails) and withdraw (SUBMITTED → CREATED, only while no test
 * runs). Staff transitions are the review module's.
 */
export async function updateSubmissionStatus(ctx: Context, id: number, status: string): Promise<SubmissionRow> {
  // The automatic checks read files, pictures and what a lot uses: outside the transaction, which
  // holds the creation's row lock. A file changed by another request in between is the one race
  // left; the reviewer sees the checks again, live, at the top of the review page.
  const checks = status === 'SUBMITTED' ? await checksOf(ctx, id) : null;
  const failing = checks ? blockingChecks(checks) : [];
  const changed = await ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    await submissionForView(ctx, id, tx);
    if (s.member_id !== ctx.auth.member!.id) throw submissionError('SUBMISSION_TRANSITION_NOT_ALLOWED', { reason: 'not-creator' });
    if (s.deleted_at) throw submissionError('SUBMISSION_TRANSITION_NOT_ALLOWED', { reason: 'deleted' });
    if (s.model_type === 'set_item') throw submissionError('SUBMISSION_TRANSITION_NOT_ALLOWED', { reason: 'set-item' });
    const from = s.status;
    if (from === status) return s;
    // The owner's status changes are the lifecycle's (packages/domain/src/submission/lifecycle.ts).
    const transition = isSubmissionStatus(status) ? ownerTransition(from, status) : null;
    if (transition?.action === 'submit') {
      const missing = await completenessOf(tx, s);
      if (missing.length) throw submissionError('SUBMISSION_INCOMPLETE', { missing });
      if (failing.length) throw submissionError('SUBMISSION_CHECKS_FAILED', { failing });
      // A rejected creation is sent again in one step, as a draft is.
      await setStatus(ctx, tx, s, 'SUBMITTED', { was_submitted: true, submitted_at: new Date() });
      await recordStoryAndNotify(tx, { submission_id: s.id, kind: 'submitted', actor_id: ctx.auth.member!.id });
    } else if (transition?.action === 'withdraw') {
      const [running] = await tx
        .select({ id: tests.id })
        .from(tests)
        .where(and(eq(tests.submission_id, s.id), inArray(tests.status, [...UNFINISHED_TEST_STATUSES])))
        .limit(1);
      if (running) throw submissionError('SUBMISSION_TEST_RUNNING');
      await setStatus(ctx, tx, s, 'CREATED', {});
    } else {
      throw submissionError('SUBMISSION_TRANSITION_NOT_ALLOWED', { reason: 'status', from, to: status });
    }
    return loadSubmission(tx, id);
  });
  // Submitted: the review queues' flags (possible copy, fast track) as it enters them.
  if (!checks || changed.status !== 'SUBMITTED') return changed;
  try {
    return { ...changed, ...(await refreshReviewFlags(ctx, changed, { checks })) };
  } catch (error) {
    // The creation is submitted; its flags are worked out again when its files are read or a reviewer opens it.
    ctx.log.warn({ err: error, submissionId: changed.id }, 'review flags not refreshed after submitting');
    return changed;
  }
}

function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

async function setStatus(ctx: Context, tx: DbOrTx, s: SubmissionRow, status: 'CREATED' | 'SUBMITTED', extra: Partial<SubmissionRow>) {
  await tx.update(submissions).set({ status, ...extra, updated_at: new Date() }).where(eq(submissions.id, s.id));
  // A set's children travel with it.
  if (s.model_type === 'set') {
    const children = await setChildren(tx, s.model_id);
    if (children.length) await tx.update(submissions).set({ status }).where(inArray(submissions.id, children.map((c) => c.id)));
  }
  await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'submission', entity_id: s.id, action: 'status', previous_values: { status: s.status }, new_values: { status } });
}
