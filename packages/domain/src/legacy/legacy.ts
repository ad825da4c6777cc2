/**
 * The older submission system (DESIGN section 8): what its items are, shared by the server (the
 * legacy source and the archive) and the web app (the archive's filters and labels).
 */

/** The games a legacy item was made for: The Sims 2, 3 and 4. */
export const LEGACY_GAMES = [2, 3, 4] as const;
export type LegacyGame = (typeof LEGACY_GAMES)[number];

/**
 * The statuses of a legacy item, as the old system writes them:
 * - `draft`: started, never sent for review;
 * - `pending`: waiting for review;
 * - `published`: approved; live on the site from its publish date (a later date is scheduled);
 * - `unpublished`: taken off the site after it was published;
 * - `rejected`: turned down in review;
 * - `deleted`: removed (the row stays, as the old system kept it).
 * Hidden is a separate flag: a hidden item is left out of the site's lists and searches whatever
 * its status.
 */
export const LEGACY_ITEM_STATUSES = ['draft', 'pending', 'published', 'unpublished', 'rejected', 'deleted'] as const;
export type LegacyItemStatus = (typeof LEGACY_ITEM_STATUSES)[number];

export function isLegacyItemStatus(value: string): value is LegacyItemStatus {
  return (LEGACY_ITEM_STATUSES as readonly string[]).includes(value);
}

export function isLegacyGame(value: number): value is LegacyGame {
  return (LEGACY_GAMES as readonly number[]).includes(value);
}

/**
 * Whether a legacy item is live on the old site: published, with a publish date that has come.
 * (The old system has no flag of its own for it; the `published` field of SPEC 3 is this.)
 */
export function isLegacyPublished(item: { status: string; publishDate: Date | null }, now: Date = new Date()): boolean {
  return item.status === 'published' && item.publishDate !== null && item.publishDate.getTime() <= now.getTime();
}

/**
 * The folder of a legacy item's thumbnails and files: its ID divided by 1000, floored (SPEC 7).
 * Item 4501's pictures live in folder 4.
 */
export function legacyFolderOf(itemId: number): number {
  return Math.floor(itemId / 1000);
}

/**
 * A legacy picture's name as the old system writes them: `{itemId}.{ext}` for the first,
 * `{itemId}_{n}.{ext}` for the others. The thumbnail route refuses anything else (a path, a name of
 * another item).
 */
export const LEGACY_MEDIA_NAME = /^([1-9]\d{0,9})(?:_(\d{1,4}))?\.([A-Za-z0-9]{1,10})$/;

/** The item a legacy picture's name belongs to, or null when the name is not one. */
export function legacyItemIdOfName(filename: string): number | null {
  const match = LEGACY_MEDIA_NAME.exec(filename);
  return match ? Number(match[1]) : null;
}

/** Longest title and description the archive accepts (the old system's columns). */
export const MAX_LEGACY_TITLE_LENGTH = 255;
export const MAX_LEGACY_DESCRIPTION_LENGTH = 20_000;
