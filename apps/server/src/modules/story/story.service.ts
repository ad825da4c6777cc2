import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { portalPaths, TAG_USER_DELETED, TAG_USER_READ, type NotificationType } from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { conversationCustomFields, conversations, conversationTags, conversationThreads, members, submissions } from '../../db/schema/index';
import { publishLive } from '../live/live.service';
import { notify } from '../notification/notification.service';
import type { SubmissionRow } from '../submission/submission.access';
import { notFoundError } from '../../errors';

/** The changes of a creation's status its story records. */
export type CreationEventKind = 'submitted' | 'test_failed' | 'approved' | 'rejected' | 'published' | 'update_approved' | 'reported' | 'decision_undone';

export interface CreationEvent {
  submission_id: number;
  kind: CreationEventKind;
  /** Who did it; null when the system did (publication). */
  actor_id: number | null;
  /** What the entry should add: the rejection text, the kind of report, what an undo took back. */
  detail?: string | null;
}

/** The notification each kind sends the creation's owner; kinds left out send none. */
const NOTIFIED: Partial<Record<CreationEventKind, NotificationType>> = {
  approved: 'approved',
  published: 'published',
  rejected: 'rejected',
  test_failed: 'test_failed',
  update_approved: 'update_approved',
  reported: 'report',
};

/** Namespace of the per-creation advisory lock, so two events never open two story conversations. */
const STORY_LOCK = 7_301_006;

/** `2026-12-01 10:00 UTC`: one way of writing a date for creators wherever they are. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function publishDate(s: SubmissionRow, detail: string | null | undefined): string | null {
  if (detail) return detail;
  return s.publish_at ? formatUtc(s.publish_at) : null;
}

/** The system entry's text, as the creator and staff read it in the conversation. */
export function storyText(event: CreationEvent, s: SubmissionRow, actorName: string | null): string {
  const by = actorName ? ` by ${actorName}` : '';
  const detail = event.detail?.trim() || null;
  switch (event.kind) {
    case 'submitted':
      return `Submitted for review${by}.`;
    case 'test_failed':
      return detail ? `A test failed: ${detail}` : `A test failed${by}; see the test notes on the creation.`;
    case 'approved': {
      const date = publishDate(s, detail);
      return `Approved${by}${date ? `; publishes on ${date}` : ''}.`;
    }
    case 'rejected': {
      const reasons = detail ?? s.latest_rejection_reason;
      return reasons ? `Rejected${by}: ${reasons}` : `Rejected${by}.`;
    }
    case 'published': {
      const date = s.publish_at ? formatUtc(s.publish_at) : null;
      return `Published${date ? ` on ${date}` : ''}.`;
    }
    case 'update_approved':
      return detail ? `Update approved${by}: ${detail}` : `Update approved${by}; the new files are live.`;
    case 'reported':
      // Who reported it is for staff, not for the reported creator.
      return detail ? `Reported by a member: ${detail}` : 'Reported by a member.';
    case 'decision_undone':
      return `Decision undone${by}${detail ? ` (${detail})` : ''}; the creation is ${s.status} again.`;
  }
}

function notificationText(event: CreationEvent, s: SubmissionRow): string {
  const name = `“${s.name}”`;
  switch (event.kind) {
    case 'approved': {
      const date = publishDate(s, event.detail);
      return `${name} was approved${date ? ` and publishes on ${date}` : ''}.`;
    }
    case 'published':
      return `${name} is published.`;
    case 'rejected':
      return `${name} was rejected. See the reasons in its messages.`;
    case 'test_failed':
      return `A test of ${name} failed.`;
    case 'update_approved':
      return `The update of ${name} was approved.`;
    case 'reported':
      return `${name} was reported${event.detail ? `: ${event.detail}` : ''}.`;
    default:
      return name;
  }
}

/**
 * The creation's conversation: the oldest one linked to it that its creator has not deleted, or a
 * new one (subject the creation's name, closed so that system entries alone never wait in the
 * staff queue; read when the owner's own action opened it). Call under the story lock.
 */
async function storyConversation(tx: DbOrTx, s: SubmissionRow, actorId: number | null): Promise<{ id: number; member_id: number }> {
  const [found] = await tx
    .select({ id: conversations.id, member_id: conversations.member_id })
    .from(conversations)
    .where(
      and(
        eq(conversations.submission_id, s.id),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(conversationTags)
            .where(and(eq(conversationTags.conversation_id, conversations.id), eq(conversationTags.tag, TAG_USER_DELETED))),
        ),
      ),
    )
    .orderBy(asc(conversations.created_at), asc(conversations.id))
    .limit(1);
  if (found) return found;
  const [created] = await tx
    .insert(conversations)
    .values({ subject: s.name, member_id: s.member_id, status: 'closed', submission_id: s.id })
    .returning({ id: conversations.id, member_id: conversations.member_id });
  await tx.insert(conversationCustomFields).values({ conversation_id: created!.id, name: 'submission_id', value: String(s.id) });
  // Opened by the owner's own action (submitting): nothing in it is news to them.
  if (actorId === s.member_id) await tx.insert(conversationTags).values({ conversation_id: created!.id, tag: TAG_USER_READ });
  return created!;
}

/**
 * Records a change of a creation's status in its story: a system entry (lineitem) in the
 * creation's conversation, which changes neither its status nor its read tags, and for the kinds
 * creators are told about, a notification to the owner (never to an owner who did it themselves).
 * Set items follow their set and are not recorded. Runs in the caller's transaction.
 */
export async function recordStoryAndNotify(tx: DbOrTx, event: CreationEvent): Promise<void> {
  // The row as this transaction sees it (the caller has just changed it); read here, so that the
  // story depends on the table alone and any module may tell it.
  const [s] = await tx.select().from(submissions).where(eq(submissions.id, event.submission_id));
  if (!s) throw notFoundError(`Creation ${event.submission_id}`);
  if (s.model_type === 'set_item') return;
  const [actor] = event.actor_id !== null ? await tx.select({ username: members.username }).from(members).where(eq(members.id, event.actor_id)) : [];
  await tx.execute(sql`select pg_advisory_xact_lock(${STORY_LOCK}, ${s.id})`);
  const conversation = await storyConversation(tx, s, event.actor_id);
  const [thread] = await tx
    .insert(conversationThreads)
    .values({ conversation_id: conversation.id, type: 'lineitem', text: storyText(event, s, actor?.username ?? null), member_id: event.actor_id })
    .returning({ created_at: conversationThreads.created_at });
  await tx.update(conversations).set({ last_activity_at: thread!.created_at }).where(eq(conversations.id, conversation.id));
  await publishLive(tx, { kind: 'conversation', to: [conversation.member_id], conversationId: conversation.id });
  await publishLive(tx, { kind: 'conversation', to: 'staff', conversationId: conversation.id });
  const type = NOTIFIED[event.kind];
  if (type && event.actor_id !== s.member_id) {
    await notify(tx, { member_id: s.member_id, type, message: notificationText(event, s), reference: portalPaths.creation(s.model_type, s.id) });
  }
}
