import { sql } from 'drizzle-orm';
import type { QueueId } from '@corner/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema/index';
import { DEEP_OFFSET, rows } from '../../db/rows';
import { createTestDatabase } from '../../test/database';
import { compactQueueCounts } from '../queue/queue.service';
import { buildMember } from '../../test/factories';
import { SEARCH_COUNT_BOUND, listOrderSql, MY_ITEMS_FIELDS, searchSubmissions, searchWhere, STAFF_ITEMS_FIELDS, type QueryParams } from './submission.search';

/**
 * Lists at scale (issue 19): every big queue's page is read from an index in the list's own order
 * (no sort of the whole queue), and a deep page, read from the nearer end of the list, holds exactly
 * the rows a plain `order by … offset` gives.
 */
let database: Database;
let ownerId: number;
// Enough that the published queue alone runs past DEEP_OFFSET.
const ROWS = 3 * DEEP_OFFSET;
const now = new Date();
/** Every statement the database is sent, to see which way a page was read. */
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  const creators = await Promise.all(Array.from({ length: 5 }, () => buildMember(database.db)));
  ownerId = creators[0]!.id;
  const ids = `array[${creators.map((c) => c.id).join(',')}]`;
  // Ties on purpose (updated_at and publish_at repeat every 50 rows), unpublished creations without
  // a publish date, deleted and set-child rows mixed in; some published in the last hours (today's
  // publish-day bucket, which \`now\` splits, perhaps yesterday's too) and some due in the coming days.
  const at = `timestamptz '${now.toISOString()}'`;
  await database.exec(`
    insert into mods select from generate_series(1, ${ROWS});
    insert into submissions (member_id, model_type, model_id, name, status, publish_at, deleted_at, updated_at)
      select (${ids})[1 + g % 5], case when g % 40 = 3 then 'set_item' else 'mod' end, m.id, 'Creation ' || g,
             (array['CREATED', 'APPROVED', 'APPROVED', 'APPROVED', 'REJECTED'])[1 + g % 5],
             case when g % 5 in (1, 2, 3) and g % 11 = 0 then ${at} - make_interval(mins => 1 + g % 600)
                  when g % 5 in (1, 2, 3) and g % 13 = 0 then ${at} + make_interval(hours => 1 + g % 100)
                  when g % 5 in (1, 2, 3) and g % 7 <> 0 then timestamptz '2025-01-01' + make_interval(days => g % 50) end,
             case when g % 30 = 0 then timestamptz '2026-01-01' + make_interval(hours => g % 50) end,
             timestamptz '2026-06-01' + make_interval(mins => g % 50)
      from (select id, (row_number() over (order by id))::int as g from mods) m;
    analyze submissions;
  `);
});
afterAll(async () => {
  await database.close();
});

async function planOf(params: QueryParams, ownerOnly = false): Promise<string> {
  const options = ownerOnly ? { fields: MY_ITEMS_FIELDS, ownerId, now } : { fields: STAFF_ITEMS_FIELDS, now };
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const query = tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(searchWhere(params, options))
      .orderBy(...listOrderSql(params, options))
      .limit(20);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('a list page is read from an index in its own order', () => {
  const indexed: [QueueId, string][] = [
    ['all', 'submissions_live_updated_idx'],
    ['created', 'submissions_live_status_idx'],
    ['rejected', 'submissions_live_status_idx'],
    ['published', 'submissions_publish_at_idx'],
    ['approved', 'submissions_publish_at_idx'],
    ['deleted', 'submissions_deleted_idx'],
  ];
  it.each(indexed)('the %s queue through %s, with no sort', async (queue, index) => {
    const plan = await planOf({ queue });
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("a creator's own list through their index", async () => {
    const plan = await planOf({ queue: 'all' }, true);
    expect(plan).toContain('submissions_member_updated_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('deep pages', () => {
  // Exact totals throughout: a text search's bound above every match here ("a text search's matches" below tests the bound).
  const exactly = { countBound: 1_000_000 };
  async function plainPage(params: QueryParams, limit: number, offset: number): Promise<number[]> {
    const options = { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now };
    const rows = await database.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(searchWhere(params, options))
      .orderBy(...listOrderSql(params, options))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }

  const lists: QueryParams[] = [
    { queue: 'all' },
    { queue: 'published' },
    { queue: 'published', order: 'asc' },
    { queue: 'approved' },
    { queue: 'all', sort: 'publish_at', order: 'desc' },
    { queue: 'all', sort: 'publish_at', order: 'asc' },
    { queue: 'deleted' },
    // Text searches (counted exactly here: the bound is above their matches), few and many, with a
    // nullable sort column too; the walk of the order index past the bound is tested below.
    { queue: 'all', search: 'creation 1' },
    { queue: 'all', search: 'creation' },
    { queue: 'all', search: 'creation', sort: 'publish_at', order: 'desc' },
    { queue: 'all', terms: [{ field: 'name', operator: 'like', value: 'creation 2' }], sort: 'id', order: 'asc' },
  ];
  it.each(lists)('hold the rows of a plain offset, across the deep threshold and to the last page: %o', async (params) => {
    const first = 20;
    const total = (await searchSubmissions(database.db, { ...params, first, page: 1 }, { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now, ...exactly })).paginatorInfo.total;
    expect(total).toBeGreaterThan(0);
    const lastPage = Math.max(1, Math.ceil(total / first));
    const pages = [...new Set([1, Math.floor(DEEP_OFFSET / first), Math.floor(DEEP_OFFSET / first) + 1, Math.floor(lastPage / 2) + 1, lastPage - 1, lastPage, lastPage + 1])].filter((p) => p >= 1);
    for (const page of pages) {
      const got = await searchSubmissions(database.db, { ...params, first, page }, { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now, ...exactly });
      expect(got.data.map((r) => r.id), `page ${page}`).toEqual(await plainPage(params, first, (page - 1) * first));
      expect(got.paginatorInfo.total).toBe(total);
      expect(got.paginatorInfo.lastPage).toBe(lastPage);
      expect(got.paginatorInfo.hasMorePages).toBe(page < lastPage);
    }
  });

  it('of a publish-date queue start at the month their first row falls in, from the rollup, before and after its days are folded', async () => {
    const options = { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now };
    const total = (await searchSubmissions(database.db, { queue: 'published', first: 20, page: 1 }, options)).paginatorInfo.total;
    expect(total).toBeGreaterThan(DEEP_OFFSET + 100);
    const deepPages = async (when: string) => {
      for (const order of ['desc', 'asc']) {
        // Deep (past DEEP_OFFSET): its first page, one short of the end, and one between.
        for (const page of [Math.floor(DEEP_OFFSET / 20) + 1, Math.floor((DEEP_OFFSET + (total - DEEP_OFFSET) / 2) / 20) + 1, Math.ceil(total / 20) - 1]) {
          statements.length = 0;
          const got = await searchSubmissions(database.db, { queue: 'published', order, first: 20, page }, options);
          expect(statements.some((q) => q.includes('with parts as')), `${when}: page ${page} (${order}) found its month in the rollup`).toBe(true);
          expect(got.data.map((r) => r.id), `${when}: page ${page} (${order})`).toEqual(await plainPage({ queue: 'published', order }, 20, (page - 1) * 20));
        }
      }
    };
    await deepPages('days apart');
    // The daily compaction folds every day older than two days into its month; recent days stay.
    await compactQueueCounts(database.db, now);
    const [folded] = await rows<{ months: number; days: number }>(
      database.db,
      sql`select count(*) filter (where extract(day from publish_day) = 1)::int as months,
        count(*) filter (where publish_day >= ${now.toISOString().slice(0, 10)}::date - 2)::int as days
        from submission_counts where status = 'APPROVED'`,
    );
    expect(folded!.months).toBeGreaterThan(0);
    expect(folded!.days).toBeGreaterThan(0);
    await deepPages('days folded into months');
    // Folding again changes nothing.
    const rollup = () => rows(database.db, sql`select * from submission_counts order by 1, 2, 3, 4, 5`);
    const once = await rollup();
    await compactQueueCounts(database.db, now);
    expect(await rollup()).toEqual(once);
  });

  it('are really deep here, and a text search has both few and many matches', async () => {
    const total = async (params: QueryParams) =>
      (await searchSubmissions(database.db, { ...params, first: 20, page: 1 }, { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now, ...exactly })).paginatorInfo.total;
    expect(await total({ queue: 'all' })).toBeGreaterThan(DEEP_OFFSET + 100);
    expect(await total({ queue: 'all', search: 'creation' })).toBeGreaterThan(Math.max(SEARCH_COUNT_BOUND, DEEP_OFFSET) + 100);
    expect(await total({ queue: 'all', search: 'creation 12' })).toBeLessThan(SEARCH_COUNT_BOUND);
  });
});

describe("a text search's matches", () => {
  const options = { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now };
  const plainCount = async (params: QueryParams) => {
    const [row] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from ${submissions} where ${searchWhere(params, options)}`);
    return row!.n;
  };
  async function plainIds(params: QueryParams, limit: number, offset: number): Promise<number[]> {
    const found = await database.db.select({ id: submissions.id }).from(submissions).where(searchWhere(params, options)).orderBy(...listOrderSql(params, options)).limit(limit).offset(offset);
    return found.map((r) => r.id);
  }

  it('are counted up to the bound, or to the end of the page asked for; the pages hold the same rows', async () => {
    const params: QueryParams = { queue: 'all', search: 'creation' };
    const all = await plainCount(params);
    expect(all).toBeGreaterThan(DEEP_OFFSET + 500);
    const page = (n: number) => searchSubmissions(database.db, { ...params, first: 20, page: n }, { ...options, countBound: 100 });
    // Page 1: counted to 100, said as "more than 100" (101), and there are more pages.
    const first = await page(1);
    expect(first.paginatorInfo).toMatchObject({ total: 101, totalIsExact: false, lastPage: 6, hasMorePages: true, currentPage: 1 });
    expect(first.data.map((r) => r.id)).toEqual(await plainIds(params, 20, 0));
    // Past the bound, counted to the end of the page: page 10 ends at row 200.
    const tenth = await page(10);
    expect(tenth.paginatorInfo).toMatchObject({ total: 201, totalIsExact: false, hasMorePages: true });
    expect(tenth.data.map((r) => r.id)).toEqual(await plainIds(params, 20, 180));
    // A deep page whose end is not known is read from the start.
    const deep = await page(Math.floor(DEEP_OFFSET / 20) + 5);
    expect(deep.paginatorInfo.totalIsExact).toBe(false);
    expect(deep.data.map((r) => r.id)).toEqual(await plainIds(params, 20, (Math.floor(DEEP_OFFSET / 20) + 4) * 20));
    // The last page reaches the end: the count is exact there.
    const lastPage = Math.ceil(all / 20);
    const last = await page(lastPage);
    expect(last.paginatorInfo).toMatchObject({ total: all, totalIsExact: true, lastPage, hasMorePages: false });
    expect(last.data.map((r) => r.id)).toEqual(await plainIds(params, 20, (lastPage - 1) * 20));
  });

  it("are gathered by the creation's own fields and by its creator's name apart, and counted once", async () => {
    // "member" is in every creator's user name only; "e" is in every name and every user name.
    for (const search of ['member', 'e', 'creation 12']) {
      const params: QueryParams = { queue: 'all', search };
      const all = await plainCount(params);
      const exactly = await searchSubmissions(database.db, { ...params, first: 20, page: 2 }, { ...options, countBound: 1_000_000 });
      expect(exactly.paginatorInfo, search).toMatchObject({ total: all, totalIsExact: true });
      expect(exactly.data.map((r) => r.id), search).toEqual(await plainIds(params, 20, 20));
      if (all > 100) {
        const bounded = await searchSubmissions(database.db, { ...params, first: 20, page: 2 }, { ...options, countBound: 100 });
        expect(bounded.paginatorInfo, search).toMatchObject({ total: 101, totalIsExact: false, hasMorePages: true });
        expect(bounded.data.map((r) => r.id), search).toEqual(await plainIds(params, 20, 20));
      }
    }
  });

  it('are exact up to the bound, and every list without text is exact', async () => {
    const few: QueryParams = { queue: 'all', search: 'creation 12' };
    const got = await searchSubmissions(database.db, { ...few, first: 20 }, options);
    expect(got.paginatorInfo).toMatchObject({ total: await plainCount(few), totalIsExact: true });
    // "creation" matches thousands: past the default bound, exact under a bound above them.
    const many = await plainCount({ queue: 'all', search: 'creation' });
    expect(many).toBeGreaterThan(SEARCH_COUNT_BOUND);
    expect((await searchSubmissions(database.db, { queue: 'all', search: 'creation', first: 20 }, options)).paginatorInfo).toMatchObject({ total: SEARCH_COUNT_BOUND + 1, totalIsExact: false });
    expect((await searchSubmissions(database.db, { queue: 'all', search: 'creation', first: 20 }, { ...options, countBound: many })).paginatorInfo).toMatchObject({ total: many, totalIsExact: true });
    const whole = await searchSubmissions(database.db, { queue: 'all', first: 20 }, { ...options, countBound: 10 });
    expect(whole.paginatorInfo.totalIsExact).toBe(true);
    expect(whole.paginatorInfo.total).toBeGreaterThan(DEEP_OFFSET);
  });
});

