import { sql, type SQL } from 'drizzle-orm';
import { UNFINISHED_TEST_STATUSES, type Condition, type QueueId, queueDefinition } from '@corner/domain';
import { submissions } from '../../db/schema/index';

/**
 * Compiles a domain queue condition to a SQL predicate over `submissions`. This is the only place
 * a queue becomes SQL: lists, counts and badges all call it, so they cannot disagree.
 * `now` is a parameter so the same instant is used throughout one request.
 */
export function conditionSql(cond: Condition, now: Date): SQL {
  const s = submissions;
  switch (cond.type) {
    case 'status':
      return sql`${s.status} in (${sql.join(
        cond.in.map((v) => sql`${v}`),
        sql`, `,
      )})`;
    case 'deleted':
      return sql`${s.deleted_at} is not null`;
    case 'topLevel':
      return sql`${s.model_type} <> 'set_item'`;
    case 'publishAt':
      return cond.when === 'past'
        ? sql`(${s.publish_at} is not null and ${s.publish_at} <= ${now.toISOString()}::timestamptz)`
        : sql`(${s.publish_at} is not null and ${s.publish_at} > ${now.toISOString()}::timestamptz)`;
    case 'test': {
      const scope = cond.scope === 'update' ? sql`t.update_request_id is not null` : sql`t.update_request_id is null`;
      const state =
        cond.state === 'unfinished'
          ? sql`t.status in (${sql.join(
              UNFINISHED_TEST_STATUSES.map((v) => sql`${v}`),
              sql`, `,
            )})`
          : sql`t.status = 'DONE' and t.test_result = 'FAILED'`;
      return sql`exists (select 1 from tests t where t.submission_id = ${s.id} and ${scope} and ${state})`;
    }
    case 'openReport':
      return sql`exists (select 1 from reports r where r.submission_id = ${s.id} and r.deleted_at is null)`;
    case 'updateRequest':
      return sql`exists (select 1 from update_requests u where u.submission_id = ${s.id} and u.status = ${cond.status})`;
    case 'not':
      return sql`not (${conditionSql(cond.cond, now)})`;
    case 'and':
      return sql`(${sql.join(
        cond.conds.map((c) => conditionSql(c, now)),
        sql` and `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        cond.conds.map((c) => conditionSql(c, now)),
        sql` or `,
      )})`;
  }
}

/** A queue's predicate, optionally limited to one creator's own creations. */
export function queueSql(id: QueueId, now: Date, ownerId?: number): SQL {
  const where = conditionSql(queueDefinition(id).where, now);
  return ownerId === undefined ? where : sql`(${submissions.member_id} = ${ownerId} and ${where})`;
}
