import { eq, inArray } from 'drizzle-orm';
import {
  isLegacyGame,
  isLegacyItemStatus,
  legacyFolderOf,
  MAX_LEGACY_DESCRIPTION_LENGTH,
  MAX_LEGACY_TITLE_LENGTH,
  MAX_RESULTS_PER_SEARCH,
} from '@corner/domain';
import type { Context } from '../../context';
import { batchLoader, type BatchLoader } from '../../db/loader';
import { submissionBridges, submissions } from '../../db/schema/index';
import type { Page } from '../../schema/page-size';
import { changes, writeLog } from '../log/log.service';
import { assertCanView, type SubmissionRow } from '../submission/submission.access';
import { legacyError } from './legacy.errors';
import { canSeeLegacyMedia } from './legacy.policy';
import {
  LegacySourceError,
  type LegacyCategory,
  type LegacyFile,
  type LegacyImage,
  type LegacyItem,
  type LegacyItemDetail,
  type LegacyItemEdit,
  type LegacyItemFilter,
} from './legacy-source';

export type { LegacyItem, LegacyItemDetail, LegacyImage, LegacyFile, LegacyCategory } from './legacy-source';

/** The entity name of an archived item's entries in the change log. */
export const LEGACY_ITEM_LOG_ENTITY = 'legacy_item';

/** Network troubles of the old system's database: said as such, never as an internal error. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_ACCESS_DENIED_ERROR']);

/**
 * Runs a call of the legacy source, turning its refusals into the module's errors (with messages
 * for people) and a database that does not answer into LEGACY_UNAVAILABLE.
 */
export async function throughSource<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof LegacySourceError) {
      switch (error.code) {
        case 'ITEM_NOT_FOUND':
          throw legacyError('LEGACY_ITEM_NOT_FOUND', { id: error.ids[0]! });
        case 'CATEGORY_NOT_FOUND':
          throw legacyError('LEGACY_CATEGORY_NOT_FOUND', { ids: error.ids });
        case 'CATEGORY_EXISTS':
          throw legacyError('LEGACY_CATEGORY_EXISTS', { ids: error.ids });
        case 'CATEGORY_CYCLE':
          throw legacyError('LEGACY_CATEGORY_CYCLE', { ids: error.ids });
      }
    }
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) throw legacyError('LEGACY_UNAVAILABLE');
    throw error;
  }
}

/** What staff search the archive by (SPEC: id, title, creator, game, status, hidden); blanks are ignored. */
export interface ArchiveSearchInput {
  id?: number | null;
  title?: string | null;
  creator?: string | null;
  game?: number | null;
  status?: string | null;
  isHidden?: boolean | null;
  /** The creator's member id. */
  memberId?: number | null;
  first?: number | null;
  page?: number | null;
}

/** The archive's search: a page of legacy items, newest first, with an exact total. */
export function searchArchive(ctx: Context, input: ArchiveSearchInput): Promise<Page<LegacyItem>> {
  const filter: LegacyItemFilter = {};
  if (input.id != null) filter.id = input.id;
  const title = input.title?.trim();
  if (title) filter.title = title;
  const creator = input.creator?.trim();
  if (creator) filter.creator = creator;
  if (input.game != null) {
    if (!isLegacyGame(input.game)) throw legacyError('LEGACY_GAME_INVALID', { game: input.game });
    filter.game = input.game;
  }
  const status = input.status?.trim();
  if (status) {
    if (!isLegacyItemStatus(status)) throw legacyError('LEGACY_STATUS_INVALID', { status });
    filter.status = status;
  }
  if (input.isHidden != null) filter.isHidden = input.isHidden;
  if (input.memberId != null) filter.memberId = input.memberId;
  return throughSource(() => ctx.legacy.searchItems(filter, { first: input.first, page: input.page, order: 'id_desc', countBound: ctx.config.SEARCH_COUNT_BOUND }));
}

/**
 * The legacy half of the content search dialog (SPEC 9): items live on the old site and not
 * hidden, by id or by a phrase in the title or creator's name; at most 5, newest publish date first.
 */
export async function findPublishedLegacyItems(ctx: Context, match: { id: number } | { phrase: string }): Promise<LegacyItem[]> {
  const filter: LegacyItemFilter = { published: true, isHidden: false, ...('id' in match ? { id: match.id } : { phrase: match.phrase }) };
  const page = await throughSource(() => ctx.legacy.searchItems(filter, { first: MAX_RESULTS_PER_SEARCH, order: 'publish_date_desc' }));
  return page.data;
}

/** One archived item with its pictures, files and categories; LEGACY_ITEM_NOT_FOUND when there is none. */
export async function archivedItem(ctx: Context, id: number): Promise<LegacyItemDetail> {
  const item = await throughSource(() => ctx.legacy.item(id));
  if (!item) throw legacyError('LEGACY_ITEM_NOT_FOUND', { id });
  return item;
}

/** Each category's names from the top, joined by " › " (a missing parent ends the path; a cycle stops after as many hops as there are categories). */
export function legacyCategoryPaths(all: readonly LegacyCategory[]): (c: LegacyCategory) => string {
  const byId = new Map(all.map((c) => [c.id, c]));
  return (c) => {
    const names = [c.name];
    let parent = c.parentId;
    for (let hops = 0; parent !== null && hops < all.length; hops += 1) {
      const p = byId.get(parent);
      if (!p) break;
      names.unshift(p.name);
      parent = p.parentId;
    }
    return names.join(' › ');
  };
}

/** The category tree, each with its path from the top ("Objects › Living Room › Sofas"), in tree order. */
export async function legacyCategoryTree(ctx: Context): Promise<(LegacyCategory & { path: string })[]> {
  const all = await throughSource(() => ctx.legacy.categories());
  const pathOf = legacyCategoryPaths(all);
  const children = new Map<number | null, LegacyCategory[]>();
  for (const c of all) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const ordered: (LegacyCategory & { path: string })[] = [];
  const visit = (parentId: number | null, depth: number) => {
    if (depth > 10) return;
    for (const c of children.get(parentId) ?? []) {
      ordered.push({ ...c, path: pathOf(c) });
      visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}

/** What staff may change of an archived item; a field left out (or null) stays as it is. */
export interface ArchiveEditInput {
  title?: string | null;
  description?: string | null;
  categoryIds?: readonly number[] | null;
  isHidden?: boolean | null;
  status?: string | null;
}

function checkEdit(input: ArchiveEditInput): LegacyItemEdit {
  const edit: LegacyItemEdit = {};
  if (input.title != null) {
    const title = input.title.trim();
    if (!title) throw legacyError('LEGACY_TITLE_REQUIRED');
    if (title.length > MAX_LEGACY_TITLE_LENGTH) throw legacyError('LEGACY_TITLE_TOO_LONG');
    edit.title = title;
  }
  if (input.description != null) {
    const description = input.description.trim();
    if (description.length > MAX_LEGACY_DESCRIPTION_LENGTH) throw legacyError('LEGACY_DESCRIPTION_TOO_LONG');
    edit.description = description;
  }
  if (input.status != null) {
    if (!isLegacyItemStatus(input.status)) throw legacyError('LEGACY_STATUS_INVALID', { status: input.status });
    edit.status = input.status;
  }
  if (input.isHidden != null) edit.isHidden = input.isHidden;
  if (input.categoryIds != null) edit.categoryIds = [...new Set(input.categoryIds)];
  return edit;
}

/** An item's fields as its change-log entries hold them. */
function logValues(item: LegacyItemDetail) {
  return {
    title: item.title,
    description: item.description,
    category_ids: item.categories.map((c) => c.id).sort((a, b) => a - b),
    categories: item.categories.map((c) => c.name).sort(),
    is_hidden: item.isHidden,
    status: item.status,
  };
}

/**
 * Staff change an archived item: title, description, categories, hidden flag and status, written
 * to the older system's database in one transaction, and logged (entity `legacy_item`) with what
 * changed, before that transaction commits: an edit that cannot be logged is not made. Bad input is
 * refused before anything is written. An edit that changes nothing writes no log entry.
 */
export async function updateArchivedItem(ctx: Context, id: number, input: ArchiveEditInput): Promise<LegacyItemDetail> {
  const edit = checkEdit(input);
  const change = await throughSource(() =>
    ctx.legacy.updateItem(id, edit, {
      beforeCommit: async ({ before, after }, portalTx) => {
        const diff = changes(logValues(before), logValues(after));
        if (!diff) return;
        await writeLog(portalTx ?? ctx.db, {
          submission_id: null,
          member_id: ctx.auth.member!.id,
          entity: LEGACY_ITEM_LOG_ENTITY,
          entity_id: id,
          action: 'updated',
          ...diff,
        });
      },
    }),
  );
  return change.after;
}

/** A legacy picture's address: its folder is the item's ID divided by 1000 (SPEC 7). */
export function legacyImagePath(image: Pick<LegacyImage, 'itemId' | 'filename'>): string {
  return `/legacy/${legacyFolderOf(image.itemId)}/${encodeURIComponent(image.filename)}`;
}

/** A legacy download's address (same folder; by the file's id, its name is the download's). */
export function legacyFilePath(file: Pick<LegacyFile, 'itemId' | 'id'>): string {
  return `/legacy/${legacyFolderOf(file.itemId)}/${file.itemId}/files/${file.id}`;
}

/** A signed address of a picture (for `<img>`), or null when the caller may not see the item's media. */
export function legacyImageUrl(ctx: Context, item: LegacyItem, image: LegacyImage): string | null {
  return canSeeLegacyMedia(ctx.auth, item) ? ctx.urlSigner.sign(legacyImagePath(image)) : null;
}

export function legacyFileUrl(ctx: Context, item: LegacyItem, file: LegacyFile): string | null {
  return canSeeLegacyMedia(ctx.auth, item) ? ctx.urlSigner.sign(legacyFilePath(file)) : null;
}

const DETAILS = Symbol('legacy item details');
const BRIDGES = Symbol('legacy bridges');

/**
 * An item's pictures, files and categories, read for a whole page of items at once (one call of
 * the source per request turn). An item already read with its details is answered as it is.
 */
export async function detailsOf(ctx: Context, item: LegacyItem | LegacyItemDetail): Promise<LegacyItemDetail> {
  if ('images' in item) return item;
  return (await legacyItemOf(ctx, item.id)) ?? { ...item, images: [], files: [], categories: [] };
}

/** An item with its details by its ID, or null when the old system has none; read for a whole page of ids at once. */
export function legacyItemOf(ctx: Context, id: number): Promise<LegacyItemDetail | null> {
  let loader = ctx.loaders.get(DETAILS) as BatchLoader<number, LegacyItemDetail | null> | undefined;
  if (!loader) {
    loader = batchLoader(async (ids: number[]) => new Map((await throughSource(() => ctx.legacy.items(ids))).map((d) => [d.id, d] as const)), null);
    ctx.loaders.set(DETAILS, loader);
  }
  return loader.load(id);
}

/**
 * The creation an item was migrated to (its bridge, SPEC 3 submission_bridge), when the caller may
 * see that creation; read for a page of items in one query.
 */
export async function migratedSubmissionOf(ctx: Context, legacyItemId: number): Promise<SubmissionRow | null> {
  let loader = ctx.loaders.get(BRIDGES) as BatchLoader<number, SubmissionRow | null> | undefined;
  if (!loader) {
    loader = batchLoader(async (ids: number[]) => {
      const rows = await ctx.db
        .select({ legacyItemId: submissionBridges.legacy_item_id, s: submissions })
        .from(submissionBridges)
        .innerJoin(submissions, eq(submissions.id, submissionBridges.submission_id))
        .where(inArray(submissionBridges.legacy_item_id, ids));
      return new Map(rows.map((r) => [r.legacyItemId, r.s] as const));
    }, null);
    ctx.loaders.set(BRIDGES, loader);
  }
  const s = await loader.load(legacyItemId);
  if (!s) return null;
  try {
    assertCanView(ctx, s);
    return s;
  } catch {
    return null;
  }
}
