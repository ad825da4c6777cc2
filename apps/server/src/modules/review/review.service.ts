import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { ADMIN_ACCESS, hasPermission, permissionSet, type SubmissionStatus } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { files, images, logs, members, rejectionCategories, rejectionReasons, submissions, tests } from '../../db/schema/index';
import { rows } from '../../db/rows';
import { AuthorizationCode, refuse, type AppError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { loadAuthMember } from '../member/member.service';
import { escapeLike } from '../../db/sql';
import { changes, writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { isOwner, loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { canRestoreSubmission } from '../submission/submission.policy';
import { setChildren } from '../submission/submission.service';
import { assertNotLockedByOther, releaseOwnLock } from './review-lock.service';
import { reviewError } from './review.errors';

/** A decision can be undone by whoever made it for this long (the undo toast's lifetime and then some). */
export const UNDO_WINDOW_MS = 10 * 60_000;
/** Bulk approval takes at most this many creations at once. */
export const MAX_BULK_APPROVE = 100;
/** Publishing slots are whole hours; the search for a free one looks this far ahead. */
export const PUBLISH_SLOT_MS = 60 * 60_000;
const SLOT_SEARCH_HOURS = 24 * 60;
/** A written rejection message may be this long. */
export const MAX_REJECTION_MESSAGE = 5000;

const REVIEWABLE: readonly SubmissionStatus[] = ['SUBMITTED', 'TESTING'];

/** The fields a decision changes, and that undo puts back. */
interface DecisionState {
  status: SubmissionStatus;
  publish_at: string | null;
  published_at: string | null;
  moderator_id: number | null;
  latest_rejection_reason: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function decisionState(s: SubmissionRow): DecisionState {
  return {
    status: s.status,
    publish_at: iso(s.publish_at),
    published_at: iso(s.published_at),
    moderator_id: s.moderator_id,
    latest_rejection_reason: s.latest_rejection_reason,
  };
}

function asColumns(state: DecisionState) {
  return {
    status: state.status,
    publish_at: state.publish_at ? new Date(state.publish_at) : null,
    published_at: state.published_at ? new Date(state.published_at) : null,
    moderator_id: state.moderator_id,
    latest_rejection_reason: state.latest_rejection_reason,
  };
}

function assertReviewable(s: SubmissionRow, action: 'approved' | 'rejected'): void {
  if (s.deleted_at) throw reviewError('REVIEW_DELETED', { id: s.id });
  if (s.model_type === 'set_item') throw reviewError('REVIEW_SET_ITEM', { id: s.id });
  if (!REVIEWABLE.includes(s.status)) throw reviewError('REVIEW_NOT_REVIEWABLE', { id: s.id, status: s.status, action });
}

/** A set's children travel with it: same status, dates and moderator. */
async function followSet(tx: DbOrTx, s: SubmissionRow, values: ReturnType<typeof asColumns>): Promise<void> {
  if (s.model_type !== 'set') return;
  const children = await setChildren(tx, s.model_id);
  if (children.length) {
    await tx.update(submissions).set({ status: values.status, publish_at: values.publish_at, published_at: values.published_at, moderator_id: values.moderator_id }).where(inArray(submissions.id, children.map((c) => c.id)));
  }
}

async function decide(
  ctx: Context,
  tx: DbOrTx,
  s: SubmissionRow,
  action: 'approved' | 'rejected',
  next: DecisionState,
  extra: Record<string, unknown>,
): Promise<SubmissionRow> {
  const previous = decisionState(s);
  const values = asColumns(next);
  await tx.update(submissions).set(values).where(eq(submissions.id, s.id));
  await followSet(tx, s, values);
  await releaseOwnLock(tx, ctx, s.id);
  await writeLog(tx, {
    submission_id: s.id,
    member_id: ctx.auth.member!.id,
    entity: 'submission',
    entity_id: s.id,
    action,
    previous_values: { ...previous },
    new_values: { ...next, ...extra },
  });
  await recordStoryAndNotify(tx, { submission_id: s.id, kind: action, actor_id: ctx.auth.member!.id });
  return loadSubmission(tx, s.id);
}

/**
 * Approves a submitted creation for publication at `publish_at` (DESIGN 3). Failed tests not yet
 * cleared are cleared with it (approving confirms them dealt with); unfinished tests stay.
 */
export async function approveSubmission(ctx: Context, id: number, publishAt: Date | null | undefined): Promise<SubmissionRow> {
  if (!publishAt) throw reviewError('REVIEW_PUBLISH_AT_REQUIRED', {});
  return ctx.db.transaction((tx) => approveIn(ctx, tx, id, publishAt));
}

async function approveIn(ctx: Context, tx: DbOrTx, id: number, publishAt: Date): Promise<SubmissionRow> {
  const s = await loadSubmission(tx, id, { forUpdate: true });
  assertReviewable(s, 'approved');
  await assertNotLockedByOther(ctx, tx, s.id);
  const cleared = await tx
    .update(tests)
    .set({ status: 'CLEARED', cleared_at: new Date() })
    .where(and(eq(tests.submission_id, s.id), isNull(tests.update_request_id), eq(tests.status, 'DONE'), eq(tests.test_result, 'FAILED')))
    .returning({ id: tests.id });
  const next: DecisionState = { ...decisionState(s), status: 'APPROVED', publish_at: publishAt.toISOString(), published_at: null, moderator_id: ctx.auth.member!.id };
  return decide(ctx, tx, s, 'approved', next, { cleared_test_ids: cleared.map((c) => c.id) });
}

export interface BulkApproval {
  id: number;
  approved: boolean;
  code: string | null;
  message: string | null;
  submission: SubmissionRow | null;
}

/**
 * Approves each creation that can be, with one publishing date, each in its own transaction; the
 * answer says per id what happened. Creations another reviewer holds are skipped.
 */
export async function approveSubmissions(ctx: Context, ids: readonly number[], publishAt: Date | null | undefined): Promise<BulkApproval[]> {
  if (!publishAt) throw reviewError('REVIEW_PUBLISH_AT_REQUIRED', {});
  const unique = [...new Set(ids)];
  if (unique.length > MAX_BULK_APPROVE) throw reviewError('REVIEW_TOO_MANY', { max: MAX_BULK_APPROVE });
  const results: BulkApproval[] = [];
  for (const id of unique) {
    try {
      const submission = await ctx.db.transaction((tx) => approveIn(ctx, tx, id, publishAt));
      results.push({ id, approved: true, code: null, message: null, submission });
    } catch (error) {
      const known = error as AppError;
      if (typeof known.code !== 'string' || !known.extensions?.category) throw error;
      results.push({ id, approved: false, code: known.code, message: known.message, submission: null });
    }
  }
  return results;
}

/**
 * The default of the approval date picker: the start of the first whole hour from the next one on
 * in which no live creation is scheduled to publish, so approvals spread out over the day.
 */
export async function nextPublishSlot(db: DbOrTx, now = new Date()): Promise<Date> {
  const [row] = await rows<{ slot: string | Date }>(
    db,
    sql`select slot from generate_series(
          date_trunc('hour', ${now.toISOString()}::timestamptz) + interval '1 hour',
          date_trunc('hour', ${now.toISOString()}::timestamptz) + interval '1 hour' * ${SLOT_SEARCH_HOURS},
          interval '1 hour') as slot
        where not exists (
          select 1 from ${submissions} s
          where s.status = 'APPROVED' and s.deleted_at is null and s.model_type <> 'set_item'
            and s.publish_at >= slot and s.publish_at < slot + interval '1 hour')
        order by slot limit 1`,
  );
  if (row) return new Date(row.slot);
  // Every hour of the next 60 days is taken: the hour after the last one.
  const hour = Math.floor(now.getTime() / PUBLISH_SLOT_MS) * PUBLISH_SLOT_MS;
  return new Date(hour + (SLOT_SEARCH_HOURS + 1) * PUBLISH_SLOT_MS);
}

/** The readable rejection text the creator sees: one line per reason, then the message. */
export function rejectionText(reasons: readonly { category: string; name: string }[], message: string | null): string {
  const lines = reasons.map((r) => `- ${r.category}: ${r.name}`);
  const parts = [];
  if (lines.length) parts.push(`Rejected for these reasons:\n${lines.join('\n')}`);
  if (message) parts.push(message);
  return parts.join('\n\n');
}

/** Rejects a submitted creation with reasons from the rejection categories and/or a message. */
export async function rejectSubmission(ctx: Context, id: number, reasonIds: readonly number[], message: string | null | undefined): Promise<SubmissionRow> {
  const text = message?.trim() || null;
  const unique = [...new Set(reasonIds)];
  if (!unique.length && !text) throw reviewError('REVIEW_REASON_REQUIRED', {});
  if (text && text.length > MAX_REJECTION_MESSAGE) {
    throw reviewError('REVIEW_MESSAGE_INVALID', { max: MAX_REJECTION_MESSAGE });
  }
  return ctx.db.transaction(async (tx) => {
    const reasons = unique.length
      ? await tx
          .select({ id: rejectionReasons.id, name: rejectionReasons.name, category: rejectionCategories.name })
          .from(rejectionReasons)
          .innerJoin(rejectionCategories, eq(rejectionCategories.id, rejectionReasons.rejection_category_id))
          .where(inArray(rejectionReasons.id, unique))
      : [];
    const missing = unique.filter((rid) => !reasons.some((r) => r.id === rid));
    if (missing.length) throw reviewError('REVIEW_REASON_UNKNOWN', { ids: missing });
    const ordered = unique.map((rid) => reasons.find((r) => r.id === rid)!);
    const s = await loadSubmission(tx, id, { forUpdate: true });
    assertReviewable(s, 'rejected');
    await assertNotLockedByOther(ctx, tx, s.id);
    const next: DecisionState = {
      ...decisionState(s),
      status: 'REJECTED',
      moderator_id: ctx.auth.member!.id,
      latest_rejection_reason: rejectionText(ordered, text),
    };
    return decide(ctx, tx, s, 'rejected', next, { reason_ids: unique, message: text });
  });
}

/** Entries that do not change a creation, so they do not stand in the way of an undo. */
const NOT_A_CHANGE = sql`not (${logs.entity} = 'review_lock' or ${logs.action} = 'published')`;

/**
 * Undoes the caller's own last approval or rejection of a creation, within UNDO_WINDOW_MS and only
 * if nothing changed since: status, dates, rejection text and moderator come back, and the failed
 * tests the approval cleared are failed again.
 */
export async function undoReviewDecision(ctx: Context, id: number, now = new Date()): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    const [decision] = await tx
      .select({ log: logs, username: members.username })
      .from(logs)
      .leftJoin(members, eq(members.id, logs.member_id))
      .where(and(eq(logs.submission_id, id), eq(logs.entity, 'submission'), inArray(logs.action, ['approved', 'rejected'])))
      .orderBy(desc(logs.id))
      .limit(1);
    if (!decision) throw reviewError('REVIEW_NOTHING_TO_UNDO', { id });
    const { log } = decision;
    if (log.member_id !== ctx.auth.member!.id) throw reviewError('REVIEW_UNDO_NOT_YOURS', { name: decision.username ?? 'another member' });
    if (now.getTime() - log.created_at.getTime() > UNDO_WINDOW_MS) throw reviewError('REVIEW_UNDO_TOO_LATE', { minutes: UNDO_WINDOW_MS / 60_000 });
    const [later] = await tx
      .select({ n: count() })
      .from(logs)
      .where(and(eq(logs.submission_id, id), gt(logs.id, log.id), NOT_A_CHANGE));
    const made = log.new_values as DecisionState & { cleared_test_ids?: number[] };
    // The row must still say what the decision made it (published_at aside: the job may have recorded it).
    const current = decisionState(s);
    const unchanged = (Object.keys(current) as (keyof DecisionState)[]).every((k) => k === 'published_at' || current[k] === made[k]);
    if ((later?.n ?? 0) > 0 || !unchanged || s.deleted_at) throw reviewError('REVIEW_UNDO_CHANGED', { id });
    await assertNotLockedByOther(ctx, tx, id);
    const previous = log.previous_values as DecisionState;
    const values = asColumns(previous);
    await tx.update(submissions).set(values).where(eq(submissions.id, id));
    await followSet(tx, s, values);
    const restored = made.cleared_test_ids?.length
      ? await tx
          .update(tests)
          .set({ status: 'DONE', cleared_at: null })
          .where(and(inArray(tests.id, made.cleared_test_ids), eq(tests.status, 'CLEARED')))
          .returning({ id: tests.id })
      : [];
    await writeLog(tx, {
      submission_id: id,
      member_id: ctx.auth.member!.id,
      entity: 'submission',
      entity_id: id,
      action: 'undone',
      previous_values: { ...current },
      new_values: { ...previous, undone: log.action, restored_test_ids: restored.map((r) => r.id) },
    });
    await recordStoryAndNotify(tx, { submission_id: id, kind: 'decision_undone', actor_id: ctx.auth.member!.id, detail: `the ${log.action === 'approved' ? 'approval' : 'rejection'}` });
    return loadSubmission(tx, id);
  });
}

async function staffOrMember(tx: DbOrTx, memberId: number, mustBeStaff: boolean) {
  const member = await loadAuthMember(tx, memberId);
  if (!member) throw reviewError('REVIEW_MEMBER_NOT_FOUND', { id: memberId });
  if (mustBeStaff && !hasPermission(permissionSet(member), ADMIN_ACCESS)) throw reviewError('REVIEW_MEMBER_NOT_STAFF', { name: member.username });
  return member;
}

/**
 * Publishes a creation as another artist: `member_id` becomes its owner (and its children's, and
 * the owner of its pictures and files, whose URLs sit in the owner's folder, SPEC 7).
 */
export async function publishSubmissionAs(ctx: Context, id: number, memberId: number): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    if (s.deleted_at) throw reviewError('REVIEW_DELETED', { id });
    if (s.model_type === 'set_item') throw reviewError('REVIEW_SET_ITEM', { id });
    await staffOrMember(tx, memberId, false);
    if (s.member_id === memberId) return s;
    const ids = [s.id, ...(s.model_type === 'set' ? (await setChildren(tx, s.model_id)).map((c) => c.id) : [])];
    await tx.update(submissions).set({ member_id: memberId }).where(inArray(submissions.id, ids));
    await tx.update(images).set({ member_id: memberId }).where(inArray(images.submission_id, ids));
    await tx.update(files).set({ member_id: memberId }).where(inArray(files.submission_id, ids));
    await writeLog(tx, {
      submission_id: id,
      member_id: ctx.auth.member!.id,
      entity: 'submission',
      entity_id: id,
      action: 'owner-changed',
      previous_values: { member_id: s.member_id },
      new_values: { member_id: memberId },
    });
    return loadSubmission(tx, id);
  });
}

/** Members whose user name contains `name`, by name, paged (the artist picker). */
export async function searchArtists(db: DbOrTx, name: string | null | undefined, first?: number | null, page?: number | null): Promise<Page<{ id: number; username: string }>> {
  const { perPage, currentPage, limit, offset } = pageWindow(first, page);
  const phrase = name?.trim();
  const where = and(isNull(members.deleted_at), phrase ? ilike(members.username, `%${escapeLike(phrase)}%`) : undefined);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(members).where(where);
  const data = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(where)
    .orderBy(asc(sql`lower(${members.username})`), asc(members.id))
    .limit(limit)
    .offset(offset);
  return { data, paginatorInfo: paginatorInfo(n, data.length, perPage, currentPage) };
}

/** Assigns a creation to a team member (staff with admin access), or unassigns it with null. */
export async function assignToTeamMember(ctx: Context, id: number, memberId: number | null | undefined): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    if (s.deleted_at) throw reviewError('REVIEW_DELETED', { id });
    if (memberId != null) await staffOrMember(tx, memberId, true);
    const next = memberId ?? null;
    if (s.team_member_id === next) return s;
    await tx.update(submissions).set({ team_member_id: next }).where(eq(submissions.id, id));
    await writeLog(tx, {
      submission_id: id,
      member_id: ctx.auth.member!.id,
      entity: 'submission',
      entity_id: id,
      action: 'assigned',
      previous_values: { team_member_id: s.team_member_id },
      new_values: { team_member_id: next },
    });
    return loadSubmission(tx, id);
  });
}

export interface DecisionFields {
  publish_at?: Date | null;
  latest_rejection_reason?: string | null;
}

/** The refusal of a rejection text that is too long, before anything is written. */
export function checkDecisionFields(input: DecisionFields): void {
  const reason = input.latest_rejection_reason?.trim();
  if (reason && reason.length > MAX_REJECTION_MESSAGE) throw reviewError('REVIEW_MESSAGE_INVALID', { max: MAX_REJECTION_MESSAGE });
}

/**
 * Staff set what a decision needs ahead of the status change (SPEC 4: "Status changes through a
 * status update and a properties update"): the publishing date and the rejection text. On an
 * approved creation a new date reschedules it (a set's items with it). Logged; a creation another
 * reviewer holds is refused, as its decisions are.
 */
export async function setDecisionFields(ctx: Context, id: number, input: DecisionFields): Promise<SubmissionRow> {
  checkDecisionFields(input);
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    if (s.deleted_at) throw reviewError('REVIEW_DELETED', { id });
    if (s.model_type === 'set_item') throw reviewError('REVIEW_SET_ITEM', { id });
    await assertNotLockedByOther(ctx, tx, s.id);
    const next: { publish_at?: Date | null; latest_rejection_reason?: string | null } = {};
    if (input.publish_at !== undefined) next.publish_at = input.publish_at;
    if (input.latest_rejection_reason !== undefined) next.latest_rejection_reason = input.latest_rejection_reason?.trim() || null;
    // JSON compares dates as their ISO text, so a date sent again unchanged changes nothing.
    const diff = changes(s as unknown as Record<string, unknown>, next);
    if (!diff) return s;
    await tx.update(submissions).set(next).where(eq(submissions.id, s.id));
    if (next.publish_at !== undefined && s.model_type === 'set') {
      const children = await setChildren(tx, s.model_id);
      if (children.length) await tx.update(submissions).set({ publish_at: next.publish_at }).where(inArray(submissions.id, children.map((c) => c.id)));
    }
    await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'submission', entity_id: s.id, action: 'updated', ...diff });
    return loadSubmission(tx, s.id);
  });
}

/**
 * Restores a deleted creation, mirroring deleteSubmission: staff with the published page's edit
 * permission any creation, its owner one that was never approved.
 */
export async function restoreSubmission(ctx: Context, id: number): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    if (!canRestoreSubmission(ctx.auth, s)) {
      throw isOwner(ctx, s) ? reviewError('REVIEW_NOT_DELETED_OWNER', {}) : refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    }
    if (!s.deleted_at) return s;
    await tx.update(submissions).set({ deleted_at: null }).where(eq(submissions.id, id));
    await writeLog(tx, {
      submission_id: id,
      member_id: ctx.auth.member!.id,
      entity: 'submission',
      entity_id: id,
      action: 'restored',
      previous_values: { deleted_at: s.deleted_at.toISOString() },
      new_values: { deleted_at: null },
    });
    return loadSubmission(tx, id);
  });
}
