import { MIGRATION_RUN_JOB, reviveMigrationRuns, workMigrationRun } from '../modules/migration/migration-run.service';
import { defineJob } from './job';

/**
 * Works a staff bulk migration run (modules/migration/migration-run.service.ts) for a slice of time,
 * then hands over to the next job. A fault is tried again (the run goes on from its cursor); a
 * process that dies leaves the run RUNNING, and `migration-supervise` sends it a job again.
 */
export const migrationRunJob = defineJob<{ runId: number }>({
  name: MIGRATION_RUN_JOB,
  queue: { policy: 'short', retryLimit: 5, retryDelay: 2 },
  handle: (services, data) => workMigrationRun(services, data.runId),
});

export const MIGRATION_SUPERVISE_JOB = 'migration-supervise';

/** At start and every minute: a RUNNING run whose row has not moved for MIGRATION_STALE_SECONDS (its process was killed) gets a job again. */
export const migrationSuperviseJob = defineJob({
  name: MIGRATION_SUPERVISE_JOB,
  cron: '* * * * *',
  runAtStart: true,
  handle: async (services) => ({ revived: await reviveMigrationRuns(services) }),
});
