import { refreshFlagsOfContents } from '../modules/check/check.service';
import { INSPECT_FILES_CRON, INSPECT_FILES_JOB, inspectPendingFiles } from '../modules/game-file/inspection.service';
import { defineJob } from './job';

/**
 * Reads what creators upload (modules/game-file): the contents not inspected yet, each in a worker
 * thread within its time and memory budget, once per sha256. Sent after every upload, and every
 * minute in case a send was lost. Then the review flags of the creations under review that hold
 * what was read (modules/check): a file read late can make a creation a possible copy, or let a
 * trusted creator's creation pass every check.
 */
export const inspectFilesJob = defineJob({
  name: INSPECT_FILES_JOB,
  cron: INSPECT_FILES_CRON,
  // One run at a time, and one waiting behind it: uploads during a run are read by the next.
  queue: { policy: 'stately', retryLimit: 0 },
  handle: async (services) => {
    const { sha256s, ...tally } = await inspectPendingFiles(services);
    return { ...tally, flagged: await refreshFlagsOfContents(services, sha256s) };
  },
});
