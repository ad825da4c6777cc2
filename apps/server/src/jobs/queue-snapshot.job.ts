import { compactQueueCounts, snapshotQueues } from '../modules/queue/queue.service';
import { defineJob } from './job';

export const QUEUE_SNAPSHOT_JOB = 'queue-snapshot';
/** Every day at 23:55 UTC (pg-boss schedules in UTC): the day's last look at the queues, still within it. */
export const QUEUE_SNAPSHOT_CRON = '55 23 * * *';

/**
 * Stores every staff queue's size for today, for the overview's chart, after folding the counting
 * rollup's old days. Idempotent per day: a second run the same day replaces the first day's
 * numbers. A failing count fails the job (retried).
 */
export const queueSnapshotJob = defineJob({
  name: QUEUE_SNAPSHOT_JOB,
  cron: QUEUE_SNAPSHOT_CRON,
  queue: { retryLimit: 3, retryDelay: 60 },
  async handle({ database, log }) {
    await compactQueueCounts(database.db);
    const counts = await snapshotQueues(database.db);
    log.info(counts, 'Queue sizes stored');
    return counts;
  },
});
