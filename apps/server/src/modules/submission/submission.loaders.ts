import { isNull, or, sql, type SQL } from 'drizzle-orm';
import { defineLoader, type LoaderHost } from '../../db/loader';
import { anyOf, preparedQuery, type Placeholders } from '../../db/prepared';
import { reports, submissions, tests, updateRequests } from '../../db/schema/index';
import { testStateSql } from '../../db/sql';
import type { SubmissionRow } from './submission.access';

/** Unfinished tests plus failed ones. */
const TEST_COLUMNS = { status: tests.status, result: tests.test_result };
const UNCLEARED_TEST: SQL = or(testStateSql('unfinished', TEST_COLUMNS), testStateSql('failedUncleared', TEST_COLUMNS))!;

interface RowCounts {
  updates: number;
  reports: number;
  uncleared: number;
}

// Qualified by hand: in a one-table select Drizzle writes its columns unqualified, and a bare "id"
// inside a subquery would name the subquery's own table.
const CREATION_ID = sql.raw('"submissions"."id"');

/**
 * A queue row's three counts (update requests, live reports, uncleared tests) for a page of
 * creations in one statement: a row shows them together, and one statement of three indexed
 * subqueries per creation costs the database less than three statements.
 */
const countsOfSubmissions = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db
    .select({
      id: submissions.id,
      updates: sql<number>`(select count(*)::int from ${updateRequests} where ${updateRequests.submission_id} = ${CREATION_ID})`,
      reports: sql<number>`(select count(*)::int from ${reports} where ${reports.submission_id} = ${CREATION_ID} and ${isNull(reports.deleted_at)})`,
      uncleared: sql<number>`(select count(*)::int from ${tests} where ${tests.submission_id} = ${CREATION_ID} and ${UNCLEARED_TEST})`,
    })
    .from(submissions)
    .where(anyOf(submissions.id, values.ids)),
);

const rowCounts = defineLoader(
  async (db, ids: number[]) => {
    const found = await countsOfSubmissions(db, { ids });
    return new Map(found.map(({ id, ...counts }) => [id, counts]));
  },
  { updates: 0, reports: 0, uncleared: 0 } as RowCounts,
);

/** How many update requests a creation has had. */
export const countUpdateRequests = async (ctx: LoaderHost, s: SubmissionRow) => (await rowCounts(ctx, s.id)).updates;
/** How many live reports a creation has. */
export const countReports = async (ctx: LoaderHost, s: SubmissionRow) => (await rowCounts(ctx, s.id)).reports;
/** How many of a creation's tests are unfinished or failed. */
export const countUnclearedTests = async (ctx: LoaderHost, s: SubmissionRow) => (await rowCounts(ctx, s.id)).uncleared;

const submissionsOfIds = preparedQuery((db, values: Placeholders<{ ids: number[] }>) => db.select().from(submissions).where(anyOf(submissions.id, values.ids)));

const submissionsById = defineLoader(async (db, ids: number[]) => {
  const rows = await submissionsOfIds(db, { ids });
  return new Map(rows.map((s) => [s.id, s]));
}, null);

/** A creation by id, deleted or not, read for a page of rows (files, reports) in one query; null when there is none. */
export const submissionById = (ctx: LoaderHost, id: number): Promise<SubmissionRow | null> => submissionsById(ctx, id);
