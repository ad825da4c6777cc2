import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { NotificationType } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { emails, memberPreferences, members, notifications } from '../../db/schema/index';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { publishLive } from '../live/live.service';
import { digestEmail, notificationEmail, PORTAL_ADDRESS, type EmailContent } from './email.templates';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationInput {
  member_id: number;
  type: NotificationType;
  message: string;
  reference: string | null;
}

/** Member preference `notification_option`: what goes out by e-mail. */
export const NotificationOption = { NONE: 0, EACH: 1, DAILY: 2 } as const;

/** How far back the daily summary looks. */
const DIGEST_WINDOW_MS = 24 * 3_600_000;

interface Recipient {
  email: string;
  username: string;
  notification_option: number;
  notification_on_approved: boolean;
  notification_on_publish: boolean;
}

/** A member with their e-mail preferences (the defaults for one who never saved any); null when unknown. */
async function loadRecipient(db: DbOrTx, memberId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: members.email,
      username: members.username,
      notification_option: sql<number>`coalesce(${memberPreferences.notification_option}, ${NotificationOption.EACH})`.mapWith(Number),
      notification_on_approved: sql<boolean>`coalesce(${memberPreferences.notification_on_approved}, true)`,
      notification_on_publish: sql<boolean>`coalesce(${memberPreferences.notification_on_publish}, true)`,
    })
    .from(members)
    .leftJoin(memberPreferences, eq(memberPreferences.member_id, members.id))
    .where(eq(members.id, memberId));
  return row ?? null;
}

/** The kinds a member turned off: approved and published e-mails have switches of their own. */
function wantsKind(r: Pick<Recipient, 'notification_on_approved' | 'notification_on_publish'>, type: string): boolean {
  if (type === 'approved') return r.notification_on_approved;
  if (type === 'published') return r.notification_on_publish;
  return true;
}

function hasAddress(r: Recipient): boolean {
  return r.email.trim().includes('@');
}

/** Puts an e-mail in the outbox and wakes the senders (when the transaction commits). */
async function queueEmail(tx: DbOrTx, memberId: number, to: string, kind: string, content: EmailContent): Promise<void> {
  await tx.insert(emails).values({ member_id: memberId, to_address: to.trim(), kind, ...content });
  await publishLive(tx, { kind: 'email', to: [] });
}

/**
 * Records a notification for a member, announces it live and, when the member's preferences ask
 * for an e-mail for each notification (option 1, and for approved / published only when those
 * switches are on), puts the e-mail in the outbox. Everything happens in the caller's transaction:
 * nothing is shown or sent when it rolls back, and the caller never waits for the mail server.
 */
export async function notify(tx: DbOrTx, input: NotificationInput): Promise<void> {
  const recipient = await loadRecipient(tx, input.member_id);
  const emailNow =
    recipient !== null && hasAddress(recipient) && recipient.notification_option === NotificationOption.EACH && wantsKind(recipient, input.type);
  const now = new Date();
  await tx.insert(notifications).values({
    member_id: input.member_id,
    type: input.type,
    message: input.message,
    reference: input.reference,
    emailed_at: emailNow ? now : null,
  });
  await publishLive(tx, { kind: 'notification', to: [input.member_id] });
  if (emailNow) {
    const content = notificationEmail(PORTAL_ADDRESS, recipient.username, { ...input, created_at: now });
    await queueEmail(tx, input.member_id, recipient.email, input.type, content);
  }
}

export interface NotificationList extends Page<NotificationRow> {
  /** The member's unseen notifications, all of them (not only this page). */
  unseen: number;
}

/** The signed-in member's own notifications, newest first, with how many are unseen. */
export async function listNotifications(
  ctx: Context,
  input: { first?: number | null; page?: number | null; unseen_only?: boolean | null },
): Promise<NotificationList> {
  const memberId = ctx.auth.member!.id;
  const mine = eq(notifications.member_id, memberId);
  const where = input.unseen_only ? and(mine, eq(notifications.seen, false)) : mine;
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const [data, [counts]] = await Promise.all([
    ctx.db.select().from(notifications).where(where).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(limit).offset(offset),
    ctx.db
      .select({
        total: sql<number>`count(*) filter (where ${input.unseen_only ? sql`${notifications.seen} = false` : sql`true`})`.mapWith(Number),
        unseen: sql<number>`count(*) filter (where ${notifications.seen} = false)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { data, paginatorInfo: paginatorInfo(counts?.total ?? 0, data.length, perPage, currentPage), unseen: counts?.unseen ?? 0 };
}

/**
 * Marks the signed-in member's notifications seen: those of `ids` (others' ids are ignored), or
 * all when `ids` is omitted. Answers how many changed; the member's other tabs hear of it.
 */
export async function clearNotifications(ctx: Context, ids: readonly number[] | null | undefined): Promise<number> {
  const memberId = ctx.auth.member!.id;
  if (ids && ids.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ seen: true, updated_at: new Date() })
      .where(and(eq(notifications.member_id, memberId), eq(notifications.seen, false), ids ? inArray(notifications.id, [...ids]) : undefined))
      .returning({ id: notifications.id });
    if (changed.length > 0) await publishLive(tx, { kind: 'notification', to: [memberId] });
    return changed.length;
  });
}

export interface DigestResult {
  /** Summaries written to the outbox. */
  emails: number;
  /** Notifications they carry. */
  notifications: number;
}

/**
 * The daily summary (notification option 2): for each member who asked for one, the notifications
 * of the last day not yet e-mailed (approved / published ones only when those switches are on)
 * go into one e-mail, and are marked e-mailed in the same transaction, so a second run, or a run
 * in another process, finds nothing to send twice.
 */
export async function writeDailyDigests(db: DbOrTx, now = new Date()): Promise<DigestResult> {
  const since = new Date(now.getTime() - DIGEST_WINDOW_MS);
  const due = await db
    .selectDistinct({ member_id: notifications.member_id })
    .from(notifications)
    .innerJoin(memberPreferences, eq(memberPreferences.member_id, notifications.member_id))
    .where(
      and(
        eq(memberPreferences.notification_option, NotificationOption.DAILY),
        isNull(notifications.emailed_at),
        gte(notifications.created_at, since),
        lte(notifications.created_at, now),
      ),
    )
    .orderBy(notifications.member_id);
  const result: DigestResult = { emails: 0, notifications: 0 };
  for (const { member_id } of due) {
    const sent = await db.transaction(async (tx) => {
      const recipient = await loadRecipient(tx, member_id);
      if (!recipient || recipient.notification_option !== NotificationOption.DAILY || !hasAddress(recipient)) return 0;
      const kinds = or(
        sql`${notifications.type} not in ('approved', 'published')`,
        recipient.notification_on_approved ? eq(notifications.type, 'approved') : undefined,
        recipient.notification_on_publish ? eq(notifications.type, 'published') : undefined,
      );
      // Claiming the rows by setting emailed_at is what makes two runs never send the same one.
      const items = await tx
        .update(notifications)
        .set({ emailed_at: now })
        .where(and(eq(notifications.member_id, member_id), isNull(notifications.emailed_at), gte(notifications.created_at, since), lte(notifications.created_at, now), kinds))
        .returning();
      if (items.length === 0) return 0;
      items.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
      await queueEmail(tx, member_id, recipient.email, 'digest', digestEmail(PORTAL_ADDRESS, recipient.username, items));
      return items.length;
    });
    if (sent > 0) {
      result.emails += 1;
      result.notifications += sent;
    }
  }
  return result;
}

/** The outbox rows of a member, newest first (tests and support questions). */
export async function listEmails(db: DbOrTx, memberId: number) {
  return db.select().from(emails).where(eq(emails.member_id, memberId)).orderBy(desc(emails.created_at), desc(emails.id));
}
