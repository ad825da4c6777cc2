import type { DbOrTx } from '../../db/client';
import { logs } from '../../db/schema/index';

export interface LogEntry {
  submission_id: number | null;
  member_id: number | null;
  /** What changed: submission, lot, new_item, file, image, hotspot, test, ... */
  entity: string;
  entity_id: number | null;
  /** created, updated, deleted, status, reordered, ... */
  action: string;
  previous_values?: Record<string, unknown> | null;
  new_values?: Record<string, unknown> | null;
}

/** Writes one history entry. Call it inside the transaction that makes the change (DESIGN section 3). */
export async function writeLog(tx: DbOrTx, entry: LogEntry): Promise<void> {
  await tx.insert(logs).values({
    ...entry,
    previous_values: entry.previous_values ?? null,
    new_values: entry.new_values ?? null,
  });
}

/**
 * The fields of `next` that differ from `previous`, as the two halves of a log entry; null when
 * nothing changed (no entry is written then).
 */
export function changes(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): { previous_values: Record<string, unknown>; new_values: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    const old = previous[key];
    if (JSON.stringify(old ?? null) === JSON.stringify(value ?? null)) continue;
    before[key] = old ?? null;
    after[key] = value ?? null;
  }
  return Object.keys(after).length ? { previous_values: before, new_values: after } : null;
}
