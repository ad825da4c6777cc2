import { INSPECT_FILES_CRON, INSPECT_FILES_JOB, inspectPendingFiles } from '../modules/game-file/inspection.service';
import { defineJob } from './job';

/**
 * Reads what creators upload (modules/game-file): the contents not inspected yet, each in a worker
 * thread within its time and memory budget, once per sha256. Sent after every upload, and every
 * minute in case a send was lost.
 */
export const inspectFilesJob = defineJob({
  name: INSPECT_FILES_JOB,
  cron: INSPECT_FILES_CRON,
  // One run at a time, and one waiting behind it: uploads during a run are read by the next.
  queue: { policy: 'stately', retryLimit: 0 },
  handle: (services) => inspectPendingFiles(services),
});
