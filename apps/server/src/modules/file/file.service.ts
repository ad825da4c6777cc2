import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  classifyFile,
  cleanFilename,
  FILE_KINDS,
  fileExtension,
  mimetypeOfKind,
  type FileKind,
} from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fileLogs, fileVersions, files } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import type { StoredUpload } from '../../storage/upload';
import { writeLog } from '../log/log.service';
import {
  assertCanEdit,
  checkCanEdit,
  isOwner,
  loadSubmission,
  beginEdit,
  reopenForOwnerEdit,
  type SubmissionRow,
} from '../submission/submission.access';
import { notEditable } from '../submission/submission.errors';
import { canAddFileVersions } from '../submission/submission.policy';
import { claimUpload, releaseUnusedUploads } from './blob.service';
import { takeDirectUpload } from './direct-upload.service';
import { fileError, fileTooLarge } from './file.errors';
import type { FileRow } from './file-read.service';
import { canManageFiles } from './file.policy';
import { syncFoundObjectGuids } from './object-guid.service';

// Changes to a creation's files: new files and versions, renames, published versions, delete and
// restore, each logged. Reads are in file-read.service.ts, URLs and visibility in file-url.service.ts.

/** Where a new file or version comes from: a multipart upload, or a finished direct upload's key. */
export interface FileSource {
  file?: StoredUpload | null;
  key?: string | null;
  filename?: string | null;
}

/**
 * Every change to a file writes its file log (`action`, `details`) and the creation's Log (the same
 * action, unless `logAction` names another, with previous and new values), in the caller's
 * transaction.
 */
export async function logFileChange(
  tx: DbOrTx,
  change: {
    fileId: number;
    submissionId: number;
    actorId: number;
    action: string;
    details: unknown;
    logAction?: string;
    previous?: Record<string, unknown>;
    next?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(fileLogs).values({ file_id: change.fileId, member_id: change.actorId, action: change.action, details: change.details });
  await writeLog(tx, {
    submission_id: change.submissionId,
    member_id: change.actorId,
    entity: 'file',
    entity_id: change.fileId,
    action: change.logAction ?? change.action,
    ...(change.previous ? { previous_values: change.previous } : {}),
    ...(change.next ? { new_values: change.next } : {}),
  });
}

/** Content already in storage to become a file (or a new version): an upload, or an entry of a zip. */
export interface FileContent {
  filename: string;
  size: number;
  sha256: string;
  key: string;
  firstBytes: Uint8Array;
}

/**
 * Inside the caller's transaction, with the creation already loaded for edit and the content
 * claimed: inserts a file at version 1, its version row, its file log and the creation's log.
 * `details` adds to what the logs record (an unzipped entry's source, say).
 */
export async function insertSubmissionFile(
  tx: DbOrTx,
  input: { submission: SubmissionRow; actorId: number; content: FileContent; kind: FileKind; details?: Record<string, unknown> },
): Promise<FileRow> {
  const { submission: s, actorId: actor, content: c, kind } = input;
  const mimetype = mimetypeOfKind(kind, c.firstBytes);
  const content = { filename: c.filename, filesize: c.size, mimetype, sha256: c.sha256, storage_key: c.key };
  const [file] = await tx
    .insert(files)
    .values({ submission_id: s.id, member_id: s.member_id, kind, version: 1, ...content })
    .returning();
  await tx.insert(fileVersions).values({ file_id: file!.id, version: 1, member_id: actor, ...content });
  await syncFoundObjectGuids(tx, { fileIds: [file!.id] });
  const details = { filename: c.filename, filesize: c.size, kind, version: 1, sha256: c.sha256, ...input.details };
  await logFileChange(tx, { fileId: file!.id, submissionId: s.id, actorId: actor, action: 'created', details, next: details });
  return file!;
}

/**
 * Which of a FileSource's two forms was sent. Anything else is refused before any content is taken,
 * with a message that says what to send.
 */
function sourceForm(source: FileSource): 'file' | 'key' {
  const hasKey = Boolean(source.key?.trim());
  const hasName = Boolean(source.filename?.trim());
  if (source.file && (hasKey || hasName)) throw fileError('FILE_SOURCE_AMBIGUOUS', {});
  if (source.file) return 'file';
  if (!hasKey) throw fileError('FILE_SOURCE_MISSING', {});
  if (!hasName) throw fileError('FILE_FILENAME_MISSING', {});
  return 'key';
}

/** The pg-boss queue of the job that reads uploaded contents (modules/game-file, jobs/inspect-files.job.ts). */
export const INSPECT_FILES_JOB = 'inspect-files';

/**
 * New content is read within seconds: the inspection job is asked to run now (it also runs every
 * minute, so a send that fails only delays the reading).
 */
export async function askForInspection(jobs: Pick<Context['jobs'], 'send'>, log: Pick<Context['log'], 'warn'>): Promise<void> {
  try {
    await jobs.send(INSPECT_FILES_JOB, {});
  } catch (error) {
    log.warn({ err: error }, 'The file inspection job could not be asked to run; it runs within a minute anyway');
  }
}

/**
 * Runs `change` in a transaction with the content a FileSource names, checked against the file
 * rules and claimed, so the removal of unused uploads cannot take it away before the transaction
 * ends. `precheck` refuses whoever may not change the file first. A direct upload is then taken
 * (hashed, and moved into content storage) BEFORE the transaction: hashing a large file must not hold the
 * creation's lock, nor PGlite's one connection. Content taken that no row ends up using (a refusal
 * inside the transaction) is removed again right after, as after a multipart request.
 */
async function withSource<T>(
  ctx: Context,
  source: FileSource,
  precheck: () => Promise<void>,
  change: (tx: DbOrTx, upload: StoredUpload, kind: FileKind) => Promise<T>,
): Promise<T> {
  // Whoever may not change the file hears that first, whatever they sent.
  await precheck();
  const taken = sourceForm(source) === 'key' ? await takeDirectUpload(ctx, source.key!.trim(), source.filename!) : null;
  const upload = taken ?? source.file!;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (upload.size === 0) throw fileError('FILE_EMPTY', { filename: upload.filename });
      const kind = classifyFile(upload.firstBytes, upload.filename);
      if (!kind) throw fileError('FILE_NOT_ACCEPTED', { filename: upload.filename });
      if (upload.size > ctx.config.MAX_FILE_BYTES) throw fileTooLarge(upload.filename, upload.size, ctx.config.MAX_FILE_BYTES);
      await claimUpload(tx, ctx.storage, upload, () => fileError('FILE_UPLOAD_LOST', { filename: upload.filename }));
      return change(tx, upload, kind);
    });
    await askForInspection(ctx.jobs, ctx.log);
    return result;
  } finally {
    if (taken) await releaseUnusedUploads(ctx.db, ctx.storage, [taken], ctx.log);
  }
}

/**
 * Adds a file to a creation as version 1, with its kind read from its first bytes: a multipart
 * upload, or a finished direct upload named by its key (exactly one of the two).
 */
export async function createSubmissionFile(ctx: Context, submissionId: number, source: FileSource): Promise<FileRow> {
  return withSource(
    ctx,
    source,
    () => checkCanEdit(ctx, submissionId),
    async (tx, upload, kind) => {
      const s = await beginEdit(ctx, submissionId, tx);
      return insertSubmissionFile(tx, { submission: s, actorId: ctx.auth.member!.id, content: upload, kind });
    },
  );
}

/**
 * Who may change a creation's files now: the owner and reviewers as for any edit (beginEdit),
 * and file managers at any status, since they look after the files of approved creations too.
 * Nobody changes the files of a deleted creation: it is restored first.
 */
function assertCanChangeFiles(ctx: Context, s: SubmissionRow, change: FileChange = 'edit'): void {
  // An approved creation's owner may upload new versions for an update request; visitors keep the
  // approved version until staff approve the request (replaceSubmissionFile keeps it published).
  if (change === 'newVersion' && canAddFileVersions(ctx.auth, s)) return;
  if (!canManageFiles(ctx.auth)) return assertCanEdit(ctx, s);
  if (s.deleted_at !== null) throw notEditable('DELETED');
}

/** What a file change is: a new version of a file, or any other edit (rename, delete, restore, publish). */
type FileChange = 'edit' | 'newVersion';

/** Loads and locks a creation whose files the caller may change; its owner's edit reopens it when rejected. */
async function submissionForFileChange(ctx: Context, tx: DbOrTx, id: number, change: FileChange = 'edit'): Promise<SubmissionRow> {
  const s = await loadSubmission(tx, id, { forUpdate: true });
  assertCanChangeFiles(ctx, s, change);
  return reopenForOwnerEdit(ctx, tx, s);
}

/**
 * A file and its creation, which the caller must be allowed to change now; the creation is locked
 * (every change to its files takes that lock first, so they never deadlock) and the file read
 * fresh under it. Access is checked before "deleted", so a stranger learns nothing from the answer.
 */
async function fileForChange(
  ctx: Context,
  tx: DbOrTx,
  id: number,
  options: { allowDeleted?: boolean; change?: FileChange } = {},
): Promise<{ file: FileRow; submission: SubmissionRow }> {
  const [found] = await tx.select({ submission_id: files.submission_id }).from(files).where(eq(files.id, id));
  if (!found || found.submission_id === null) throw fileError('FILE_NOT_FOUND', { id });
  const submission = await submissionForFileChange(ctx, tx, found.submission_id, options.change);
  const [file] = await tx.select().from(files).where(eq(files.id, id)).for('update');
  if (!file) throw fileError('FILE_NOT_FOUND', { id });
  if (file.deleted_at && !options.allowDeleted) throw fileError('FILE_DELETED', { id });
  return { file, submission };
}

/** Checks, without locking or changing anything, that the caller may change this file now (a cheap early refusal). */
async function checkCanChangeFile(ctx: Context, id: number, change: FileChange = 'edit'): Promise<void> {
  const [file] = await ctx.db.select({ submission_id: files.submission_id, deleted_at: files.deleted_at }).from(files).where(eq(files.id, id));
  if (!file || file.submission_id === null) throw fileError('FILE_NOT_FOUND', { id });
  assertCanChangeFiles(ctx, await loadSubmission(ctx.db, file.submission_id), change);
  if (file.deleted_at) throw fileError('FILE_DELETED', { id });
}

async function renameFile(tx: DbOrTx, actor: number, file: FileRow, submission: SubmissionRow, filename: string): Promise<FileRow> {
  const name = cleanFilename(filename);
  if (!name || name.startsWith('.')) throw fileError('FILE_NAME_INVALID', {});
  const extension = fileExtension(file.filename);
  if (fileExtension(name) !== extension) throw fileError('FILE_EXTENSION_CHANGED', { extension });
  if (name === file.filename) return file;
  const [row] = await tx.update(files).set({ filename: name }).where(eq(files.id, file.id)).returning();
  await logFileChange(tx, {
    fileId: file.id,
    submissionId: submission.id,
    actorId: actor,
    action: 'renamed',
    details: { from: file.filename, to: name },
    logAction: 'updated',
    previous: { filename: file.filename },
    next: { filename: name },
  });
  return row!;
}

async function publishVersion(tx: DbOrTx, actor: number, file: FileRow, submission: SubmissionRow, version: number): Promise<FileRow> {
  const [exists] = await tx
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(and(eq(fileVersions.file_id, file.id), eq(fileVersions.version, version)));
  if (!exists) throw fileError('FILE_VERSION_NOT_FOUND', { id: file.id, version });
  if (file.published_version === version) return file;
  const [row] = await tx.update(files).set({ published_version: version }).where(eq(files.id, file.id)).returning();
  await logFileChange(tx, {
    fileId: file.id,
    submissionId: submission.id,
    actorId: actor,
    action: 'published-version',
    details: { from: file.published_version, to: version },
    previous: { published_version: file.published_version },
    next: { published_version: version },
  });
  return row!;
}

/** Renames a file. The extension stays: it is part of what the game and the server read the file as. */
export async function updateSubmissionFile(ctx: Context, id: number, filename: string): Promise<FileRow> {
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForChange(ctx, tx, id);
    return renameFile(tx, ctx.auth.member!.id, file, submission, filename);
  });
}

/**
 * Uploads a new version of a file: version = the highest so far + 1, the file row takes the new
 * content, the published version stays (on an approved creation it is pinned to what visitors had,
 * and the creation's owner may upload there too, for an update request). The new content must be the same kind of file (a Sims 4
 * package is replaced by a Sims 4 package, a tray item by a tray item, an image by any image) and
 * not the newest version's content again. A deleted file is restored before it is replaced.
 */
export async function replaceSubmissionFile(ctx: Context, id: number, source: FileSource): Promise<FileRow> {
  return withSource(ctx, source, () => checkCanChangeFile(ctx, id, 'newVersion'), async (tx, upload, kind) => {
    const { file, submission } = await fileForChange(ctx, tx, id, { change: 'newVersion' });
    if (file.deleted_at && submission.status === 'APPROVED' && isOwner(ctx, submission)) throw fileError('FILE_DELETED', { id });
    if (isFileKind(file.kind) && file.kind !== kind) {
      throw fileError('FILE_KIND_CHANGED', { filename: upload.filename, kind, expected: file.kind });
    }
    if (upload.sha256 === file.sha256) throw fileError('FILE_SAME_CONTENT', { filename: upload.filename, version: file.version });
    const [newest] = await tx
      .select({ version: sql<number>`coalesce(max(${fileVersions.version}), 0)`.mapWith(Number) })
      .from(fileVersions)
      .where(eq(fileVersions.file_id, id));
    const version = Math.max(newest?.version ?? 0, file.version) + 1;
    const actor = ctx.auth.member!.id;
    const mimetype = mimetypeOfKind(kind, upload.firstBytes);
    const content = { filename: upload.filename, filesize: upload.size, mimetype, sha256: upload.sha256, storage_key: upload.key };
    await tx.insert(fileVersions).values({ file_id: id, version, member_id: actor, ...content });
    // On an approved creation visitors keep what was approved: a file with no published version yet
    // gets its current one published, so the new version waits for an update request (or a file manager).
    const published_version = submission.status === 'APPROVED' && file.published_version === null ? file.version : file.published_version;
    const [row] = await tx.update(files).set({ ...content, kind, version, published_version }).where(eq(files.id, id)).returning();
    await syncFoundObjectGuids(tx, { fileIds: [id] });
    const before = { version: file.version, filename: file.filename, filesize: file.filesize, kind: file.kind, sha256: file.sha256, published_version: file.published_version };
    const after = { version, filename: upload.filename, filesize: upload.size, kind, sha256: upload.sha256, published_version };
    await logFileChange(tx, {
      fileId: id,
      submissionId: submission.id,
      actorId: actor,
      action: 'replaced',
      details: { from_version: file.version, to_version: version, filename: upload.filename, filesize: upload.size, kind, sha256: upload.sha256 },
      previous: before,
      next: after,
    });
    return row!;
  });
}

function isFileKind(kind: string | null): kind is FileKind {
  return kind !== null && (FILE_KINDS as readonly string[]).includes(kind);
}

/** Sets which version visitors download (file managers). */
export async function updateSubmissionFileVersion(ctx: Context, id: number, publishedVersion: number): Promise<FileRow> {
  if (!canManageFiles(ctx.auth)) throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForChange(ctx, tx, id);
    return publishVersion(tx, ctx.auth.member!.id, file, submission, publishedVersion);
  });
}

/**
 * Changes several files of one creation in one transaction: all or nothing, each change logged.
 * Renames follow updateSubmissionFile's rules; a published version needs a file manager. A field
 * left out or null keeps its value. Answers the files in the order given.
 */
export async function updateSubmissionFiles(
  ctx: Context,
  submissionId: number,
  changes: { id: number; filename?: string | null; published_version?: number | null }[],
): Promise<FileRow[]> {
  if (changes.length === 0) {
    // Nothing to change: only the access answer, without reopening a rejected creation for nothing.
    assertCanChangeFiles(ctx, await loadSubmission(ctx.db, submissionId));
    return [];
  }
  return ctx.db.transaction(async (tx) => {
    const submission = await submissionForFileChange(ctx, tx, submissionId);
    if (changes.some((c) => c.published_version != null) && !canManageFiles(ctx.auth)) throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
    const seen = new Set<number>();
    for (const { id } of changes) {
      if (seen.has(id)) throw fileError('FILE_CHANGE_DUPLICATE', { id });
      seen.add(id);
    }
    const rows = await tx.select().from(files).where(inArray(files.id, [...seen])).for('update');
    const byId = new Map(rows.map((f) => [f.id, f]));
    const actor = ctx.auth.member!.id;
    const result: FileRow[] = [];
    for (const change of changes) {
      let file = byId.get(change.id);
      if (!file || file.submission_id !== submission.id) throw fileError('FILE_NOT_IN_SUBMISSION', { id: change.id, submissionId });
      if (file.deleted_at) throw fileError('FILE_DELETED', { id: file.id });
      if (change.filename != null) file = await renameFile(tx, actor, file, submission, change.filename);
      if (change.published_version != null) file = await publishVersion(tx, actor, file, submission, change.published_version);
      result.push(file);
    }
    return result;
  });
}

/** Brings back a deleted file with its versions and history; a live file is answered unchanged. */
export async function restoreSubmissionFile(ctx: Context, id: number): Promise<FileRow> {
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForChange(ctx, tx, id, { allowDeleted: true });
    if (!file.deleted_at) return file;
    const actor = ctx.auth.member!.id;
    const [row] = await tx.update(files).set({ deleted_at: null }).where(eq(files.id, id)).returning();
    await syncFoundObjectGuids(tx, { fileIds: [id] });
    await logFileChange(tx, {
      fileId: id,
      submissionId: submission.id,
      actorId: actor,
      action: 'restored',
      details: { filename: file.filename },
      previous: { deleted_at: file.deleted_at.toISOString() },
      next: { deleted_at: null },
    });
    return row!;
  });
}

/** Soft-deletes a file: the row, its versions and its history stay. */
export async function deleteSubmissionFile(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { file, submission } = await fileForChange(ctx, tx, id);
    const actor = ctx.auth.member!.id;
    await tx.update(files).set({ deleted_at: new Date() }).where(eq(files.id, id));
    await syncFoundObjectGuids(tx, { fileIds: [id] });
    await logFileChange(tx, {
      fileId: id,
      submissionId: submission.id,
      actorId: actor,
      action: 'deleted',
      details: { filename: file.filename },
      previous: { filename: file.filename, version: file.version },
    });
    return true;
  });
}