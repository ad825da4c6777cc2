import fs from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle: everything a service does inside `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** An open database with what it runs on, so it can be migrated and closed. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw access for pg-boss and benchmarks: parameterised SQL returning rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (PGlite needs `exec` for those). */
  exec(text: string): Promise<void>;
  /**
   * pg-boss's database hook: parameterised SQL as a query, and multi-statement SQL without
   * parameters (its migrations) through PGlite's `exec`, answering with the last statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * LISTEN on a channel: `handler` gets each NOTIFY payload (sent with `pg_notify` inside a
   * transaction, it arrives only once that commits). Answers a function that stops listening.
   * `onListening` hears whether notifications are arriving: false while a dropped connection to a
   * PostgreSQL server is reopened (what is sent meanwhile is missed), true once it listens again.
   */
  listen(channel: string, handler: (payload: string) => void, onListening?: (listening: boolean) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (the metrics); absent on the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * The embedded database only: its data directory as a tar archive, consistent (made between
   * transactions, after a checkpoint), to load with `loadDataDir` (backups, docs/decisions.md).
   */
  dumpDataDir?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dir?: string | undefined;
  /** A PGlite data dump (from `dumpDataDir`) to start from: fast test databases. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PostgreSQL server: cancel a statement of the pool's connections after this long (0: never). */
  statementTimeoutMs?: number;
  /** Called with the SQL of each statement run through `db` and its parameters (tests count them, benches explain them). */
  onQuery?: ((sql: string, params: unknown[]) => void) | undefined;
}

/** Drizzle's logger option for `onQuery`. */
function queryLogger(onQuery: OpenOptions['onQuery']) {
  return onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.statementTimeoutMs ?? 0, options.onQuery);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
  const client = new PGlite({
    // The trigram indexes of the free-text searches (migration 0007).
    extensions: { pg_trgm },
    ...(options.dir ? { dataDir: options.dir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, ...queryLogger(options.onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows as never,
    exec: async (text) => {
      await client.exec(text);
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: async (channel, handler, onListening) => {
      const stop = await client.listen(channel, handler);
      // In the same process as every writer: nothing is ever missed.
      onListening?.(true);
      return async () => {
        await stop();
      };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // Inside a transaction of its own: PGlite runs one at a time, so no other is open and nothing
    // writes while the files are read (synchronously). The checkpoint puts every committed change
    // into the table files, so the copy does not depend on replaying the WAL.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('none');
      }),
  };
}

async function openPostgres(url: string, poolSize: number, statementTimeoutMs: number, onQuery: OpenOptions['onQuery']): Promise<Database> {
  // The time budget of a request's SQL: the server cancels a longer statement (SQLSTATE 57014).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  // An idle connection the server closes (a restart, a terminated backend) is dropped from the pool
  // and the next query opens a new one; without this listener node-postgres ends the process.
  pool.on('error', () => {});
  // Fail fast with the server's own message when it is unreachable.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema, ...queryLogger(onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    query: async (text, params) => (await pool.query(text, params)).rows,
    exec: async (text) => {
      await pool.query(text);
    },
    executeSql: (text, values) => pool.query(text, values as unknown[]) as never,
    listen: (channel, handler, onListening) => listenPg(url, channel, handler, onListening),
    migrate: () => migratePostgres(url),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Migrations on a connection of their own, without the pool's statement timeout: an index on a large table takes long. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}

/**
 * LISTEN on a PostgreSQL server needs a connection of its own, outside the pool. A dropped
 * connection is reopened (after a second, then backing off to 30 s); what was sent meanwhile is
 * missed, which the live clients make up for by refetching on a timer.
 */
async function listenPg(
  url: string,
  channel: string,
  handler: (payload: string) => void,
  onListening: (listening: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 1000;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      // A broken connection: reconnect below, once 'end' arrives.
      if (!stopped) onListening(false);
    });
    next.on('end', () => {
      if (stopped) return;
      onListening(false);
      setTimeout(() => void reconnect(), delay).unref();
      delay = Math.min(delay * 2, 30_000);
    });
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
    delay = 1000;
    onListening(true);
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
    } catch {
      setTimeout(() => void reconnect(), delay).unref();
      delay = Math.min(delay * 2, 30_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
