import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Runs raw SQL through Drizzle and returns its rows, the same way on PGlite and PostgreSQL. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
