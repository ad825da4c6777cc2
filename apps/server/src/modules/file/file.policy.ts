import { pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import { STAFF_VIEW_PERMISSIONS } from '../submission/submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/**
 * Who may do what with a creation's files: pure predicates over who asks and the file, named after
 * the actions. Changing files also follows the creation's own edit rule (`beginEdit`); these add
 * what file managers may do beyond it.
 */

type Auth = Pick<AuthState, 'member' | 'permissions'>;

/** File managers change files at any status of a live creation and set published versions. */
export const FILE_MANAGER_EDIT = pagePermission('file-management', 'edit');
/** Staff who may find and read any file (file management and the archive). */
export const FILE_MANAGER_VIEW_PERMISSIONS: readonly string[] = [pagePermission('file-management', 'view'), FILE_MANAGER_EDIT];

/** File managers (edit): any live creation's files, and which version visitors download. */
export function canManageFiles(auth: Auth): boolean {
  return holdsAny(auth, FILE_MANAGER_EDIT);
}

/** One file, deleted or not: its owner, or staff who manage files. */
export function canViewFile(auth: Auth, file: { member_id: number }): boolean {
  return isOwnerOf(auth, file) || holdsAny(auth, FILE_MANAGER_VIEW_PERMISSIONS);
}

/**
 * Every version of a file, its history and its deleted state: its owner and staff who read
 * creations or manage files. Anyone else who may see the creation (a signed-in member looking at a
 * published one) gets only the version visitors download.
 */
export function canReadFileHistory(auth: Auth, file: { member_id: number }): boolean {
  return isOwnerOf(auth, file) || holdsAny(auth, [...STAFF_VIEW_PERMISSIONS, ...FILE_MANAGER_VIEW_PERMISSIONS]);
}
