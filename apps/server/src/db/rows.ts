import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client';

/** Runs raw SQL through Drizzle and returns its rows, the same way on PGlite and PostgreSQL. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `rows` for a statement nearly every request runs (the counts behind the menu's badges and a
 * queue's total): on the PostgreSQL server's pool it is prepared once per connection and planned
 * once, where planning these statements cost as much as running them. Its name comes from its
 * text, so two statements built differently never share one. Only for statements built from a
 * fixed set of shapes (queue definitions, not search words or id lists): each distinct text stays
 * prepared on each connection. In a transaction, and on PGlite, it runs as `rows` does.
 */
export async function preparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Past Drizzle, so its logger (OpenOptions.onQuery: the tests that count statements) is told here.
  (db as { session?: { logger?: { logQuery(query: string, params: unknown[]): void } } }).session?.logger?.logQuery(text, params);
  const name = `corner_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
}
