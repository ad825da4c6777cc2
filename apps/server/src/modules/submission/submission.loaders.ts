import { isNull, or, sql, type SQL } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { defineLoader, outer, type LoaderHost, type PagePreload, type Preload } from '../../db/loader';
import { selectedFields } from '../../schema/selection';
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

const CREATION_ID = outer(submissions.id);

/** A creation's three counts (update requests, live reports, uncleared tests), each an indexed subquery. */
const COUNTS = {
  updates: sql<number>`(select count(*)::int from ${updateRequests} where ${updateRequests.submission_id} = ${CREATION_ID})`,
  reports: sql<number>`(select count(*)::int from ${reports} where ${reports.submission_id} = ${CREATION_ID} and ${isNull(reports.deleted_at)})`,
  uncleared: sql<number>`(select count(*)::int from ${tests} where ${tests.submission_id} = ${CREATION_ID} and ${UNCLEARED_TEST})`,
};

/**
 * A queue row's three counts for a page of creations in one statement: a row shows them together,
 * and one statement of three indexed subqueries per creation costs the database less than three
 * statements.
 */
const countsOfSubmissions = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db
    .select({ id: submissions.id, ...COUNTS })
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

/** A page of creations reads its rows' three counts with its own statement (`Loader.preload`). */
export const rowCountsPreload = rowCounts.preload<SubmissionRow>({
  name: 'counts',
  keyOf: (s) => s.id,
  column: sql`json_build_object('updates', ${COUNTS.updates}, 'reports', ${COUNTS.reports}, 'uncleared', ${COUNTS.uncleared})`,
  decode: (json) => json as RowCounts,
});

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

/**
 * What a page of creations reads with its own rows (`Loader.preload`), by the field of a row that
 * shows it: a page asked with its images, counts, creators and categories is then one statement.
 */
const preloadsByField = new Map<string, Preload<SubmissionRow>>();

/**
 * Says that a field of SubmissionProperties reads its value through `preload`'s loader, so a page
 * whose rows show the field reads it with them. Called beside the field's definition, in the module
 * that defines it (images, tests, creators…).
 */
export function preloadField(field: string, preload: Preload<SubmissionRow>): void {
  preloadsByField.set(field, preload);
}

/**
 * What a paginator of creations (its `data` rows, as `info` asks for them) reads with its page.
 * Nothing in a mutation: a later field of the same mutation may change what a preload read, and a
 * loader reads afresh.
 */
export function pagePreload(host: LoaderHost, info: GraphQLResolveInfo): PagePreload<SubmissionRow> | undefined {
  if (info.operation.operation !== 'query') return undefined;
  const preloads = preloadsOf(selectedFields(info, ['data']));
  return preloads.length ? { host, preloads } : undefined;
}

/** The preloads of the fields a page's rows show, each once (`pagePreload`). */
export function preloadsOf(fields: Iterable<string>): Preload<SubmissionRow>[] {
  return [...new Set([...fields].flatMap((field) => preloadsByField.get(field) ?? []))];
}
