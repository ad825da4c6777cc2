/** The one mailbox creators and staff talk in (SPEC section 9). */
export const SUBMISSIONS_MAILBOX = 'submissions';

/** Conversation states (DESIGN section 6): waiting for staff, waiting for the creator, or done. */
export const CONVERSATION_STATUSES = ['active', 'pending', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * Thread types: a creator's message, a staff reply, a staff-only note, and a system entry (a
 * creation's status change), in help-desk terms.
 */
export const THREAD_TYPES = ['customer', 'message', 'note', 'lineitem'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

/** The creator has read the conversation's newest staff reply. */
export const TAG_USER_READ = 'user-read';
/** The creator removed the conversation from their list. */
export const TAG_USER_DELETED = 'user-deleted';
/** Conversations with any of these tags are not unread: the unread badge leaves them out (SPEC section 9). */
export const UNREAD_EXCLUDED_TAGS = ['user-read', 'user-deleted'] as const;
/** Tags only the creator's own actions set; staff tags are everything else. */
export const CREATOR_TAGS = [TAG_USER_READ, TAG_USER_DELETED] as const;

/** Unread conversations are fetched this many a page (SPEC section 9). */
export const UNREAD_PAGE_SIZE = 99;
/** The support-staff list is fetched this many a page (SPEC section 9). */
export const SUPPORT_STAFF_PAGE_SIZE = 100;

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 20_000;
export const MAX_TAG_LENGTH = 40;
/** Largest attachment on a message (bytes). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** A staff tag: lower case letters, digits and dashes. */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** Whether the new message dialog may send (both fields non-empty after trimming). */
export function canSendNewMessage(subject: string, message: string): boolean {
  return subject.trim().length > 0 && message.trim().length > 0;
}

/** What notifications are about (DESIGN section 6). */
export const NOTIFICATION_TYPES = ['approved', 'published', 'rejected', 'test_failed', 'update_approved', 'reply', 'report'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where things live in the portal; notifications and e-mails link to these. */
export const portalPaths = {
  conversation: (id: number) => `/messages/${id}`,
  staffConversation: (id: number) => `/staff/messages/${id}`,
  creation: (modelType: string, id: number) => `/my-creations/edit/step-1/${modelType}/${id}`,
  review: (id: number) => `/staff/review/${id}`,
  preferences: () => '/preferences',
};
