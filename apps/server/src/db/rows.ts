import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Runs raw SQL through Drizzle and returns its rows, the same way on PGlite and PostgreSQL. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows in the order of `ids` (each once; ids without a row left out). */
export function orderedByIds<T extends { id: number }>(ids: readonly number[], found: readonly T[]): T[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  const seen = new Set<number>();
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

/**
 * Past this many rows into a list, a page is "deep": skipping that many index entries with an
 * offset costs more than finding the page another way (from the list's nearer end, or from a rollup
 * of counts), so both the creations' lists (submission.search) and the archive's (the embedded
 * legacy source) switch there.
 */
export const DEEP_OFFSET = 2_000;
