import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, submissions } from '../../db/schema/index';
import { buildImage, buildMember, buildReport, buildSubmission, buildTest, buildUpdateRequest } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { collectWebOperations } from '../../../../../scripts/web-operations';

/**
 * Loaders on the context (issue 20): a page of creations reads each per-row field (creator,
 * category, images, tests, report, test and update counts) in one query for the whole page, so the
 * statements a list page costs do not grow with its size. Measured with the web app's own documents.
 */
let counting = false;
let statements: string[] = [];
const server = useTestServer({}, { onQuery: (sql) => counting && statements.push(sql) });

const ROWS = 100;
let staffToken = '';
let creatorToken = '';
let creatorId = 0;
const documents = new Map<string, string>();

beforeAll(async () => {
  const db = server.database.db;
  for (const op of await collectWebOperations()) documents.set(op.name, op.text);
  const creator = await buildMember(db);
  creatorId = creator.id;
  creatorToken = await server.tokenFor(creator.id);
  staffToken = await server.tokenFor((await buildMember(db, { roles: ['Admin'] })).id);
  const reporter = await buildMember(db);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  // Every row has what a row shows, so that each per-row field really runs.
  for (let i = 0; i < ROWS; i += 1) {
    const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED', name: `Row ${i}` });
    if (category) await db.update(submissions).set({ category_id: category.id }).where(eq(submissions.id, id));
    await buildImage(db, id);
    await buildTest(db, id, { status: 'DONE', test_result: i % 2 ? 'FAILED' : 'PASSED' });
    await buildReport(db, id, reporter.id);
    await buildUpdateRequest(db, id, creator.id);
  }
});

/** Runs a web document and answers how many SQL statements it cost and how many rows it listed. */
async function cost(name: string, variables: Record<string, unknown>, token: string): Promise<{ statements: number; rows: number }> {
  statements = [];
  counting = true;
  const answer = await server.gql(documents.get(name)!, variables, { token });
  counting = false;
  expect(answer.errors, name).toBeUndefined();
  const list = Object.values(answer.data as Record<string, { data?: { images: unknown[] }[] }>).find((field) => Array.isArray(field?.data))!;
  for (const row of list.data!) expect(row.images, `${name} rows show their images`).toHaveLength(1);
  return { statements: statements.length, rows: list.data!.length };
}

describe('a list page costs the same number of statements whatever its size', () => {
  it('the staff queue (StaffQueue): 5 rows and 100 rows', async () => {
    const page = (first: number) => ({ queryParams: { queue: 'all', first, page: 1 }, countParams: { queue: 'all' } });
    const small = await cost('StaffQueue', page(5), staffToken);
    const large = await cost('StaffQueue', page(ROWS), staffToken);
    expect([small.rows, large.rows]).toEqual([5, ROWS]);
    expect(large.statements).toBe(small.statements);
    // Session, count(s), the page, and one query per per-row field: a handful, not one per row.
    expect(large.statements).toBeLessThan(15);
  });

  it('the creator’s list (MyItems): 5 rows and 100 rows', async () => {
    const page = (first: number) => ({ queryParams: { queue: 'all', first, page: 1 } });
    const small = await cost('MyItems', page(5), creatorToken);
    const large = await cost('MyItems', page(ROWS), creatorToken);
    expect([small.rows, large.rows]).toEqual([5, ROWS]);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThan(15);
  });

  it('a whole queue’s page counts its queue once: the list’s total and the queue’s count are one read', async () => {
    const countsOfQueue = () => statements.filter((text) => text.includes('submission_counts')).length;
    const variables = (queryParams: Record<string, unknown>) => ({ queryParams: { queue: 'waiting', first: 5, page: 1, ...queryParams }, countParams: { queue: 'waiting' } });
    statements = [];
    counting = true;
    const whole = await server.gql(documents.get('StaffQueue')!, variables({}), { token: staffToken });
    counting = false;
    expect(whole.errors).toBeUndefined();
    expect(countsOfQueue()).toBe(1);
    expect(whole.data!.newItemsCount).toBe(ROWS);
    expect(whole.data!.newItemsSearch.paginatorInfo.total).toBe(ROWS);

    // A search narrows the list, not the queue: its total is counted over the list's own rows.
    statements = [];
    counting = true;
    const searched = await server.gql(documents.get('StaffQueue')!, variables({ search: 'Row 7' }), { token: staffToken });
    counting = false;
    expect(searched.errors).toBeUndefined();
    expect(countsOfQueue()).toBe(1);
    expect(searched.data!.newItemsCount).toBe(ROWS);
    // "Row 7" and "Row 70" to "Row 79".
    expect(searched.data!.newItemsSearch.paginatorInfo.total).toBe(11);
  });

  it('answers each row with its own values (no row gets another’s batch result)', async () => {
    const answer = await server.gql(documents.get('StaffQueue')!, { queryParams: { queue: 'all', first: ROWS, page: 1, sort: 'id', order: 'asc' }, countParams: { queue: 'all' } }, { token: staffToken });
    const rows = answer.data!.newItemsSearch.data as { id: number; name: string; numReports: number; numUnclearedTests: number; numUpdates: number; creator: { MemberID: number } }[];
    for (const row of rows) {
      const i = Number(row.name.replace('Row ', ''));
      expect(row.creator.MemberID).toBe(creatorId);
      expect([row.numReports, row.numUpdates, row.numUnclearedTests]).toEqual([1, 1, i % 2]);
    }
  });
});
