import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { Database } from '../db/client';
import { createLegacyMariadbSchema, insertLegacyRowsMariadb } from '../modules/legacy/legacy-mariadb.sql';
import { mariadbLegacySource } from '../modules/legacy/legacy-source.mariadb';
import { localLegacyFiles } from '../modules/legacy/legacy-files';
import type { LegacyRows } from '../modules/legacy/legacy-rows';
import type { LegacySource } from '../modules/legacy/legacy-source';
import { postgresLegacySource } from '../modules/legacy/legacy-source.postgres';
import { insertLegacyRowsPostgres } from '../seed/legacy';
import { createTestDatabase } from './database';

/**
 * The legacy source's engines as the contract test runs them: each on a database of its own, with
 * the legacy files in a temp folder, a way to load rows and a count of the statements it sends.
 */
export interface LegacyEngineUnderTest {
  source: LegacySource;
  /** Writes rows straight into the engine's tables (as the demo and the MariaDB script do). */
  load(rows: Partial<LegacyRows>): Promise<void>;
  /** The legacy files folder the source reads. */
  filesDir: string;
  /** How many statements the source has sent to its database so far. */
  statements(): number;
  close(): Promise<void>;
}

export interface LegacyEngine {
  name: 'postgres' | 'mariadb';
  /** Why it cannot run here (a server that does not answer), or null when it can. */
  unavailable: string | null;
  open(): Promise<LegacyEngineUnderTest>;
}

function tempFilesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'corner-legacy-files-'));
}

/** The embedded engine: the `legacy` schema of this test file's own database (PGlite, or the PostgreSQL server of TEST_DATABASE_URL). */
export const postgresEngine: LegacyEngine = {
  name: 'postgres',
  unavailable: null,
  async open() {
    let count = 0;
    const database: Database = await createTestDatabase({ onQuery: () => (count += 1) });
    const filesDir = tempFilesDir();
    return {
      source: postgresLegacySource(database.db, localLegacyFiles(filesDir)),
      load: async (rows) => {
        const before = count;
        await insertLegacyRowsPostgres(database.db, rows);
        count = before;
      },
      filesDir,
      statements: () => count,
      close: async () => {
        await database.close();
        fs.rmSync(filesDir, { recursive: true, force: true });
      },
    };
  },
};

/** The MariaDB server the contract runs on (no database in the URL: each run makes its own). */
export const LEGACY_TEST_MARIADB_URL = process.env.LEGACY_TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Null when a MariaDB answers at `url`, else what went wrong. */
export async function mariadbProblem(url: string): Promise<string | null> {
  try {
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 3000 });
    await connection.query('SELECT 1');
    await connection.end();
    return null;
  } catch (error) {
    const u = new URL(url);
    return `no MariaDB answers at ${u.host} (${error instanceof Error ? error.message || (error as { code?: string }).code : String(error)})`;
  }
}

/**
 * MariaDB: a database of its own per run (`corner_legacy_test_<random>`), made with the schema of
 * legacy-mariadb.sql.ts (the same as `npm run legacy:mariadb` makes) and dropped on close.
 */
function mariadbEngine(serverUrl: string, unavailable: string | null): LegacyEngine {
  return {
    name: 'mariadb',
    unavailable,
    async open() {
      const name = `corner_legacy_test_${crypto.randomBytes(4).toString('hex')}`;
      const admin = await mysql.createConnection({ uri: serverUrl });
      await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const url = withDatabase(serverUrl, name);
      const loader = await mysql.createConnection({ uri: url, timezone: 'Z' });
      await createLegacyMariadbSchema(loader);
      const filesDir = tempFilesDir();
      let count = 0;
      const source = mariadbLegacySource({ url, poolSize: 3, onQuery: () => (count += 1) }, localLegacyFiles(filesDir));
      return {
        source,
        load: (rows) => insertLegacyRowsMariadb(loader, rows),
        filesDir,
        statements: () => count,
        close: async () => {
          // (The contract's last test has closed it already.)
          await source.close().catch(() => {});
          await loader.end();
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          await admin.end();
          fs.rmSync(filesDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/**
 * Every engine the contract runs on: the embedded one always; MariaDB with `unavailable` saying
 * why when no server answers at LEGACY_TEST_MARIADB_URL (the test then reports it did not run, or
 * fails under CI=true).
 */
export async function legacyEngines(): Promise<LegacyEngine[]> {
  return [postgresEngine, mariadbEngine(LEGACY_TEST_MARIADB_URL, await mariadbProblem(LEGACY_TEST_MARIADB_URL))];
}
