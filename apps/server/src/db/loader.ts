import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Per-request batch loaders. GraphQL resolves a field of every row of a list in the same turn, so a
 * page of 100 creations asks for its 100 creators (or image lists, or counts) together; a loader
 * gathers those keys and reads them in one query. Nothing is kept past the batch: a mutation later
 * in the same request never reads a stale row. The one exception is what a list page read with its
 * own rows (`Loader.preload`), which only a query does: it answers the rest of that request.
 *
 * A module defines a loader once, beside its SQL (`defineLoader`), and calls it with the request's
 * context; the context holds each loader's pending batch (`loaders`, made empty per request).
 */
export type LoaderCache = Map<unknown, unknown>;

/** What a loader needs from the context: its database and the request's loaders. */
export interface LoaderHost {
  db: Db;
  loaders: LoaderCache;
}

interface Pending<V> {
  promise: Promise<V>;
  resolve(value: V): void;
  reject(error: unknown): void;
}

function pending<V>(): Pending<V> {
  let resolve!: (value: V) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A batch loader, and the values a statement of the request already read for some of its keys. */
export interface BatchLoader<K, V> {
  load(key: K): Promise<V>;
  primed: Map<K, V>;
}

/**
 * A loader over `fetch`: every key asked for before the event loop turns goes into one call, and
 * each caller gets its key's value (or `missing` when the answer has none). A primed key is answered
 * at once, without a call.
 */
export function batchLoader<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>, missing: V): BatchLoader<K, V> {
  let batch: Map<K, Pending<V>> | null = null;
  const primed = new Map<K, V>();
  const load = (key: K): Promise<V> => {
    if (primed.has(key)) return Promise.resolve(primed.get(key)!);
    if (!batch) {
      const current = new Map<K, Pending<V>>();
      batch = current;
      setImmediate(() => {
        batch = null;
        fetch([...current.keys()]).then(
          (found) => current.forEach((p, k) => p.resolve(found.has(k) ? found.get(k)! : missing)),
          (error: unknown) => current.forEach((p) => p.reject(error)),
        );
      });
    }
    let entry = batch.get(key);
    if (!entry) {
      entry = pending<V>();
      batch.set(key, entry);
    }
    return entry.promise;
  };
  return { load, primed };
}

/** A loader: loads one key through the request's batch. */
export interface Loader<K, V> {
  (host: LoaderHost, key: K): Promise<V>;
  /**
   * A value for this loader read, for each row of a page, by the page's own statement (see
   * `preloadColumns`): the page's rows then answer this field without another statement.
   * `column` is the value of one row as SQL over the page's table (a correlated subquery, whose
   * references to the page's row go through `outer`), `decode` turns what the database answered
   * into the loader's value, and `keyOf` gives the loader's key of a row.
   */
  preload<R>(spec: { name: string; keyOf(row: R): K | null; column: SQL; decode(raw: unknown): V }): Preload<R>;
}

/**
 * Defines a loader: `fetch` reads the values of many keys in one query; the function returned loads
 * one key through the request's batch. `missing` is what a key without a row gets (null, 0, []).
 */
export function defineLoader<K, V>(fetch: (db: Db, keys: K[]) => Promise<Map<K, V>>, missing: V): Loader<K, V> {
  const id = Symbol('loader');
  const batchOf = (host: LoaderHost): BatchLoader<K, V> => {
    let loader = host.loaders.get(id) as BatchLoader<K, V> | undefined;
    if (!loader) {
      loader = batchLoader((keys: K[]) => fetch(host.db, keys), missing);
      host.loaders.set(id, loader);
    }
    return loader;
  };
  const load = (host: LoaderHost, key: K) => batchOf(host).load(key);
  return Object.assign(load, {
    preload<R>({ name, keyOf, column, decode }: { name: string; keyOf(row: R): K | null; column: SQL; decode(raw: unknown): V }): Preload<R> {
      return {
        name,
        column,
        prime(host, row, raw) {
          const key = keyOf(row);
          if (key !== null) batchOf(host).primed.set(key, decode(raw));
        },
      };
    },
  });
}

/**
 * A per-row value a page reads with its own rows: one more column of the page's statement, handed
 * to its loader (`Loader.preload`). A list page of creations with its images, tests, counts, creators
 * and categories is then one statement instead of one per loader: each statement's round trip cost
 * the server more than what it read (issue 13's load profile).
 */
export interface Preload<R> {
  /** Names the column (and the statement's shape). */
  name: string;
  column: SQL;
  /** Gives what the column held for `row` to the request's loader. */
  prime(host: LoaderHost, row: R, raw: unknown): void;
}

/** A page's preloads and the request whose loaders they fill. */
export interface PagePreload<R> {
  host: LoaderHost;
  preloads: readonly Preload<R>[];
}

/** The columns a page's statement adds for its preloads, each under its own name. */
export function preloadColumns(preloads: readonly Preload<unknown>[]): Record<string, SQL> {
  return Object.fromEntries(preloads.map((p) => [preloadKey(p.name), p.column]));
}

const preloadKey = (name: string) => `preload_${name}`;

/**
 * The rows of a page read with `preloadColumns`: each preload's value goes to its loader, and the
 * rows come back as the table's own rows, without those columns.
 */
export function primePreloads<R extends object>(host: LoaderHost, found: readonly R[], preloads: readonly Preload<R>[]): R[] {
  if (preloads.length === 0) return [...found];
  const keys = new Set(preloads.map((p) => preloadKey(p.name)));
  return found.map((withColumns) => {
    // Copied without those columns rather than deleting them, which would leave every row a slow
    // dictionary object for the resolvers that read it.
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(withColumns)) if (!keys.has(key)) row[key] = value;
    for (const p of preloads) p.prime(host, row as R, (withColumns as Record<string, unknown>)[preloadKey(p.name)]);
    return row as R;
  });
}

/**
 * A column of the page's own row inside a preload's subquery, written out in full: in a one-table
 * select Drizzle writes its columns unqualified, and a bare "id" inside the subquery would name the
 * subquery's own table.
 */
export function outer(column: PgColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/** A table's rows as a JSON array (`[]` for none), for a preload; `decodeRows` reads it back. */
export function jsonRows(table: PgTable, where: SQL, orderBy: SQL): SQL {
  return sql`(select coalesce(json_agg(${table} order by ${orderBy}), '[]'::json) from ${table} where ${where})`;
}

/** A table's row as JSON, or null for none. */
export function jsonRow(table: PgTable, where: SQL): SQL {
  return sql`(select row_to_json(${table}) from ${table} where ${where} limit 1)`;
}

/**
 * A row of `table` from its JSON (`jsonRow`, `jsonRows`), as Drizzle reads it from a select: each
 * column under its property name, through the column's own mapping (timestamps become dates).
 */
export function decodeRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  return decodeWith(Object.entries(getTableColumns(table)), json) as T['$inferSelect'];
}

/** The rows of `jsonRows` (the table's columns listed once for them all). */
export function decodeRows<T extends PgTable>(table: T, json: unknown): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return (json as Record<string, unknown>[]).map((row) => decodeWith(columns, row) as T['$inferSelect']);
}

function decodeWith(columns: [string, PgColumn][], json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}

/** Groups rows into a map of lists by a key, keeping their order. */
export function groupBy<K, R>(rows: R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
