import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { DEEP_OFFSET, orderedByIds, rows } from '../../db/rows';
import { LEGACY_COUNT_BUCKET, legacyCategories, legacyFiles, legacyImages, legacyItemCategories, legacyItemCounts, legacyItems, legacyMembers } from '../../db/schema/index';
import { escapeLike } from '../../db/sql';
import { pageWindow, paginatorInfo } from '../../schema/page-size';
import type { LegacyFileStore } from './legacy-files';
import {
  LEGACY_WRITE_CHUNK,
  LegacySourceError,
  MAX_LEGACY_BATCH,
  type LegacyCategory,
  type LegacyFile,
  type LegacyImage,
  type LegacyItem,
  type LegacyItemDetail,
  type LegacyItemEdit,
  type LegacyItemFilter,
  type LegacyPaging,
  type LegacySource,
  type LegacyCategoryRef,
} from './legacy-source';
import { checkCategoryChanges, sortedUnique } from './legacy-source.shared';

/** The columns of an item as lists show it, with its creator's name (a left join: the member row may be missing). */
const itemColumns = {
  id: legacyItems.id,
  title: legacyItems.title,
  description: legacyItems.description,
  keywords: legacyItems.keywords,
  game: legacyItems.game,
  status: legacyItems.status,
  publishDate: legacyItems.publish_date,
  isHidden: legacyItems.is_hidden,
  reports: legacyItems.reports,
  uploads: legacyItems.uploads,
  memberId: legacyItems.member_id,
  creatorName: legacyMembers.username,
  createdAt: legacyItems.created_at,
  updatedAt: legacyItems.updated_at,
};

type ItemRow = Omit<LegacyItem, 'creator'> & { memberId: number; creatorName: string | null };

function toItem(r: ItemRow): LegacyItem {
  const { memberId, creatorName, ...rest } = r;
  return { ...rest, creator: { memberId, name: creatorName } };
}

const like = (phrase: string) => `%${escapeLike(phrase)}%`;

/**
 * The items whose creator's name holds the phrase: `member_id = any(array(…))` rather than a
 * join, so that the planner reads the members' trigram index once and then the items' member index
 * (and, or'ed with a title match, both trigram indexes: search-plan.int.test.ts).
 */
function creatorMatches(phrase: string): SQL {
  return sql`${legacyItems.member_id} = any(array(select ${legacyMembers.id} from ${legacyMembers} where ${legacyMembers.username} ilike ${like(phrase)}))`;
}

/** A status, or any of a list of them, on `column` (an empty list matches nothing). */
function statusIn(column: Column, status: NonNullable<LegacyItemFilter['status']>): SQL {
  const statuses = typeof status === 'string' ? [status] : [...status];
  return statuses.length ? inArray(column, statuses) : sql`false`;
}

/** `filter` as a condition on legacy.items (exported for the search-plan test). */
export function legacyItemWhere(filter: LegacyItemFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.id !== undefined) conditions.push(eq(legacyItems.id, filter.id));
  if (filter.title) conditions.push(ilike(legacyItems.title, like(filter.title)));
  if (filter.creator) conditions.push(creatorMatches(filter.creator));
  if (filter.phrase) conditions.push(or(ilike(legacyItems.title, like(filter.phrase)), creatorMatches(filter.phrase)));
  if (filter.game !== undefined) conditions.push(eq(legacyItems.game, filter.game));
  if (filter.status !== undefined) conditions.push(statusIn(legacyItems.status, filter.status));
  if (filter.isHidden !== undefined) conditions.push(eq(legacyItems.is_hidden, filter.isHidden));
  if (filter.published !== undefined) {
    const live = sql`(${legacyItems.status} = 'published' and ${legacyItems.publish_date} <= now())`;
    conditions.push(filter.published ? live : sql`not coalesce(${live}, false)`);
  }
  if (filter.memberId !== undefined) conditions.push(eq(legacyItems.member_id, filter.memberId));
  if (filter.fromId !== undefined) conditions.push(gte(legacyItems.id, filter.fromId));
  if (filter.toId !== undefined) conditions.push(lte(legacyItems.id, filter.toId));
  return conditions.length ? and(...conditions) : undefined;
}

function orderOf(order: LegacyPaging['order']): SQL[] {
  switch (order) {
    case 'id_asc':
      return [asc(legacyItems.id)];
    case 'publish_date_desc':
      return [sql`${legacyItems.publish_date} desc nulls last`, asc(legacyItems.id)];
    default:
      return [desc(legacyItems.id)];
  }
}

/**
 * The part of a filter the rollup (legacy.item_counts) counts, as a condition on its rows: a filter
 * of game, status and hidden only (or none). Null when the filter names anything else.
 */
function rollupWhere(filter: LegacyItemFilter): SQL | null {
  const { game, status, isHidden, ...rest } = filter;
  if (Object.values(rest).some((value) => value !== undefined && value !== '')) return null;
  const conditions: SQL[] = [sql`true`];
  if (game !== undefined) conditions.push(eq(legacyItemCounts.game, game));
  if (status !== undefined) conditions.push(statusIn(legacyItemCounts.status, status));
  if (isHidden !== undefined) conditions.push(eq(legacyItemCounts.is_hidden, isHidden));
  return and(...conditions)!;
}

/** Whether a filter matches text (a title, a creator's name or a phrase): see `countBound`. */
const matchesText = (filter: LegacyItemFilter) => Boolean(filter.title || filter.creator || filter.phrase);


/**
 * The legacy source on the `legacy` schema of the portal's own PostgreSQL database (PGlite or a
 * server): the default, and what tests run on. Writes run in a transaction of the portal database,
 * so a write's `beforeCommit` hook gets it and the change log commits with the change.
 */
export function postgresLegacySource(db: Db, files: LegacyFileStore): LegacySource {
  function selectItems(dbx: DbOrTx) {
    return dbx.select(itemColumns).from(legacyItems).leftJoin(legacyMembers, eq(legacyMembers.id, legacyItems.member_id));
  }

  /** The pictures, files and categories of many items, in three queries. */
  async function withDetails(dbx: DbOrTx, items: LegacyItem[]): Promise<LegacyItemDetail[]> {
    if (items.length === 0) return [];
    const ids = items.map((i) => i.id);
    const images = () =>
      dbx
        .select({ id: legacyImages.id, itemId: legacyImages.item_id, position: legacyImages.position, filename: legacyImages.filename })
        .from(legacyImages)
        .where(inArray(legacyImages.item_id, ids))
        .orderBy(asc(legacyImages.item_id), asc(legacyImages.position), asc(legacyImages.id));
    const fileList = () =>
      dbx
        .select({
          id: legacyFiles.id,
          itemId: legacyFiles.item_id,
          filename: legacyFiles.filename,
          filesize: legacyFiles.filesize,
          mimetype: legacyFiles.mimetype,
          version: legacyFiles.version,
          createdAt: legacyFiles.created_at,
        })
        .from(legacyFiles)
        .where(inArray(legacyFiles.item_id, ids))
        .orderBy(asc(legacyFiles.item_id), asc(legacyFiles.id));
    const categoryLinks = () =>
      dbx
        .select({ itemId: legacyItemCategories.item_id, id: legacyCategories.id, name: legacyCategories.name })
        .from(legacyItemCategories)
        .innerJoin(legacyCategories, eq(legacyCategories.id, legacyItemCategories.category_id))
        .where(inArray(legacyItemCategories.item_id, ids))
        .orderBy(asc(legacyItemCategories.item_id), asc(legacyCategories.name), asc(legacyCategories.id));
    // In parallel on the pool; one after the other in a transaction (it holds one connection).
    const [imageRows, fileRows, links] =
      dbx === db ? await Promise.all([images(), fileList(), categoryLinks()]) : [await images(), await fileList(), await categoryLinks()];
    const imagesOf = group<LegacyImage>(imageRows);
    const filesOf = group<LegacyFile>(fileRows);
    const categoriesOf = new Map<number, LegacyCategoryRef[]>();
    for (const { itemId, id, name } of links) {
      const list = categoriesOf.get(itemId) ?? [];
      list.push({ id, name });
      categoriesOf.set(itemId, list);
    }
    return items.map((item) => ({ ...item, images: imagesOf.get(item.id) ?? [], files: filesOf.get(item.id) ?? [], categories: categoriesOf.get(item.id) ?? [] }));
  }

  async function detailsOf(dbx: DbOrTx, ids: readonly number[]): Promise<LegacyItemDetail[]> {
    if (ids.length === 0) return [];
    const rows = await selectItems(dbx).where(inArray(legacyItems.id, [...new Set(ids)]));
    return orderedByIds(ids, await withDetails(dbx, rows.map(toItem)));
  }

  /** A write in a portal transaction, with the caller's hook before it commits. */
  function write<R>(work: (tx: Tx) => Promise<R>, beforeCommit?: (result: R, portalTx: Tx | null) => Promise<void>): Promise<R> {
    return db.transaction(async (tx) => {
      const result = await work(tx);
      if (beforeCommit) await beforeCommit(result, tx);
      return result;
    });
  }

  async function countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(legacyItems).where(where);
    return row?.n ?? 0;
  }

  /** The items of a filter the rollup counts (`rollupWhere`): a sum over a few thousand rows. */
  async function countRolledUp(rolled: SQL): Promise<number> {
    const [row] = await db.select({ n: sql<number>`coalesce(sum(${legacyItemCounts.n}), 0)`.mapWith(Number) }).from(legacyItemCounts).where(rolled);
    return row?.n ?? 0;
  }

  /** A text search's matches, counted up to `bound` + 1. */
  async function countUpTo(where: SQL | undefined, bound: number): Promise<number> {
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${legacyItems} where ${where ?? sql`true`} limit ${bound + 1}) as matches`);
    return Number(row?.n ?? 0);
  }

  /**
   * A deep page in id order of a filter the rollup counts: the rollup says which bucket of ids the
   * page's first row falls in and how many rows come before that bucket, and the page is read from
   * the bucket's edge with an offset of less than one bucket (skipping half a million index entries
   * took 35 ms at a million items). Null when the offset is past the end.
   */
  async function pageByBucket(where: SQL | undefined, rolled: SQL, direction: 'asc' | 'desc', limit: number, offset: number) {
    const order = sql.raw(direction);
    const [found] = await rows<{ bucket: number; before: number }>(
      db,
      sql`select bucket, before from (
            select bucket, n, (sum(n) over (order by bucket ${order}) - n)::int as before
            from (select ${legacyItemCounts.bucket} as bucket, sum(${legacyItemCounts.n})::int as n from ${legacyItemCounts} where ${rolled}
                  group by 1 having sum(${legacyItemCounts.n}) > 0) as buckets) as placed
          where before <= ${offset} and ${offset} < before + n`,
    );
    if (!found) return null;
    const bucket = Number(found.bucket);
    const edge = direction === 'desc' ? sql`${legacyItems.id} < ${(bucket + 1) * LEGACY_COUNT_BUCKET}` : sql`${legacyItems.id} >= ${bucket * LEGACY_COUNT_BUCKET}`;
    return selectItems(db)
      .where(and(where, edge))
      .orderBy(direction === 'desc' ? desc(legacyItems.id) : asc(legacyItems.id))
      .limit(limit)
      .offset(offset - Number(found.before));
  }

  return {
    engine: 'postgres',

    async searchItems(filter, paging = {}) {
      const { perPage, currentPage, limit, offset } = pageWindow(paging.first, paging.page);
      const where = legacyItemWhere(filter);
      const page = () => selectItems(db).where(where).orderBy(...orderOf(paging.order)).limit(limit).offset(offset);
      const rolled = rollupWhere(filter);
      if (rolled) {
        // The whole archive, or a game, status or hidden filter: the total from the rollup, and a
        // deep page in id order from its bucket.
        const total = await countRolledUp(rolled);
        const order = paging.order ?? 'id_desc';
        const deep = offset >= DEEP_OFFSET && offset < total && order !== 'publish_date_desc';
        const found = (deep ? await pageByBucket(where, rolled, order === 'id_asc' ? 'asc' : 'desc', limit, offset) : null) ?? (await page());
        return { data: found.map(toItem), paginatorInfo: paginatorInfo(total, found.length, perPage, currentPage) };
      }
      if (paging.countBound && matchesText(filter)) {
        // A search by title, creator or phrase: its matches counted up to the bound (docs/decisions.md,
        // "Counting a search's matches"), beside the page.
        const bound = Math.max(paging.countBound, offset + limit);
        const [found, n] = await Promise.all([page(), countUpTo(where, bound)]);
        return { data: found.map(toItem), paginatorInfo: paginatorInfo(Math.min(n, bound + 1), found.length, perPage, currentPage, n <= bound) };
      }
      // The page and its total at once, on two connections of the pool.
      const [found, total] = await Promise.all([page(), countWhere(where)]);
      return { data: found.map(toItem), paginatorInfo: paginatorInfo(total, found.length, perPage, currentPage) };
    },

    countItems: (filter) => countWhere(legacyItemWhere(filter)),

    async item(id) {
      const [found] = await detailsOf(db, [id]);
      return found ?? null;
    },

    items: (ids) => detailsOf(db, ids),

    async itemsAfter(afterId, limit, filter = {}) {
      const size = Math.min(Math.max(Math.trunc(limit), 1), MAX_LEGACY_BATCH);
      const rows = await selectItems(db)
        .where(and(sql`${legacyItems.id} > ${afterId}`, legacyItemWhere(filter)))
        .orderBy(asc(legacyItems.id))
        .limit(size);
      return withDetails(db, rows.map(toItem));
    },

    updateItem(id, edit: LegacyItemEdit, options = {}) {
      return write(async (tx) => {
        const [locked] = await tx.select({ id: legacyItems.id }).from(legacyItems).where(eq(legacyItems.id, id)).for('update');
        if (!locked) throw new LegacySourceError('ITEM_NOT_FOUND', [id]);
        const [before] = await detailsOf(tx, [id]);
        const fields: Partial<typeof legacyItems.$inferInsert> = {};
        if (edit.title !== undefined) fields.title = edit.title;
        if (edit.description !== undefined) fields.description = edit.description;
        if (edit.isHidden !== undefined) fields.is_hidden = edit.isHidden;
        if (edit.status !== undefined) fields.status = edit.status;
        if (edit.categoryIds !== undefined) {
          const wanted = sortedUnique(edit.categoryIds);
          const known = wanted.length ? await tx.select({ id: legacyCategories.id }).from(legacyCategories).where(inArray(legacyCategories.id, wanted)) : [];
          const unknown = wanted.filter((c) => !known.some((k) => k.id === c));
          if (unknown.length) throw new LegacySourceError('CATEGORY_NOT_FOUND', unknown);
          await tx.delete(legacyItemCategories).where(eq(legacyItemCategories.item_id, id));
          if (wanted.length) await tx.insert(legacyItemCategories).values(wanted.map((category_id) => ({ item_id: id, category_id })));
        }
        if (Object.keys(fields).length || edit.categoryIds !== undefined) {
          await tx.update(legacyItems).set({ ...fields, updated_at: new Date() }).where(eq(legacyItems.id, id));
        }
        const [after] = await detailsOf(tx, [id]);
        return { before: before!, after: after! };
      }, options.beforeCommit);
    },

    writePublications(rows, options = {}) {
      return write(async (tx) => {
        const changedIds: number[] = [];
        const missingIds: number[] = [];
        for (let start = 0; start < rows.length; start += LEGACY_WRITE_CHUNK) {
          const chunk = rows.slice(start, start + LEGACY_WRITE_CHUNK);
          const ids = chunk.map((r) => r.id);
          const values = sql`unnest(${sql.param(ids)}::int[], ${sql.param(chunk.map((r) => r.status))}::text[],
            ${sql.param(chunk.map((r) => r.publishDate?.toISOString() ?? null))}::timestamptz[], ${sql.param(chunk.map((r) => r.isHidden))}::boolean[])
            as v(id, status, publish_date, is_hidden)`;
          const changed = (await tx.execute(sql`update ${legacyItems} i set status = v.status, publish_date = v.publish_date, is_hidden = v.is_hidden, updated_at = now()
            from ${values}
            where i.id = v.id and (i.status, i.publish_date, i.is_hidden) is distinct from (v.status, v.publish_date, v.is_hidden)
            returning i.id`)) as unknown as { rows: { id: number }[] };
          changedIds.push(...changed.rows.map((r) => Number(r.id)));
          const existing = await tx.select({ id: legacyItems.id }).from(legacyItems).where(inArray(legacyItems.id, ids));
          const found = new Set(existing.map((r) => r.id));
          missingIds.push(...ids.filter((id) => !found.has(id)));
        }
        const changed = sortedUnique(changedIds);
        return { changed: changed.length, changedIds: changed, missingIds: sortedUnique(missingIds) };
      }, options.beforeCommit);
    },

    categories: () => allCategories(db),

    applyCategoryChanges(changes, options = {}) {
      return write(async (tx) => {
        // Locks the tree: two syncs at once apply one after the other.
        await tx.execute(sql`lock table ${legacyCategories} in share row exclusive mode`);
        const plan = checkCategoryChanges(await allCategories(tx), changes);
        const insertedIds: number[] = [];
        for (const step of plan.steps) {
          if (step.kind === 'insert') {
            const [row] = await tx
              .insert(legacyCategories)
              .values({ ...(step.id !== undefined ? { id: step.id } : {}), parent_id: step.parentId, name: step.name, position: step.position })
              .returning({ id: legacyCategories.id });
            insertedIds.push(row!.id);
            // An insert with its own id leaves the identity behind: move it past the highest id.
            if (step.id !== undefined) await tx.execute(sql`select setval(pg_get_serial_sequence('legacy.categories', 'id'), (select max(id) from ${legacyCategories}))`);
          } else if (step.kind === 'rename') {
            await tx.update(legacyCategories).set({ name: step.name }).where(eq(legacyCategories.id, step.id));
          } else {
            await tx.update(legacyCategories).set({ parent_id: step.parentId, position: step.position }).where(eq(legacyCategories.id, step.id));
          }
        }
        return { insertedIds, renamed: plan.renamed, moved: plan.moved };
      }, options.beforeCommit);
    },

    openMedia: (kind, itemId, filename) => files.open(kind, itemId, filename),

    close: async () => {},
  };
}

async function allCategories(dbx: DbOrTx): Promise<LegacyCategory[]> {
  return dbx
    .select({ id: legacyCategories.id, parentId: legacyCategories.parent_id, name: legacyCategories.name, position: legacyCategories.position })
    .from(legacyCategories)
    .orderBy(sql`${legacyCategories.parent_id} asc nulls first`, asc(legacyCategories.position), asc(legacyCategories.id));
}

function group<T extends { itemId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.itemId) ?? [];
    list.push(row);
    map.set(row.itemId, list);
  }
  return map;
}
