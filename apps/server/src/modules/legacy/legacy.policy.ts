import { isLegacyPublished, pagePermission, pagePermissions } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny } from '../../auth-checks';

/**
 * Who may do what with the older submission system's items: pure predicates over who asks and the
 * item. The archive (/staff/archived and its item pages) is the file-management page's (SPEC 2
 * gives the item pages no permission of their own; they take the archive's).
 */

/** Staff who read the archive. */
export const ARCHIVE_VIEW_PERMISSIONS: readonly string[] = pagePermissions('file-management');
/** Staff who change archived items. */
export const ARCHIVE_EDIT_PERMISSIONS: readonly string[] = [pagePermission('file-management', 'edit')];

export function canReadArchive(auth: AuthState): boolean {
  return holdsAny(auth, ARCHIVE_VIEW_PERMISSIONS);
}

export function canEditLegacyItem(auth: AuthState): boolean {
  return holdsAny(auth, ARCHIVE_EDIT_PERMISSIONS);
}

/**
 * A legacy item's pictures and downloads: anyone's while it is live on the old site and not hidden
 * (the old site shows them to all), else its creator's and archive staff's.
 */
export function canSeeLegacyMedia(auth: AuthState, item: { status: string; publishDate: Date | null; isHidden: boolean; creator: { memberId: number } }): boolean {
  if (isLegacyPublished(item) && !item.isHidden) return true;
  return (auth.member !== null && auth.member.id === item.creator.memberId) || canReadArchive(auth);
}
