import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import { files } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { fileError } from '../file/file.errors';
import { gameFileError } from './game-file.errors';
import { canReadFileContents } from './game-file.policy';
import type { Inspection } from './inspect.reader';
import { inspectionOf, type InspectionRow } from './inspection.service';

export type FileRow = typeof files.$inferSelect;

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
export async function inspectedFile<F extends 'package' | 'trayitem'>(ctx: Context, fileId: number, format: F): Promise<InspectedFile<F>> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file) throw fileError('FILE_NOT_FOUND', { id: fileId });
  if (!canReadFileContents(ctx.auth, file)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  const row: InspectionRow | null = await inspectionOf(ctx.db, file.sha256);
  if (!row) return { file, state: 'pending', error: null, result: null };
  if (row.status !== 'read') {
    const unreadable = gameFileError('GAME_FILE_UNREADABLE', {});
    return { file, state: 'failed', error: { code: row.error_code ?? unreadable.code, message: row.error_message ?? unreadable.message }, result: null };
  }
  if (row.format !== format) {
    const other = gameFileError('GAME_FILE_OTHER_KIND', { asked: format });
    return { file, state: 'failed', error: { code: other.code, message: other.message }, result: null };
  }
  return { file, state: 'read', error: null, result: row.result as InspectedFile<F>['result'] };
}
