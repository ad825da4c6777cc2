import { beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildSubmission } from '../test/factories';
import { graphqlMultipartParts, multipartBody, useTestServer, type TestFile } from '../test/server';
import { jpegBytes, sims4PackageBytes, storedFiles } from '../test/uploads';

/** The GraphQL multipart request protocol: what a broken or hostile request gets. */
const server = useTestServer({ MAX_UPLOAD_FILES: '2', MAX_IMAGE_BYTES: '2000', MAX_FILE_BYTES: '100000' });

const CREATE_IMAGE = 'mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id } }';
let token: string;
let submission: number;
let picture: Buffer;

beforeAll(async () => {
  const member = await buildMember(server.database.db);
  token = await server.tokenFor(member.id);
  submission = await buildSubmission(server.database.db, member.id);
  picture = await jpegBytes(5, 8, 6);
});

async function post(parts: [string, string | TestFile][], rawBody?: { body: Buffer; contentType: string }) {
  const { body, contentType } = rawBody ?? (await multipartBody(parts));
  const res = await server.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, json: res.json() as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

const file = (name = 'a.jpg'): TestFile => ({ name, content: picture });

describe('GraphQL multipart requests', () => {
  const ops = () => JSON.stringify({ query: CREATE_IMAGE, variables: { s: submission, file: null } });

  it('run an operation with its file', async () => {
    const res = await post([
      ['operations', ops()],
      ['map', JSON.stringify({ 0: ['variables.file'] })],
      ['0', file()],
    ]);
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.createSubmissionImage.id).toEqual(expect.any(Number));
  });

  it.each([
    ['no map', () => [['operations', ops()]], 'The "map" field is missing.'],
    ['no operations', () => [], 'The "operations" field is missing.'],
    ['map before operations', () => [['map', '{}'], ['operations', ops()]], 'The "operations" field must come before "map".'],
    ['operations that are not JSON', () => [['operations', '{nope'], ['map', '{}']], 'The "operations" field is not valid JSON.'],
    ['batched operations', () => [['operations', `[${ops()}]`], ['map', '{}']], 'Batched operations are not supported: send one operation per request.'],
    ['a map path that is not a null variable', () => [['operations', ops()], ['map', '{"0":["variables.s"]}'], ['0', file()]], 'The map path "variables.s" of file "0" does not name a null variable of the operation.'],
    ['a file before the map', () => [['operations', ops()], ['0', file()], ['map', '{"0":["variables.file"]}']], 'The "operations" and "map" fields must come before the files.'],
    ['a file the map does not name', () => [['operations', ops()], ['map', '{"0":["variables.file"]}'], ['0', file()], ['1', file('b.jpg')]], 'The file "1" is not in the map.'],
    ['a file the map names but the request lacks', () => [['operations', ops()], ['map', '{"0":["variables.file"]}']], 'The file "0" named in the map was not sent.'],
    ['more files than allowed', () => [['operations', ops()], ['map', '{"0":["variables.file"],"1":["variables.a"],"2":["variables.b"]}']], 'Too many files: at most 2 may be sent in one request.'],
    ['an unexpected field', () => [['operations', ops()], ['extra', 'x'], ['map', '{}']], 'Unexpected field "extra": a GraphQL multipart request has "operations", "map" and the files.'],
  ] as [string, () => [string, string | TestFile][], string][])('answer 400 for %s, keeping no file', async (_name, parts, message) => {
    const before = storedFiles(server.config.filesDir);
    const res = await post(parts());
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]?.message).toBe(message);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('BAD_MULTIPART_REQUEST');
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('answer 400 for a body that is not multipart at all', async () => {
    const res = await post([], { body: Buffer.from('garbage without any boundary'), contentType: 'multipart/form-data; boundary=xyz' });
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]?.message).toMatch(/^The multipart request is malformed/);
  });

  it('hold each file to the limit of the argument it fills', async () => {
    const package_ = sims4PackageBytes(5000);
    const query = `mutation ($s: Int!, $image: Upload!, $file: Upload!) {
      createSubmissionImage(submission_id: $s, file: $image) { id }
      createSubmissionFile(submission_id: $s, file: $file) { id kind filesize }
    }`;
    const asFile = await post(graphqlMultipartParts(query, { s: submission }, { 'variables.image': file(), 'variables.file': { name: 'p.package', content: package_ } }));
    expect(asFile.json.errors).toBeUndefined();
    expect(asFile.json.data.createSubmissionFile).toMatchObject({ kind: 'sims4-package', filesize: 5000 });

    const asImage = await post(graphqlMultipartParts(CREATE_IMAGE, { s: submission }, { 'variables.file': { name: 'p.jpg', content: Buffer.concat([picture, package_]) } }));
    expect(asImage.json.errors?.[0]?.extensions?.code).toBe('IMAGE_TOO_LARGE');
  });

  it('store nothing for a variable no Upload argument takes, and let validation say why', async () => {
    const before = storedFiles(server.config.filesDir);
    const res = await post([
      ['operations', JSON.stringify({ query: 'mutation ($file: String) { logout }', variables: { file: null } })],
      ['map', '{"0":["variables.file"]}'],
      ['0', file('unused.jpg')],
    ]);
    expect(res.json.errors?.[0]?.message).toContain('Variable "$file" is never used');
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('refuse anonymous uploads before reading the files', async () => {
    const before = storedFiles(server.config.filesDir);
    const { body, contentType } = await multipartBody([
      ['operations', ops()],
      ['map', '{"0":["variables.file"]}'],
      ['0', file('anon.jpg')],
    ]);
    const res = await server.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': contentType }, payload: body });
    expect(res.json().errors[0].extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });
});
