import { pagePermission, pagePermissions } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny } from '../../auth-checks';

/**
 * Who may migrate (SPEC 2): a creator's own items with the migrate-submission page's permission
 * (view lists them, edit migrates them); bulk runs, the category mapping and sync back with the
 * submission-migration page's (view reads them, edit acts).
 */
export function canListOwnLegacyItems(auth: AuthState): boolean {
  return holdsAny(auth, pagePermissions('migrate-submission'));
}

export function canMigrateOwnItems(auth: AuthState): boolean {
  return holdsAny(auth, [pagePermission('migrate-submission', 'edit')]);
}

export function canReadMigrationRuns(auth: AuthState): boolean {
  return holdsAny(auth, pagePermissions('submission-migration'));
}

export function canRunMigrations(auth: AuthState): boolean {
  return holdsAny(auth, [pagePermission('submission-migration', 'edit')]);
}
