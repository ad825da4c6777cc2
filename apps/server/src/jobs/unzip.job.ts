import { runUnzipJob, UNZIP_JOB, type UnzipJobData } from '../modules/file/unzip.service';
import { defineJob } from './job';

/**
 * Unpacks a creation's zip into its files (see runUnzipJob). Refusals complete the job with
 * `{status: 'error', message}`; a fault (disk, storage, database, a process that died) is tried
 * twice more, a second apart, then reported as failed. The "short" policy keeps at most one job per
 * zip waiting, so two clicks send one job.
 */
export const unzipJob = defineJob<UnzipJobData>({
  name: UNZIP_JOB,
  queue: { policy: 'short', retryLimit: 2, retryDelay: 1 },
  handle: (services, data) => runUnzipJob(services, data),
});
