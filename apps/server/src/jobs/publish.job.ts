import { defineJob } from './job';

export const PUBLISH_JOB = 'publish';

/** Scheduled publication (being written). */
export const publishJob = defineJob({
  name: PUBLISH_JOB,
  async handle() {
    return null;
  },
});
