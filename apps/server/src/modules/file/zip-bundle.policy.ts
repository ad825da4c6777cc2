import { pagePermissions } from '@corner/domain';
import type { AuthState } from '../../context';
import { STAFF_VIEW_PERMISSIONS } from '../submission/submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/** Who may ask for and follow zip downloads: pure predicates over who asks and the bundle. */

type Auth = Pick<AuthState, 'member' | 'permissions'>;

/** Staff of file management, who build baskets of files from several creations. */
export const BASKET_VIEW_PERMISSIONS = pagePermissions('file-management');

/** A creation's zip: its owner, and staff who may read any creation. */
export function canZipSubmission(auth: Auth, s: { member_id: number }): boolean {
  return isOwnerOf(auth, s) || holdsAny(auth, STAFF_VIEW_PERMISSIONS);
}

/**
 * Following and downloading a bundle: who asked for it, staff who may read any creation, the
 * creation's owner (a creation's zip may have been asked for by staff first and then reused), and,
 * for staff baskets, staff of file management. `creationOwnerId` is the owner of the bundle's
 * creation, when it has one.
 */
export function canFetchBundle(auth: Auth, bundle: { member_id: number; kind: string }, creationOwnerId: number | null): boolean {
  if (isOwnerOf(auth, bundle) || holdsAny(auth, STAFF_VIEW_PERMISSIONS)) return true;
  if (bundle.kind === 'basket') return holdsAny(auth, BASKET_VIEW_PERMISSIONS);
  return isOwnerOf(auth, { member_id: creationOwnerId });
}
