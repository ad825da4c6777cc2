import { and, asc, desc, eq, exists, ilike, inArray, isNull, notExists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_STATUSES,
  CREATOR_TAGS,
  SUBMISSIONS_MAILBOX,
  UNREAD_EXCLUDED_TAGS,
  type ConversationStatus,
  type ThreadType,
} from '@corner/domain';
import type { AuthState, Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conversationAttachments, conversationCustomFields, conversations, conversationTags, conversationThreads, members } from '../../db/schema/index';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { escapeLike } from '../../db/sql';
import { assertCanView, loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { conversationError } from './conversation.errors';
import { canFetchAttachment, canReadAllConversations } from './conversation.policy';

// Reading conversations: the creator's and the staff's lists, one conversation's threads and fields,
// the unread count, who may download an attachment. Writes are in conversation.service.ts.

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

/** A mailbox argument (the submissions mailbox when left out); an unknown one is refused. */
export function checkMailbox(mailbox: string | null | undefined): string {
  const value = mailbox ?? SUBMISSIONS_MAILBOX;
  if (!MAILBOXES.includes(value)) throw conversationError('CONVERSATION_MAILBOX_UNKNOWN', { mailbox: value });
  return value;
}

/** A status argument, one of the conversation statuses (else a validation error on `field`). */
export function checkStatus(status: string, field = 'status'): ConversationStatus {
  if (!(CONVERSATION_STATUSES as readonly string[]).includes(status)) {
    throw conversationError('CONVERSATION_STATUS_INVALID', { status, statuses: CONVERSATION_STATUSES, field });
  }
  return status as ConversationStatus;
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

/** A conversation's row, locked for update when asked. */
export async function loadRow(db: DbOrTx, id: number, forUpdate = false): Promise<ConversationRow> {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw conversationError('CONVERSATION_NOT_FOUND', { id });
  return row;
}

/** One conversation as a caller sees it (as message staff or not). */
export async function viewOf(db: DbOrTx, id: number, staff: boolean): Promise<ConversationView> {
  const [view] = await selectViews(db, staff, eq(conversations.id, id));
  if (!view) throw conversationError('CONVERSATION_NOT_FOUND', { id });
  return view;
}

/** A member's own conversations in a mailbox, without those carrying any of `excludeTags`. */
function ownConversationsWhere(db: DbOrTx, memberId: number | Placeholder, mailbox: string, excludeTags: readonly string[]) {
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
  return pageOf(ctx.db, canReadAllConversations(ctx.auth), where, input);
}

/**
 * A creator's unread conversations in the mailbox "submissions" (SPEC section 9), the same rule as
 * the badge's list, as a scalar subquery: the creator counters read it in their own statement.
 */
export function unreadConversationsCountSql(db: DbOrTx, memberId: number | Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from ${conversations} where ${ownConversationsWhere(db, memberId, SUBMISSIONS_MAILBOX, UNREAD_EXCLUDED_TAGS)})`;
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
  if (canReadAllConversations(auth)) return true;
  const [row] = await db
    .select({ member_id: conversations.member_id, type: conversationThreads.type })
    .from(conversationAttachments)
    .innerJoin(conversationThreads, eq(conversationThreads.id, conversationAttachments.thread_id))
    .innerJoin(conversations, eq(conversations.id, conversationThreads.conversation_id))
    .where(eq(conversationAttachments.id, attachmentId));
  return row !== undefined && canFetchAttachment(auth, row);
}

/** The creation a conversation is linked to, when the caller may view it (null otherwise, as when there is none). */
export async function linkedSubmission(ctx: Context, c: ConversationRow): Promise<SubmissionRow | null> {
  if (c.submission_id === null) return null;
  const s = await loadSubmission(ctx.db, c.submission_id).catch(() => null);
  if (!s) return null;
  try {
    assertCanView(ctx, s);
    return s;
  } catch {
    return null;
  }
}
