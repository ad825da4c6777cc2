import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../context';
import { files } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { fileError } from '../file/file.errors';
import { gameFileError, type GameFileKind } from './game-file.errors';
import { canReadFileContents } from './game-file.policy';
import { READER_VERSION, type Inspection, type TrayImageInspection } from './inspect.reader';
import type { CatalogObject } from './package-summary.reader';
import { parseTrayFileName } from './tray.reader';
import { filePath } from '../file/file-url.service';
import { inspectionOf, inspectNow, type InspectionRow } from './inspection.service';

export type FileRow = typeof files.$inferSelect;

/** The answer's error when a file is not the kind of game file asked about. */
function notOfKind(asked: GameFileKind): { code: string; message: string } {
  const error = gameFileError('GAME_FILE_OTHER_KIND', { asked });
  return { code: error.code, message: error.message };
}

/** Where the reading of a file's current content stands. */
export type InspectionState = 'pending' | 'read' | 'failed';

export interface InspectedFile<F extends Inspection['format']> {
  file: FileRow;
  state: InspectionState;
  /** Why it could not be read, or why it is not the kind asked for. */
  error: { code: string; message: string } | null;
  result: Extract<Inspection, { format: F }>['result'] | null;
}

/**
 * What the readers found in a file's current content, for its owner and for staff (SPEC 7's
 * getPackageData, getTrayMetaData): `pending` until the inspection job has read it (within a
 * minute of the upload), `failed` with the reader's message when it is damaged or not of the kind
 * asked for.
 */
export async function inspectedFile<F extends Exclude<Inspection['format'], 'other'>>(ctx: Context, fileId: number, format: F): Promise<InspectedFile<F>> {
  return inspectionOfFile(ctx, await readableFile(ctx, fileId), format);
}

/** A file whose contents the caller may read (its owner, or staff); refused or not found otherwise. */
async function readableFile(ctx: Context, fileId: number): Promise<FileRow> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file) throw fileError('FILE_NOT_FOUND', { id: fileId });
  if (!canReadFileContents(ctx.auth, file)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  return file;
}

/** What the stored inspection of `file`'s current content says, as `format`. */
async function inspectionOfFile<F extends Exclude<Inspection['format'], 'other'>>(ctx: Context, file: FileRow, format: F): Promise<InspectedFile<F>> {
  const row: InspectionRow | null = await inspectionOf(ctx.db, file.sha256);
  if (!row) return { file, state: 'pending', error: null, result: null };
  if (row.status !== 'read') {
    const unreadable = gameFileError('GAME_FILE_UNREADABLE', {});
    return { file, state: 'failed', error: { code: row.error_code ?? unreadable.code, message: row.error_message ?? unreadable.message }, result: null };
  }
  if (row.format !== format) {
    return { file, state: 'failed', error: notOfKind(format), result: null };
  }
  return { file, state: 'read', error: null, result: row.result as InspectedFile<F>['result'] };
}

/** The path a tray picture's decoded image is served at (media-routes.ts): its file version's, plus /picture. */
export function trayPicturePath(file: Pick<FileRow, 'member_id' | 'id' | 'version'>): string {
  return `${filePath(file, file.version)}/picture`;
}

/**
 * A tray picture (.bpi, .hhi, .sgi, .rmi) decoded (SPEC 7 getEncryptedImage): what it is, and a
 * signed URL of the picture as a JPEG (a PNG when it carries a transparency mask) for `<img>`.
 */
export async function trayPictureOf(ctx: Context, fileId: number): Promise<InspectedFile<'tray-image'> & { url: string | null }> {
  const inspected = await inspectedFile(ctx, fileId, 'tray-image');
  const picture: TrayImageInspection | null = inspected.result;
  return { ...inspected, url: picture ? ctx.urlSigner.sign(trayPicturePath(inspected.file)) : null };
}

/**
 * A room's facts (SPEC 7 getRoomData), from its .trayitem: asked by the .trayitem itself or by the
 * .room beside it in the same creation (the same tray id in both names).
 */
export async function roomDataOf(ctx: Context, fileId: number): Promise<InspectedFile<'trayitem'>> {
  const file = await readableFile(ctx, fileId);
  const name = parseTrayFileName(file.filename);
  let itemFileId = fileId;
  if (name?.role === 'room' && file.submission_id !== null) {
    const siblings = await ctx.db
      .select({ id: files.id, filename: files.filename })
      .from(files)
      .where(and(eq(files.submission_id, file.submission_id), isNull(files.deleted_at)));
    const item = siblings.find((f) => {
      const sibling = parseTrayFileName(f.filename);
      return sibling?.role === 'trayitem' && sibling.instance === name.instance;
    });
    if (item) itemFileId = item.id;
  }
  const inspected = await inspectedFile(ctx, itemFileId, 'trayitem');
  if (inspected.state === 'read' && inspected.result?.type !== 'room') return { ...inspected, state: 'failed', error: notOfKind('room'), result: null };
  return inspected;
}

/**
 * SPEC 7 getPackageDataFromUploadedFile: what a package holds, read now when the inspection job has
 * not read its current content yet (or read it with an older reader), instead of answering
 * `pending`. Read in the requests' worker; a content too slow for a request stays pending for the job.
 */
export async function packageDataNow(ctx: Context, fileId: number): Promise<InspectedFile<'package'>> {
  const file = await readableFile(ctx, fileId);
  const row = await inspectionOf(ctx.db, file.sha256);
  if (!row || row.reader_version < READER_VERSION) {
    await inspectNow(ctx, { sha256: file.sha256, storage_key: file.storage_key, filename: file.filename });
  }
  return inspectionOfFile(ctx, file, 'package');
}

/** The path of a package's object thumbnail (media-routes.ts): its file version's, plus /thumbnails/{instance}. */
export function objectThumbnailPath(file: Pick<FileRow, 'member_id' | 'id' | 'version'>, instance: string): string {
  return `${filePath(file, file.version)}/thumbnails/${instance}`;
}

/** A package's catalog objects, each with a signed URL of its thumbnail when the package has one. */
export function objectsWithThumbnails(ctx: Context, data: InspectedFile<'package'>): (CatalogObject & { thumbnailUrl: string | null })[] {
  const summary = data.result;
  if (!summary) return [];
  const withThumbnail = new Set(summary.thumbnails.map((t) => t.instance));
  return summary.objects.map((o) => ({ ...o, thumbnailUrl: withThumbnail.has(o.id) ? ctx.urlSigner.sign(objectThumbnailPath(data.file, o.id)) : null }));
}
