import os from 'node:os';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { buildMember } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { localLegacyFiles } from './legacy-files';
import type { LegacyItemFilter, LegacyPaging } from './legacy-source';
import { postgresLegacySource } from './legacy-source.postgres';

/**
 * The archive at scale on the embedded legacy source: its total from the rollup (legacy.item_counts,
 * migration 0027) kept exact through every kind of write, its deep pages found through the rollup's
 * buckets, and a search by title counted up to SEARCH_COUNT_BOUND (3 here).
 */
const server = useTestServer({ SEARCH_COUNT_BOUND: '3' });
const SEARCH = `query ($title: String, $game: Int, $first: Int, $page: Int) {
  legacyItemsSearch(title: $title, game: $game, first: $first, page: $page) {
    data { ID }
    paginatorInfo { total totalIsExact lastPage hasMorePages }
  }
}`;
let staff: string;

/** The rollup as it stands, and as the items say it should be. */
async function rollup() {
  const db = server.database.db;
  const kept = await rows<{ key: string; n: number }>(
    db,
    sql`select concat_ws(':', bucket, game, status, is_hidden) as key, sum(n)::int as n from legacy.item_counts group by 1 having sum(n) <> 0 order by 1`,
  );
  const truth = await rows<{ key: string; n: number }>(
    db,
    sql`select concat_ws(':', id / 10000, game, status, is_hidden) as key, count(*)::int as n from legacy.items group by 1 order by 1`,
  );
  return { kept, truth };
}

beforeAll(async () => {
  const db = server.database.db;
  const owner = await buildMember(db);
  staff = await server.tokenFor((await buildMember(db, { roles: ['Submissions'] })).id);
  // 9,000 items spread over 25 buckets of ids, of three games, three statuses and both visibilities.
  await db.execute(sql`
    insert into legacy.items (id, member_id, title, game, status, is_hidden, publish_date)
    select 1000 + g * 27, ${owner.id}, case when g % 500 = 7 then 'Quokka lamp ' || g else 'Item ' || g end,
      2 + g % 3, (array['published', 'unpublished', 'pending'])[1 + (g / 3) % 3], g % 7 = 0, now() - make_interval(days => g)
    from generate_series(1, 9000) g`);
});

describe('the archive counted from its rollup', () => {
  it('stays exact through inserts, updates that move items between buckets, deletes and a truncate', async () => {
    const db = server.database.db;
    expect((await rollup()).kept).toEqual((await rollup()).truth);
    await db.execute(sql`update legacy.items set game = 3, is_hidden = not is_hidden where id % 5 = 0`);
    await db.execute(sql`update legacy.items set id = id + 50000 where id between 20000 and 21000`);
    await db.execute(sql`update legacy.items set title = title || ' (edited)' where id % 11 = 0`);
    await db.execute(sql`delete from legacy.items where id % 13 = 0`);
    const { kept, truth } = await rollup();
    expect(kept).toEqual(truth);
    expect(truth.length).toBeGreaterThan(50);
    await db.transaction(async (tx) => {
      await tx.execute(sql`truncate legacy.items cascade`);
      const [left] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from legacy.item_counts`);
      expect(left!.n).toBe(0);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    expect((await rollup()).kept).toEqual(truth);
  });

  it.each<[string, LegacyItemFilter, LegacyPaging['order']]>([
    ['everything, newest first', {}, 'id_desc'],
    ['everything, oldest first', {}, 'id_asc'],
    ['one game', { game: 3 }, 'id_desc'],
    ['the visible ones', { isHidden: false }, 'id_desc'],
    ['two statuses, oldest first', { status: ['pending', 'unpublished'] }, 'id_asc'],
  ])('%s: every page, deep ones from their bucket, holds the rows of a plain offset, and the total is exact', async (_label, filter, order) => {
    const db = server.database.db;
    const source = postgresLegacySource(db, localLegacyFiles(os.tmpdir()));
    const conditions = [sql`true`];
    if (filter.game !== undefined) conditions.push(sql`game = ${filter.game}`);
    if (filter.status !== undefined) conditions.push(sql`status = any(${`{${[filter.status].flat().join(',')}}`}::text[])`);
    if (filter.isHidden !== undefined) conditions.push(sql`is_hidden = ${filter.isHidden}`);
    const where = sql.join(conditions, sql` and `);
    const plain = await rows<{ id: number }>(db, sql`select id from legacy.items where ${where} order by id ${sql.raw(order === 'id_asc' ? 'asc' : 'desc')}`);
    const perPage = 100;
    const lastPage = Math.ceil(plain.length / perPage);
    // Deep enough for the pages past 2,000 rows to come from their bucket.
    expect(plain.length).toBeGreaterThan(2_300);
    for (const page of [1, 2, Math.ceil(2_000 / perPage) + 1, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1]) {
      const found = await source.searchItems(filter, { first: perPage, page, order });
      expect(found.data.map((i) => i.id)).toEqual(plain.slice((page - 1) * perPage, page * perPage).map((r) => Number(r.id)));
      expect(found.paginatorInfo).toMatchObject({ total: plain.length, totalIsExact: true, lastPage });
    }
  });
});

describe('a search of the archive by title, counted up to SEARCH_COUNT_BOUND', () => {
  it('says "more than 3" on the first page and the exact count on the last, over GraphQL', async () => {
    const search = async (variables: Record<string, unknown>) => {
      const res = await server.gql(SEARCH, variables, { token: staff });
      expect(res.errors).toBeUndefined();
      return res.data!.legacyItemsSearch as { data: { ID: number }[]; paginatorInfo: Record<string, unknown> };
    };
    const [{ n: quokkas } = { n: 0 }] = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from legacy.items where title ilike '%quokka%'`);
    expect(quokkas).toBeGreaterThan(4);
    const first = await search({ title: 'quokka', first: 2, page: 1 });
    expect(first.data).toHaveLength(2);
    expect(first.paginatorInfo).toMatchObject({ total: 4, totalIsExact: false, lastPage: 2, hasMorePages: true });
    const lastPage = Math.ceil(quokkas / 2);
    const last = await search({ title: 'quokka', first: 2, page: lastPage });
    expect(last.data).toHaveLength(quokkas - 2 * (lastPage - 1));
    expect(last.paginatorInfo).toMatchObject({ total: quokkas, totalIsExact: true, lastPage, hasMorePages: false });
    // A game alone is counted exactly, from the rollup.
    const [{ n: game3 } = { n: 0 }] = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from legacy.items where game = 3`);
    expect((await search({ game: 3, first: 2 })).paginatorInfo).toMatchObject({ total: game3, totalIsExact: true });
  });
});
