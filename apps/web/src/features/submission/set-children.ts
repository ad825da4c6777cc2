/** A set's child as step 1 edits it; `id` is the child's creation (submission) id. */
export interface SetChildValue {
  id: number;
  name: string;
  description: string;
  is_recolor: boolean;
  max_polycount: number | null;
}

/**
 * The children to show and save: the drafted order and fields, with children the server added
 * since (a new item) appended, and children it no longer has (removed) left out.
 */
export function mergeChildren(server: readonly SetChildValue[], draft: readonly SetChildValue[] | undefined): SetChildValue[] {
  if (!draft) return [...server];
  const known = new Set(server.map((c) => c.id));
  const drafted = draft.filter((c) => known.has(c.id));
  const draftedIds = new Set(drafted.map((c) => c.id));
  return [...drafted, ...server.filter((c) => !draftedIds.has(c.id))];
}

/** The list with the child at `index` moved by `offset` (-1 up, +1 down); out of range: unchanged. */
export function moveChild<T>(list: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}
