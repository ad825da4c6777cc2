import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMember, buildSubmission } from '../test/factories';
import { graphqlMultipartParts, multipartBody, useTestServer } from '../test/server';
import { pngBytes } from '../test/uploads';
import { collectWebOperations, PERSISTED_OPERATIONS_FILE, persistedOperationsJson } from '../../../../scripts/web-operations';

const server = useTestServer();
const operations = await collectWebOperations();
const byName = (name: string) => operations.find((op) => op.name === name)!;

async function post(body: unknown, token: string | null) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' },
    payload: JSON.stringify(body),
  });
  return response.json() as { data?: Record<string, any> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

describe('persisted operations (SPEC 7 `{hash}`)', () => {
  it('knows every query and mutation the web app sends: the committed file matches its documents (run `npm run schema` after changing one)', () => {
    expect(fs.readFileSync(PERSISTED_OPERATIONS_FILE, 'utf8')).toBe(persistedOperationsJson(operations));
  });

  it('runs a web document sent by its hash alone, exactly as when its text is sent', async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const me = byName('Me');
    const byHash = await post({ operationName: 'Me', variables: {}, extensions: persisted(me.hash) }, token);
    expect(byHash.errors).toBeUndefined();
    expect(byHash.data?.me?.MemberID).toBe(member.id);
    expect(byHash).toEqual(await post({ operationName: 'Me', variables: {}, query: me.text }, token));
  });

  it('answers PersistedQueryNotFound for a hash it does not know, and runs the text when the client then sends it', async () => {
    const unknown = await post({ operationName: 'Other', extensions: persisted('0'.repeat(64)) }, null);
    expect(unknown).toEqual({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] });
    const retried = await post({ query: 'query Other { __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64), miss: true } } }, null);
    expect(retried).toEqual({ data: { __typename: 'Query' } });
  });

  it('takes a hash on Yoga’s own path (GET) too', async () => {
    const catalog = byName('Me');
    const member = await buildMember(server.database.db);
    const response = await server.app.inject({
      method: 'GET',
      url: `/graphql?operationName=${catalog.name}&extensions=${encodeURIComponent(JSON.stringify(persisted(catalog.hash)))}`,
      headers: { accept: 'application/json', authorization: `Bearer ${await server.tokenFor(member.id)}` },
    });
    const body = response.json() as { data?: unknown; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data).toBeTruthy();
  });

  it('takes a hash in a multipart upload', async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const id = await buildSubmission(server.database.db, member.id);
    const upload = byName('CreateSubmissionImage');
    const png = { name: 'a.png', content: await pngBytes() };
    const parts = graphqlMultipartParts(upload.text, { submission_id: id }, { 'variables.file': png });
    const operationsPart = JSON.parse(parts[0]![1] as string) as Record<string, unknown>;
    delete operationsPart.query;
    parts[0] = ['operations', JSON.stringify({ ...operationsPart, operationName: upload.name, extensions: persisted(upload.hash) })];
    const { body, contentType } = await multipartBody(parts);
    const response = await server.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload: body });
    const result = response.json() as { data?: { createSubmissionImage?: { id: number } }; errors?: unknown };
    expect(result.errors).toBeUndefined();
    expect(result.data?.createSubmissionImage?.id).toBeGreaterThan(0);
  });
});
