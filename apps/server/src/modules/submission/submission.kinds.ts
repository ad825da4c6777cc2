import { eq } from 'drizzle-orm';
import type { ModelType } from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { lots, mods, newItems, rooms, setItems, sets, sims } from '../../db/schema/index';

/** The kind table behind each model type. */
export const KIND_TABLES = {
  item: newItems,
  set_item: setItems,
  set: sets,
  lot: lots,
  room: rooms,
  sim: sims,
  mod: mods,
} as const;

/** The kinds a creator creates directly (set items are created inside a set). */
export const CREATABLE_KINDS = ['item', 'set', 'lot', 'room', 'sim', 'mod'] as const satisfies readonly ModelType[];

export type ItemRow = typeof newItems.$inferSelect;
export type SetItemRow = typeof setItems.$inferSelect;
export type LotRow = typeof lots.$inferSelect;

/** Reads the kind row of a creation. */
export async function loadKindRow(db: DbOrTx, modelType: ModelType, modelId: number): Promise<Record<string, unknown>> {
  const table = KIND_TABLES[modelType];
  const [row] = await db.select().from(table).where(eq(table.id, modelId));
  return (row ?? { id: modelId }) as Record<string, unknown>;
}
