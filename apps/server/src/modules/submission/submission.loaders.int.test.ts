import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, images, submissions, tests } from '../../db/schema/index';
import { buildImage, buildMember, buildReport, buildSubmission, buildTest, buildUpdateRequest } from '../../test/factories';
import { loadCategory } from '../catalog/catalog.service';
import { loadImages } from '../image/image.service';
import { loadMemberSummary } from '../member/member.service';
import { loadTests } from '../review/review-test.service';
import { countReports, countUnclearedTests, countUpdateRequests, preloadsOf } from './submission.loaders';
import { MY_ITEMS_FIELDS, searchSubmissions } from './submission.search';
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
let moderatorId = 0;
const documents = new Map<string, string>();

beforeAll(async () => {
  const db = server.database.db;
  for (const op of await collectWebOperations()) documents.set(op.name, op.text);
  const creator = await buildMember(db);
  creatorId = creator.id;
  creatorToken = await server.tokenFor(creator.id);
  const staff = await buildMember(db, { roles: ['Admin'] });
  moderatorId = staff.id;
  staffToken = await server.tokenFor(staff.id);
  const reporter = await buildMember(db);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  // Every row has what a row shows, so that each per-row field really runs; every tenth row lacks
  // its category and a moderator, every third has a second test and a deleted image.
  for (let i = 0; i < ROWS; i += 1) {
    const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED', name: `Row ${i}` });
    if (category && i % 10) await db.update(submissions).set({ category_id: category.id, moderator_id: staff.id }).where(eq(submissions.id, id));
    await buildImage(db, id);
    await buildTest(db, id, { status: 'DONE', test_result: i % 2 ? 'FAILED' : 'PASSED' });
    if (i % 3 === 0) {
      const second = await buildTest(db, id, { status: 'CLEARED', test_result: 'FAILED', tester_id: staff.id });
      await db.update(tests).set({ cleared_at: new Date(), tester_notes: `Cleared "${i}"` }).where(eq(tests.id, second));
      const deleted = await buildImage(db, id, { ord: 1 });
      await db.update(images).set({ deleted_at: new Date() }).where(eq(images.id, deleted));
    }
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

describe('a list page reads what its rows show with its own statement', () => {
  const pageStatements = () => statements.filter((text) => /from "submissions" where "submissions"."id" in/.test(text));

  it('the staff queue and the creator’s list are their page and its total', async () => {
    const queue = await cost('StaffQueue', { queryParams: { queue: 'all', first: 20, page: 1 }, countParams: { queue: 'all' } }, staffToken);
    expect(queue.rows).toBe(20);
    expect(pageStatements()).toHaveLength(1);
    // The page (with its rows' counts, creators, categories and images) and the queue's count,
    // besides the session behind the token (read once, then kept for a few seconds).
    expect(statements.filter((text) => !text.includes('session_id'))).toHaveLength(2);
    const mine = await cost('MyItems', { queryParams: { queue: 'all', first: 20, page: 1 } }, creatorToken);
    expect(mine.rows).toBe(20);
    expect(pageStatements()).toHaveLength(1);
    expect(statements.filter((text) => !text.includes('session_id'))).toHaveLength(2);
  });

  it('a search’s page and a filtered page read their rows’ fields with them too', async () => {
    const pages = [
      { queryParams: { queue: 'all', first: 10, page: 1, search: 'Row 1' }, countParams: { queue: 'all' } },
      { queryParams: { queue: 'all', first: 10, page: 2, terms: [{ field: 'member_id', operator: '=', value: creatorId }] }, countParams: { queue: 'all' } },
    ];
    for (const variables of pages) {
      const { rows } = await cost('StaffQueue', variables, staffToken);
      expect(rows).toBe(10);
      const reads = statements.filter((text) => /from "(images|tests|members|categories|update_requests|reports)" where .*= any\(/.test(text));
      expect(reads, JSON.stringify(variables)).toEqual([]);
    }
  });

  it('reads only the fields a page asks for, through fragments and aliases', async () => {
    statements = [];
    counting = true;
    const bare = await server.gql('query { myItemsSearch(queryParams: {first: 5}) { data { id name } } }', {}, { token: creatorToken });
    counting = false;
    expect(bare.errors).toBeUndefined();
    expect(pageStatements()).toHaveLength(1);
    expect(pageStatements()[0]).not.toContain('json');

    statements = [];
    counting = true;
    const aliased = await server.gql(
      'query { myItemsSearch(queryParams: {first: 5, sort: "id", order: "asc"}) { data { ...Row } } } fragment Row on SubmissionProperties { id ... on SubmissionProperties { pictures: images { id } } }',
      {},
      { token: creatorToken },
    );
    counting = false;
    expect(aliased.errors).toBeUndefined();
    // The images are read in the page's statement, not by their loader.
    expect(pageStatements()).toHaveLength(1);
    expect(pageStatements()[0]).toContain('json_agg("images"');
    expect(statements.filter((text) => /from "images" where .*= any\(/.test(text))).toEqual([]);
    const rows = aliased.data!.myItemsSearch.data as { pictures: { id: number }[] }[];
    for (const row of rows) expect(row.pictures).toHaveLength(1);
  });

  it('each value read with the page is the one its loader reads alone', async () => {
    const db = server.database.db;
    const fields = ['images', 'tests', 'numReports', 'creator', 'moderator', 'category'];
    expect(preloadsOf(fields).map((p) => p.name).sort()).toEqual(['category', 'counts', 'creator', 'images', 'moderator', 'tests']);
    const read = async (preload: boolean) => {
      const host = { db, loaders: new Map() };
      const params = { queue: 'all', first: ROWS, page: 1, sort: 'id', order: 'asc' };
      const page = await searchSubmissions(db, params, { ownerId: creatorId, fields: MY_ITEMS_FIELDS, preload: preload ? { host, preloads: preloadsOf(fields) } : undefined });
      statements = [];
      counting = true;
      const values = await Promise.all(
        page.data.map(async (s) => ({
          row: s,
          images: await loadImages(host, s),
          tests: await loadTests(host, s.id),
          counts: [await countReports(host, s), await countUpdateRequests(host, s), await countUnclearedTests(host, s)],
          creator: await loadMemberSummary(host, s.member_id),
          moderator: await loadMemberSummary(host, s.moderator_id),
          category: s.category_id === null ? null : await loadCategory(host, s.category_id),
        })),
      );
      counting = false;
      return { values, statements: statements.length };
    };
    const preloaded = await read(true);
    const loaded = await read(false);
    expect(loaded.values).toHaveLength(ROWS);
    expect(loaded.statements).toBeGreaterThan(0);
    expect(preloaded.statements).toBe(0);
    expect(preloaded.values).toEqual(loaded.values);
    // The fixture's variety is there to compare: deleted images left out, second tests, rows without a category or moderator.
    expect(loaded.values.filter((v) => v.tests.length === 2)).toHaveLength(Math.ceil(ROWS / 3));
    expect(loaded.values.filter((v) => v.category === null && v.moderator === null)).toHaveLength(ROWS / 10);
    expect(loaded.values.every((v) => v.images.length === 1 && v.moderator?.id !== creatorId)).toBe(true);
    expect(loaded.values.some((v) => v.moderator?.id === moderatorId)).toBe(true);
  });
});

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
