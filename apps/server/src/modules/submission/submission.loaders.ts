import { and, count, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defineLoader, type LoaderHost } from '../../db/loader';
import { reports, submissions, tests, updateRequests } from '../../db/schema/index';
import { testStateSql } from '../../db/sql';
import type { SubmissionRow } from './submission.access';

/** A count per creation over `table`'s rows matching `where`, for a page of creations in one query. */
function countLoader(count: (db: Db, ids: number[]) => Promise<{ id: number | null; n: number }[]>) {
  return defineLoader(async (db, ids: number[]) => new Map((await count(db, ids)).map((r) => [r.id!, r.n])), 0);
}

const updateCounts = countLoader((db, ids) =>
  db.select({ id: updateRequests.submission_id, n: count() }).from(updateRequests).where(inArray(updateRequests.submission_id, ids)).groupBy(updateRequests.submission_id),
);

const reportCounts = countLoader((db, ids) =>
  db
    .select({ id: reports.submission_id, n: count() })
    .from(reports)
    .where(and(inArray(reports.submission_id, ids), isNull(reports.deleted_at)))
    .groupBy(reports.submission_id),
);

/** Unfinished tests plus failed ones. */
const TEST_COLUMNS = { status: tests.status, result: tests.test_result };
const UNCLEARED_TEST: SQL = or(testStateSql('unfinished', TEST_COLUMNS), testStateSql('failedUncleared', TEST_COLUMNS))!;

const unclearedTestCounts = countLoader((db, ids) =>
  db.select({ id: tests.submission_id, n: count() }).from(tests).where(and(inArray(tests.submission_id, ids), UNCLEARED_TEST)).groupBy(tests.submission_id),
);

/** How many update requests a creation has had. */
export const countUpdateRequests = (ctx: LoaderHost, s: SubmissionRow) => updateCounts(ctx, s.id);
/** How many live reports a creation has. */
export const countReports = (ctx: LoaderHost, s: SubmissionRow) => reportCounts(ctx, s.id);
/** How many of a creation's tests are unfinished or failed. */
export const countUnclearedTests = (ctx: LoaderHost, s: SubmissionRow) => unclearedTestCounts(ctx, s.id);

const submissionsById = defineLoader(async (db, ids: number[]) => {
  const rows = await db.select().from(submissions).where(inArray(submissions.id, ids));
  return new Map(rows.map((s) => [s.id, s]));
}, null);

/** A creation by id, deleted or not, read for a page of rows (files, reports) in one query; null when there is none. */
export const submissionById = (ctx: LoaderHost, id: number): Promise<SubmissionRow | null> => submissionsById(ctx, id);
