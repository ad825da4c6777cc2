/** A category of the older system's tree as the archive's form gets it. */
export interface LegacyCategoryPath {
  id: number;
  name: string;
  /** Its names from the top, joined by " › ". */
  path: string;
}

/**
 * The tree as grouped options for a multi-select: each category under its top-level one, named by
 * its path below it ("Living Room › Armchairs" under "Objects"), so a chosen pill stays short and
 * still says where it is. A top-level category is the first option of its own group.
 */
export function categoryOptions(categories: readonly LegacyCategoryPath[]): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of categories) {
    const [top = c.name, ...below] = c.path.split(' › ');
    const items = groups.get(top) ?? [];
    items.push({ value: String(c.id), label: below.length ? below.join(' › ') : c.name });
    groups.set(top, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
