import { pagePermission, pagePermissions } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny } from '../../auth-checks';

/**
 * Who may do what with the search index: anyone searches (the main site's visitors, signed in or
 * not); staff with the page-elastic-search page read its status, and with its edit permission reindex.
 */
export const SEARCH_INDEX_VIEW_PERMISSIONS: readonly string[] = pagePermissions('elastic-search');
export const SEARCH_INDEX_EDIT_PERMISSIONS: readonly string[] = [pagePermission('elastic-search', 'edit')];

export function canReadSearchIndex(auth: AuthState): boolean {
  return holdsAny(auth, SEARCH_INDEX_VIEW_PERMISSIONS);
}

export function canReindex(auth: AuthState): boolean {
  return holdsAny(auth, SEARCH_INDEX_EDIT_PERMISSIONS);
}
