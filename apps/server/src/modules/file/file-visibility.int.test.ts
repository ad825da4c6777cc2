import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { buildMember, buildRole, buildSubmission, buildSubmissionFile } from '../../test/factories';
import { useTestServer } from '../../test/server';

/**
 * Who reads which versions of a file. The owner and staff read every version, the history and
 * deleted files; any other member who may see a published creation gets only the version visitors
 * download (the published one), in the API and on the file route alike.
 */
const server = useTestServer();

const FILES = `query ($id: Int!) {
  submissionProperties(id: $id) { files(include_deleted: true) { id url versions { version url } logs { action } } }
}`;
const FILE = `query ($id: Int!) { file(id: $id) { id deleted_at versions { version url } } }`;

interface FileView {
  id: number;
  url: string;
  versions: { version: number; url: string }[];
  logs: { action: string }[];
}

let ownerId: number;
let owner: string;
let other: string;
let manager: string;
let creation: number;
let fileId: number;
let deletedId: number;
const bytes = ['the first version', 'the second version', 'a deleted file'].map((t) => Buffer.from(`DBPF-like ${t}`));

async function store(content: Buffer): Promise<string> {
  return (await server.storage.put([content])).sha256;
}

async function get(url: string, token?: string) {
  return server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

beforeAll(async () => {
  const db = server.database.db;
  const ownerRow = await buildMember(db);
  const otherRow = await buildMember(db);
  const role = await buildRole(db, 'File managers only', [pagePermission('file-management', 'view'), pagePermission('file-management', 'edit')]);
  const managerRow = await buildMember(db, { roles: [role] });
  ownerId = ownerRow.id;
  owner = await server.tokenFor(ownerRow.id);
  other = await server.tokenFor(otherRow.id);
  manager = await server.tokenFor(managerRow.id);
  creation = await buildSubmission(db, ownerRow.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });
  const [v1, v2, gone] = await Promise.all(bytes.map(store));
  fileId = await buildSubmissionFile(db, creation, { versions: [v1!, v2!], published_version: 1 });
  deletedId = await buildSubmissionFile(db, creation, { filename: 'old.package', versions: [gone!], deleted_at: new Date() });
});

async function filesAs(token: string): Promise<FileView[]> {
  const res = await server.gql<{ submissionProperties: { files: FileView[] } }>(FILES, { id: creation }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.submissionProperties.files;
}

describe('file versions by who is asking', () => {
  it('gives the owner every version and the history, and its URL is the newest', async () => {
    const file = (await filesAs(owner)).find((f) => f.id === fileId)!;
    expect(file.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(file.url).toContain(`/files/${fileId}_version_2?`);
    const download = await get(file.versions[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes[1]!)).toBe(true);
  });

  it('gives another member only the published version, no history, and a URL of that version', async () => {
    const file = (await filesAs(other)).find((f) => f.id === fileId)!;
    expect(file.versions.map((v) => v.version)).toEqual([1]);
    expect(file.logs).toEqual([]);
    expect(file.url).toContain(`/files/${fileId}_version_1?`);
    const download = await get(file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes[0]!)).toBe(true);
  });

  it('lets another member’s token fetch the published version but not a newer one; the owner fetches both', async () => {
    const path = (v: number) => `/${ownerId}/files/${fileId}_version_${v}`;
    expect((await get(path(1), other)).statusCode).toBe(200);
    expect((await get(path(2), other)).statusCode).toBe(403);
    expect((await get(path(2), owner)).statusCode).toBe(200);
  });

  it('serves a deleted file to a file manager through its signed URL, and to nobody else by token', async () => {
    const res = await server.gql<{ file: { deleted_at: string | null; versions: { url: string }[] } }>(FILE, { id: deletedId }, { token: manager });
    expect(res.errors).toBeUndefined();
    expect(res.data!.file.deleted_at).not.toBeNull();
    const signed = res.data!.file.versions[0]!.url;
    const download = await get(signed);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes[2]!)).toBe(true);
    const bare = signed.slice(0, signed.indexOf('?'));
    expect((await get(bare, other)).statusCode).toBe(404);
    expect((await get(bare, owner)).statusCode).toBe(200);
  });
});
