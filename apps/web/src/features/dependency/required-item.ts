/** A required download as the creator adds it (SPEC section 3): a portal id, an old item id, or a URL. */
export interface RequiredItemChoice {
  type: 'id' | 'old_item_id' | 'url';
  download: string;
  title: string | null;
}

/** The same required download, whatever its title: same type and same id or address. */
export function requiredItemKey(item: Pick<RequiredItemChoice, 'type' | 'download'>): string {
  return `${item.type}:${item.download.trim()}`;
}

/** `current` with the new items appended, leaving out any already there. */
export function addRequiredItems<T extends Pick<RequiredItemChoice, 'type' | 'download'>>(current: readonly T[], added: readonly T[]): T[] {
  const seen = new Set(current.map(requiredItemKey));
  const next = [...current];
  for (const item of added) {
    const key = requiredItemKey(item);
    if (!seen.has(key)) {
      seen.add(key);
      next.push(item);
    }
  }
  return next;
}
