import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Context } from '../../context';
import { logs, members } from '../../db/schema/index';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { loadSubmission } from '../submission/submission.access';
import { AuthorizationCode, refuse } from '../../errors';
import { canReadHistory, canReadStaffHistory } from './history.policy';

export interface LogView {
  id: number;
  submission_id: number | null;
  entity: string;
  entity_id: number | null;
  action: string;
  previous_values: unknown;
  new_values: unknown;
  member: { id: number; username: string } | null;
  created_at: Date;
}

/** Values only staff read in a history (the tester's notes to staff). */
const STAFF_ONLY_KEYS = ['tester_notes'];

function withoutStaffOnly(values: unknown): unknown {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return values;
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !STAFF_ONLY_KEYS.includes(key)));
  return Object.keys(kept).length ? kept : null;
}

/**
 * A creation's history, newest first, for its owner and staff (admin access). The owner does not
 * see staff-only values nor who held the review lock.
 */
export async function submissionLogs(ctx: Context, submissionId: number, first?: number | null, page?: number | null): Promise<Page<LogView>> {
  const s = await loadSubmission(ctx.db, submissionId);
  const staff = canReadStaffHistory(ctx.auth);
  if (!canReadHistory(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  const { perPage, currentPage, limit, offset } = pageWindow(first, page);
  const where = and(eq(logs.submission_id, submissionId), staff ? undefined : ne(logs.entity, 'review_lock'));
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(logs).where(where);
  const found = await ctx.db
    .select({ log: logs, username: members.username })
    .from(logs)
    .leftJoin(members, eq(members.id, logs.member_id))
    .where(where)
    .orderBy(desc(logs.created_at), desc(logs.id))
    .limit(limit)
    .offset(offset);
  const data = found.map(({ log, username }) => ({
    id: log.id,
    submission_id: log.submission_id,
    entity: log.entity,
    entity_id: log.entity_id,
    action: log.action,
    previous_values: staff ? log.previous_values : withoutStaffOnly(log.previous_values),
    new_values: staff ? log.new_values : withoutStaffOnly(log.new_values),
    member: log.member_id !== null && username !== null ? { id: log.member_id, username } : null,
    created_at: log.created_at,
  }));
  return { data, paginatorInfo: paginatorInfo(n, data.length, perPage, currentPage) };
}
