import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { seed } from './db/seed/index';
import { createStorage } from './storage/index';

/** Opens the configured database (locking an embedded one), migrates it and seeds what is missing. */
export async function openAndPrepare(
  config: Config,
  options: { seedDemo: boolean },
): Promise<{ database: Database; seeded: boolean; release: () => void }> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dir: config.dbDir, poolSize: config.DATABASE_POOL_SIZE });
    await database.migrate();
    const seeded = await seed(database, { demo: options.seedDemo, storage: createStorage(config) });
    return { database, seeded, release };
  } catch (error) {
    release();
    throw error;
  }
}
