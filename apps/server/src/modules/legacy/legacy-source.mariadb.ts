import mysql from 'mysql2/promise';
import { orderedByIds } from '../../db/rows';
import { escapeLike } from '../../db/sql';
import { pageWindow, paginatorInfo } from '../../schema/page-size';
import type { LegacyFileStore } from './legacy-files';
import {
  LEGACY_WRITE_CHUNK,
  LegacySourceError,
  MAX_LEGACY_BATCH,
  type LegacyCategory,
  type LegacyCategoryRef,
  type LegacyFile,
  type LegacyImage,
  type LegacyItem,
  type LegacyItemDetail,
  type LegacyItemFilter,
  type LegacyPaging,
  type LegacySource,
} from './legacy-source';
import { checkCategoryChanges, sortedUnique } from './legacy-source.shared';

/** One connection or the pool: what a statement runs on. */
type Runner = mysql.Pool | mysql.PoolConnection;

interface ItemRow {
  id: number;
  member_id: number;
  title: string;
  description: string;
  keywords: string;
  game: number;
  status: string;
  publish_date: Date | null;
  is_hidden: number;
  reports: number;
  uploads: number;
  created_at: Date;
  updated_at: Date;
  username: string | null;
}

const ITEM_COLUMNS = `i.id, i.member_id, i.title, i.description, i.keywords, i.game, i.status, i.publish_date, i.is_hidden, i.reports, i.uploads,
  i.created_at, i.updated_at, m.username`;
const ITEMS_FROM = 'items i LEFT JOIN members m ON m.id = i.member_id';

function toItem(r: ItemRow): LegacyItem {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    keywords: r.keywords,
    game: r.game,
    status: r.status,
    publishDate: r.publish_date,
    isHidden: r.is_hidden !== 0,
    reports: r.reports,
    uploads: r.uploads,
    creator: { memberId: r.member_id, name: r.username },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** `filter` as a WHERE condition on `items i` with its parameters (one placeholder per value). */
function whereOf(filter: LegacyItemFilter, now: Date): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    parts.push(condition);
    params.push(...values);
  };
  const like = (phrase: string) => `%${escapeLike(phrase)}%`;
  // A semi-join: the members' names are read once, not once per item.
  const creatorMatches = 'i.member_id IN (SELECT cm.id FROM members cm WHERE cm.username LIKE ?)';
  if (filter.id !== undefined) add('i.id = ?', filter.id);
  if (filter.title) add('i.title LIKE ?', like(filter.title));
  if (filter.creator) add(creatorMatches, like(filter.creator));
  if (filter.phrase) add(`(i.title LIKE ? OR ${creatorMatches})`, like(filter.phrase), like(filter.phrase));
  if (filter.game !== undefined) add('i.game = ?', filter.game);
  if (filter.status !== undefined) {
    const statuses = typeof filter.status === 'string' ? [filter.status] : [...filter.status];
    if (statuses.length) add('i.status IN (?)', statuses);
    else add('FALSE');
  }
  if (filter.isHidden !== undefined) add('i.is_hidden = ?', filter.isHidden ? 1 : 0);
  if (filter.published !== undefined) {
    const live = `(i.status = 'published' AND i.publish_date IS NOT NULL AND i.publish_date <= ?)`;
    add(filter.published ? live : `NOT ${live}`, now);
  }
  if (filter.memberId !== undefined) add('i.member_id = ?', filter.memberId);
  if (filter.fromId !== undefined) add('i.id >= ?', filter.fromId);
  if (filter.toId !== undefined) add('i.id <= ?', filter.toId);
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

function orderOf(order: LegacyPaging['order']): string {
  switch (order) {
    case 'id_asc':
      return 'i.id ASC';
    case 'publish_date_desc':
      return 'i.publish_date IS NULL, i.publish_date DESC, i.id ASC';
    default:
      return 'i.id DESC';
  }
}

export interface MariadbLegacyOptions {
  /** `mysql://user:password@host:3306/database` (or `mariadb://…`). */
  url: string;
  poolSize?: number;
  /** Called for each statement sent (the contract test counts them). */
  onQuery?: () => void;
}

/**
 * The legacy source on the old system's own MySQL/MariaDB database (LEGACY_DATABASE_URL), through a
 * mysql2 pool. Writes run in a transaction on one connection; their `beforeCommit` hook gets no
 * portal transaction (the change log goes to the portal's database beside it).
 */
export function mariadbLegacySource(options: MariadbLegacyOptions, files: LegacyFileStore): LegacySource {
  const url = new URL(options.url.replace(/^mariadb:/, 'mysql:'));
  const pool = mysql.createPool({
    uri: url.toString(),
    connectionLimit: options.poolSize ?? 5,
    // Dates are stored in UTC and come back as Dates; a legacy id list may be long.
    timezone: 'Z',
    dateStrings: false,
    supportBigNumbers: true,
    charset: 'utf8mb4_unicode_ci',
    connectTimeout: 10_000,
  });
  const count = options.onQuery ?? (() => {});

  async function rows<T>(db: Runner, sql: string, params: unknown[] = []): Promise<T[]> {
    count();
    const [result] = await db.query(sql, params);
    return result as T[];
  }
  async function run(db: Runner, sql: string, params: unknown[] = []): Promise<mysql.ResultSetHeader> {
    count();
    const [result] = await db.query(sql, params);
    return result as mysql.ResultSetHeader;
  }

  /** The pictures, files and categories of many items, in three queries. */
  async function withDetails(db: Runner, items: LegacyItem[]): Promise<LegacyItemDetail[]> {
    if (items.length === 0) return [];
    const ids = items.map((i) => i.id);
    const [images, fileRows, links] = await Promise.all([
      rows<{ id: number; item_id: number; position: number; filename: string }>(
        db,
        'SELECT id, item_id, position, filename FROM images WHERE item_id IN (?) ORDER BY item_id, position, id',
        [ids],
      ),
      rows<{ id: number; item_id: number; filename: string; filesize: number | string; mimetype: string; version: number; created_at: Date }>(
        db,
        'SELECT id, item_id, filename, filesize, mimetype, version, created_at FROM files WHERE item_id IN (?) ORDER BY item_id, id',
        [ids],
      ),
      rows<{ item_id: number; id: number; name: string }>(
        db,
        'SELECT ic.item_id, c.id, c.name FROM item_categories ic JOIN categories c ON c.id = ic.category_id WHERE ic.item_id IN (?) ORDER BY ic.item_id, c.name, c.id',
        [ids],
      ),
    ]);
    const imagesOf = new Map<number, LegacyImage[]>();
    for (const r of images) push(imagesOf, r.item_id, { id: r.id, itemId: r.item_id, position: r.position, filename: r.filename });
    const filesOf = new Map<number, LegacyFile[]>();
    for (const r of fileRows) {
      push(filesOf, r.item_id, { id: r.id, itemId: r.item_id, filename: r.filename, filesize: Number(r.filesize), mimetype: r.mimetype, version: r.version, createdAt: r.created_at });
    }
    const categoriesOf = new Map<number, LegacyCategoryRef[]>();
    for (const r of links) push(categoriesOf, r.item_id, { id: r.id, name: r.name });
    return items.map((item) => ({ ...item, images: imagesOf.get(item.id) ?? [], files: filesOf.get(item.id) ?? [], categories: categoriesOf.get(item.id) ?? [] }));
  }

  async function detailsOf(db: Runner, ids: readonly number[]): Promise<LegacyItemDetail[]> {
    if (ids.length === 0) return [];
    const found = await rows<ItemRow>(db, `SELECT ${ITEM_COLUMNS} FROM ${ITEMS_FROM} WHERE i.id IN (?)`, [[...new Set(ids)]]);
    return orderedByIds(ids, await withDetails(db, found.map(toItem)));
  }

  /** A write in one transaction of one connection, with the caller's hook before it commits. */
  async function write<R>(work: (db: mysql.PoolConnection) => Promise<R>, beforeCommit?: (result: R, portalTx: null) => Promise<void>): Promise<R> {
    const connection = await pool.getConnection();
    try {
      count();
      await connection.beginTransaction();
      try {
        const result = await work(connection);
        if (beforeCommit) await beforeCommit(result, null);
        count();
        await connection.commit();
        return result;
      } catch (error) {
        await connection.rollback().catch(() => {});
        throw error;
      }
    } finally {
      connection.release();
    }
  }

  async function countWhere(filter: LegacyItemFilter): Promise<number> {
    const where = whereOf(filter, new Date());
    const [row] = await rows<{ n: number | string }>(pool, `SELECT COUNT(*) AS n FROM items i WHERE ${where.sql}`, where.params);
    return Number(row?.n ?? 0);
  }

  async function allCategories(db: Runner, lock = false): Promise<LegacyCategory[]> {
    const found = await rows<{ id: number; parent_id: number | null; name: string; position: number }>(
      db,
      `SELECT id, parent_id, name, position FROM categories ORDER BY parent_id IS NOT NULL, parent_id, position, id${lock ? ' FOR UPDATE' : ''}`,
    );
    return found.map((c) => ({ id: c.id, parentId: c.parent_id, name: c.name, position: c.position }));
  }

  return {
    engine: 'mariadb',

    async searchItems(filter, paging = {}) {
      const { perPage, currentPage, limit, offset } = pageWindow(paging.first, paging.page);
      const where = whereOf(filter, new Date());
      // The page and its total at once, on two connections of the pool.
      const [found, total] = await Promise.all([
        rows<ItemRow>(pool, `SELECT ${ITEM_COLUMNS} FROM ${ITEMS_FROM} WHERE ${where.sql} ORDER BY ${orderOf(paging.order)} LIMIT ? OFFSET ?`, [...where.params, limit, offset]),
        countWhere(filter),
      ]);
      return { data: found.map(toItem), paginatorInfo: paginatorInfo(total, found.length, perPage, currentPage) };
    },

    countItems: countWhere,

    async item(id) {
      const [found] = await detailsOf(pool, [id]);
      return found ?? null;
    },

    items: (ids) => detailsOf(pool, ids),

    async itemsAfter(afterId, limit, filter = {}) {
      const size = Math.min(Math.max(Math.trunc(limit), 1), MAX_LEGACY_BATCH);
      const where = whereOf(filter, new Date());
      const found = await rows<ItemRow>(pool, `SELECT ${ITEM_COLUMNS} FROM ${ITEMS_FROM} WHERE i.id > ? AND ${where.sql} ORDER BY i.id LIMIT ?`, [afterId, ...where.params, size]);
      return withDetails(pool, found.map(toItem));
    },

    updateItem(id, edit, options = {}) {
      return write(async (db) => {
        const locked = await rows<{ id: number }>(db, 'SELECT id FROM items WHERE id = ? FOR UPDATE', [id]);
        if (locked.length === 0) throw new LegacySourceError('ITEM_NOT_FOUND', [id]);
        const [before] = await detailsOf(db, [id]);
        const fields: [column: string, value: unknown][] = [];
        if (edit.title !== undefined) fields.push(['title', edit.title]);
        if (edit.description !== undefined) fields.push(['description', edit.description]);
        if (edit.isHidden !== undefined) fields.push(['is_hidden', edit.isHidden ? 1 : 0]);
        if (edit.status !== undefined) fields.push(['status', edit.status]);
        if (edit.categoryIds !== undefined) {
          const wanted = sortedUnique(edit.categoryIds);
          const known = wanted.length ? await rows<{ id: number }>(db, 'SELECT id FROM categories WHERE id IN (?)', [wanted]) : [];
          const unknown = wanted.filter((c) => !known.some((k) => k.id === c));
          if (unknown.length) throw new LegacySourceError('CATEGORY_NOT_FOUND', unknown);
          await run(db, 'DELETE FROM item_categories WHERE item_id = ?', [id]);
          if (wanted.length) await run(db, 'INSERT INTO item_categories (item_id, category_id) VALUES ?', [wanted.map((c) => [id, c])]);
        }
        if (fields.length || edit.categoryIds !== undefined) {
          const sets = [...fields.map(([column]) => `${column} = ?`), 'updated_at = ?'];
          await run(db, `UPDATE items SET ${sets.join(', ')} WHERE id = ?`, [...fields.map(([, value]) => value), new Date(), id]);
        }
        const [after] = await detailsOf(db, [id]);
        return { before: before!, after: after! };
      }, options.beforeCommit);
    },

    writePublications(publications, options = {}) {
      return write(async (db) => {
        const changedIds: number[] = [];
        const missingIds: number[] = [];
        const at = new Date();
        for (let start = 0; start < publications.length; start += LEGACY_WRITE_CHUNK) {
          const chunk = publications.slice(start, start + LEGACY_WRITE_CHUNK);
          const current = await rows<{ id: number; status: string; publish_date: Date | null; is_hidden: number }>(
            db,
            'SELECT id, status, publish_date, is_hidden FROM items WHERE id IN (?) FOR UPDATE',
            [chunk.map((p) => p.id)],
          );
          const byId = new Map(current.map((r) => [r.id, r]));
          // The last row for an id wins, as it would in sequence.
          const wanted = new Map(chunk.map((p) => [p.id, p]));
          const changed = [...wanted.values()].filter((p) => {
            const row = byId.get(p.id);
            if (!row) return false;
            return row.status !== p.status || (row.publish_date?.getTime() ?? null) !== (p.publishDate?.getTime() ?? null) || (row.is_hidden !== 0) !== p.isHidden;
          });
          missingIds.push(...[...wanted.keys()].filter((id) => !byId.has(id)));
          if (changed.length === 0) continue;
          const values = changed.map(() => 'SELECT ? AS id, ? AS status, ? AS publish_date, ? AS is_hidden').join(' UNION ALL ');
          await run(
            db,
            `UPDATE items i JOIN (${values}) v ON v.id = i.id SET i.status = v.status, i.publish_date = v.publish_date, i.is_hidden = v.is_hidden, i.updated_at = ?`,
            [...changed.flatMap((p) => [p.id, p.status, p.publishDate, p.isHidden ? 1 : 0]), at],
          );
          changedIds.push(...changed.map((p) => p.id));
        }
        const changed = sortedUnique(changedIds);
        return { changed: changed.length, changedIds: changed, missingIds: sortedUnique(missingIds) };
      }, options.beforeCommit);
    },

    categories: () => allCategories(pool),

    applyCategoryChanges(changes, options = {}) {
      return write(async (db) => {
        // Locks the tree: two syncs at once apply one after the other.
        const plan = checkCategoryChanges(await allCategories(db, true), changes);
        const insertedIds: number[] = [];
        for (const step of plan.steps) {
          if (step.kind === 'insert') {
            const result = await run(
              db,
              step.id !== undefined ? 'INSERT INTO categories (id, parent_id, name, position) VALUES (?, ?, ?, ?)' : 'INSERT INTO categories (parent_id, name, position) VALUES (?, ?, ?)',
              step.id !== undefined ? [step.id, step.parentId, step.name, step.position] : [step.parentId, step.name, step.position],
            );
            insertedIds.push(step.id ?? result.insertId);
          } else if (step.kind === 'rename') {
            await run(db, 'UPDATE categories SET name = ? WHERE id = ?', [step.name, step.id]);
          } else {
            await run(db, 'UPDATE categories SET parent_id = ?, position = ? WHERE id = ?', [step.parentId, step.position, step.id]);
          }
        }
        return { insertedIds, renamed: plan.renamed, moved: plan.moved };
      }, options.beforeCommit);
    },

    openMedia: (kind, itemId, filename) => files.open(kind, itemId, filename),

    close: () => pool.end(),
  };
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
