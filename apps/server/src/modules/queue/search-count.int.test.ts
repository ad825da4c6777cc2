import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

// A bound of 3 here; 1,000 by default (SEARCH_COUNT_BOUND, docs/decisions.md "Counting a search's matches").
const server = useTestServer({ SEARCH_COUNT_BOUND: '3' });

const PAGE = `paginatorInfo { total totalIsExact lastPage hasMorePages currentPage count }`;
const STAFF = `query S($q: QueryParams) { newItemsSearch(queryParams: $q) { data { id } ${PAGE} } }`;
const MINE = `query M($q: QueryParams) { myItemsSearch(queryParams: $q) { data { id } ${PAGE} } }`;

let admin: string;
let creator: string;

beforeAll(async () => {
  const db = server.database.db;
  admin = await server.tokenFor((await buildMember(db, { roles: ['Admin'] })).id);
  const owner = await buildMember(db);
  creator = await server.tokenFor(owner.id);
  for (let i = 1; i <= 5; i++) await buildSubmission(db, owner.id, { name: `Quokka chair ${i}` });
  await buildSubmission(db, owner.id, { name: 'Something else' });
});

describe('a text search counted up to SEARCH_COUNT_BOUND, over GraphQL', () => {
  it.each([
    ['staff', STAFF, 'newItemsSearch', () => admin],
    ['a creator', MINE, 'myItemsSearch', () => creator],
  ] as const)('%s: "more than 3" on the first page, the exact 5 on the last', async (_who, query, field, token) => {
    const page = async (n: number) => {
      const res = await server.gql(query, { q: { queue: 'all', search: 'quokka', first: 2, page: n } }, { token: token() });
      expect(res.errors).toBeUndefined();
      return res.data![field] as { data: { id: number }[]; paginatorInfo: Record<string, unknown> };
    };
    const first = await page(1);
    expect(first.data).toHaveLength(2);
    expect(first.paginatorInfo).toMatchObject({ total: 4, totalIsExact: false, lastPage: 2, hasMorePages: true });
    const last = await page(3);
    expect(last.data).toHaveLength(1);
    expect(last.paginatorInfo).toMatchObject({ total: 5, totalIsExact: true, lastPage: 3, hasMorePages: false });
    // Without text, a list is always counted exactly.
    const res = await server.gql(query, { q: { queue: 'all', first: 2 } }, { token: token() });
    expect(res.data![field].paginatorInfo).toMatchObject({ total: 6, totalIsExact: true, lastPage: 3 });
  });
});

describe("a staff search's matches by creator and by the creation's own fields, counted together", () => {
  const names = async (search: string, first: number) => {
    const res = await server.gql(`query S($q: QueryParams) { newItemsSearch(queryParams: $q) { data { name } ${PAGE} } }`, { q: { queue: 'all', search, first } }, { token: admin });
    expect(res.errors).toBeUndefined();
    return res.data!.newItemsSearch as { data: { name: string }[]; paginatorInfo: Record<string, unknown> };
  };
  const touched = async (id: number, minutesAgo: number) =>
    server.database.db.execute(sql`update submissions set updated_at = now() - make_interval(mins => ${minutesAgo}) where id = ${id}`);

  it('more of them by creator than the bound: "more than", and the page still holds the newest match by name', async () => {
    const db = server.database.db;
    const studio = await buildMember(db, { username: 'WombatStudio' });
    for (let i = 1; i <= 4; i++) await touched(await buildSubmission(db, studio.id, { name: `Plain lamp ${i}` }), 60 + i);
    const other = await buildMember(db);
    await touched(await buildSubmission(db, other.id, { name: 'Wombat rug' }), 1);
    const found = await names('wombat', 2);
    expect(found.paginatorInfo).toMatchObject({ total: 4, totalIsExact: false, hasMorePages: true });
    expect(found.data.map((d) => d.name)).toEqual(['Wombat rug', 'Plain lamp 1']);
  });

  it('a creation matching by both is counted once, and the total is exact', async () => {
    const db = server.database.db;
    const crafts = await buildMember(db, { username: 'KoalaCrafts' });
    await touched(await buildSubmission(db, crafts.id, { name: 'Koala lamp' }), 3);
    await touched(await buildSubmission(db, crafts.id, { name: 'Plain vase' }), 2);
    const other = await buildMember(db);
    await touched(await buildSubmission(db, other.id, { name: 'Koala bed' }), 1);
    const found = await names('koala', 10);
    expect(found.paginatorInfo).toMatchObject({ total: 3, totalIsExact: true, hasMorePages: false });
    expect(found.data.map((d) => d.name)).toEqual(['Koala bed', 'Plain vase', 'Koala lamp']);
  });
});
