// The databases a bench runs on: the embedded PGlite in a temporary DATA_DIR, and a fresh
// `corner_bench_<pid>` database (or one the bench names) on the PostgreSQL server at
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, loopback only, used only to
// create and drop it) dropped at the end. Both are migrated and
// seeded with the demo data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/index';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface Prepared {
  label: string;
  database: Database;
  config: Config;
  cleanup(): Promise<void>;
}

/**
 * Settings a bench run may change from its environment (an A/B of one setting in one session), e.g.
 * `SESSION_CACHE_SECONDS=0 npm run bench -- load`.
 */
const PASSED_SETTINGS = ['SESSION_CACHE_SECONDS', 'SEARCH_COUNT_BOUND'] as const;
function passedSettings(): Record<string, string> {
  return Object.fromEntries(PASSED_SETTINGS.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
}

/** Embedded PGlite in a temporary DATA_DIR. */
export async function preparePglite(): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...passedSettings() });
  const database = await openDatabase({ dir: config.dbDir });
  try {
    await database.migrate();
    await seed(database, { demo: true });
  } catch (error) {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    label: 'PGlite (embedded)',
    database,
    config,
    cleanup: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return error.errors.map(describeError).join('; ');
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A fresh database on the PostgreSQL server, `name` (default `corner_bench_<pid>`; an existing one of
 * that name is dropped first), or the reason it cannot be used.
 */
export async function preparePostgres(options: { name?: string } = {}): Promise<Prepared | string> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `BENCH_DATABASE_URL is not a URL`;
  }
  const shown = `${url.protocol}//${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    return `${shown} is not on this machine; benches only load 127.0.0.1`;
  }
  let admin: Database;
  try {
    admin = await withTimeout(openDatabase({ url: baseUrl, poolSize: 1 }), 5000, shown);
  } catch (error) {
    return `${shown} did not answer (${describeError(error)})`;
  }
  const name = options.name ?? `corner_bench_${process.pid}`;
  const dropDatabase = async () => {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.exec(`create database ${name}`);
  } catch (error) {
    await admin.close();
    return `${shown} answered but could not create database ${name} (${describeError(error)})`;
  }
  let database: Database | undefined;
  try {
    const benchUrl = new URL(baseUrl);
    benchUrl.pathname = `/${name}`;
    // The same pool size as the server's default.
    // One process: the benches build the app in theirs (load.bench.ts also runs `npm start`'s processes).
    const config = loadConfig({ DATA_DIR: os.tmpdir(), DATABASE_URL: benchUrl.toString(), LOG_LEVEL: 'silent', SERVER_PROCESSES: '1', ...passedSettings() });
    database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
    await database.migrate();
    await seed(database, { demo: true });
    const opened = database;
    return {
      label: `PostgreSQL server (${url.host}, pool of ${config.DATABASE_POOL_SIZE})`,
      database: opened,
      config,
      cleanup: async () => {
        await opened.close();
        await dropDatabase();
      },
    };
  } catch (error) {
    await database?.close();
    await dropDatabase();
    throw error;
  }
}

/**
 * Where generated rows start in each table: past its highest id, with room for the demo's rows, so
 * generated ids never meet the seeded ones. `tables` names the key of each answer.
 */
export async function idsAfter<K extends string>(database: Database, tables: Record<K, string>): Promise<Record<K, number>> {
  const columns = Object.entries<string>(tables).map(([key, table]) => `(select coalesce(max(id), 0) + 1000 from ${table}) as "${key}"`);
  const [row] = await database.query<Record<K, number>>(`select ${columns.join(', ')}`);
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as Record<K, number>;
}
