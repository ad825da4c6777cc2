import type { Database } from '../db/client';
import type { Storage } from '../storage/index';
import { seedCatalog } from './catalog';
import { seedDemo } from './demo';
import { seedReference } from './reference';

/**
 * Brings a migrated database up to what the product needs: reference data always; the catalog and
 * demo members when `demo` is on and the database has none yet. Returns whether demo data was added.
 * The older system's demo items go into the `legacy` schema only when it is the legacy source
 * (`legacy.engine` postgres); a MariaDB gets its own with `npm run legacy:mariadb -- --demo`.
 */
export async function seed(
  database: Database,
  options: { demo: boolean; storage?: Storage; legacy?: { engine: 'postgres' | 'mariadb'; filesDir: string } },
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await seedReference(tx);
    if (!options.demo) return false;
    await seedCatalog(tx);
    const legacy = options.legacy?.engine === 'mariadb' ? 'none' : { filesDir: options.legacy?.filesDir ?? null };
    return seedDemo(tx, options.storage, { legacy });
  });
}
