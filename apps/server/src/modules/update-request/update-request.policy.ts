import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import type { SubmissionRow } from '../submission/submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/**
 * Who may do what with update requests: pure predicates over who asks and the creation, named
 * after the actions. The service refuses with them.
 */

/** Staff who read update requests: the updated page (deciding) and the testing page (testing them). */
export const UPDATE_REQUEST_VIEW_PERMISSIONS: readonly string[] = [
  pagePermission('updated', 'view'),
  pagePermission('updated', 'edit'),
  pagePermission('testing', 'view'),
  pagePermission('testing', 'edit'),
];
/** Staff who approve or reject update requests. */
export const UPDATE_REQUEST_EDIT_PERMISSION = pagePermission('updated', 'edit');

type Owned = Pick<SubmissionRow, 'member_id'>;

/** Staff of the updated or testing pages read every creation's update requests. */
export function canReadAllUpdateRequests(auth: AuthState): boolean {
  return holdsAny(auth, UPDATE_REQUEST_VIEW_PERMISSIONS);
}

/** The creation's owner, or staff who read update requests. */
export function canReadUpdateRequests(auth: AuthState, s: Owned): boolean {
  return isOwnerOf(auth, s) || canReadAllUpdateRequests(auth);
}

/** Only the owner sends an update of their creation, or takes back a pending one. */
export function canRequestUpdate(auth: AuthState, s: Owned): boolean {
  return isOwnerOf(auth, s);
}

/** A request's tests carry staff-only notes: staff (admin access or the pages above) read them. */
export function canReadUpdateRequestTests(auth: AuthState): boolean {
  return holdsAny(auth, [ADMIN_ACCESS, ...UPDATE_REQUEST_VIEW_PERMISSIONS]);
}

/**
 * What an update changes against the approved version is for the staff who review updates (the
 * updated and testing pages): it names every resource of the files, which the creator knows already.
 */
export function canReadUpdateDiff(auth: AuthState): boolean {
  return canReadAllUpdateRequests(auth);
}
