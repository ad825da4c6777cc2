import { formatBytes } from '@corner/domain';

/** The details the server compares (its UpdateFieldChange.field), each with a label in en.json's updateDiff.fields. */
export const DIFF_FIELDS = [
  'name', 'description', 'keywords', 'credits_to', 'video_url', 'game_version', 'polycount', 'is_recolor', 'max_polycount', 'value',
  'lot_width', 'lot_depth', 'furnished', 'number_of_floors', 'category_id', 'attributes', 'themes', 'collections', 'collaborations',
  'required_items', 'external_urls', 'notes', 'terms_notes', 'feedback_option', 'recolor_option', 'can_be_shared',
  'enable_social_media_links', 'tsr_exclusive',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** A field the page has a label for, or null (then its name is shown as the server sent it). */
export function knownField(field: string): DiffField | null {
  return (DIFF_FIELDS as readonly string[]).includes(field) ? (field as DiffField) : null;
}

/** The kinds of package resources (the server's resource kinds), each with a label in updateDiff.kinds. */
export const RESOURCE_KINDS = [
  'casPart', 'catalogObject', 'objectDefinition', 'stringTable', 'simData', 'combinedTuning', 'objectTuning', 'image', 'thumbnail',
  'cwal', 'cflr', 'cfnd', 'cstr', 'cral', 'cfen', 'crst', 'crmt', 'tone', 'other',
] as const;
export type ResourceKindKey = (typeof RESOURCE_KINDS)[number];

export function knownResourceKind(kind: string): ResourceKindKey {
  return (RESOURCE_KINDS as readonly string[]).includes(kind) ? (kind as ResourceKindKey) : 'other';
}

interface DiffShape {
  fields: readonly unknown[];
  images: { added: readonly unknown[]; removed: readonly unknown[]; reordered: boolean };
  files: readonly unknown[];
}

/** How many details, pictures and files changed: the section's header says it before any detail. */
export function diffCounts(diff: DiffShape): { details: number; pictures: number; files: number; total: number } {
  const details = diff.fields.length;
  const pictures = diff.images.added.length + diff.images.removed.length;
  const files = diff.files.length;
  return { details, pictures, files, total: details + pictures + files + (diff.images.reordered ? 1 : 0) };
}

export interface ListedResource {
  key: string;
  kind: string;
  before: number | null;
  after: number | null;
}

export interface ResourceRow extends ListedResource {
  change: 'added' | 'removed' | 'changed';
}

/**
 * The listed resources of a package as one table: changed first (what a reviewer checks), then added,
 * then removed, each in key order; `hidden` counts those the server did not list.
 */
export function resourceRows(r: {
  added: number;
  removed: number;
  changed: number;
  listed_added: readonly ListedResource[];
  listed_removed: readonly ListedResource[];
  listed_changed: readonly ListedResource[];
}): { rows: ResourceRow[]; hidden: number } {
  const rows: ResourceRow[] = [
    ...r.listed_changed.map((x) => ({ ...x, change: 'changed' as const })),
    ...r.listed_added.map((x) => ({ ...x, change: 'added' as const })),
    ...r.listed_removed.map((x) => ({ ...x, change: 'removed' as const })),
  ];
  return { rows, hidden: r.added + r.removed + r.changed - rows.length };
}

/** "12 KB → 14 KB", "12 KB" when unchanged, one side when the other is missing. */
export function sizeChange(before: number | null | undefined, after: number | null | undefined): string {
  if (before == null && after == null) return '';
  if (before == null) return formatBytes(after!);
  if (after == null || after === before) return formatBytes(before);
  return `${formatBytes(before)} → ${formatBytes(after)}`;
}
