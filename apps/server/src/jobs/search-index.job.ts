import { reindexStale, SEARCH_INDEX_JOB } from '../modules/search/search.service';
import { defineJob } from './job';

/**
 * Every minute, at start, and at once when staff reindex: writes every stale search document to
 * the engine (search.service.ts), at most 50 s a run; the next run goes on. A creation published
 * on its date is indexed within the minute (the publish job logs it, which marks it stale).
 */
export const searchIndexJob = defineJob({
  name: SEARCH_INDEX_JOB,
  cron: '* * * * *',
  runAtStart: true,
  queue: { policy: 'singleton' },
  handle: (services) => reindexStale(services),
});
