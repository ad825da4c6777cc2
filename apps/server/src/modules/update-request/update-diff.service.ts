import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  diffFields,
  diffIds,
  diffOrder,
  diffResources,
  isPublished,
  UPDATE_DIFF_LIST_LIMIT,
  type FieldChange,
  type FieldValue,
  type IdDiff,
  type NamedId,
  type ResourceDiff,
} from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  attributes,
  categories,
  collaborations,
  collections,
  externalUrlRequirements,
  files,
  images,
  logs,
  lots,
  newItems,
  requiredItems,
  setItems,
  submissionAttributes,
  submissionCollaborations,
  submissionCollections,
  submissionThemes,
  themes,
} from '../../db/schema/index';
import { versionsOf, type FileRow, type FileVersionView } from '../file/file-read.service';
import { visitorVersion } from '../file/file-url.service';
import { objectThumbnailPath } from '../game-file/game-file.service';
import { packageContentsOf, type GameFileServices, type PackageContent } from '../game-file/inspection.service';
import type { ImageView } from '../image/image.service';
import { loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { canReadUpdateDiff } from './update-request.policy';
import { versionsBrought, type UpdateRequestRow } from './update-request.service';

/**
 * What changed in an update (issue 15, item 4; docs/decisions.md, "What changed in an update"): a
 * pending update request's creation compared with its approved version. The approved version is
 * what the data keeps of it: its files' published versions (what visitors download), and for the
 * details and pictures the creation as it stood at its latest approval (of the creation or of an
 * update), rebuilt from the change log written since. The comparisons themselves are the domain's.
 */
export interface UpdateDiffView {
  request_id: number;
  /** When the version compared with was approved; null when no approval is recorded (then only the files the request brings compare). */
  approved_at: Date | null;
  /** `pending` while a package it compares is not read yet (the inspection job reads it within the minute). */
  state: 'ready' | 'pending';
  fields: FieldChange[];
  images: ImagesDiffView;
  files: FileChangeView[];
}

export interface ImagesDiffView {
  added: ImageView[];
  removed: ImageView[];
  /** Whether the pictures both versions have stand in another order (the first is the main picture). */
  reordered: boolean;
  approved_count: number;
  current_count: number;
}

export interface FileChangeView {
  change: 'added' | 'removed' | 'replaced';
  file_id: number;
  filename: string;
  kind: string | null;
  /** The approved version (null for a file added since). */
  from: FileVersionView | null;
  /** The version approving the request gives visitors (null for a file removed since). */
  to: FileVersionView | null;
  /** For a replaced package: its resources and ids compared; null for other files. */
  package: PackageDiffView | null;
}

/** An object or CAS part id that came or went, with where its thumbnail is served when its version has one. */
export interface ListedIdView extends NamedId {
  thumbnail_path: string | null;
}

export interface IdDiffView extends Omit<IdDiff, 'listedAdded' | 'listedRemoved'> {
  listedAdded: ListedIdView[];
  listedRemoved: ListedIdView[];
}

export interface PackageDiffView {
  /** ready; pending (a version not read yet); failed (a version could not be read); too_large (too many resources to compare one by one). */
  state: 'ready' | 'pending' | 'failed' | 'too_large';
  message: string | null;
  resources_before: number | null;
  resources_after: number | null;
  resources: ResourceDiff | null;
  objects: IdDiffView | null;
  cas_parts: IdDiffView | null;
}

/** The fields compared, in the order the review page lists them (step 1's, then step 4's, then the terms). */
const FIELD_ORDER = [
  'name',
  'description',
  'keywords',
  'credits_to',
  'video_url',
  'game_version',
  'polycount',
  'is_recolor',
  'max_polycount',
  'value',
  'lot_width',
  'lot_depth',
  'furnished',
  'number_of_floors',
  'category_id',
  'attributes',
  'themes',
  'collections',
  'collaborations',
  'required_items',
  'external_urls',
  'notes',
  'terms_notes',
  'feedback_option',
  'recolor_option',
  'can_be_shared',
  'enable_social_media_links',
  'tsr_exclusive',
] as const;
type FieldKey = (typeof FIELD_ORDER)[number];
const LISTS = new Set<FieldKey>(['attributes', 'themes', 'collections', 'collaborations', 'required_items', 'external_urls']);
const SCALAR_COLUMNS = [
  'name', 'description', 'keywords', 'credits_to', 'video_url', 'game_version', 'polycount', 'category_id', 'notes', 'terms_notes',
  'feedback_option', 'recolor_option', 'can_be_shared', 'enable_social_media_links', 'tsr_exclusive',
] as const satisfies readonly (FieldKey & keyof SubmissionRow)[];

/** The diff of a request for staff who review updates; null for anyone else and for a request no longer pending. */
export async function updateDiffOf(ctx: Context, request: UpdateRequestRow): Promise<UpdateDiffView | null> {
  if (!canReadUpdateDiff(ctx.auth) || request.status !== 'PENDING') return null;
  return updateDiff(ctx, request);
}

/** What a pending request changes against the approved version (see UpdateDiffView). */
export async function updateDiff(services: GameFileServices, request: UpdateRequestRow): Promise<UpdateDiffView> {
  const db = services.database.db;
  const s = await loadSubmission(db, request.submission_id);
  const approval = await latestApproval(db, s.id);
  const [fields, imageDiff, fileDiff] = await Promise.all([fieldChanges(db, s, approval), imageChanges(db, s, approval), fileChanges(services, s, request, approval)]);
  return {
    request_id: request.id,
    approved_at: approval?.at ?? null,
    state: fileDiff.some((f) => f.package?.state === 'pending') ? 'pending' : 'ready',
    fields,
    images: imageDiff,
    files: fileDiff,
  };
}

interface Approval {
  /** The log entry that approved: later entries are changes since. */
  logId: number;
  at: Date;
}

/** The creation's latest approval: staff approving it, or approving one of its update requests. */
async function latestApproval(db: DbOrTx, submissionId: number): Promise<Approval | null> {
  const [row] = await db
    .select({ id: logs.id, at: logs.created_at })
    .from(logs)
    .where(
      and(
        eq(logs.submission_id, submissionId),
        or(
          and(eq(logs.entity, 'submission'), eq(logs.action, 'approved')),
          and(eq(logs.entity, 'update_request'), eq(logs.action, 'status'), sql`${logs.new_values} ->> 'status' = 'APPROVED'`),
        ),
      ),
    )
    .orderBy(desc(logs.id))
    .limit(1);
  return row ? { logId: row.id, at: row.at } : null;
}

type Values = Record<string, unknown>;

/**
 * The details changed since the approval. Each field changed since has its approved value in the
 * first change's `previous_values`; a list logged without one (required items, links, older logs)
 * takes the value the latest change up to the approval gave it, and was empty if none did (every
 * creation starts with empty lists, and each change is logged).
 */
async function fieldChanges(db: DbOrTx, s: SubmissionRow, approval: Approval | null): Promise<FieldChange[]> {
  if (!approval) return [];
  const entities = ['submission', s.model_type];
  const entries = await db
    .select({ id: logs.id, previous: logs.previous_values, next: logs.new_values })
    .from(logs)
    .where(and(eq(logs.submission_id, s.id), inArray(logs.entity, entities), eq(logs.action, 'updated')))
    .orderBy(asc(logs.id));
  const since = entries.filter((e) => e.id > approval.logId);
  const upTo = entries.filter((e) => e.id <= approval.logId);
  const approvedRaw: Partial<Record<FieldKey, unknown>> = {};
  for (const key of FIELD_ORDER) {
    const first = since.find((e) => e.next !== null && key in (e.next as Values));
    if (!first) continue;
    const previous = first.previous as Values | null;
    if (previous && key in previous) approvedRaw[key] = previous[key];
    else if (LISTS.has(key)) {
      const last = [...upTo].reverse().find((e) => e.next !== null && key in (e.next as Values));
      approvedRaw[key] = last ? (last.next as Values)[key] : [];
    }
  }
  const keys = Object.keys(approvedRaw) as FieldKey[];
  if (keys.length === 0) return [];
  const current = await currentValues(db, s);
  const names = await namesFor(db, keys.map((k) => [k, approvedRaw[k], current[k]] as const));
  const before: Record<string, FieldValue> = {};
  const after: Record<string, FieldValue> = {};
  for (const key of keys) {
    before[key] = display(key, approvedRaw[key], names);
    after[key] = display(key, current[key], names);
  }
  return diffFields(before, after, FIELD_ORDER);
}

/** The creation's values now, raw as the log writes them. */
async function currentValues(db: DbOrTx, s: SubmissionRow): Promise<Partial<Record<FieldKey, unknown>>> {
  const values: Partial<Record<FieldKey, unknown>> = {};
  for (const key of SCALAR_COLUMNS) values[key] = s[key];
  const ids = async (table: typeof submissionAttributes | typeof submissionThemes | typeof submissionCollections | typeof submissionCollaborations, column: 'attribute_id' | 'theme_id' | 'collection_id' | 'collaboration_id') =>
    (await db.select().from(table).where(eq(table.submission_id, s.id))).map((r) => (r as Record<string, number>)[column]!);
  const [attributeIds, themeIds, collectionIds, collaborationIds, required, external] = await Promise.all([
    ids(submissionAttributes, 'attribute_id'),
    ids(submissionThemes, 'theme_id'),
    ids(submissionCollections, 'collection_id'),
    ids(submissionCollaborations, 'collaboration_id'),
    db.select().from(requiredItems).where(eq(requiredItems.submission_id, s.id)).orderBy(asc(requiredItems.ord)),
    db.select().from(externalUrlRequirements).where(eq(externalUrlRequirements.submission_id, s.id)).orderBy(asc(externalUrlRequirements.id)),
  ]);
  Object.assign(values, { attributes: attributeIds, themes: themeIds, collections: collectionIds, collaborations: collaborationIds, required_items: required, external_urls: external });
  const kind = s.model_type === 'item' ? newItems : s.model_type === 'set_item' ? setItems : s.model_type === 'lot' ? lots : null;
  if (kind) {
    const [row] = await db.select().from(kind).where(eq(kind.id, s.model_id));
    for (const [key, value] of Object.entries(row ?? {})) if (key !== 'id' && key !== 'set_id' && key !== 'ord') values[key as FieldKey] = value;
  }
  return values;
}

const NAMED_TABLES = { category_id: categories, attributes, themes, collections, collaborations } as const;
type Names = Map<string, Map<number, string>>;

/** The names of the categories, tags, themes, collections and collaborations either side refers to. */
async function namesFor(db: DbOrTx, sides: readonly (readonly [FieldKey, unknown, unknown])[]): Promise<Names> {
  const names: Names = new Map();
  for (const [key, ...values] of sides) {
    if (!(key in NAMED_TABLES)) continue;
    const ids = [...new Set(values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is number => typeof v === 'number'))];
    const table = NAMED_TABLES[key as keyof typeof NAMED_TABLES];
    const rows = ids.length ? await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids)) : [];
    names.set(key, new Map(rows.map((r) => [r.id, r.name])));
  }
  return names;
}

/** A raw value as the diff compares it: names for ids, one line per required item or link. */
function display(key: FieldKey, value: unknown, names: Names): FieldValue {
  const nameOf = (id: unknown) => names.get(key)?.get(id as number) ?? `#${String(id)}`;
  if (key === 'category_id') return value === null || value === undefined ? null : nameOf(value);
  if (key === 'required_items') {
    return ((value as { type: string; download: string; title?: string | null }[] | null) ?? []).map((r) => {
      const target = r.type === 'id' ? `#${r.download}` : r.download;
      return r.title ? `${r.title} (${target})` : target;
    });
  }
  if (key === 'external_urls') return ((value as { url: string; name?: string | null }[] | null) ?? []).map((u) => (u.name ? `${u.name} (${u.url})` : u.url));
  if (LISTS.has(key)) return ((value as unknown[] | null) ?? []).map(nameOf);
  if (value === undefined) return null;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : JSON.stringify(value);
}

/** Whether a row (an image, a file) was part of the creation at its approval. */
function wasThere(row: { created_at: Date; deleted_at: Date | null }, approval: Approval | null): boolean {
  if (!approval) return row.deleted_at === null;
  return row.created_at <= approval.at && (row.deleted_at === null || row.deleted_at > approval.at);
}

/**
 * Pictures added and removed since the approval, and whether the others moved. The order at the
 * approval is the one the first reordering since replaced (its log keeps it); without one, the
 * pictures kept have kept their order.
 */
async function imageChanges(db: DbOrTx, s: SubmissionRow, approval: Approval | null): Promise<ImagesDiffView> {
  const rows = await db.select().from(images).where(eq(images.submission_id, s.id)).orderBy(asc(images.ord), asc(images.id));
  const isPublic = isPublished(s);
  const current = rows.filter((r) => r.deleted_at === null);
  const approved = rows.filter((r) => wasThere(r, approval));
  let approvedOrder = approved.map((r) => r.id);
  if (approval) {
    const [reorder] = await db
      .select({ previous: logs.previous_values })
      .from(logs)
      .where(and(eq(logs.submission_id, s.id), eq(logs.entity, 'image'), eq(logs.action, 'reordered'), gt(logs.id, approval.logId)))
      .orderBy(asc(logs.id))
      .limit(1);
    const order = (reorder?.previous as { order?: number[] } | null)?.order;
    if (order) {
      const known = new Set(approvedOrder);
      const ordered = order.filter((id) => known.has(id));
      approvedOrder = [...ordered, ...approvedOrder.filter((id) => !ordered.includes(id))];
    }
  }
  const diff = diffOrder(approvedOrder, current.map((r) => r.id));
  const view = (ids: number[]) => ids.map((id) => ({ ...rows.find((r) => r.id === id)!, isPublic }));
  return { added: view(diff.added), removed: view(diff.removed), reordered: diff.reordered, approved_count: approved.length, current_count: current.length };
}

/**
 * Files added and removed since the approval, and the files the request brings a new version of:
 * each compared from the version visitors download now to the one approving the request gives them;
 * a package's two versions resource by resource, from their stored inspections.
 */
async function fileChanges(services: GameFileServices, s: SubmissionRow, request: UpdateRequestRow, approval: Approval | null): Promise<FileChangeView[]> {
  const db = services.database.db;
  const rows = await db.select().from(files).where(eq(files.submission_id, s.id)).orderBy(asc(files.created_at), asc(files.id));
  const brought = new Map((await versionsBrought(db, request)).map((v) => [v.file_id, v.version]));
  const picked: { file: FileRow; change: FileChangeView['change']; from: number | null; to: number | null }[] = [];
  for (const file of rows) {
    const live = file.deleted_at === null;
    const was = wasThere(file, approval);
    const next = brought.get(file.id) ?? visitorVersion(file);
    if (live && !was) picked.push({ file, change: 'added', from: null, to: next });
    else if (!live && was) picked.push({ file, change: 'removed', from: visitorVersion(file), to: null });
    else if (live && next !== visitorVersion(file)) picked.push({ file, change: 'replaced', from: visitorVersion(file), to: next });
  }
  const versions = new Map(await Promise.all(picked.map(async (p) => [p.file.id, await versionsOf(db, p.file)] as const)));
  const versionOf = (fileId: number, version: number | null) => (version === null ? null : (versions.get(fileId)?.find((v) => v.version === version) ?? null));
  const changes = picked.map((p): FileChangeView => ({
    change: p.change,
    file_id: p.file.id,
    filename: versionOf(p.file.id, p.to ?? p.from)?.filename ?? p.file.filename,
    kind: p.file.kind,
    from: versionOf(p.file.id, p.from),
    to: versionOf(p.file.id, p.to),
    package: null,
  }));
  const replaced = changes.filter((c) => c.change === 'replaced' && c.from && c.to && c.kind?.endsWith('-package'));
  const contents = await packageContentsOf(services, replaced.flatMap((c) => [c.from!.sha256, c.to!.sha256]));
  for (const c of replaced) {
    const fileOf = (v: FileVersionView) => ({ member_id: v.member_id, id: c.file_id, version: v.version });
    c.package = packageDiff(contents.get(c.from!.sha256)!, contents.get(c.to!.sha256)!, {
      before: (id) => objectThumbnailPath(fileOf(c.from!), id),
      after: (id) => objectThumbnailPath(fileOf(c.to!), id),
    });
  }
  return changes;
}

/** Where each side serves an object's thumbnail (its file version's path). */
type ThumbnailPaths = { before: (id: string) => string; after: (id: string) => string };

/** Two versions of a package compared: resources by key, object and CAS part ids, with names when known. */
export function packageDiff(before: PackageContent, after: PackageContent, thumbnails: ThumbnailPaths): PackageDiffView | null {
  const empty = { message: null, resources_before: null, resources_after: null, resources: null, objects: null, cas_parts: null };
  if (before.state === 'failed' || after.state === 'failed') {
    return { ...empty, state: 'failed', message: before.state === 'failed' ? before.message : (after as { message: string }).message };
  }
  if (before.state === 'pending' || after.state === 'pending') return { ...empty, state: 'pending' };
  if (before.state === 'other' || after.state === 'other') return null;
  const objectsOf = (p: typeof before): NamedId[] => {
    const names = new Map(p.summary.objects.map((o) => [o.id, o.name]));
    return [...p.summary.objectDefinitionIds, ...p.summary.sims2ObjectGuids].map((id) => ({ id, name: names.get(id) ?? null }));
  };
  const casPartsOf = (p: typeof before): NamedId[] => {
    const names = new Map(p.summary.casParts.map((c) => [c.id, c.title ?? c.name]));
    return p.summary.casPartIds.map((id) => ({ id, name: names.get(id) ?? null }));
  };
  // Listed ids carry the thumbnail of the version that has them, when its package holds one.
  const withThumbnails = (diff: IdDiff, objects: boolean): IdDiffView => {
    const withThumbnail = (p: typeof before) => new Set(objects ? p.summary.thumbnails.map((t) => t.instance) : []);
    const [inBefore, inAfter] = [withThumbnail(before), withThumbnail(after)];
    return {
      ...diff,
      listedAdded: diff.listedAdded.map((o) => ({ ...o, thumbnail_path: inAfter.has(o.id) ? thumbnails.after(o.id) : null })),
      listedRemoved: diff.listedRemoved.map((o) => ({ ...o, thumbnail_path: inBefore.has(o.id) ? thumbnails.before(o.id) : null })),
    };
  };
  const comparable = before.resources !== null && after.resources !== null;
  return {
    state: comparable ? 'ready' : 'too_large',
    message: null,
    resources_before: before.total,
    resources_after: after.total,
    resources: comparable ? diffResources(before.resources!, after.resources!, UPDATE_DIFF_LIST_LIMIT) : null,
    objects: withThumbnails(diffIds(objectsOf(before), objectsOf(after), UPDATE_DIFF_LIST_LIMIT), true),
    cas_parts: withThumbnails(diffIds(casPartsOf(before), casPartsOf(after), UPDATE_DIFF_LIST_LIMIT), false),
  };
}

