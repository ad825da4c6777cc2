import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client';
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

/** Every engine the contract runs on. */
export async function legacyEngines(): Promise<LegacyEngine[]> {
  return [postgresEngine];
}
