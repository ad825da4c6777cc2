import { hashLegacyFiles, LEGACY_FILE_HASH_JOB } from '../modules/check/legacy-file-hash.service';
import { defineJob } from './job';

/**
 * Every five minutes: the sweep of the older system's files goes on where it stood, hashing files
 * it has not read (LEGACY_HASH_BUDGET_MS per run), so that a creation with the same file as another
 * member's legacy item is flagged as a possible copy. A finished sweep rests six hours, then begins
 * again. Also sent when a process starts working jobs, so a new installation starts at once.
 */
export const legacyFileHashJob = defineJob({
  name: LEGACY_FILE_HASH_JOB,
  cron: '*/5 * * * *',
  runAtStart: true,
  queue: { policy: 'singleton' },
  handle: (services) => hashLegacyFiles(services),
});
