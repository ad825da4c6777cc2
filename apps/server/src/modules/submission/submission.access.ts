import { and, eq } from 'drizzle-orm';
import { ADMIN_ACCESS, hasPermission, isPublished, lifecycleTransition, OWNER_EDITABLE_STATUSES, pagePermission } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { submissions } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { notEditable, submissionNotFound } from './submission.errors';
import { writeLog } from '../log/log.service';

export type SubmissionRow = typeof submissions.$inferSelect;

/** Staff who may change any creation's content (reviewers fixing details). */
export const STAFF_EDIT_PERMISSIONS = [pagePermission('waiting', 'edit')];
/** Staff who may read any creation. */
export const STAFF_VIEW_PERMISSIONS = [ADMIN_ACCESS];

export { isPublished, OWNER_EDITABLE_STATUSES };

export function isOwner(ctx: Context, s: Pick<SubmissionRow, 'member_id'>): boolean {
  return ctx.auth.member?.id === s.member_id;
}

/** Reads a creation row, or throws "not found". `forUpdate` locks it for the transaction. */
export async function loadSubmission(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<SubmissionRow> {
  const query = db.select().from(submissions).where(and(eq(submissions.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw submissionNotFound(id);
  return row;
}

/** Anyone may read a published creation; otherwise the owner or staff. */
export function assertCanView(ctx: Context, s: SubmissionRow): void {
  if (isPublished(s) || isOwner(ctx, s)) return;
  if (ctx.auth.member && hasPermission(ctx.auth.permissions, STAFF_VIEW_PERMISSIONS)) return;
  throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
}

/**
 * The owner may change a creation while it is a draft or rejected (editing a rejected creation
 * takes it back to CREATED, see the service); staff with review edit rights may change any live one.
 */
export function assertCanEdit(ctx: Context, s: SubmissionRow): void {
  const staff = ctx.auth.member !== null && hasPermission(ctx.auth.permissions, STAFF_EDIT_PERMISSIONS);
  if (!isOwner(ctx, s) && !staff) {
    throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  }
  if (s.deleted_at !== null) throw notEditable('DELETED');
  if (!staff && !OWNER_EDITABLE_STATUSES.includes(s.status)) throw notEditable(s.status);
}

/** Loads a creation the caller may view. */
export async function submissionForView(ctx: Context, id: number, db: DbOrTx = ctx.db): Promise<SubmissionRow> {
  const s = await loadSubmission(db, id);
  assertCanView(ctx, s);
  return s;
}

/** Checks, without changing anything, that the caller may edit a creation now (a cheap early refusal). */
export async function checkCanEdit(ctx: Context, id: number): Promise<void> {
  assertCanEdit(ctx, await loadSubmission(ctx.db, id));
}

/** Loads and locks a creation the caller may edit now, changing nothing. */
async function submissionForEdit(ctx: Context, id: number, tx: DbOrTx): Promise<SubmissionRow> {
  const s = await loadSubmission(tx, id, { forUpdate: true });
  assertCanEdit(ctx, s);
  return s;
}

/**
 * The lifecycle's `reopen` (DESIGN 3): when its owner starts changing a rejected creation, it is a
 * draft again, in the transaction of that change (and undone with it if the change fails). Anyone
 * else's change, or a creation in another status, leaves it as it is.
 */
export async function reopenForOwnerEdit(ctx: Context, tx: DbOrTx, s: SubmissionRow): Promise<SubmissionRow> {
  const reopen = lifecycleTransition('reopen', s.status);
  if (!reopen || reopen.to === 'previous' || !isOwner(ctx, s)) return s;
  const [reopened] = await tx.update(submissions).set({ status: reopen.to }).where(eq(submissions.id, s.id)).returning();
  await writeLog(tx, {
    submission_id: s.id,
    member_id: ctx.auth.member!.id,
    entity: 'submission',
    entity_id: s.id,
    action: 'status',
    previous_values: { status: s.status },
    new_values: { status: reopen.to },
  });
  return reopened!;
}

/**
 * What every edit of a creation starts with, inside the transaction that makes it: the creation
 * loaded, locked and checked (the caller may edit it now), and reopened when its owner changes it
 * after a rejection (`reopenForOwnerEdit`).
 */
export async function beginEdit(ctx: Context, id: number, tx: DbOrTx): Promise<SubmissionRow> {
  return reopenForOwnerEdit(ctx, tx, await submissionForEdit(ctx, id, tx));
}
