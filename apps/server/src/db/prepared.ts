import crypto from 'node:crypto';
import { fillPlaceholders, is, Param, Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx } from './client';
import { rows } from './rows';

/** What `preparedQuery` needs of a Drizzle query: its text, and a prepared statement of it. */
interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string | undefined): Executable<R>;
}

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A placeholder for each value a prepared query takes. */
export type Placeholders<V> = { [K in keyof V]: Placeholder };

interface PreparedOptions<S> {
  /**
   * Names the shape: the query's text may differ from one shape to another (a queue's condition,
   * a list's order), never between two calls of the same shape. Under test every call is built
   * again and a shape that gave two texts throws.
   */
  shapeKey?: (shape: S) => string;
}

/**
 * Under test every call is built again and checked against what was kept: a shape must give one
 * text (and, for `preparedRows`, the same constants), or the first call's would stay.
 */
const checkShapes = process.env.NODE_ENV === 'test';

/** A prepared statement's name on the server: from its text, so two texts never share one. */
function statementName(text: string): string {
  return `corner_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/**
 * A query whose text is fixed by its shape and only its values change: the batch loaders behind a
 * page of rows (its images, tests, creators, categories) and the page of a queue. Drizzle builds
 * and compiles it once per process, database and shape instead of on every call (building the
 * queries of a list page was about a third of the server's time under load: issue 13), and the
 * PostgreSQL server prepares it once per connection under a name of its text, so it is parsed once
 * there too. PostgreSQL then plans it (its `plan_cache_mode` auto): the first five calls each with
 * their values, later ones with a plan it keeps for the connection while that plan's estimate is
 * no worse than the plans made for the values, and planned again when the table's statistics
 * change. A list page whose best plan depends on its values (a limit over 856,000 published
 * creations) therefore goes on being planned per call, and the others stop paying for it (the
 * page's planning cost PostgreSQL twice its execution: docs/decisions.md, "A list page in one
 * statement"). `build` gets only the database, a placeholder per value and the shape, so nothing else of a call can stay
 * in the text. A list of keys goes in as one array value, matched with `anyOf` (`= any($1)`), so its
 * length never changes the text. Only for the database itself, not a transaction (loaders and lists
 * read outside any).
 */
export function preparedQuery<V extends Record<string, unknown>, R, S = undefined>(
  build: (db: Db, values: Placeholders<V>, shape: S) => Preparable<R>,
  options: PreparedOptions<S> = {},
): (db: Db, values: V, shape?: S) => Promise<R> {
  const byDatabase = new WeakMap<Db, Map<string, { text: string; query: Executable<R> }>>();
  const placeholders = new Proxy({} as Placeholders<V>, { get: (_, key) => sql.placeholder(String(key)) });
  return async (db, values, shape) => {
    const key = options.shapeKey ? options.shapeKey(shape as S) : '';
    let shapes = byDatabase.get(db);
    if (!shapes) byDatabase.set(db, (shapes = new Map()));
    let prepared = shapes.get(key);
    if (!prepared) {
      const query = build(db, placeholders, shape as S);
      const text = query.toSQL().sql;
      shapes.set(key, (prepared = { text, query: query.prepare(statementName(text)) }));
    } else if (checkShapes && build(db, placeholders, shape as S).toSQL().sql !== prepared.text) {
      throw new Error(`preparedQuery: the shape "${key}" was built into two different texts`);
    }
    return prepared.query.execute(values);
  };
}

/** `column = any(values)`: a column among a list given as one array value (see `preparedQuery`). */
export function anyOf(column: SQLWrapper, values: Placeholder): SQL {
  return sql`${column} = any(${values})`;
}

/** The database itself, or null inside a transaction (where `preparedQuery` does not apply). */
export function outsideTransaction(db: DbOrTx): Db | null {
  return db instanceof PgTransaction ? null : (db as Db);
}

const dialect = new PgDialect();

/** What a prepared statement's builder receives for each value: the value, or its placeholder. */
export type Bound<V> = { [K in keyof V]: V[K] | Placeholder };

interface Compiled {
  name: string;
  text: string;
  params: unknown[];
}

const compiled = new Map<string, Compiled>();

function compile(build: (values: Bound<Record<string, unknown>>) => SQL, keys: string[]): Compiled {
  const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
  return { name: statementName(text), text, params };
}

function fingerprint({ text, params }: Compiled): string {
  return JSON.stringify([text, params.map((p) => (is(p, Placeholder) ? `:${p.name}` : is(p, Param) ? p.value : p))]);
}

/**
 * `rows` for a statement nearly every request runs (the session behind a token, the counts behind
 * the menu's badges and a queue's total). Its text is fixed by `shape`; only `values` change from
 * one call to the next. On the PostgreSQL server's pool the text is built and compiled once per
 * process (building it cost as much as running it: issue 13's load profile), and the statement is
 * prepared once per connection under a name of its text, and planned once (planning these cost as
 * much as running them). `build` gets a placeholder for each value there and must make the same
 * text, with the same constants, for every call with the same `shape` (checked under test): only a fixed set of shapes (queue definitions, never
 * search words or id lists) may go through here. In a transaction, and on PGlite, it is built with
 * the values and runs as `rows` does.
 */
export async function preparedRows<T, V extends Record<string, unknown> = Record<string, never>>(
  db: DbOrTx,
  shape: string,
  values: V,
  build: (values: Bound<V>) => SQL,
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rows<T>(db, build(values));
  const anyBuild = build as (values: Bound<Record<string, unknown>>) => SQL;
  let statement = compiled.get(shape);
  if (!statement) compiled.set(shape, (statement = compile(anyBuild, Object.keys(values))));
  else if (checkShapes && fingerprint(compile(anyBuild, Object.keys(values))) !== fingerprint(statement)) {
    throw new Error(`preparedRows: the shape "${shape}" was built into two different statements`);
  }
  const params = fillPlaceholders(statement.params, values);
  // Past Drizzle, so its logger (OpenOptions.onQuery: the tests that count statements) is told here.
  (db as { session?: { logger?: { logQuery(query: string, params: unknown[]): void } } }).session?.logger?.logQuery(statement.text, params);
  return (await client.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: params })).rows;
}
