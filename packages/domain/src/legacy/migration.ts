import { TEXT_LIMITS } from '../submission/input';
import { disallowedCharacters } from '../text/allowed-characters';
import { isLegacyGame } from './legacy';

/**
 * Migrating a legacy item into a creation (issue 16, DESIGN section 8): what is copied and how,
 * as pure functions, so the creator's migration, the staff's bulk runs and their dry runs answer
 * alike. The server does the copying (modules/migration).
 */

/** What a legacy item brings to a migration (the legacy source's LegacyItemDetail, as far as it matters here). */
export interface MigratingItem {
  id: number;
  title: string;
  description: string;
  keywords: string;
  game: number;
  status: string;
  publishDate: Date | null;
  categories: readonly { id: number; name: string }[];
  images: readonly { filename: string }[];
  files: readonly { filename: string }[];
}

/** The creation a legacy item becomes: its fields, before pictures and files are copied. */
export interface MigrationPlan {
  name: string;
  description: string;
  keywords: string;
  game_version: number;
  category_id: number | null;
  /** A published legacy item becomes APPROVED with its publish date; anything else CREATED. */
  status: 'APPROVED' | 'CREATED';
  publish_at: Date | null;
  /** What the plan changed or left out, and why (the start of `migration_result.not_copied`). */
  notCopied: MigrationNote[];
}

/** Something not copied as it was, and why, in words a creator reads. */
export interface MigrationNote {
  what: string;
  why: string;
}

/**
 * `submissions.migration_result`: what a migration copied and what it did not, and why. Written once,
 * with the creation, in the same transaction as its bridge to the legacy item.
 */
export interface MigrationResult {
  legacy_item_id: number;
  migrated_at: string;
  /** Who migrated it: the creator themselves, or staff in a bulk run (its id). */
  by: { member_id: number; run_id: number | null };
  copied: { fields: string[]; images: number; files: number; category: string | null };
  not_copied: MigrationNote[];
}

/** A legacy item that cannot be migrated at all, and why (nothing is created). */
export type MigrationRefusal = 'deleted' | 'no_content';

export const MIGRATION_REFUSALS: Record<MigrationRefusal, string> = {
  deleted: 'It was deleted on the old site.',
  no_content: 'It has neither a title nor a description to start from.',
};

/** Whether an item can be migrated; the reason when it cannot. */
export function migrationRefusal(item: Pick<MigratingItem, 'status' | 'title' | 'description'>): MigrationRefusal | null {
  if (item.status === 'deleted') return 'deleted';
  if (item.title.trim() === '' && item.description.trim() === '') return 'no_content';
  return null;
}

/**
 * The creation's fields from a legacy item. Text keeps only the characters the portal allows (SPEC
 * 5) and fits the portal's limits; categories go through the staff's mapping, and the first mapped
 * one (in the item's order) becomes the creation's; unmapped ones are reported, never guessed.
 */
export function planMigration(item: MigratingItem, mapping: ReadonlyMap<number, number>): MigrationPlan {
  const notCopied: MigrationNote[] = [];
  const fit = (label: string, value: string, max: number): string => {
    const bad = new Set(disallowedCharacters(value));
    let clean = bad.size === 0 ? value : [...value].filter((ch) => !bad.has(ch)).join('');
    if (bad.size > 0) notCopied.push({ what: label, why: `Characters the portal does not allow were left out: ${[...bad].join(' ')}` });
    if (clean.length > max) {
      clean = clean.slice(0, max);
      notCopied.push({ what: label, why: `It was longer than ${max} characters; the rest was cut.` });
    }
    return clean.trim();
  };
  let name = fit('Title', item.title, TEXT_LIMITS.name);
  if (name === '') {
    name = `Legacy item ${item.id}`;
    notCopied.push({ what: 'Title', why: `It was empty; the creation is named “${name}”.` });
  }
  const description = fit('Description', item.description, TEXT_LIMITS.description);
  const keywords = fit('Keywords', item.keywords, TEXT_LIMITS.keywords);
  let game = item.game;
  if (!isLegacyGame(game)) {
    notCopied.push({ what: 'Game', why: `Game ${game} is not one the portal knows; it was set to The Sims 4.` });
    game = 4;
  }
  const mapped = item.categories.filter((c) => mapping.has(c.id));
  const unmapped = item.categories.filter((c) => !mapping.has(c.id));
  if (unmapped.length > 0) {
    notCopied.push({ what: 'Categories', why: `No portal category is mapped to ${unmapped.map((c) => `“${c.name}”`).join(', ')}: staff map categories on the migration page.` });
  }
  if (mapped.length > 1) {
    notCopied.push({ what: 'Categories', why: `A creation has one category: “${mapped[0]!.name}” was kept, ${mapped.slice(1).map((c) => `“${c.name}”`).join(', ')} left out.` });
  }
  const published = item.status === 'published' && item.publishDate !== null;
  if (item.status === 'published' && item.publishDate === null) notCopied.push({ what: 'Status', why: 'It was published without a publish date; it starts as a draft.' });
  return {
    name,
    description,
    keywords,
    game_version: game,
    category_id: mapped[0] ? mapping.get(mapped[0].id)! : null,
    status: published ? 'APPROVED' : 'CREATED',
    publish_at: published ? item.publishDate : null,
    notCopied,
  };
}

/** How many items a bulk run is through, and when it may end, from its pace so far. */
export interface RunProgress {
  done: number;
  failed: number;
  remaining: number;
  /** Items per second since it started (over its running time); null before any. */
  perSecond: number | null;
  /** Seconds left at that pace; null without a pace. */
  secondsLeft: number | null;
}

export function runProgress(run: { done: number; failed: number; total: number; runningMs: number }): RunProgress {
  const handled = run.done + run.failed;
  const remaining = Math.max(0, run.total - handled);
  const perSecond = handled > 0 && run.runningMs > 0 ? handled / (run.runningMs / 1000) : null;
  return { done: run.done, failed: run.failed, remaining, perSecond, secondsLeft: perSecond ? Math.ceil(remaining / perSecond) : null };
}

/**
 * Syncing the portal's category tree to the legacy categories: the inserts, renames and moves that
 * make the legacy tree hold every portal category under its portal parent, with its portal name.
 * `linked` says which legacy category each portal category is (the mapping, reversed); a portal
 * category without one is inserted (its parent first). Legacy categories no portal category links to
 * are left alone (the old site may still use them).
 */
export interface PortalCategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  position: number;
}

export type CategorySyncChange =
  | { kind: 'insert'; portalId: number; parentPortalId: number | null; name: string; position: number }
  | { kind: 'rename'; portalId: number; legacyId: number; from: string; name: string }
  | { kind: 'move'; portalId: number; legacyId: number; fromParentLegacyId: number | null; parentPortalId: number | null; position: number };

export function categorySyncPlan(
  portal: readonly PortalCategoryNode[],
  legacy: readonly { id: number; parentId: number | null; name: string }[],
  linked: ReadonlyMap<number, number>,
): CategorySyncChange[] {
  const legacyById = new Map(legacy.map((c) => [c.id, c]));
  const byId = new Map(portal.map((c) => [c.id, c]));
  const depth = (c: PortalCategoryNode): number => {
    let d = 0;
    for (let p = c.parentId; p !== null && d < portal.length; p = byId.get(p)?.parentId ?? null) d += 1;
    return d;
  };
  // Parents before children, so an insert's parent exists when it is made.
  const ordered = [...portal].sort((a, b) => depth(a) - depth(b) || a.position - b.position || a.id - b.id);
  const changes: CategorySyncChange[] = [];
  for (const c of ordered) {
    const legacyId = linked.get(c.id);
    const row = legacyId === undefined ? undefined : legacyById.get(legacyId);
    if (!row) {
      changes.push({ kind: 'insert', portalId: c.id, parentPortalId: c.parentId, name: c.name, position: c.position });
      continue;
    }
    if (row.name !== c.name) changes.push({ kind: 'rename', portalId: c.id, legacyId: row.id, from: row.name, name: c.name });
    const wantParent = c.parentId === null ? null : (linked.get(c.parentId) ?? undefined);
    // A parent not in the legacy tree yet is inserted above: then this one moves under it.
    if (wantParent === undefined || wantParent !== row.parentId || (c.parentId !== null && !legacyById.has(wantParent ?? -1))) {
      changes.push({ kind: 'move', portalId: c.id, legacyId: row.id, fromParentLegacyId: row.parentId, parentPortalId: c.parentId, position: c.position });
    }
  }
  return changes;
}

/**
 * What sync back writes to a bridged legacy item from its creation: a deleted creation is deleted
 * and hidden there; an approved one published with its publish date (a later date: scheduled); a
 * rejected one rejected; a draft a draft; anything in review pending. The old system has no other
 * states, and its hidden flag follows deletion (the portal hides nothing else from visitors).
 */
export function legacyPublicationOf(s: { status: string; publish_at: Date | null; deleted_at: Date | null }): { status: string; publishDate: Date | null; isHidden: boolean } {
  if (s.deleted_at) return { status: 'deleted', publishDate: s.publish_at, isHidden: true };
  switch (s.status) {
    case 'APPROVED':
      return { status: 'published', publishDate: s.publish_at, isHidden: false };
    case 'REJECTED':
      return { status: 'rejected', publishDate: null, isHidden: false };
    case 'CREATED':
      return { status: 'draft', publishDate: null, isHidden: false };
    default:
      return { status: 'pending', publishDate: null, isHidden: false };
  }
}
