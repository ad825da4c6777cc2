import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  CREATOR_TAGS,
  MAX_ATTACHMENT_BYTES,
  MAX_TAG_LENGTH,
  newMessageInput,
  portalPaths,
  replyInput,
  TAG_PATTERN,
  TAG_USER_DELETED,
  TAG_USER_READ,
  type ConversationStatus,
  type ThreadType,
} from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conversationAttachments, conversationCustomFields, conversations, conversationTags, conversationThreads, members } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import type { StoredUpload } from '../../storage/upload';
import { claimUpload } from '../file/blob.service';
import { publishLive } from '../live/live.service';
import { notify } from '../notification/notification.service';
import { loadSubmission } from '../submission/submission.access';
import { conversationError } from './conversation.errors';
import { canLinkCreation, canManageConversations, canReadAllConversations, canReadConversation, canReplyToConversation, canTagConversation } from './conversation.policy';
import {
  checkMailbox,
  checkStatus,
  loadRow,
  viewOf,
  type ConversationRow,
  type ConversationView,
  type ThreadRow,
} from './conversation-read.service';
import { isSupportStaff, supportStaffMember } from './support-staff.service';

// Changing conversations: open, reply, add a note, tag, close, assign; each change is announced live.
// The creator reading a conversation marks it read, so getConversation is here too. Reads are in
// conversation-read.service.ts, the support-staff list in support-staff.service.ts.

/** Staff who answer, tag, assign and close conversations. */

/** The new message dialog's rule (packages/domain), as validation errors on `subject` and `message`. */
function checkNewMessage(input: { subject: string; message: string }): { subject: string; message: string } {
  const parsed = newMessageInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.path[0] === 'subject') throw conversationError('CONVERSATION_SUBJECT_INVALID', { message: issue.message });
  throw conversationError('CONVERSATION_MESSAGE_INVALID', { message: issue.message });
}

function checkReply(message: string): string {
  const parsed = replyInput.safeParse({ message });
  if (parsed.success) return parsed.data.message;
  throw conversationError('CONVERSATION_MESSAGE_INVALID', { message: parsed.error.issues[0]!.message });
}

function checkAttachment(upload: StoredUpload | null | undefined): StoredUpload | null {
  if (!upload) return null;
  if (upload.size === 0) throw conversationError('CONVERSATION_ATTACHMENT_EMPTY', { filename: upload.filename });
  if (upload.size > MAX_ATTACHMENT_BYTES) {
    throw conversationError('CONVERSATION_ATTACHMENT_TOO_LARGE', { filename: upload.filename, size: upload.size, max: MAX_ATTACHMENT_BYTES });
  }
  return upload;
}

/** Tells the creator's and the staff's open pages that a conversation changed (after commit). */
async function announce(tx: DbOrTx, c: Pick<ConversationRow, 'id' | 'member_id'>): Promise<void> {
  await publishLive(tx, { kind: 'conversation', to: [c.member_id], conversationId: c.id });
  await publishLive(tx, { kind: 'conversation', to: 'staff', conversationId: c.id });
}

async function addTags(tx: DbOrTx, conversationId: number, tags: readonly string[]): Promise<number> {
  if (!tags.length) return 0;
  const added = await tx
    .insert(conversationTags)
    .values(tags.map((tag) => ({ conversation_id: conversationId, tag })))
    .onConflictDoNothing()
    .returning({ tag: conversationTags.tag });
  return added.length;
}

async function removeTags(tx: DbOrTx, conversationId: number, tags: readonly string[]): Promise<number> {
  if (!tags.length) return 0;
  const removed = await tx
    .delete(conversationTags)
    .where(and(eq(conversationTags.conversation_id, conversationId), inArray(conversationTags.tag, [...tags])))
    .returning({ tag: conversationTags.tag });
  return removed.length;
}

interface NewThread {
  conversation_id: number;
  type: ThreadType;
  text: string;
  member_id: number | null;
  upload?: StoredUpload | null;
}

/**
 * Adds a thread (and its attachment, whose stored content it claims under the content lock so the
 * storage sweep never removes it). A visible thread moves the conversation's last activity.
 */
export async function addThread(ctx: Pick<Context, 'storage'> | null, tx: DbOrTx, thread: NewThread): Promise<ThreadRow> {
  const [row] = await tx
    .insert(conversationThreads)
    .values({ conversation_id: thread.conversation_id, type: thread.type, text: thread.text, member_id: thread.member_id })
    .returning();
  const upload = thread.upload;
  if (upload && ctx) {
    await claimUpload(tx, ctx.storage, upload, () => conversationError('CONVERSATION_ATTACHMENT_LOST', { filename: upload.filename }));
    await tx.insert(conversationAttachments).values({
      thread_id: row!.id,
      filename: upload.filename,
      mimetype: upload.mimetype,
      filesize: upload.size,
      storage_key: upload.key,
    });
  }
  if (thread.type !== 'note') {
    await tx.update(conversations).set({ last_activity_at: row!.created_at }).where(eq(conversations.id, thread.conversation_id));
  }
  return row!;
}

/**
 * One conversation, for its creator or message staff (another creator: NOT_OWNER). The creator
 * reading it marks it read (tag user-read), in this request.
 */
export async function getConversation(ctx: Context, id: number): Promise<ConversationView> {
  const staff = canReadAllConversations(ctx.auth);
  const row = await loadRow(ctx.db, id);
  const owner = row.member_id === ctx.auth.member?.id;
  if (!canReadConversation(ctx.auth, row)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  if (!owner) return viewOf(ctx.db, id, staff);
  return ctx.db.transaction(async (tx) => {
    if (await addTags(tx, id, [TAG_USER_READ])) {
      await tx.update(conversations).set({ updated_at: new Date() }).where(eq(conversations.id, id));
      await announce(tx, row);
    }
    return viewOf(tx, id, staff);
  });
}

/** The creation a conversation may be linked to: the caller's own, or any for message staff. */
async function linkableSubmission(ctx: Context, tx: DbOrTx, submissionId: number | null | undefined): Promise<number | null> {
  if (submissionId == null) return null;
  const s = await loadSubmission(tx, submissionId);
  if (!canLinkCreation(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  return s.id;
}

async function insertConversation(
  tx: DbOrTx,
  values: { mailbox_id: string; subject: string; member_id: number; status: ConversationStatus; submission_id: number | null },
): Promise<ConversationRow> {
  const [row] = await tx.insert(conversations).values(values).returning();
  if (values.submission_id !== null) {
    await tx.insert(conversationCustomFields).values({ conversation_id: row!.id, name: 'submission_id', value: String(values.submission_id) });
  }
  return row!;
}

/** A creator opens a conversation with staff (the new message dialog). */
export async function createConversation(
  ctx: Context,
  input: { subject: string; message: string; file?: StoredUpload | null; submission_id?: number | null; mailbox?: string | null },
): Promise<ConversationView> {
  const { subject, message } = checkNewMessage(input);
  const mailbox = checkMailbox(input.mailbox);
  const upload = checkAttachment(input.file);
  const me = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    const submissionId = await linkableSubmission(ctx, tx, input.submission_id);
    const row = await insertConversation(tx, { mailbox_id: mailbox, subject, member_id: me, status: 'active', submission_id: submissionId });
    await addThread(ctx, tx, { conversation_id: row.id, type: 'customer', text: message, member_id: me, upload });
    // Nothing in it is news to its creator: it only counts as unread once staff answer.
    await addTags(tx, row.id, [TAG_USER_READ]);
    await announce(tx, row);
    return viewOf(tx, row.id, canReadAllConversations(ctx.auth));
  });
}

async function notifyReply(tx: DbOrTx, actorId: number, c: Pick<ConversationRow, 'id' | 'member_id' | 'subject'>, actorName: string): Promise<void> {
  if (c.member_id === actorId) return;
  await notify(tx, { member_id: c.member_id, type: 'reply', message: `${actorName} replied to “${c.subject}”.`, reference: portalPaths.conversation(c.id) });
}

/** Staff open a conversation with a creator: the first thread is a staff message; it waits for the creator (pending). */
export async function createStaffConversation(
  ctx: Context,
  input: { member_id: number; subject: string; message: string; file?: StoredUpload | null; submission_id?: number | null; mailbox?: string | null },
): Promise<ConversationView> {
  const { subject, message } = checkNewMessage(input);
  const mailbox = checkMailbox(input.mailbox);
  const upload = checkAttachment(input.file);
  const actor = ctx.auth.member!;
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: members.id }).from(members).where(and(eq(members.id, input.member_id), isNull(members.deleted_at)));
    if (!member) throw conversationError('CONVERSATION_MEMBER_NOT_FOUND', { id: input.member_id });
    if (!(await isSupportStaff(tx, actor.id))) throw conversationError('CONVERSATION_NOT_SUPPORT_STAFF', {});
    const submissionId = await linkableSubmission(ctx, tx, input.submission_id);
    const row = await insertConversation(tx, { mailbox_id: mailbox, subject, member_id: member.id, status: 'pending', submission_id: submissionId });
    await addThread(ctx, tx, { conversation_id: row.id, type: 'message', text: message, member_id: actor.id, upload });
    await notifyReply(tx, actor.id, row, actor.username);
    await announce(tx, row);
    return viewOf(tx, row.id, true);
  });
}

/**
 * The creator replies on their own conversation: it waits for staff again (active), comes back
 * into their list (user-deleted removed) and is read (the newest thread is their own). Message staff answering through this operation on someone
 * else's conversation reply as staff (createStaffConversationReply with its defaults).
 */
export async function createConversationReply(
  ctx: Context,
  input: { conversation_id: number; message: string; file?: StoredUpload | null },
): Promise<ConversationView> {
  const message = checkReply(input.message);
  const upload = checkAttachment(input.file);
  const me = ctx.auth.member!.id;
  const current = await loadRow(ctx.db, input.conversation_id);
  if (current.member_id !== me) {
    if (!canReplyToConversation(ctx.auth, current)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    return createStaffConversationReply(ctx, { conversation_id: current.id, message, file: upload });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, input.conversation_id, true);
    await addThread(ctx, tx, { conversation_id: row.id, type: 'customer', text: message, member_id: me, upload });
    await removeTags(tx, row.id, [TAG_USER_DELETED]);
    await addTags(tx, row.id, [TAG_USER_READ]);
    await tx.update(conversations).set({ status: 'active' }).where(eq(conversations.id, row.id));
    await announce(tx, row);
    return viewOf(tx, row.id, canReadAllConversations(ctx.auth));
  });
}

/**
 * A staff reply (a message: the creator is notified, it is unread again, status `status` or
 * pending) or a staff-only note (nothing else changes, the creator never sees it).
 */
export async function createStaffConversationReply(
  ctx: Context,
  input: { conversation_id: number; message: string; note?: boolean | null; file?: StoredUpload | null; status?: string | null },
): Promise<ConversationView> {
  const message = checkReply(input.message);
  const status = input.status != null ? checkStatus(input.status) : 'pending';
  const upload = checkAttachment(input.file);
  const actor = ctx.auth.member!;
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, input.conversation_id, true);
    // A reply to the creator is a staff reply only from support staff (SPEC 6); a note is anyone's who manages messages.
    if (!input.note && !(await isSupportStaff(tx, actor.id))) throw conversationError('CONVERSATION_NOT_SUPPORT_STAFF', {});
    if (input.note) {
      await addThread(ctx, tx, { conversation_id: row.id, type: 'note', text: message, member_id: actor.id, upload });
      await publishLive(tx, { kind: 'conversation', to: 'staff', conversationId: row.id });
      return viewOf(tx, row.id, true);
    }
    await addThread(ctx, tx, { conversation_id: row.id, type: 'message', text: message, member_id: actor.id, upload });
    await removeTags(tx, row.id, [TAG_USER_READ]);
    await tx.update(conversations).set({ status }).where(eq(conversations.id, row.id));
    await notifyReply(tx, actor.id, row, actor.username);
    await announce(tx, row);
    return viewOf(tx, row.id, true);
  });
}

function checkTags(tags: readonly string[] | null | undefined, field: string, staff: boolean): string[] {
  const clean = [...new Set((tags ?? []).map((t) => t.trim()))];
  for (const tag of clean) {
    if (!tag || tag.length > MAX_TAG_LENGTH || !TAG_PATTERN.test(tag)) throw conversationError('CONVERSATION_TAG_INVALID', { tag, max: MAX_TAG_LENGTH, field });
    if (!staff && !(CREATOR_TAGS as readonly string[]).includes(tag)) throw conversationError('CONVERSATION_TAG_NOT_ALLOWED', { tag, allowed: CREATOR_TAGS, field });
  }
  return clean;
}

/**
 * Adds, then removes, tags. The creator may set only user-read and user-deleted on their own
 * conversations; message staff (edit) any tag matching TAG_PATTERN.
 */
export async function tagConversation(
  ctx: Context,
  input: { id: number; add?: readonly string[] | null; remove?: readonly string[] | null },
): Promise<ConversationView> {
  const editor = canManageConversations(ctx.auth);
  const current = await loadRow(ctx.db, input.id);
  if (!canTagConversation(ctx.auth, current)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  const add = checkTags(input.add, 'add', editor);
  const remove = checkTags(input.remove, 'remove', editor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, input.id, true);
    const changed = (await addTags(tx, row.id, add)) + (await removeTags(tx, row.id, remove));
    if (changed) {
      await tx.update(conversations).set({ updated_at: new Date() }).where(eq(conversations.id, row.id));
      await announce(tx, row);
    }
    return viewOf(tx, row.id, canReadAllConversations(ctx.auth));
  });
}

async function updateConversation(ctx: Context, id: number, values: Partial<Pick<ConversationRow, 'status' | 'assignee_id'>>): Promise<ConversationView> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, id, true);
    const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => row[k] !== values[k]);
    if (changed) {
      await tx.update(conversations).set(values).where(eq(conversations.id, id));
      await announce(tx, row);
    }
    return viewOf(tx, id, true);
  });
}

export function closeConversation(ctx: Context, id: number): Promise<ConversationView> {
  return updateConversation(ctx, id, { status: 'closed' });
}

/** Assigns a conversation to a member on the support-staff list. */
export async function assignConversation(ctx: Context, id: number, memberId: number): Promise<ConversationView> {
  const member = await supportStaffMember(ctx.db, memberId);
  return updateConversation(ctx, id, { assignee_id: member.id });
}

export function unassignConversation(ctx: Context, id: number): Promise<ConversationView> {
  return updateConversation(ctx, id, { assignee_id: null });
}
