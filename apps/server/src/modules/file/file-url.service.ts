import type { Context } from '../../context';
import { canReadFileHistory } from './file.policy';
import type { FileRow, FileVersionView } from './file-read.service';

// Who downloads which version of a file, and the signed URLs it is served at.

/** The path a file version is served at (SPEC section 7). */
export function filePath(file: Pick<FileRow, 'member_id' | 'id'>, version: number): string {
  return `/${file.member_id}/files/${file.id}_version_${version}`;
}

/** The version visitors download: the published one, or the newest while none is published. */
export function visitorVersion(file: Pick<FileRow, 'published_version' | 'version'>): number {
  return file.published_version ?? file.version;
}

/** A signed download URL: of the newest version for the owner and staff, else of the visitors' version. */
export function fileUrl(ctx: Context, file: FileRow): string {
  return ctx.urlSigner.sign(filePath(file, canReadFileHistory(ctx.auth, file) ? file.version : visitorVersion(file)));
}

/** A signed download URL of one version. */
export function versionUrl(ctx: Context, v: FileVersionView): string {
  return ctx.urlSigner.sign(filePath({ member_id: v.member_id, id: v.file_id }, v.version));
}
