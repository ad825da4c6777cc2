import { ADMIN_ACCESS } from '@corner/domain';
import type { AuthState } from '../../context';
import type { SubmissionRow } from '../submission/submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/** Who may read a creation's history: pure predicates over who asks and the creation. */

/** Staff (admin access) read every history, with staff-only entries (who held the review lock). */
export function canReadStaffHistory(auth: AuthState): boolean {
  return holdsAny(auth, ADMIN_ACCESS);
}

/** The creation's owner and staff. */
export function canReadHistory(auth: AuthState, s: Pick<SubmissionRow, 'member_id'>): boolean {
  return canReadStaffHistory(auth) || isOwnerOf(auth, s);
}
