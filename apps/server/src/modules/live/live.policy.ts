import { pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny } from '../../auth-checks';

/** Who hears which live events: pure predicates over who asks. */

/** Message staff (the messages page), who follow every conversation. */
const MESSAGE_STAFF = [pagePermission('messages', 'view'), pagePermission('messages', 'edit')];

/** Message staff hear every conversation's changes; everyone else only their own. */
export function hearsAllConversations(auth: Pick<AuthState, 'member' | 'permissions'>): boolean {
  return holdsAny(auth, MESSAGE_STAFF);
}
