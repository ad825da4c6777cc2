/**
 * What changed in an update (issue 15, item 4): pure comparisons of what a creation's approved
 * version held and what its pending update request would make approved. The server gathers both
 * sides (docs/decisions.md, "What changed in an update"); these functions only compare, so the rules
 * of "added", "removed" and "changed" are written once and tested on their own.
 */

/** Listed entries of one list (resources added, objects removed, …) at most; the counts are always whole. */
export const UPDATE_DIFF_LIST_LIMIT = 100;

/** A package's resource as the server keeps it (one per key). */
export interface PackageResource {
  /** `tttttttt:gggggggg:iiiiiiiiiiiiiiii`: type, group and instance in lowercase hex. */
  key: string;
  /** What kind of resource its type is (catalogObject, stringTable, …, other). */
  kind: string;
  /** Its unpacked size in bytes, as the package's index says. */
  size: number;
  /** A fingerprint of its content; null when it could not be read (then only its size is compared). */
  hash: string | null;
}

/** One resource added, removed or changed: its sizes before and after (null on the side without it). */
export interface ResourceChange {
  key: string;
  kind: string;
  before: number | null;
  after: number | null;
}

/** The changes of one kind of resource. */
export interface ResourceKindTally {
  kind: string;
  added: number;
  removed: number;
  changed: number;
}

export interface ResourceDiff {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  /** The kinds with any change, most changes first. */
  kinds: ResourceKindTally[];
  /** Up to the limit of each, in key order (so a type's resources sit together). */
  listedAdded: ResourceChange[];
  listedRemoved: ResourceChange[];
  listedChanged: ResourceChange[];
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Whether one resource's content differs: by fingerprint when both sides have one, else by size. */
export function resourceChanged(before: PackageResource, after: PackageResource): boolean {
  if (before.hash !== null && after.hash !== null) return before.hash !== after.hash;
  return before.size !== after.size;
}

/**
 * The resources added, removed and changed between two versions of a package, by key. Counts are
 * exact; each list keeps its first `limit` entries in key order, so a merged package with a hundred
 * thousand resources answers with a bounded list.
 */
export function diffResources(before: readonly PackageResource[], after: readonly PackageResource[], limit = UPDATE_DIFF_LIST_LIMIT): ResourceDiff {
  const old = new Map(before.map((r) => [r.key, r]));
  const seen = new Set<string>();
  const added: ResourceChange[] = [];
  const changed: ResourceChange[] = [];
  const removed: ResourceChange[] = [];
  const tallies = new Map<string, ResourceKindTally>();
  const tally = (kind: string) => tallies.get(kind) ?? tallies.set(kind, { kind, added: 0, removed: 0, changed: 0 }).get(kind)!;
  let unchanged = 0;
  for (const r of after) {
    if (seen.has(r.key)) continue;
    seen.add(r.key);
    const was = old.get(r.key);
    if (!was) {
      added.push({ key: r.key, kind: r.kind, before: null, after: r.size });
      tally(r.kind).added += 1;
    } else if (resourceChanged(was, r)) {
      changed.push({ key: r.key, kind: r.kind, before: was.size, after: r.size });
      tally(r.kind).changed += 1;
    } else unchanged += 1;
  }
  for (const [key, r] of old) {
    if (seen.has(key)) continue;
    removed.push({ key, kind: r.kind, before: r.size, after: null });
    tally(r.kind).removed += 1;
  }
  const total = (t: ResourceKindTally) => t.added + t.removed + t.changed;
  return {
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    unchanged,
    kinds: [...tallies.values()].sort((a, b) => total(b) - total(a) || (a.kind < b.kind ? -1 : 1)),
    listedAdded: firstInKeyOrder(added, limit),
    listedRemoved: firstInKeyOrder(removed, limit),
    listedChanged: firstInKeyOrder(changed, limit),
  };
}

function firstInKeyOrder<T extends { key: string }>(list: T[], limit: number): T[] {
  return list.sort(byKey).slice(0, Math.max(0, limit));
}

/** An id a package defines (an object or a CAS part), with its English name when the package has one. */
export interface NamedId {
  id: string;
  name: string | null;
}

export interface IdDiff {
  added: number;
  removed: number;
  /** Up to the limit of each, in id order. */
  listedAdded: NamedId[];
  listedRemoved: NamedId[];
}

/** The ids in `after` and not in `before`, and the reverse; a name on either side is kept. */
export function diffIds(before: readonly NamedId[], after: readonly NamedId[], limit = UPDATE_DIFF_LIST_LIMIT): IdDiff {
  const had = new Set(before.map((o) => o.id));
  const has = new Set(after.map((o) => o.id));
  const unique = (list: readonly NamedId[], keep: (id: string) => boolean) => {
    const out = new Map<string, NamedId>();
    for (const o of list) if (keep(o.id) && (!out.has(o.id) || out.get(o.id)!.name === null)) out.set(o.id, o);
    return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };
  const added = unique(after, (id) => !had.has(id));
  const removed = unique(before, (id) => !has.has(id));
  return { added: added.length, removed: removed.length, listedAdded: added.slice(0, limit), listedRemoved: removed.slice(0, limit) };
}

/** A field's value on one side: text, a number, a yes/no, or a list of names (tags, themes, …). */
export type FieldValue = string | number | boolean | null | readonly string[];

export interface FieldChange {
  field: string;
  type: 'text' | 'number' | 'flag' | 'list';
  /** The approved and the new value, for text, numbers and flags ("true"/"false"); null when empty. */
  before: string | null;
  after: string | null;
  /** For lists: the names added and removed. */
  added: string[];
  removed: string[];
}

const typeOf = (value: FieldValue): FieldChange['type'] | null =>
  value === null ? null : Array.isArray(value) ? 'list' : typeof value === 'boolean' ? 'flag' : typeof value === 'number' ? 'number' : 'text';

/** Empty text is no text: "" and null are the same value. */
const scalar = (value: FieldValue): string | null => (value === null || Array.isArray(value) ? null : String(value).trim() === '' ? null : String(value));

/**
 * The fields whose value differs between two field sets, in `order`; a field missing from either
 * side (its approved value is not known) is left out. Lists compare as sets of names.
 */
export function diffFields(before: Readonly<Record<string, FieldValue>>, after: Readonly<Record<string, FieldValue>>, order: readonly string[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of order) {
    if (!(field in before) || !(field in after)) continue;
    const was = before[field]!;
    const is = after[field]!;
    const type = typeOf(is) ?? typeOf(was) ?? 'text';
    if (type === 'list') {
      const old = new Set(Array.isArray(was) ? was : []);
      const now = new Set(Array.isArray(is) ? is : []);
      const added = [...now].filter((n) => !old.has(n));
      const removed = [...old].filter((n) => !now.has(n));
      if (added.length || removed.length) changes.push({ field, type, before: null, after: null, added, removed });
      continue;
    }
    const from = scalar(was);
    const to = scalar(is);
    if (from !== to) changes.push({ field, type, before: from, after: to, added: [], removed: [] });
  }
  return changes;
}

export interface OrderedDiff {
  added: number[];
  removed: number[];
  /** Whether the ids on both sides stand in another order. */
  reordered: boolean;
}

/** Two ordered lists of ids (a creation's images): which came, which went, and whether the rest moved. */
export function diffOrder(before: readonly number[], after: readonly number[]): OrderedDiff {
  const had = new Set(before);
  const has = new Set(after);
  const keptBefore = before.filter((id) => has.has(id));
  const keptAfter = after.filter((id) => had.has(id));
  return {
    added: after.filter((id) => !had.has(id)),
    removed: before.filter((id) => !has.has(id)),
    reordered: keptBefore.some((id, i) => keptAfter[i] !== id),
  };
}
