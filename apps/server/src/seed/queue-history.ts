import { STAFF_COUNTER_QUEUES } from '@corner/domain';
import type { DbOrTx } from '../db/client';
import { queueSnapshots } from '../db/schema/index';
import { countQueues, utcDay } from '../modules/queue/queue.service';

const DAYS = 28;

/**
 * Demo history of the staff queues for the overview chart (demo data only): the last 28 days, each
 * queue drifting day by day towards its current size, so the chart ends where the live counts are.
 * Days that already have a snapshot keep it.
 */
export async function seedQueueHistory(db: DbOrTx, now = new Date()): Promise<void> {
  const current = await countQueues(db, STAFF_COUNTER_QUEUES, now);
  // A small fixed generator: the same demo chart on every fresh start.
  let state = 20261122;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const values: (typeof queueSnapshots.$inferInsert)[] = [];
  for (const queue of STAFF_COUNTER_QUEUES) {
    // Walk backwards from today's size; cumulative queues (published, deleted) only grow forwards.
    const growing = queue === 'published' || queue === 'deleted';
    let count = current[queue];
    for (let back = 1; back < DAYS; back++) {
      const step = Math.round((random() - (growing ? 0.15 : 0.5)) * Math.max(2, count * 0.15));
      count = Math.max(0, growing ? count - Math.abs(step) : count + step);
      values.push({ day: utcDay(new Date(now.getTime() - back * 86_400_000)), queue, count });
    }
  }
  await db.insert(queueSnapshots).values(values).onConflictDoNothing();
}
