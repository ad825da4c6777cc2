import { pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/**
 * Who may do what with conversations: pure predicates over who asks and the conversation, named
 * after the actions. The services refuse with them.
 */

type Auth = Pick<AuthState, 'member' | 'permissions'>;

/** Staff who read every conversation (the messages page). */
export const MESSAGE_VIEW_PERMISSIONS: readonly string[] = [pagePermission('messages', 'view'), pagePermission('messages', 'edit')];
/** Staff who answer, note, tag, assign and close any conversation. */
export const MESSAGE_EDIT_PERMISSIONS: readonly string[] = [pagePermission('messages', 'edit')];

/** Message staff read every conversation, staff-only notes included. */
export function canReadAllConversations(auth: Auth): boolean {
  return holdsAny(auth, MESSAGE_VIEW_PERMISSIONS);
}

/** Message staff (edit) answer, note, tag, assign and close any conversation. */
export function canManageConversations(auth: Auth): boolean {
  return holdsAny(auth, MESSAGE_EDIT_PERMISSIONS);
}

/** A conversation: its creator, or message staff. */
export function canReadConversation(auth: Auth, c: { member_id: number }): boolean {
  return isOwnerOf(auth, c) || canReadAllConversations(auth);
}

/** Its creator replies as the creator; anyone else only as message staff (edit). */
export function canReplyToConversation(auth: Auth, c: { member_id: number }): boolean {
  return isOwnerOf(auth, c) || canManageConversations(auth);
}

/** Its creator tags their own conversation (read, deleted); message staff (edit) any. */
export const canTagConversation = canReplyToConversation;

/** A conversation may be about the caller's own creation, or any creation for message staff. */
export function canLinkCreation(auth: Auth, s: { member_id: number }): boolean {
  return isOwnerOf(auth, s) || canReadAllConversations(auth);
}

/** An attachment: message staff, or the conversation's creator unless it hangs on a staff-only note. */
export function canFetchAttachment(auth: Auth, thread: { member_id: number; type: string }): boolean {
  return canReadAllConversations(auth) || (isOwnerOf(auth, thread) && thread.type !== 'note');
}
