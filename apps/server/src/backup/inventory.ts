import type { Db } from '../db/client';
import { allReferencedSha256s } from '../modules/file/blob.service';

/** Parameterised SQL answering rows: a Database's `query`, or a client inside a snapshot. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** What a backup checks a restored database against: its rows per table, and the content they use. */
export interface Inventory {
  /** Rows of every permanent table outside the system schemas, by `schema.table`. */
  tables: Record<string, number>;
  /** The sha256 of every content some row uses. */
  references: Set<string>;
}

export async function takeInventory(query: Query, db: Db): Promise<Inventory> {
  return { tables: await countRows(query), references: await allReferencedSha256s(db) };
}

/** Rows per table, in one statement (so in one snapshot on a PostgreSQL server). */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relpersistence = 'p' and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  if (tables.length === 0) return {};
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const counts = await query<{ name: string; n: string }>(
    tables.map((t, i) => `select $${i + 1}::text as name, count(*)::text as n from ${quote(t.schema)}.${quote(t.name)}`).join(' union all '),
    tables.map((t) => `${t.schema}.${t.name}`),
  );
  return Object.fromEntries(counts.map((c) => [c.name, Number(c.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** The tables whose rows differ between what a backup recorded and what a restore holds, as lines. */
export function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names.filter((name) => expected[name] !== found[name]).map((name) => `${name}: ${expected[name] ?? 'absent'} in the backup, ${found[name] ?? 'absent'} restored`);
}
