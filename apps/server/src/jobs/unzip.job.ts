import { runUnzipJob, UNZIP_JOB, type UnzipJobData } from '../modules/file/unzip.service';
import { defineJob } from './job';

/**
 * Unpacks a creation's zip into its files (see runUnzipJob). Refusals complete the job with
 * `{status: 'error', message}`; a fault (disk, storage, database, a process that died) is tried
 * twice more, a second apart, then reported as failed. Two clicks send one job: the sender looks
 * for the zip's job and sends one under a lock on the zip's row (unzip.service's startJob); the
 * "short" policy (at most one job per zip waiting) stays as a second guard.
 */
export const unzipJob = defineJob<UnzipJobData>({
  name: UNZIP_JOB,
  queue: { policy: 'short', retryLimit: 2, retryDelay: 1 },
  handle: (services, data) => runUnzipJob(services, data),
});
