import { hasPermission, pagePermission } from '@corner/domain';
import type { AuthState, Context } from '../../context';
import { STAFF_VIEW_PERMISSIONS } from '../submission/submission.access';
import type { FileRow, FileVersionView } from './file-read.service';

// Who downloads which version of a file, and the signed URLs it is served at.

/** The path a file version is served at (SPEC section 7). */
export function filePath(file: Pick<FileRow, 'member_id' | 'id'>, version: number): string {
  return `/${file.member_id}/files/${file.id}_version_${version}`;
}

/** File managers change files at any status of a live creation and set published versions. */
export const FILE_MANAGER_EDIT = pagePermission('file-management', 'edit');
/** Staff who may find and read any file (file management and the archive). */
export const FILE_MANAGER_VIEW_PERMISSIONS: readonly string[] = [pagePermission('file-management', 'view'), FILE_MANAGER_EDIT];

/**
 * Who may read every version of a file, its history and its deleted state: its owner and staff who
 * read creations or manage files. Anyone else who may see the creation (a signed-in member looking
 * at a published one) gets only the version visitors download.
 */
export function mayReadFileHistory(auth: AuthState, file: Pick<FileRow, 'member_id'>): boolean {
  if (!auth.member) return false;
  return auth.member.id === file.member_id || hasPermission(auth.permissions, [...STAFF_VIEW_PERMISSIONS, ...FILE_MANAGER_VIEW_PERMISSIONS]);
}

/** The version visitors download: the published one, or the newest while none is published. */
export function visitorVersion(file: Pick<FileRow, 'published_version' | 'version'>): number {
  return file.published_version ?? file.version;
}

/** A signed download URL: of the newest version for the owner and staff, else of the visitors' version. */
export function fileUrl(ctx: Context, file: FileRow): string {
  return ctx.urlSigner.sign(filePath(file, mayReadFileHistory(ctx.auth, file) ? file.version : visitorVersion(file)));
}

/** A signed download URL of one version. */
export function versionUrl(ctx: Context, v: FileVersionView): string {
  return ctx.urlSigner.sign(filePath({ member_id: v.member_id, id: v.file_id }, v.version));
}
