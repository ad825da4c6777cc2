import { asc, eq } from 'drizzle-orm';
import { gameItemInput, gameItemUpdateInput, validationMap } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { gameItems } from '../../db/schema/index';
import { changes, writeLog } from '../log/log.service';
import { beginEdit, type SubmissionRow } from '../submission/submission.access';
import { fileError } from './file.errors';

export type GameItemRow = typeof gameItems.$inferSelect;

export interface GameItemFields {
  name?: string | null;
  type?: string | null;
  download_url?: string | null;
  expansion_pack?: string | null;
}

export async function listGameItems(db: DbOrTx, s: SubmissionRow): Promise<GameItemRow[]> {
  return db.select().from(gameItems).where(eq(gameItems.submission_id, s.id)).orderBy(asc(gameItems.id));
}

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return fileError('GAME_ITEM_INVALID', { validation: validationMap(issues, '') });
}

/** Optional text fields: empty means none. */
function blankToNull<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

/** Lists a game item a lot or household uses (name, type, download link, expansion pack). */
export async function createGameItem(ctx: Context, submissionId: number, input: GameItemFields): Promise<GameItemRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, submissionId, tx);
    const parsed = gameItemInput.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error.issues);
    const values = blankToNull({ type: null, download_url: null, expansion_pack: null, ...parsed.data });
    const [row] = await tx.insert(gameItems).values({ submission_id: s.id, ...values }).returning();
    await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'game_item', entity_id: row!.id, action: 'created', new_values: values });
    return row!;
  });
}

async function gameItemForEdit(ctx: Context, tx: DbOrTx, id: number): Promise<{ item: GameItemRow; submission: SubmissionRow }> {
  const [item] = await tx.select().from(gameItems).where(eq(gameItems.id, id));
  if (!item) throw fileError('GAME_ITEM_NOT_FOUND', { id });
  return { item, submission: await beginEdit(ctx, item.submission_id, tx) };
}

/** Changes the fields given; null clears an optional one. */
export async function updateGameItem(ctx: Context, id: number, input: GameItemFields): Promise<GameItemRow> {
  return ctx.db.transaction(async (tx) => {
    const { item, submission } = await gameItemForEdit(ctx, tx, id);
    const given = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || k !== 'name')));
    const parsed = gameItemUpdateInput.safeParse(given);
    if (!parsed.success) throw invalid(parsed.error.issues);
    const next = blankToNull(parsed.data);
    const diff = changes(item, next);
    if (!diff) return item;
    const [row] = await tx.update(gameItems).set(next).where(eq(gameItems.id, id)).returning();
    await writeLog(tx, { submission_id: submission.id, member_id: ctx.auth.member!.id, entity: 'game_item', entity_id: id, action: 'updated', ...diff });
    return row!;
  });
}

export async function deleteGameItem(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { item, submission } = await gameItemForEdit(ctx, tx, id);
    await tx.delete(gameItems).where(eq(gameItems.id, id));
    const { id: _id, submission_id: _s, created_at: _c, ...previous } = item;
    await writeLog(tx, { submission_id: submission.id, member_id: ctx.auth.member!.id, entity: 'game_item', entity_id: id, action: 'deleted', previous_values: previous });
    return true;
  });
}
