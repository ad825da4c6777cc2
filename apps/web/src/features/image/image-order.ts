import { moveItem } from '../../ui/sortable/move';

/**
 * The images' order to show: the order the creator just chose (`chosen`, not yet confirmed by the
 * server) applied to the server's list. Images deleted meanwhile drop out; images the server has
 * and the chosen order does not (just uploaded) follow at the end, as the server appends them.
 */
export function applyOrder(serverIds: readonly number[], chosen: readonly number[] | null): number[] {
  if (!chosen) return [...serverIds];
  const present = new Set(serverIds);
  const ordered = chosen.filter((id) => present.has(id));
  const placed = new Set(ordered);
  return [...ordered, ...serverIds.filter((id) => !placed.has(id))];
}

/** `ids` with `id` moved `delta` places (−1 earlier, +1 later); unchanged at either end. */
export function moveId(ids: readonly number[], id: number, delta: number): number[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.min(ids.length - 1, Math.max(0, from + delta));
  return moveItem(ids, from, to);
}

/** Whether two orders are the same. */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
