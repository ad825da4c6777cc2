import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { localLegacyFiles } from './legacy-files';
import type { LegacySource } from './legacy-source';
import { postgresLegacySource } from './legacy-source.postgres';

type LegacyConfig = Pick<Config, 'LEGACY_DATABASE_URL' | 'LEGACY_DATABASE_POOL_SIZE' | 'legacyFilesDir'>;

/**
 * The legacy source the configuration names, made once per process (main.ts, worker.ts; buildApp
 * makes one when none is given): the MariaDB of LEGACY_DATABASE_URL, checked with one query so
 * that a wrong URL stops the start with the server's own message; else the `legacy` schema of the
 * portal's own database.
 */
export async function openLegacySource(config: LegacyConfig, database: Database): Promise<LegacySource> {
  const files = localLegacyFiles(config.legacyFilesDir);
  if (!config.LEGACY_DATABASE_URL) return postgresLegacySource(database.db, files);
  // MARIADB-ENGINE: the next commit adds legacy-source.mariadb.ts.
  throw new Error('LEGACY_DATABASE_URL: the MariaDB engine is not built yet.');
}
