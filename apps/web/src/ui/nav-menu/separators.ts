/**
 * The separator rule of the side menus (SPEC section 2): a separator is dropped when it directly
 * follows another separator, counting only what is still shown after hidden links were removed.
 * Every other separator is kept, trailing ones included.
 */
export function dropRepeatedSeparators<T>(items: readonly T[], isSeparator: (item: T) => boolean): T[] {
  const kept: T[] = [];
  for (const item of items) {
    const previous = kept[kept.length - 1];
    if (isSeparator(item) && previous !== undefined && isSeparator(previous)) continue;
    kept.push(item);
  }
  return kept;
}
