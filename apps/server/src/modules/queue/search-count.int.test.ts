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
