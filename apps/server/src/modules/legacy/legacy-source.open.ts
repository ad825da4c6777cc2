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
  const { mariadbLegacySource } = await import('./legacy-source.mariadb');
  const source = mariadbLegacySource({ url: config.LEGACY_DATABASE_URL, poolSize: config.LEGACY_DATABASE_POOL_SIZE }, files);
  try {
    await source.countItems({ id: 0 });
  } catch (error) {
    await source.close().catch(() => {});
    throw new Error(`LEGACY_DATABASE_URL: the old system's database does not answer or lacks its tables (${error instanceof Error ? error.message : String(error)}).`);
  }
  return source;
}
