import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/rows';
import { logs, submissions } from '../db/schema/index';
import { defineJob } from './job';

export const EARLY_ACCESS_JOB = 'early-access';
/** Creations made free per run; a backlog (after downtime) is worked off over the next runs. */
export const EARLY_ACCESS_BATCH = 500;

/**
 * Makes free for everyone each published creation whose early access has ended (domain
 * `earlyAccessUntil`: its publish date plus its days, or an end given outright): sets
 * `early_access_ended_at` and writes an "early_access_ended" Log (no member: the system did it), in
 * one statement. The log marks its search document stale (migration 0018's trigger), so the index
 * shows it free within the minute. Rows are claimed with SKIP LOCKED, so two workers never end one
 * twice. The SQL's end is the domain's, written once here for the database to select by.
 */
export async function endEarlyAccess(db: DbOrTx, now = new Date()): Promise<number[]> {
  const at = now.toISOString();
  const ended = await rows<{ id: number }>(
    db,
    sql`with due as (
          select id from ${submissions}
          where status = 'APPROVED' and deleted_at is null and early_access_ended_at is null and model_type <> 'set_item'
            and publish_at <= ${at}::timestamptz
            and case when early_access_days is not null
                     then early_access_days > 0 and publish_at + make_interval(days => early_access_days) <= ${at}::timestamptz
                     else early_access_at is not null and early_access_at <= ${at}::timestamptz end
          order by id
          limit ${EARLY_ACCESS_BATCH}
          for update skip locked
        ), marked as (
          update ${submissions} s set early_access_ended_at = ${at}::timestamptz
          from due where s.id = due.id
          returning s.id
        ), logged as (
          insert into ${logs} (submission_id, member_id, entity, entity_id, action, previous_values, new_values)
          select id, null, 'submission', id, 'early_access_ended', jsonb_build_object('early_access_ended_at', null),
                 jsonb_build_object('early_access_ended_at', ${at}::timestamptz)
          from marked
          returning submission_id
        )
        select submission_id as id from logged order by submission_id`,
  );
  return ended.map((r) => Number(r.id));
}

/** Early access ends by itself: every minute, the creations whose days are over become free. */
export const earlyAccessJob = defineJob({
  name: EARLY_ACCESS_JOB,
  cron: '* * * * *',
  queue: { policy: 'singleton' },
  async handle({ database, log }) {
    const ended = await endEarlyAccess(database.db);
    if (ended.length) log.info({ ended }, 'Early access ended');
    return { ended: ended.length };
  },
});
