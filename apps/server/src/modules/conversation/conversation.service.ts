import { and, asc, desc, eq, exists, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_STATUSES,
  CREATOR_TAGS,
  hasPermission,
  MAX_ATTACHMENT_BYTES,
  MAX_TAG_LENGTH,
  newMessageInput,
  pagePermission,
  portalPaths,
  replyInput,
  SUBMISSIONS_MAILBOX,
  UNREAD_EXCLUDED_TAGS,
  SUPPORT_STAFF_PAGE_SIZE,
  TAG_PATTERN,
  TAG_USER_DELETED,
  TAG_USER_READ,
  type ConversationStatus,
  type ThreadType,
} from '@corner/domain';
import type { Context } from '../../context';
import type { AuthState } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  conversationAttachments,
  conversationCustomFields,
  conversations,
  conversationTags,
  conversationThreads,
  members,
  supportStaff,
} from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import type { StoredUpload } from '../../storage/upload';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { escapeLike } from '../../db/sql';
import { claimUpload } from '../file/blob.service';
import { publishLive } from '../live/live.service';
import { notify } from '../notification/notification.service';
import { isOwner, loadSubmission } from '../submission/submission.access';
import { conversationError } from './conversation.errors';

export type ConversationRow = typeof conversations.$inferSelect;
export type ThreadRow = typeof conversationThreads.$inferSelect;
export type AttachmentRow = typeof conversationAttachments.$inferSelect;

/**
 * A conversation as one caller sees it: staff see every tag, notes and note-counting previews; a
 * creator sees only their own tags and never a note.
 */
export interface ConversationView extends ConversationRow {
  tags: string[];
  preview: string;
  /** The type of the thread the preview comes from ('note' only in a staff view); null without threads. */
  previewType: ThreadType | null;
  threadCount: number;
  /** Whether the view was made for message staff (notes and staff tags included). */
  isStaffView: boolean;
}

export interface ThreadView extends ThreadRow {
  attachments: AttachmentRow[];
}

/** Mailboxes conversations may live in. */
export const MAILBOXES: readonly string[] = [SUBMISSIONS_MAILBOX];
/** Characters of the newest thread shown as a conversation's preview. */
export const PREVIEW_LENGTH = 140;

/** Staff who read every conversation (the messages page). */
export const MESSAGE_VIEW_PERMISSIONS: readonly string[] = [pagePermission('messages', 'view'), pagePermission('messages', 'edit')];
/** Staff who answer, tag, assign and close conversations. */
export const MESSAGE_EDIT_PERMISSIONS: readonly string[] = [pagePermission('messages', 'edit')];

export function isMessageStaff(auth: Pick<AuthState, 'member' | 'permissions'>): boolean {
  return auth.member !== null && hasPermission(auth.permissions, MESSAGE_VIEW_PERMISSIONS);
}

function isMessageEditor(ctx: Context): boolean {
  return ctx.auth.member !== null && hasPermission(ctx.auth.permissions, MESSAGE_EDIT_PERMISSIONS);
}

function checkMailbox(mailbox: string | null | undefined): string {
  const value = mailbox ?? SUBMISSIONS_MAILBOX;
  if (!MAILBOXES.includes(value)) throw conversationError('CONVERSATION_MAILBOX_UNKNOWN', { mailbox: value });
  return value;
}

function checkStatus(status: string, field = 'status'): ConversationStatus {
  if (!(CONVERSATION_STATUSES as readonly string[]).includes(status)) {
    throw conversationError('CONVERSATION_STATUS_INVALID', { status, statuses: CONVERSATION_STATUSES, field });
  }
  return status as ConversationStatus;
}

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

/** Threads a viewer sees: everything for message staff, no notes for anyone else. */
function visibleThreads(staff: boolean): SQL {
  return staff ? sql`true` : sql`${conversationThreads.type} <> 'note'`;
}

/** The same rule inside the subqueries below, where threads are `th`. */
function visibleIn(staff: boolean): SQL {
  return staff ? sql`true` : sql`th.type <> 'note'`;
}

/** Conversations with their tags, preview and visible thread count, newest activity first. */
async function selectViews(db: DbOrTx, staff: boolean, where: SQL | undefined, window?: { limit: number; offset: number }): Promise<ConversationView[]> {
  const visible = visibleIn(staff);
  // Correlated subqueries name the outer row in full: drizzle writes a bare column name here.
  const query = db
    .select({
      c: conversations,
      tags: sql<string[]>`coalesce((select json_agg(t.tag order by t.tag) from conversation_tags t where t.conversation_id = "conversations"."id"), '[]'::json)`,
      preview: sql<{ text: string; type: ThreadType } | string | null>`(select json_build_object('text', th.text, 'type', th.type) from conversation_threads th
        where th.conversation_id = "conversations"."id" and ${visible}
        order by th.created_at desc, th.id desc limit 1)`,
      threadCount: sql<number>`(select count(*) from conversation_threads th where th.conversation_id = "conversations"."id" and ${visible})`.mapWith(Number),
    })
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.last_activity_at), desc(conversations.id))
    .$dynamic();
  const found = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return found.map(({ c, tags, preview, threadCount }) => {
    const newest = typeof preview === 'string' ? (JSON.parse(preview) as { text: string; type: ThreadType }) : preview;
    return {
    ...c,
    tags: (typeof tags === 'string' ? (JSON.parse(tags) as string[]) : tags).filter((t) => staff || (CREATOR_TAGS as readonly string[]).includes(t)),
    preview: cut(newest?.text ?? ''),
    previewType: newest?.type ?? null,
    threadCount,
    isStaffView: staff,
  };
  });
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}

async function pageOf(db: DbOrTx, staff: boolean, where: SQL | undefined, input: { first?: number | null; page?: number | null }): Promise<Page<ConversationView>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const [data, [count]] = await Promise.all([
    selectViews(db, staff, where, { limit, offset }),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(conversations).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

async function loadRow(db: DbOrTx, id: number, forUpdate = false): Promise<ConversationRow> {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw conversationError('CONVERSATION_NOT_FOUND', { id });
  return row;
}

async function viewOf(db: DbOrTx, id: number, staff: boolean): Promise<ConversationView> {
  const [view] = await selectViews(db, staff, eq(conversations.id, id));
  if (!view) throw conversationError('CONVERSATION_NOT_FOUND', { id });
  return view;
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

/** A member's own conversations in a mailbox, without those carrying any of `excludeTags`. */
function ownConversationsWhere(db: DbOrTx, memberId: number, mailbox: string, excludeTags: readonly string[]) {
  const exclude = [...new Set(excludeTags)];
  return and(
    eq(conversations.member_id, memberId),
    eq(conversations.mailbox_id, mailbox),
    exclude.length
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(conversationTags)
            .where(and(eq(conversationTags.conversation_id, conversations.id), inArray(conversationTags.tag, exclude))),
        )
      : undefined,
  );
}

/** The signed-in member's own conversations in a mailbox, newest activity first, without those carrying any of `exclude_tags`. */
export async function listOwnConversations(
  ctx: Context,
  input: { first?: number | null; page?: number | null; mailbox?: string | null; exclude_tags?: readonly string[] | null },
): Promise<Page<ConversationView>> {
  const where = ownConversationsWhere(ctx.db, ctx.auth.member!.id, checkMailbox(input.mailbox), input.exclude_tags ?? []);
  return pageOf(ctx.db, isMessageStaff(ctx.auth), where, input);
}

/** A creator's unread conversations in the mailbox "submissions" (SPEC section 9): the same rule as the badge's list. */
export async function countUnreadConversations(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(ownConversationsWhere(db, memberId, SUBMISSIONS_MAILBOX, UNREAD_EXCLUDED_TAGS));
  return row?.n ?? 0;
}

export interface ConversationSearch {
  first?: number | null;
  page?: number | null;
  mailbox?: string | null;
  status?: readonly string[] | null;
  assignee_id?: number | null;
  unassigned?: boolean | null;
  tag?: string | null;
  submission_id?: number | null;
  phrase?: string | null;
  member_id?: number | null;
}

/**
 * Staff: every conversation of a mailbox, newest activity first. A `phrase` that is a number (`12`
 * or `#12`) finds that conversation number only, as content search does with ids; any other phrase
 * matches the subject, a thread's text or the creator's name (case-insensitive, anywhere).
 */
export async function searchConversations(ctx: Context, input: ConversationSearch): Promise<Page<ConversationView>> {
  const mailbox = checkMailbox(input.mailbox);
  const statuses = input.status?.map((s) => checkStatus(s)) ?? null;
  const phrase = input.phrase?.trim() ?? '';
  const number = /^#?(\d{1,9})$/.exec(phrase)?.[1];
  const like = `%${escapeLike(phrase)}%`;
  const where = and(
    eq(conversations.mailbox_id, mailbox),
    statuses?.length ? inArray(conversations.status, statuses) : undefined,
    input.assignee_id != null ? eq(conversations.assignee_id, input.assignee_id) : undefined,
    input.unassigned ? isNull(conversations.assignee_id) : undefined,
    input.member_id != null ? eq(conversations.member_id, input.member_id) : undefined,
    input.submission_id != null ? eq(conversations.submission_id, input.submission_id) : undefined,
    input.tag
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(conversationTags)
            .where(and(eq(conversationTags.conversation_id, conversations.id), eq(conversationTags.tag, input.tag))),
        )
      : undefined,
    number !== undefined
      ? eq(conversations.number, Number(number))
      : phrase
      ? or(
          ilike(conversations.subject, like),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(conversationThreads)
              .where(and(eq(conversationThreads.conversation_id, conversations.id), ilike(conversationThreads.text, like))),
          ),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(members)
              .where(and(eq(members.id, conversations.member_id), ilike(members.username, like))),
          ),
        )
      : undefined,
  );
  return pageOf(ctx.db, true, where, input);
}

/**
 * One conversation, for its creator or message staff (another creator: NOT_OWNER). The creator
 * reading it marks it read (tag user-read), in this request.
 */
export async function getConversation(ctx: Context, id: number): Promise<ConversationView> {
  const staff = isMessageStaff(ctx.auth);
  const row = await loadRow(ctx.db, id);
  const owner = row.member_id === ctx.auth.member?.id;
  if (!owner && !staff) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  if (!owner) return viewOf(ctx.db, id, staff);
  return ctx.db.transaction(async (tx) => {
    if (await addTags(tx, id, [TAG_USER_READ])) {
      await tx.update(conversations).set({ updated_at: new Date() }).where(eq(conversations.id, id));
      await announce(tx, row);
    }
    return viewOf(tx, id, staff);
  });
}

/** A conversation's threads as the caller may see them (no notes for creators), oldest first, with attachments. */
export async function threadsOf(ctx: Context, c: ConversationView): Promise<ThreadView[]> {
  const threads = await ctx.db
    .select()
    .from(conversationThreads)
    .where(and(eq(conversationThreads.conversation_id, c.id), visibleThreads(c.isStaffView)))
    .orderBy(asc(conversationThreads.created_at), asc(conversationThreads.id));
  if (!threads.length) return [];
  const attachments = await ctx.db
    .select()
    .from(conversationAttachments)
    .where(inArray(conversationAttachments.thread_id, threads.map((t) => t.id)))
    .orderBy(asc(conversationAttachments.id));
  return threads.map((t) => ({ ...t, attachments: attachments.filter((a) => a.thread_id === t.id) }));
}

/** A conversation's custom fields: the linked creation as `submission_id`, and any others stored. */
export async function customFieldsOf(db: DbOrTx, c: ConversationRow): Promise<{ name: string; value: string }[]> {
  const stored = await db
    .select({ name: conversationCustomFields.name, value: conversationCustomFields.value })
    .from(conversationCustomFields)
    .where(eq(conversationCustomFields.conversation_id, c.id))
    .orderBy(asc(conversationCustomFields.name));
  const others = stored.filter((f) => f.name !== 'submission_id');
  return c.submission_id !== null ? [{ name: 'submission_id', value: String(c.submission_id) }, ...others] : others;
}

/** The path an attachment is downloaded from (http/media-routes.ts). */
export function attachmentPath(a: Pick<AttachmentRow, 'id'>): string {
  return `/attachments/${a.id}`;
}

export function attachmentUrl(ctx: Context, a: Pick<AttachmentRow, 'id'>): string {
  return ctx.urlSigner.sign(attachmentPath(a));
}

/** Who may download an attachment: the conversation's creator and message staff. */
export async function mayFetchAttachment(db: DbOrTx, auth: AuthState, attachmentId: number): Promise<boolean> {
  if (!auth.member) return false;
  if (isMessageStaff(auth)) return true;
  const [row] = await db
    .select({ member_id: conversations.member_id, type: conversationThreads.type })
    .from(conversationAttachments)
    .innerJoin(conversationThreads, eq(conversationThreads.id, conversationAttachments.thread_id))
    .innerJoin(conversations, eq(conversations.id, conversationThreads.conversation_id))
    .where(eq(conversationAttachments.id, attachmentId));
  return row !== undefined && row.member_id === auth.member.id && row.type !== 'note';
}

/** The creation a conversation may be linked to: the caller's own, or any for message staff. */
async function linkableSubmission(ctx: Context, tx: DbOrTx, submissionId: number | null | undefined): Promise<number | null> {
  if (submissionId == null) return null;
  const s = await loadSubmission(tx, submissionId);
  if (!isOwner(ctx, s) && !isMessageStaff(ctx.auth)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
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
    return viewOf(tx, row.id, isMessageStaff(ctx.auth));
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
    if (!isMessageEditor(ctx)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    return createStaffConversationReply(ctx, { conversation_id: current.id, message, file: upload });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, input.conversation_id, true);
    await addThread(ctx, tx, { conversation_id: row.id, type: 'customer', text: message, member_id: me, upload });
    await removeTags(tx, row.id, [TAG_USER_DELETED]);
    await addTags(tx, row.id, [TAG_USER_READ]);
    await tx.update(conversations).set({ status: 'active' }).where(eq(conversations.id, row.id));
    await announce(tx, row);
    return viewOf(tx, row.id, isMessageStaff(ctx.auth));
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
  const editor = isMessageEditor(ctx);
  const current = await loadRow(ctx.db, input.id);
  if (current.member_id !== ctx.auth.member?.id && !editor) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  const add = checkTags(input.add, 'add', editor);
  const remove = checkTags(input.remove, 'remove', editor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadRow(tx, input.id, true);
    const changed = (await addTags(tx, row.id, add)) + (await removeTags(tx, row.id, remove));
    if (changed) {
      await tx.update(conversations).set({ updated_at: new Date() }).where(eq(conversations.id, row.id));
      await announce(tx, row);
    }
    return viewOf(tx, row.id, isMessageStaff(ctx.auth));
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
  const [member] = await ctx.db
    .select({ id: members.id, username: members.username, staff: supportStaff.email })
    .from(members)
    .leftJoin(supportStaff, sql`lower(${supportStaff.email}) = lower(${members.email})`)
    .where(and(eq(members.id, memberId), isNull(members.deleted_at)));
  if (!member) throw conversationError('CONVERSATION_MEMBER_NOT_FOUND', { id: memberId });
  if (!member.staff) throw conversationError('CONVERSATION_ASSIGNEE_NOT_STAFF', { name: member.username });
  return updateConversation(ctx, id, { assignee_id: member.id });
}

export function unassignConversation(ctx: Context, id: number): Promise<ConversationView> {
  return updateConversation(ctx, id, { assignee_id: null });
}

/** Members whose e-mail is on the support-staff list, by name, SUPPORT_STAFF_PAGE_SIZE a page. */
export async function listSupportStaff(
  ctx: Context,
  input: { first?: number | null; page?: number | null; mailbox?: string | null },
): Promise<Page<{ id: number; username: string }>> {
  checkMailbox(input.mailbox);
  const { perPage, currentPage, limit, offset } = pageWindow(input.first ?? SUPPORT_STAFF_PAGE_SIZE, input.page);
  const where = and(isNull(members.deleted_at), sql`exists (select 1 from ${supportStaff} where lower(${supportStaff.email}) = lower(${members.email}))`);
  const [data, [count]] = await Promise.all([
    ctx.db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(where)
      .orderBy(sql`lower(${members.username})`, asc(members.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(members).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}
