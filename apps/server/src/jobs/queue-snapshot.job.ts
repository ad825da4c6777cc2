import { defineJob } from './job';

export const QUEUE_SNAPSHOT_JOB = 'queue-snapshot';

/** Daily queue sizes for the staff overview's chart (being written). */
export const queueSnapshotJob = defineJob({
  name: QUEUE_SNAPSHOT_JOB,
  async handle() {
    return null;
  },
});
