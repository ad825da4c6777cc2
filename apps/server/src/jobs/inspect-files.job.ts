import { INSPECT_FILES_CRON, INSPECT_FILES_JOB, inspectPendingFiles } from '../modules/game-file/inspection.service';
import { defineJob } from './job';

/**
 * Reads what creators upload (modules/game-file): every minute, the contents not inspected yet, each
 * in a worker thread within its time and memory budget, once per sha256. One run at a time.
 */
export const inspectFilesJob = defineJob({
  name: INSPECT_FILES_JOB,
  cron: INSPECT_FILES_CRON,
  queue: { policy: 'singleton', retryLimit: 0 },
  handle: (services) => inspectPendingFiles(services),
});
