import { LEGACY_SYNC_JOB, syncToOldSubmissionSystem } from '../modules/migration/sync.service';
import { defineJob } from './job';

/**
 * Every minute: bridged creations' status, publish date and hidden flag are written back to the
 * older system (only what differs; see sync.service.ts), so a decision in the portal reaches the old
 * site within the minute. Staff can also run it at once from /staff/migrate/.
 */
export const legacySyncJob = defineJob({
  name: LEGACY_SYNC_JOB,
  cron: '* * * * *',
  queue: { policy: 'singleton' },
  handle: (services) => syncToOldSubmissionSystem(services, null),
});
