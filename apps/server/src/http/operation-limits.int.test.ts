import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { submissions } from '../db/schema/index';
import { buildMember } from '../test/factories';
import { useTestServer } from '../test/server';
import { collectWebOperations } from '../../../../scripts/web-operations';

const server = useTestServer();
const strict = useTestServer({ GRAPHQL_MAX_ALIASES: '2', GRAPHQL_MAX_DEPTH: '4', GRAPHQL_MAX_DIRECTIVES: '1', GRAPHQL_MAX_TOKENS: '60', GRAPHQL_MAX_COST: '50' });

const LIST = 'myItemsSearch(queryParams: {first: 100}) { data { id name images { id } category { name } } }';
const aliases = (n: number, field: string) => `query { ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

async function signedIn(target = server): Promise<string> {
  const member = await buildMember(target.database.db);
  return target.tokenFor(member.id);
}

describe('operation limits (issue 13): refused before anything runs', () => {
  it('refuses the 300-alias creator list while reading it (QUERY_TOO_LONG), and 20 short aliases with QUERY_TOO_MANY_ALIASES', async () => {
    const token = await signedIn();
    const long = await server.gql(aliases(300, LIST), {}, { token });
    expect(long.data).toBeUndefined();
    expect(long.errors).toEqual([
      expect.objectContaining({
        message: 'This request is too long: at most 1000 tokens are allowed. Split it into smaller requests.',
        extensions: expect.objectContaining({ code: 'QUERY_TOO_LONG', category: 'graphql', limit: 1000 }),
      }),
    ]);
    const many = await server.gql(aliases(20, 'me { MemberID }'), {}, { token });
    expect(many.errors).toEqual([
      expect.objectContaining({
        message: 'This request has 20 aliases; at most 15 are allowed. Split it into smaller requests.',
        extensions: expect.objectContaining({ code: 'QUERY_TOO_MANY_ALIASES', category: 'graphql', limit: 15, found: 20 }),
      }),
    ]);
  });

  it('counts aliases of __typename too, and stops a 20,000-alias document while it is read (QUERY_TOO_LONG)', async () => {
    const typenames = await server.gql(aliases(16, '__typename'));
    expect(typenames.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_MANY_ALIASES');
    const huge = await server.gql(aliases(20_000, '__typename'));
    expect(huge.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_LONG', category: 'graphql', limit: 1000 }) }),
    ]);
  });

  it('refuses a document nested 200 levels deep (QUERY_TOO_DEEP)', async () => {
    const deep = `query { categories { ${'parent { '.repeat(198)}id${' }'.repeat(198)} } }`;
    const res = await server.gql(deep, {}, { token: await signedIn() });
    expect(res.errors?.map((e) => e.extensions?.code)).toContain('QUERY_TOO_DEEP');
    expect(res.data).toBeUndefined();
  });

  it('prices list fields by their page size: 14 aliases of a 100-row list with nested lists cost too much (QUERY_TOO_COSTLY)', async () => {
    const heavy = 'myItemsSearch(queryParams: {first: 100}) { data { id images { id hotspots { id title } } files { id logs { action } } } }';
    const res = await server.gql(aliases(14, heavy), {}, { token: await signedIn() });
    const [error] = res.errors ?? [];
    expect(error?.extensions).toEqual(expect.objectContaining({ code: 'QUERY_TOO_COSTLY', category: 'graphql', limit: 100_000 }));
    expect(Number(error?.extensions?.found)).toBeGreaterThan(100_000);
    expect(error?.message).toMatch(/^This request asks for too much at once \(cost \d+; at most 100000 is allowed\)/);
    // The same list at a page size of 10 costs a tenth and runs.
    const small = await server.gql(aliases(14, heavy.replace('first: 100', 'first: 10')), {}, { token: await signedIn() });
    expect(small.errors).toBeUndefined();
  });

  it('runs no resolver of a refused operation: three aliased creations over a limit of two create nothing', async () => {
    const token = await signedIn(strict);
    const before = (await strict.database.db.select({ n: count() }).from(submissions))[0]!.n;
    const create = (i: number) => `c${i}: createNewItem(name: "Chair ${i}", description: "A chair for the dining room") { id }`;
    const res = await strict.gql(`mutation { ${[0, 1, 2].map(create).join(' ')} }`, {}, { token });
    expect(res.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_MANY_ALIASES');
    expect((await strict.database.db.select({ n: count() }).from(submissions))[0]!.n).toBe(before);
  });

  it('takes every limit from the configuration', async () => {
    const token = await signedIn(strict);
    const codes = async (query: string) => (await strict.gql(query, {}, { token })).errors?.map((e) => e.extensions?.code);
    expect(await codes('query { categories { parent { parent { parent { id } } } } }')).toContain('QUERY_TOO_DEEP');
    expect(await codes('query ($a: Boolean!) { me { MemberID @include(if: $a) UserName @skip(if: $a) } }')).toContain('QUERY_TOO_MANY_DIRECTIVES');
    expect(await codes(`query { me { ${'MemberID '.repeat(60)} } }`)).toEqual(['QUERY_TOO_LONG']);
    expect(await codes('query { myItemsSearch(queryParams: {first: 30}) { data { id name } } }')).toEqual(['QUERY_TOO_COSTLY']);
    expect(await codes('query { myItemsSearch(queryParams: {first: 10}) { data { id name } } }')).toBeUndefined();
  });

  it('prices one document again for each set of variables (the priced answer is kept per document and variables)', async () => {
    const token = await signedIn(strict);
    const query = 'query List($first: Int) { myItemsSearch(queryParams: {first: $first}) { data { id name } } }';
    const codesFor = async (first: number) => (await strict.gql(query, { first }, { token })).errors?.map((e) => e.extensions?.code);
    expect(await codesFor(10)).toBeUndefined();
    expect(await codesFor(30)).toEqual(['QUERY_TOO_COSTLY']);
    expect(await codesFor(10)).toBeUndefined();
    expect(await codesFor(30)).toEqual(['QUERY_TOO_COSTLY']);
  });

  it('lets the web app’s heaviest documents through with page sizes at their cap', async () => {
    const operations = await collectWebOperations();
    const token = await signedIn();
    for (const name of ['FeaturedLists', 'MyItems', 'StaffQueue']) {
      const operation = operations.find((op) => op.name === name)!;
      const variables = name === 'FeaturedLists' ? { first: 100 } : { queryParams: { first: 100 } };
      const res = await server.gql(operation.text, variables, { token });
      // A creator may not read staff lists; what matters is that no limit refused the document.
      for (const error of res.errors ?? []) expect(String(error.extensions?.code), name).not.toMatch(/^QUERY_/);
    }
  });
});
