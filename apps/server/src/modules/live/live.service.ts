import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The PostgreSQL channel live events travel on, between every process of the portal. */
export const LIVE_CHANNEL = 'corner_live';

/** What changed: a member's notifications, a conversation, or the e-mail outbox (for the workers). */
export type LiveKind = 'notification' | 'conversation' | 'email';

export interface LiveEvent {
  kind: LiveKind;
  /** Members the event is for; `staff` reaches everyone who manages messages. */
  to: number[] | 'staff';
  conversationId?: number | null;
}

/**
 * Announces a change to every process (`pg_notify`). Called inside the transaction that made the
 * change, it goes out only when that transaction commits, and never for one that is rolled back.
 */
export async function publishLive(db: DbOrTx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Reads a payload from the channel; anything malformed is ignored (null). */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.kind !== 'string') return null;
    if (value.to !== 'staff' && !(Array.isArray(value.to) && value.to.every((id) => Number.isInteger(id)))) return null;
    return { kind: value.kind as LiveKind, to: value.to, conversationId: value.conversationId ?? null };
  } catch {
    return null;
  }
}
