import { beforeAll, describe, expect, it } from 'vitest';
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { buildImage, buildMember, buildReport, buildSubmission, buildTest } from '../test/factories';
import { useTestServer } from '../test/server';
import { collectWebOperations } from '../../../../scripts/web-operations';
import { webQueryOf } from './compiled-queries';
import { loadPersistedOperations } from './persisted-operations';

/**
 * The web app's queries run compiled (graphql-jit); the same document with one field more is no
 * longer the web app's and runs through graphql-js. Both answer alike, on both engines.
 */
const server = useTestServer();
const documents = new Map<string, string>();
let creatorToken = '';
let staffToken = '';
let creationId = 0;

/** The document with `__typename` asked at its root: the same answer, but not a web document. */
function notTheWebApps(text: string): string {
  const document = parse(text);
  return print({
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? ({ ...definition, selectionSet: { ...definition.selectionSet, selections: [...definition.selectionSet.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] } } as OperationDefinitionNode)
        : definition,
    ),
  });
}

beforeAll(async () => {
  const db = server.database.db;
  for (const op of await collectWebOperations()) documents.set(op.name, op.text);
  const creator = await buildMember(db);
  creatorToken = await server.tokenFor(creator.id);
  staffToken = await server.tokenFor((await buildMember(db, { roles: ['Admin'] })).id);
  for (let i = 0; i < 5; i += 1) {
    creationId = await buildSubmission(db, creator.id, { status: 'SUBMITTED', name: `Compiled ${i}` });
    await buildImage(db, creationId);
    await buildTest(db, creationId, { status: 'DONE', test_result: i % 2 ? 'FAILED' : 'PASSED' });
    if (i % 2) await buildReport(db, creationId, creator.id);
  }
});

describe('the web app’s queries compiled', () => {
  const cases = (): [string, Record<string, unknown>, () => string][] => [
    ['Me', {}, () => creatorToken],
    ['MyCounters', {}, () => creatorToken],
    ['MyItems', { queryParams: { queue: 'all', first: 20, page: 1 } }, () => creatorToken],
    ['MyItemsCount', { queryParams: { queue: 'all' } }, () => creatorToken],
    ['StaffQueue', { queryParams: { queue: 'waiting', first: 20, page: 1 }, countParams: { queue: 'waiting' } }, () => staffToken],
    ['StaffCounters', {}, () => staffToken],
    ['ReviewSubmission', { id: creationId }, () => staffToken],
  ];

  it('are the documents the server knows as the web app’s, and the changed ones are not', () => {
    const isWebQuery = webQueryOf(loadPersistedOperations());
    for (const [name] of cases()) {
      expect(isWebQuery(parse(documents.get(name)!)), name).toBe(true);
      expect(isWebQuery(parse(notTheWebApps(documents.get(name)!))), name).toBe(false);
    }
  });

  it('answer as graphql-js answers the same document', async () => {
    for (const [name, variables, token] of cases()) {
      const compiled = await server.gql(documents.get(name)!, variables, { token: token() });
      const interpreted = await server.gql(notTheWebApps(documents.get(name)!), variables, { token: token() });
      expect(compiled.errors, name).toBeUndefined();
      expect(interpreted.errors, name).toBeUndefined();
      expect(interpreted.data!.__typename, name).toBe('Query');
      delete interpreted.data!.__typename;
      expect(compiled.data, name).toEqual(interpreted.data);
      expect(JSON.stringify(compiled.data).length, `${name} answers something`).toBeGreaterThan(10);
    }
  });
});
