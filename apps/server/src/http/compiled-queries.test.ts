import { describe, expect, it } from 'vitest';
import { createSchema, createYoga } from 'graphql-yoga';
import { parse } from 'graphql';
import type { JITCache } from '@envelop/graphql-jit';
import { useCompiledWebQueries, webQueryOf } from './compiled-queries';

const WEB_QUERY = 'query Greeting($name: String!) { greeting(name: $name) }';
const WEB_MUTATION = 'mutation Wave { wave }';
const operations = new Map([
  ['hash-of-greeting', WEB_QUERY],
  ['hash-of-wave', WEB_MUTATION],
]);

describe('webQueryOf', () => {
  const isWebQuery = webQueryOf(operations);

  it('knows the web app’s queries by their text, however it is spaced', () => {
    expect(isWebQuery(parse(WEB_QUERY))).toBe(true);
    expect(isWebQuery(parse('query Greeting(\n  $name: String!\n) {\n  greeting(name: $name)\n}\n'), 'Greeting')).toBe(true);
  });

  it('leaves out the web app’s mutations, other documents and documents that differ at all', () => {
    expect(isWebQuery(parse(WEB_MUTATION))).toBe(false);
    expect(isWebQuery(parse('query Greeting($name: String!) { greeting(name: $name) __typename }'))).toBe(false);
    expect(isWebQuery(parse('{ greeting(name: "x") }'))).toBe(false);
  });

  it('answers the same parsed document from what it decided the first time', () => {
    const document = parse(WEB_QUERY);
    expect(isWebQuery(document)).toBe(true);
    operations.clear();
    expect(isWebQuery(document)).toBe(true);
    operations.set('hash-of-greeting', WEB_QUERY);
    operations.set('hash-of-wave', WEB_MUTATION);
  });
});

describe('useCompiledWebQueries', () => {
  it('compiles the web app’s queries, and only them, and answers them as graphql-js does', async () => {
    const compiled = new Map<string, unknown>();
    const cache: JITCache = { get: (key) => compiled.get(key) as ReturnType<JITCache['get']>, set: (key, value) => void compiled.set(key, value) };
    const schema = createSchema({
      typeDefs: 'type Query { greeting(name: String!): String! } type Mutation { wave: Boolean! }',
      resolvers: { Query: { greeting: (_: unknown, { name }: { name: string }) => `Hello, ${name}` }, Mutation: { wave: () => true } },
    });
    const plain = createYoga({ schema });
    const yoga = createYoga({ schema, plugins: [useCompiledWebQueries(operations, { cache })] });
    const ask = async (server: typeof yoga, query: string, variables: Record<string, unknown> = {}) =>
      (await server.fetch('http://corner.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json();

    expect(await ask(yoga, WEB_QUERY, { name: 'Ada' })).toEqual(await ask(plain, WEB_QUERY, { name: 'Ada' }));
    expect(compiled.size).toBe(1);
    expect(await ask(yoga, WEB_QUERY, { name: 'Grace' })).toEqual({ data: { greeting: 'Hello, Grace' } });
    expect(compiled.size).toBe(1);
    // A variable missing is refused in graphql-js's words (without the variable's place in the
    // document, which graphql-jit does not give).
    const messages = async (server: typeof yoga) => ((await ask(server, WEB_QUERY, {})) as { errors: { message: string }[] }).errors.map((e) => e.message);
    expect(await messages(yoga)).toEqual(await messages(plain));
    expect(await messages(yoga)).toEqual(['Variable "$name" of required type "String!" was not provided.']);

    expect(await ask(yoga, WEB_MUTATION)).toEqual({ data: { wave: true } });
    expect(await ask(yoga, '{ greeting(name: "Linus") }')).toEqual({ data: { greeting: 'Hello, Linus' } });
    expect(compiled.size).toBe(1);
  });
});
