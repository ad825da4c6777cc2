import { and, eq, inArray } from 'drizzle-orm';
import { blockingChecks, ownerTransition, SUBMISSION_STATUSES, submissionPropertiesInput, UNFINISHED_TEST_STATUSES, type SubmissionStatus } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { submissions, tests } from '../../db/schema/index';
import { checksOf, refreshReviewFlags } from '../check/check.service';
import { writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { loadSubmission, submissionForView, type SubmissionRow } from '../submission/submission.access';
import { submissionError } from '../submission/submission.errors';
import { canSetEarlyAccess } from '../submission/submission.policy';
import { completenessOf, parseInput, setChildren, setEarlyAccessDays, updateSubmissionProperties } from '../submission/submission.service';
import { reviewPolicy } from '../review/review.policy';
import { approveSubmission, assignToTeamMember, checkDecisionFields, rejectSubmission, setDecisionFields } from '../review/review.service';
import { createTest } from '../review/review-test.service';
import { reviewError } from '../review/review.errors';
import { AuthorizationCode, refuse } from '../../errors';
import { holdsAny } from '../../auth-checks';

/*
 * A creation's status (SPEC 4, `updateSubmissionStatus`): the creator's changes, and staff's through
 * the review module's rules. It sits above the submission module because submitting asks the
 * automatic checks (modules/check), which read the creation's files, pictures and what its lot uses,
 * and above review, whose decisions a status update takes.
 */

/** The statuses staff reach through a status update; each is the review module's action with its rules. */
const STAFF_TARGETS = ['TESTING', 'APPROVED', 'REJECTED'] as const;
type StaffTarget = (typeof STAFF_TARGETS)[number];

/**
 * A staff status update (SPEC 4: "Status changes through a status update and a properties update.
 * Approval sets publish_at"): TESTING opens a test, APPROVED approves at the `publish_at` already
 * set, REJECTED rejects with the `latest_rejection_reason` already set; each with the dedicated
 * mutation's permission and rules. The same status again changes nothing.
 */
async function staffStatusChange(ctx: Context, id: number, status: StaffTarget): Promise<SubmissionRow> {
  const rule = status === 'TESTING' ? reviewPolicy.editTests : reviewPolicy.decide;
  if (!holdsAny(ctx.auth, rule.permission)) throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
  const s = await submissionForView(ctx, id);
  if (s.status === status) return s;
  switch (status) {
    case 'TESTING':
      await createTest(ctx, { submission_id: id });
      return loadSubmission(ctx.db, id);
    case 'APPROVED':
      if (!s.publish_at) throw reviewError('REVIEW_PUBLISH_AT_REQUIRED', {});
      return approveSubmission(ctx, id, s.publish_at);
    case 'REJECTED':
      if (!s.latest_rejection_reason?.trim()) throw reviewError('REVIEW_REASON_REQUIRED', {});
      return rejectSubmission(ctx, id, [], s.latest_rejection_reason);
  }
}

/** The properties only staff who decide set (`updateSubmissionProperties`, SPEC 4). */
export interface StaffProperties {
  publish_at?: Date | null;
  latest_rejection_reason?: string | null;
  team_member_id?: number | null;
}

/**
 * `updateSubmissionProperties` (and its SPEC 7 name `updateSubmission`): the creation's own fields
 * through the submission module, and the decision fields (publish date, rejection text, team member)
 * through review, for staff who may decide. Everything is checked before anything is written.
 */
export async function updateProperties(ctx: Context, id: number, input: Record<string, unknown>): Promise<SubmissionRow> {
  const { publish_at, latest_rejection_reason, team_member_id, early_access_days, ...own } = input as StaffProperties & { early_access_days?: number | null } & Record<string, unknown>;
  const decision = { ...(publish_at !== undefined ? { publish_at } : {}), ...(latest_rejection_reason !== undefined ? { latest_rejection_reason } : {}) };
  const isDecidingStaff = holdsAny(ctx.auth, reviewPolicy.decide.permission);
  const hasStaffFields = Object.keys(decision).length > 0 || team_member_id !== undefined;
  if (hasStaffFields && !isDecidingStaff) throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
  if (early_access_days !== undefined && !canSetEarlyAccess(ctx.auth, await submissionForView(ctx, id))) throw submissionError('SUBMISSION_EARLY_ACCESS_NOT_ALLOWED', {});
  const hasOwn = Object.keys(own).length > 0;
  if (hasOwn) parseInput(submissionPropertiesInput, own);
  checkDecisionFields(decision);
  let s = hasOwn || (!hasStaffFields && early_access_days === undefined) ? await updateSubmissionProperties(ctx, id, own) : await submissionForView(ctx, id);
  if (early_access_days !== undefined) s = await setEarlyAccessDays(ctx, id, early_access_days ?? 0);
  if (Object.keys(decision).length) s = await setDecisionFields(ctx, id, decision);
  if (team_member_id !== undefined) s = await assignToTeamMember(ctx, id, team_member_id);
  return s;
}

/**
 * The owner's status changes (DESIGN section 3): submit (CREATED → SUBMITTED, only when nothing is
 * missing and no automatic check fails) and withdraw (SUBMITTED → CREATED, only while no test
 * runs). Staff transitions are the review module's.
 */
export async function updateSubmissionStatus(ctx: Context, id: number, status: string): Promise<SubmissionRow> {
  if ((STAFF_TARGETS as readonly string[]).includes(status)) return staffStatusChange(ctx, id, status as StaffTarget);
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
