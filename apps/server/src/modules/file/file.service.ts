import { and, asc, eq, isNull } from 'drizzle-orm';
import { classifyFile, cleanFilename, fileExtension, mimetypeOfKind } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fileLogs, fileVersions, files, members } from '../../db/schema/index';
import type { StoredUpload } from '../../http/upload';
import { writeLog } from '../log/log.service';
import { submissionForEdit, type SubmissionRow } from '../submission/submission.access';
import { claimUpload } from './blob.service';
import { fileError, fileTooLarge } from './file.errors';

export type FileRow = typeof files.$inferSelect;

export interface FileLogView {
  id: number;
  action: string;
  details: unknown;
  created_at: Date;
  member: { id: number; username: string } | null;
}

/** The path a file version is served at (SPEC section 7). */
export function filePath(file: Pick<FileRow, 'member_id' | 'id'>, version: number): string {
  return `/${file.member_id}/files/${file.id}_version_${version}`;
}

/** A signed download URL of the newest version. */
export function fileUrl(ctx: Context, file: FileRow): string {
  return ctx.urlSigner.sign(filePath(file, file.version));
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

/** Adds an uploaded file to a creation as version 1, with its kind read from its first bytes. */
export async function createSubmissionFile(ctx: Context, submissionId: number, upload: StoredUpload): Promise<FileRow> {
  const kind = classifyFile(upload.firstBytes, upload.filename);
  return ctx.db.transaction(async (tx) => {
    const s = await submissionForEdit(ctx, submissionId, tx);
    if (!kind) throw fileError('FILE_NOT_ACCEPTED', { filename: upload.filename });
    if (upload.size > ctx.config.MAX_FILE_BYTES) throw fileTooLarge(upload.filename, upload.size, ctx.config.MAX_FILE_BYTES);
    await claimUpload(tx, ctx.storage, upload, () => fileError('FILE_UPLOAD_LOST', { filename: upload.filename }));
    const actor = ctx.auth.member!.id;
    const mimetype = mimetypeOfKind(kind, upload.firstBytes);
    const content = { filename: upload.filename, filesize: upload.size, mimetype, sha256: upload.sha256, storage_key: upload.key };
    const [file] = await tx
      .insert(files)
      .values({ submission_id: s.id, member_id: s.member_id, kind, version: 1, ...content })
      .returning();
    await tx.insert(fileVersions).values({ file_id: file!.id, version: 1, member_id: actor, ...content });
    const details = { filename: upload.filename, filesize: upload.size, kind, version: 1, sha256: upload.sha256 };
    await tx.insert(fileLogs).values({ file_id: file!.id, member_id: actor, action: 'created', details });
    await writeLog(tx, { submission_id: s.id, member_id: actor, entity: 'file', entity_id: file!.id, action: 'created', new_values: details });
    return file!;
  });
}

/**
 * A file row (deleted or not) and its creation, which the caller must be allowed to edit now.
 * Access is checked before "deleted" so a stranger learns nothing from the answer.
 */
async function fileForEdit(ctx: Context, tx: DbOrTx, id: number): Promise<{ file: FileRow; submission: SubmissionRow }> {
  const [file] = await tx.select().from(files).where(eq(files.id, id));
  if (!file || file.submission_id === null) throw fileError('FILE_NOT_FOUND', { id });
  const submission = await submissionForEdit(ctx, file.submission_id, tx);
  if (file.deleted_at) throw fileError('FILE_NOT_FOUND', { id });
  return { file, submission };
}

/** Renames a file. The extension stays: it is part of what the game and the server read the file as. */
export async function updateSubmissionFile(ctx: Context, id: number, filename: string): Promise<FileRow> {
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForEdit(ctx, tx, id);
    const name = cleanFilename(filename);
    if (!name || name.startsWith('.')) throw fileError('FILE_NAME_INVALID', {});
    const extension = fileExtension(file.filename);
    if (fileExtension(name) !== extension) throw fileError('FILE_EXTENSION_CHANGED', { extension });
    if (name === file.filename) return file;
    const [row] = await tx.update(files).set({ filename: name }).where(eq(files.id, id)).returning();
    const actor = ctx.auth.member!.id;
    await tx.insert(fileLogs).values({ file_id: id, member_id: actor, action: 'renamed', details: { from: file.filename, to: name } });
    await writeLog(tx, {
      submission_id: submission.id,
      member_id: actor,
      entity: 'file',
      entity_id: id,
      action: 'updated',
      previous_values: { filename: file.filename },
      new_values: { filename: name },
    });
    return row!;
  });
}

/** Soft-deletes a file: the row, its versions and its history stay. */
export async function deleteSubmissionFile(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForEdit(ctx, tx, id);
    const actor = ctx.auth.member!.id;
    await tx.update(files).set({ deleted_at: new Date() }).where(eq(files.id, id));
    await tx.insert(fileLogs).values({ file_id: id, member_id: actor, action: 'deleted', details: { filename: file.filename } });
    await writeLog(tx, {
      submission_id: submission.id,
      member_id: actor,
      entity: 'file',
      entity_id: id,
      action: 'deleted',
      previous_values: { filename: file.filename, version: file.version },
    });
    return true;
  });
}
