/**
 * A copy of `list` with the element at `from` moved to `to` (the others close up). Out-of-range
 * indexes leave the order as it is.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as T);
  return copy;
}
