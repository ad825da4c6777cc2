import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/rows';
import { logs, submissions } from '../db/schema/index';
import { recordStoryAndNotify } from '../modules/story/story.service';
import { defineJob } from './job';

export const PUBLISH_JOB = 'publish';
/** Every minute: a creation is recorded as published at most a minute after its publish_at. */
export const PUBLISH_CRON = '* * * * *';
/** Creations recorded per run; a backlog (after downtime) is worked off over the next runs. */
export const PUBLISH_BATCH = 500;

/**
 * Records the publication of approved live creations whose publish_at has passed: sets
 * `published_at` and writes a "published" Log (no member: the system did it), in one statement so
 * both or neither happen. Published lists and counts derive from publish_at and need nothing from
 * this; it records the event (history, notices). Rows are claimed with SKIP LOCKED, so several
 * workers never record one twice. A set's children are marked with their set and logged with it.
 * In the same transaction, each creation's story gets its "published" entry and its owner a notice.
 */
export async function publishDue(db: DbOrTx, now = new Date()): Promise<{ published: number[] }> {
  return db.transaction(async (tx) => {
    const published = await markPublished(tx, now);
    // Each creation's story and its owner's notice, committed with the mark.
    for (const id of published) await recordStoryAndNotify(tx, { submission_id: id, kind: 'published', actor_id: null });
    return { published };
  });
}

async function markPublished(db: DbOrTx, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const found = await rows<{ id: number }>(
    db,
    sql`with due as (
          select id from ${submissions}
          where status = 'APPROVED' and published_at is null and deleted_at is null
            and publish_at <= ${at}::timestamptz
          order by publish_at
          limit ${PUBLISH_BATCH}
          for update skip locked
        ), marked as (
          update ${submissions} s set published_at = ${at}::timestamptz
          from due where s.id = due.id
          returning s.id, s.model_type, s.publish_at
        ), logged as (
          insert into ${logs} (submission_id, member_id, entity, entity_id, action, previous_values, new_values)
          select id, null, 'submission', id, 'published', jsonb_build_object('published_at', null),
                 jsonb_build_object('published_at', ${at}::timestamptz, 'publish_at', publish_at)
          from marked where model_type <> 'set_item'
          returning submission_id
        )
        select submission_id as id from logged order by submission_id`,
  );
  return found.map((r) => Number(r.id));
}

/** Scheduled publication (DESIGN 3: APPROVED → published when publish_at passes). */
export const publishJob = defineJob({
  name: PUBLISH_JOB,
  cron: PUBLISH_CRON,
  async handle({ database, log }) {
    const result = await publishDue(database.db);
    if (result.published.length) log.info({ published: result.published }, 'Creations published');
    return { published: result.published.length };
  },
});
