import { sql } from 'drizzle-orm';
import {
  CREATOR_COUNTER_QUEUES,
  STAFF_COUNTER_QUEUES,
  type QueueId,
} from '@corner/domain';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { submissions } from '../../db/schema/index';
import { queueSql } from './queue.sql';

export type Counts = Partial<Record<QueueId, number>> & { unreadMessages: number };

export interface CountLogger {
  error(obj: unknown, msg: string): void;
}

/**
 * Counts several queues in one pass over submissions: one `count(*) filter (where …)` per queue,
 * each filter the queue's own compiled definition.
 */
export async function countQueues(db: Db, ids: readonly QueueId[], now: Date, ownerId?: number) {
  const columns = sql.join(
    ids.map((id) => sql`count(*) filter (where ${queueSql(id, now)})::int as ${sql.identifier(id)}`),
    sql`, `,
  );
  const scope = ownerId === undefined ? sql`true` : sql`${submissions.member_id} = ${ownerId}`;
  const [row] = await rows<Record<QueueId, number>>(db, sql`select ${columns} from ${submissions} where ${scope}`);
  return Object.fromEntries(ids.map((id) => [id, Number(row?.[id] ?? 0)])) as Record<QueueId, number>;
}

/**
 * Creator counters: unread conversations in the mailbox "submissions", leaving out those tagged
 * user-read or user-deleted (SPEC section 9).
 */
export async function creatorCounters(db: Db, memberId: number, now = new Date()): Promise<Counts> {
  const [counts, [unread]] = await Promise.all([
    countQueues(db, CREATOR_COUNTER_QUEUES, now, memberId),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversations c
          where c.member_id = ${memberId} and c.mailbox_id = 'submissions'
            and not exists (select 1 from conversation_tags t
                            where t.conversation_id = c.id and t.tag in ('user-read', 'user-deleted'))`,
    ),
  ]);
  return { ...counts, unreadMessages: Number(unread?.n ?? 0) };
}

/**
 * Staff counters over every creation. A count that fails is logged as "Error counting submissions"
 * and reads 0 (SPEC section 8), so one broken query never blanks the whole sidebar.
 */
export async function staffCounters(db: Db, log: CountLogger, now = new Date()): Promise<Counts> {
  const [counts, unread] = await Promise.all([
    countQueues(db, STAFF_COUNTER_QUEUES, now).catch((error: unknown) => {
      log.error({ err: error }, 'Error counting submissions');
      return Object.fromEntries(STAFF_COUNTER_QUEUES.map((id) => [id, 0])) as Record<QueueId, number>;
    }),
    // Staff's message badge: conversations waiting for staff (status active).
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversations where mailbox_id = 'submissions' and status = 'active'`,
    ).catch((error: unknown) => {
      log.error({ err: error }, 'Error counting submissions');
      return [{ n: 0 }];
    }),
  ]);
  return { ...counts, unreadMessages: Number(unread[0]?.n ?? 0) };
}
