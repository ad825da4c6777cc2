import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { seed } from './seed/index';
import { createStorage, type Storage } from './storage/index';
import { openLegacySource } from './modules/legacy/legacy-source.open';
import type { LegacySource } from './modules/legacy/legacy-source';

/**
 * Opens the configured database (locking an embedded one), migrates it and seeds what is missing.
 * The storage is made first: a STORAGE_URL that cannot work stops the start before anything is opened.
 * `prepared: true` only opens: a server process started after its primary migrated and seeded.
 */
export async function openAndPrepare(
  config: Config,
  options: { seedDemo: boolean; prepared?: boolean },
): Promise<{ database: Database; storage: Storage; legacy: LegacySource; seeded: boolean; release: () => void }> {
  const storage = createStorage(config);
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dir: config.dbDir, poolSize: config.DATABASE_POOL_SIZE, statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS });
    if (!options.prepared) await database.migrate();
    const legacy = await openLegacySource(config, database);
    if (options.prepared) return { database, storage, legacy, seeded: false, release };
    const seeded = await seed(database, { demo: options.seedDemo, storage, legacy: { engine: legacy.engine, filesDir: config.legacyFilesDir } });
    return { database, storage, legacy, seeded, release };
  } catch (error) {
    release();
    throw error;
  }
}
