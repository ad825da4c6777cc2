import { hasPermission, pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';

/** Who hears which live events: pure predicates over who asks. */

/** Message staff (the messages page), who follow every conversation. */
const MESSAGE_STAFF = [pagePermission('messages', 'view'), pagePermission('messages', 'edit')];

/** Message staff hear every conversation's changes; everyone else only their own. */
export function hearsAllConversations(auth: Pick<AuthState, 'member' | 'permissions'>): boolean {
  return auth.member !== null && hasPermission(auth.permissions, MESSAGE_STAFF);
}
