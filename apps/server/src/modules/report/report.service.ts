import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { REPORT_STATES, type ReportListState } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { LoaderHost } from '../../db/loader';
import { reports } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { changes, writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { submissionById } from '../submission/submission.loaders';
import { canReadReports, isReportable } from './report.policy';
import { reportError } from './report.errors';

export type ReportRow = typeof reports.$inferSelect;

/**
 * The kinds of problem a report names, in the order a form offers them. Kept here (the server
 * checks them, `reportTypes` serves them to clients) rather than in packages/domain for now.
 */
export const REPORT_TYPES = [
  { type: 'broken', name: 'Broken or not working in the game' },
  { type: 'stolen', name: 'Not the creator’s own work' },
  { type: 'inappropriate', name: 'Inappropriate content' },
  { type: 'wrong-details', name: 'Wrong category, tags or details' },
  { type: 'missing-requirements', name: 'Missing required items' },
  { type: 'spam', name: 'Spam or advertising' },
  { type: 'other', name: 'Something else' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['type'];
const TYPE_IDS: readonly string[] = REPORT_TYPES.map((t) => t.type);

/** The longest note a report may carry. */
export const MAX_REPORT_NOTE_LENGTH = 2000;


function checkType(type: string | null | undefined): ReportType {
  const value = type?.trim() ?? '';
  if (!TYPE_IDS.includes(value)) throw reportError('REPORT_TYPE_INVALID', { type: value, types: TYPE_IDS });
  return value as ReportType;
}

function cleanNote(note: string | null | undefined): string | null {
  const value = note?.trim() ?? '';
  if (value.length > MAX_REPORT_NOTE_LENGTH) throw reportError('REPORT_NOTE_TOO_LONG', { max: MAX_REPORT_NOTE_LENGTH });
  return value || null;
}

async function page(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  input: { first?: number | null; page?: number | null },
): Promise<Page<ReportRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const [data, [count]] = await Promise.all([
    db.select().from(reports).where(where).orderBy(desc(reports.created_at), desc(reports.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(reports).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

const STATE_IDS: readonly string[] = REPORT_STATES;

/**
 * The state a list asks for: `state` when given (it wins), else the older `include_dismissed`
 * (true: all, false or left out: open).
 */
export function reportStateOf(input: { state?: string | null; include_dismissed?: boolean | null }): ReportListState {
  const state = input.state?.trim() ?? '';
  if (state === '') return input.include_dismissed ? 'all' : 'open';
  if (!STATE_IDS.includes(state)) throw reportError('REPORT_STATE_INVALID', { state, states: STATE_IDS });
  return state as ReportListState;
}

function stateSql(state: ReportListState) {
  return state === 'open' ? isNull(reports.deleted_at) : state === 'dismissed' ? isNotNull(reports.deleted_at) : undefined;
}

/**
 * Every report, newest first (the reported page's All reports): of one type when `type` names one
 * (an unknown type is refused, an empty one is any), in one state (see reportStateOf).
 */
export async function listAllReports(
  ctx: Context,
  input: { first?: number | null; page?: number | null; include_dismissed?: boolean | null; type?: string | null; state?: string | null },
): Promise<Page<ReportRow>> {
  const state = reportStateOf(input);
  const type = input.type?.trim() ? checkType(input.type) : null;
  return page(ctx.db, and(stateSql(state), type ? eq(reports.type, type) : undefined), input);
}

/** One creation's reports, newest first, for its owner or staff of the reported page. */
export async function listSubmissionReports(
  ctx: Context,
  input: { submission_id: number; first?: number | null; page?: number | null; include_dismissed?: boolean | null },
): Promise<Page<ReportRow>> {
  const s = await loadSubmission(ctx.db, input.submission_id);
  if (!canReadReports(ctx.auth, s)) {
    throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  }
  return page(ctx.db, and(eq(reports.submission_id, s.id), input.include_dismissed ? undefined : isNull(reports.deleted_at)), input);
}

/** The creation a report is about, read for a page of reports in one query. */
export async function reportedSubmission(ctx: LoaderHost, report: Pick<ReportRow, 'submission_id'>): Promise<SubmissionRow> {
  return (await submissionById(ctx, report.submission_id)) ?? loadSubmission(ctx.db, report.submission_id);
}

/** The id of `memberId`'s open report on a creation (other than `except`), or null: one open report each. */
async function openReportOf(db: DbOrTx, submissionId: number, memberId: number, except?: number): Promise<number | null> {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.submission_id, submissionId), eq(reports.member_id, memberId), isNull(reports.deleted_at), except === undefined ? undefined : ne(reports.id, except)));
  return open?.id ?? null;
}

/**
 * Any signed-in member reports an APPROVED, live creation (published or scheduled). One open report
 * per member and creation: a second would only count the same complaint twice.
 */
export async function createReport(ctx: Context, input: { submission_id: number; type?: string | null; note?: string | null }): Promise<ReportRow> {
  const type = checkType(input.type);
  const note = cleanNote(input.note);
  const actor = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, input.submission_id, { forUpdate: true });
    if (!isReportable(s)) throw reportError('REPORT_SUBMISSION_NOT_APPROVED', {});
    const open = await openReportOf(tx, s.id, actor);
    if (open !== null) throw reportError('REPORT_ALREADY_REPORTED', { id: open });
    const [row] = await tx.insert(reports).values({ submission_id: s.id, member_id: actor, type, note }).returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: actor,
      entity: 'report',
      entity_id: row!.id,
      action: 'created',
      new_values: { type, note },
    });
    const typeName = REPORT_TYPES.find((t) => t.type === type)!.name;
    await recordStoryAndNotify(tx, { submission_id: s.id, kind: 'reported', actor_id: actor, detail: typeName });
    return row!;
  });
}

async function loadReport(db: DbOrTx, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw reportError('REPORT_NOT_FOUND', { id });
  return row;
}

/** Staff correct a report's type or note (a field left out keeps its value; an empty note clears it). */
export async function updateReport(ctx: Context, id: number, input: { type?: string | null; note?: string | null }): Promise<ReportRow> {
  const next: Partial<Pick<ReportRow, 'type' | 'note'>> = {};
  if (input.type != null) next.type = checkType(input.type);
  if (input.note !== undefined) next.note = cleanNote(input.note);
  return ctx.db.transaction(async (tx) => {
    const report = await loadReport(tx, id);
    const diff = changes({ type: report.type, note: report.note }, next);
    if (!diff) return report;
    const [row] = await tx.update(reports).set(next).where(eq(reports.id, id)).returning();
    await writeLog(tx, { submission_id: report.submission_id, member_id: ctx.auth.member!.id, entity: 'report', entity_id: id, action: 'updated', ...diff });
    return row!;
  });
}

/** Dismisses a report (sets deleted_at); the row stays for the history. Dismissing twice changes nothing. */
export async function dismissReport(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const report = await loadReport(tx, id);
    if (report.deleted_at !== null) return true;
    const now = new Date();
    await tx.update(reports).set({ deleted_at: now }).where(eq(reports.id, id));
    await writeLog(tx, {
      submission_id: report.submission_id,
      member_id: ctx.auth.member!.id,
      entity: 'report',
      entity_id: id,
      action: 'dismissed',
      previous_values: { deleted_at: null },
      new_values: { deleted_at: now.toISOString() },
    });
    return true;
  });
}

/**
 * Restores a dismissed report (clears deleted_at), logged like a dismissal. The creation must still
 * be approved and live, and the reporter may hold only one open report on it (as when filing one):
 * restoring is refused while they have another. Restoring an open report changes nothing.
 */
export async function restoreReport(ctx: Context, id: number): Promise<ReportRow> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ submission_id: reports.submission_id }).from(reports).where(eq(reports.id, id));
    if (!found) throw reportError('REPORT_NOT_FOUND', { id });
    // The creation first, as createReport locks it: a report filed meanwhile waits for this one.
    const s = await loadSubmission(tx, found.submission_id, { forUpdate: true });
    const report = await loadReport(tx, id);
    if (report.deleted_at === null) return report;
    if (!isReportable(s)) throw reportError('REPORT_RESTORE_NOT_APPROVED', { id });
    if (report.member_id !== null) {
      const open = await openReportOf(tx, s.id, report.member_id, id);
      if (open !== null) throw reportError('REPORT_RESTORE_DUPLICATE', { id, open });
    }
    const [row] = await tx.update(reports).set({ deleted_at: null }).where(eq(reports.id, id)).returning();
    await writeLog(tx, {
      submission_id: report.submission_id,
      member_id: ctx.auth.member!.id,
      entity: 'report',
      entity_id: id,
      action: 'restored',
      previous_values: { deleted_at: report.deleted_at.toISOString() },
      new_values: { deleted_at: null },
    });
    return row!;
  });
}
