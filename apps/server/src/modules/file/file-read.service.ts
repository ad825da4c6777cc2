import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fileLogs, fileVersions, files, members } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { loadMemberSummary } from '../member/member.service';
import type { SubmissionRow } from '../submission/submission.access';
import { submissionById } from '../submission/submission.loaders';
import { fileError } from './file.errors';
import { canReadFileHistory, canViewFile } from './file.policy';
import { visitorVersion } from './file-url.service';

// Reading files: a creation's files, one file's versions and history as the caller may see them, the
// creation and owner of a file (batched per request).

export type FileRow = typeof files.$inferSelect;

export interface FileLogView {
  id: number;
  action: string;
  details: unknown;
  created_at: Date;
  member: { id: number; username: string } | null;
}

export interface FileVersionView {
  id: number;
  file_id: number;
  /** The file's owner: the member in the version's bucket path (not who uploaded it, see `member`). */
  member_id: number;
  version: number;
  filename: string;
  filesize: number;
  mimetype: string;
  sha256: string;
  created_at: Date;
  /** Who uploaded this version. */
  member: { id: number; username: string } | null;
  is_published: boolean;
}

/** A creation's files, oldest first; deleted ones only when asked for. */
export async function listFiles(db: DbOrTx, s: SubmissionRow, options: { includeDeleted?: boolean } = {}): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.submission_id, s.id), options.includeDeleted ? undefined : isNull(files.deleted_at)))
    .orderBy(asc(files.created_at), asc(files.id));
}

/** A file's history, oldest first, with who did it. */
export async function fileLogsOf(db: DbOrTx, fileId: number): Promise<FileLogView[]> {
  const rows = await db
    .select({
      id: fileLogs.id,
      action: fileLogs.action,
      details: fileLogs.details,
      created_at: fileLogs.created_at,
      member_id: members.id,
      username: members.username,
    })
    .from(fileLogs)
    .leftJoin(members, eq(members.id, fileLogs.member_id))
    .where(eq(fileLogs.file_id, fileId))
    .orderBy(asc(fileLogs.created_at), asc(fileLogs.id));
  return rows.map(({ member_id, username, ...r }) => ({
    ...r,
    member: member_id === null || username === null ? null : { id: member_id, username },
  }));
}

/** Every version of a file, newest first, with who uploaded it. */
export async function versionsOf(db: DbOrTx, file: FileRow): Promise<FileVersionView[]> {
  const rows = await db
    .select({ v: fileVersions, username: members.username })
    .from(fileVersions)
    .leftJoin(members, eq(members.id, fileVersions.member_id))
    .where(eq(fileVersions.file_id, file.id))
    .orderBy(desc(fileVersions.version));
  return rows.map(({ v, username }) => ({
    id: v.id,
    file_id: v.file_id,
    member_id: file.member_id,
    version: v.version,
    filename: v.filename,
    filesize: v.filesize,
    mimetype: v.mimetype,
    sha256: v.sha256,
    created_at: v.created_at,
    member: v.member_id === null || username === null ? null : { id: v.member_id, username },
    is_published: v.version === file.published_version,
  }));
}

/** The versions the caller may read (see canReadFileHistory), newest first. */
export async function visibleVersions(ctx: Context, file: FileRow): Promise<FileVersionView[]> {
  const all = await versionsOf(ctx.db, file);
  return canReadFileHistory(ctx.auth, file) ? all : all.filter((v) => v.version === visitorVersion(file));
}

/** A file's history for its owner and staff; nobody else reads it. */
export async function visibleLogs(ctx: Context, file: FileRow): Promise<FileLogView[]> {
  return canReadFileHistory(ctx.auth, file) ? fileLogsOf(ctx.db, file.id) : [];
}

/** The creation a file belongs to (whoever may read the file may see which creation it is). */
export async function submissionOfFile(ctx: Context, file: FileRow): Promise<SubmissionRow | null> {
  return file.submission_id === null ? null : submissionById(ctx, file.submission_id);
}

/** The creator who owns a file. */
export async function ownerOfFile(ctx: Context, file: FileRow): Promise<{ id: number; username: string } | null> {
  return loadMemberSummary(ctx, file.member_id);
}

/** One file, deleted or not, for its owner or staff who manage files. */
export async function fileForView(ctx: Context, id: number): Promise<FileRow> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, id));
  if (!file) throw fileError('FILE_NOT_FOUND', { id });
  if (!canViewFile(ctx.auth, file)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  return file;
}
