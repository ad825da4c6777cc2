import type { Database } from '../db/client';
import type { Storage } from '../storage/index';
import { seedCatalog } from './catalog';
import { seedDemo } from './demo';
import { seedReference } from './reference';

/**
 * Brings a migrated database up to what the product needs: reference data always; the catalog and
 * demo members when `demo` is on and the database has none yet. Returns whether demo data was added.
 */
export async function seed(database: Database, options: { demo: boolean; storage?: Storage }): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await seedReference(tx);
    if (!options.demo) return false;
    await seedCatalog(tx);
    return seedDemo(tx, options.storage);
  });
}
