import crypto from 'node:crypto';
import { fillPlaceholders, is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client';

/** Runs raw SQL through Drizzle and returns its rows, the same way on PGlite and PostgreSQL. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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

/**
 * Tests build the statement on every call as well and check that its shape still gives one text,
 * with the same constants: a value that changes must come in `values`, or the first call's would stay.
 */
const checkShapes = process.env.NODE_ENV === 'test';

function compile(build: (values: Bound<Record<string, unknown>>) => SQL, keys: string[]): Compiled {
  const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
  return { name: `corner_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, params };
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
 * text for every call with the same `shape`: only a fixed set of shapes (queue definitions, never
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
