import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileLogs, files, fileVersions, logs, objectGuids } from '../../db/schema/index';
import { buildMember, buildSubmission, buildSubmissionFile } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes, sims4PackageBytes, storedFiles } from '../../test/uploads';

/** Submission files, object GUIDs and game items; the file limit is set low to test it. */
const MAX_FILE_BYTES = 3000;
const server = useTestServer({ MAX_FILE_BYTES: String(MAX_FILE_BYTES) });

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) {
  createSubmissionFile(submission_id: $submission_id, file: $file) {
    id member_id filename filesize mimetype kind version published_version created_at updated_at deleted_at url
    logs { id action details created_at member { MemberID UserName } }
  }
}`;

let owner: { id: number; token: string; username: string };
let other: { id: number; token: string };

beforeAll(async () => {
  const db = server.database.db;
  const o = await buildMember(db);
  const x = await buildMember(db);
  owner = { id: o.id, token: await server.tokenFor(o.id), username: o.username };
  other = { id: x.id, token: await server.tokenFor(x.id) };
});

function upload(submissionId: number, content: Buffer | string, name: string, token = owner.token) {
  return server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content } }, { token });
}

describe('createSubmissionFile', () => {
  it('adds a Sims 4 package as version 1 with its kind, a version row and a history', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const content = sims4PackageBytes(1200);
    const res = await upload(submission, content, 'Cosy Chair.package');
    expect(res.errors).toBeUndefined();
    const file = res.data!.createSubmissionFile;
    expect(file).toMatchObject({
      member_id: owner.id,
      filename: 'Cosy Chair.package',
      filesize: 1200,
      mimetype: 'application/octet-stream',
      kind: 'sims4-package',
      version: 1,
      published_version: null,
      deleted_at: null,
    });
    expect(file.url).toMatch(new RegExp(`^/${owner.id}/files/${file.id}_version_1\\?expires=\\d+&signature=`));
    expect(file.logs).toEqual([
      expect.objectContaining({ action: 'created', member: { MemberID: owner.id, UserName: owner.username } }),
    ]);
    expect(file.logs[0].details).toMatchObject({ filename: 'Cosy Chair.package', filesize: 1200, kind: 'sims4-package', version: 1 });
    const versions = await server.database.db.select().from(fileVersions).where(eq(fileVersions.file_id, file.id));
    expect(versions).toEqual([expect.objectContaining({ version: 1, filesize: 1200, member_id: owner.id })]);
    const [log] = await server.database.db.select().from(logs).where(and(eq(logs.entity, 'file'), eq(logs.entity_id, file.id)));
    expect(log).toMatchObject({ action: 'created', submission_id: submission });
  });

  it('takes images and zips as files too', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const image = await upload(submission, await pngBytes(), 'preview.png');
    expect(image.data!.createSubmissionFile).toMatchObject({ kind: 'image', mimetype: 'image/png' });
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect((await upload(submission, zip, 'bundle.zip')).data!.createSubmissionFile).toMatchObject({ kind: 'zip', mimetype: 'application/zip' });
  });

  it('refuses what the site does not accept, with the exact message', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const res = await upload(submission, 'Shopping list: milk, eggs, a new sofa for the sims.', 'notes.txt');
    expect(res.errors?.[0]).toMatchObject({
      message: '“notes.txt” is not a file the site accepts: upload Sims packages, tray files, zips or images.',
      extensions: { category: 'validation', code: 'FILE_NOT_ACCEPTED', validation: { file: [expect.any(String)] } },
    });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('refuses a file over the limit while it streams in, and keeps nothing', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const res = await upload(submission, sims4PackageBytes(5 * 1024), 'big.package');
    expect(res.errors?.[0]).toMatchObject({
      message: '“big.package” is 5 KB; files may be at most 2.9 KB.',
      extensions: { category: 'validation', code: 'FILE_TOO_LARGE', size: 5 * 1024, max: MAX_FILE_BYTES },
    });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it("refuses another creator's creation and a submitted one", async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const stranger = await upload(submission, sims4PackageBytes(), 'x.package', other.token);
    expect(stranger.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    const submitted = await buildSubmission(server.database.db, owner.id, { status: 'SUBMITTED' });
    const conflict = await upload(submitted, sims4PackageBytes(), 'x.package');
    expect(conflict.errors?.[0]?.extensions).toMatchObject({ category: 'conflict', code: 'SUBMISSION_NOT_EDITABLE' });
  });
});

describe('updateSubmissionFile and deleteSubmissionFile', () => {
  it('renames (keeping the extension) and soft-deletes, keeping the row and its history', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = (await upload(submission, sims4PackageBytes(), 'chair.package')).data!.createSubmissionFile;
    const RENAME = 'mutation ($id: Int!, $name: String!) { updateSubmissionFile(id: $id, filename: $name) { filename logs { action details } } }';
    const renamed = await server.gql(RENAME, { id: created.id, name: 'Rattan Chair.package' }, { token: owner.token });
    expect(renamed.data!.updateSubmissionFile.filename).toBe('Rattan Chair.package');
    expect(renamed.data!.updateSubmissionFile.logs.at(-1)).toEqual({ action: 'renamed', details: { from: 'chair.package', to: 'Rattan Chair.package' } });

    const wrongExt = await server.gql(RENAME, { id: created.id, name: 'chair.zip' }, { token: owner.token });
    expect(wrongExt.errors?.[0]).toMatchObject({ message: 'The new name must keep the extension “.package”.', extensions: { code: 'FILE_EXTENSION_CHANGED' } });
    const empty = await server.gql(RENAME, { id: created.id, name: '  ' }, { token: owner.token });
    expect(empty.errors?.[0]?.extensions?.code).toBe('FILE_NAME_INVALID');
    const stranger = await server.gql(RENAME, { id: created.id, name: 'mine.package' }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');

    const del = await server.gql('mutation ($id: Int!) { deleteSubmissionFile(id: $id) }', { id: created.id }, { token: owner.token });
    expect(del.data!.deleteSubmissionFile).toBe(true);
    const [row] = await server.database.db.select().from(files).where(eq(files.id, created.id));
    expect(row!.deleted_at).not.toBeNull();
    const history = await server.database.db
      .select({ action: fileLogs.action })
      .from(fileLogs)
      .where(eq(fileLogs.file_id, created.id))
      .orderBy(asc(fileLogs.id));
    expect(history.map((h) => h.action)).toEqual(['created', 'renamed', 'deleted']);

    const LIST = `query ($id: Int!) { submissionProperties(id: $id) { live: files { id } all: files(include_deleted: true) { id deleted_at } } }`;
    const listed = await server.gql(LIST, { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.live).toEqual([]);
    expect(listed.data!.submissionProperties.all).toEqual([{ id: created.id, deleted_at: expect.any(String) }]);
    const again = await server.gql(RENAME, { id: created.id, name: 'x.package' }, { token: owner.token });
    expect(again.errors?.[0]).toMatchObject({
      message: `File ${created.id} is deleted. Restore it first.`,
      extensions: { category: 'conflict', code: 'FILE_DELETED' },
    });
    const missing = await server.gql(RENAME, { id: 987654, name: 'x.package' }, { token: owner.token });
    expect(missing.errors?.[0]).toMatchObject({ message: 'File 987654 was not found.', extensions: { category: 'not_found' } });
  });
});

describe('object GUIDs', () => {
  const CREATE_GUID = 'mutation ($s: Int!, $g: String!) { createObjectGuid(submission_id: $s, object_guid: $g) { id object_guid submission_id } }';

  it('are stored as 16 lower-case hex digits, once per creation, and deleted', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = await server.gql(CREATE_GUID, { s: submission, g: '0x00000000001A2B3C' }, { token: owner.token });
    expect(created.data!.createObjectGuid).toMatchObject({ object_guid: '00000000001a2b3c', submission_id: submission });
    const twice = await server.gql(CREATE_GUID, { s: submission, g: '1a2b3c' }, { token: owner.token });
    expect(twice.errors?.[0]).toMatchObject({
      message: 'The object GUID 00000000001a2b3c is already listed for this creation.',
      extensions: { code: 'OBJECT_GUID_DUPLICATE' },
    });
    const invalid = await server.gql(CREATE_GUID, { s: submission, g: 'not-a-guid' }, { token: owner.token });
    expect(invalid.errors?.[0]).toMatchObject({
      message: 'An object GUID is 16 hexadecimal digits (0-9, a-f), like 0x00000000001a2b3c.',
      extensions: { category: 'validation', validation: { object_guid: [expect.any(String)] } },
    });
    const listed = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { object_guids { object_guid } } }', { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.object_guids).toEqual([{ object_guid: '00000000001a2b3c' }]);
    const stranger = await server.gql('mutation ($id: Int!) { deleteObjectGuid(id: $id) }', { id: created.data!.createObjectGuid.id }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    const del = await server.gql('mutation ($id: Int!) { deleteObjectGuid(id: $id) }', { id: created.data!.createObjectGuid.id }, { token: owner.token });
    expect(del.data!.deleteObjectGuid).toBe(true);
  });

  it('are corrected with updateObjectGuid (SPEC 7) under the same rules; one read from a file is the file’s', async () => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const UPDATE = 'mutation ($id: Int!, $g: String!) { updateObjectGuid(id: $id, object_guid: $g) { id object_guid } }';
    const typed = (await server.gql(CREATE_GUID, { s: submission, g: '0xAAAA' }, { token: owner.token })).data!.createObjectGuid;
    await server.gql(CREATE_GUID, { s: submission, g: '0xBBBB' }, { token: owner.token });
    const fixed = await server.gql(UPDATE, { id: typed.id, g: '0x00000000000000CC' }, { token: owner.token });
    expect(fixed.data!.updateObjectGuid).toEqual({ id: typed.id, object_guid: '00000000000000cc' });
    expect((await server.gql(UPDATE, { id: typed.id, g: 'bbbb' }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('OBJECT_GUID_DUPLICATE');
    expect((await server.gql(UPDATE, { id: typed.id, g: 'zz' }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('OBJECT_GUID_INVALID');
    expect((await server.gql(UPDATE, { id: typed.id, g: 'dd' }, { token: other.token })).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    expect((await server.gql(UPDATE, { id: 987654, g: 'dd' }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('OBJECT_GUID_NOT_FOUND');
    const fileId = await buildSubmissionFile(db, submission);
    const [fromFile] = await db.insert(objectGuids).values({ submission_id: submission, object_guid: '00000000000000ee', file_id: fileId }).returning();
    const refused = await server.gql(UPDATE, { id: fromFile!.id, g: 'ff' }, { token: owner.token });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'OBJECT_GUID_FROM_FILE' } });
    const history = await db.select({ action: logs.action, previous: logs.previous_values, next: logs.new_values }).from(logs).where(and(eq(logs.entity, 'object_guid'), eq(logs.entity_id, typed.id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated']);
    expect(history[1]).toMatchObject({ previous: { object_guid: '000000000000aaaa' }, next: { object_guid: '00000000000000cc' } });
  });
});

describe('game items', () => {
  it('are created, changed and deleted with their rules', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = await server.gql(
      `mutation ($s: Int!) { createGameItem(submission_id: $s, name: "Bassinet 'Hush'", type: "object", download_url: "https://example.com/b", expansion_pack: "Growing Together") { id name type download_url expansion_pack } }`,
      { s: submission },
      { token: owner.token },
    );
    expect(created.errors).toBeUndefined();
    const item = created.data!.createGameItem;
    expect(item).toMatchObject({ name: "Bassinet 'Hush'", type: 'object', download_url: 'https://example.com/b', expansion_pack: 'Growing Together' });

    const updated = await server.gql(
      'mutation ($id: Int!) { updateGameItem(id: $id, download_url: null, type: "crib") { name type download_url } }',
      { id: item.id },
      { token: owner.token },
    );
    expect(updated.data!.updateGameItem).toEqual({ name: "Bassinet 'Hush'", type: 'crib', download_url: null });
    const badUrl = await server.gql('mutation ($id: Int!) { updateGameItem(id: $id, download_url: "ftp://x") { id } }', { id: item.id }, { token: owner.token });
    expect(badUrl.errors?.[0]).toMatchObject({
      message: 'The download link must be a web address starting with http:// or https://.',
      extensions: { code: 'GAME_ITEM_INVALID', validation: { download_url: [expect.any(String)] } },
    });
    const noName = await server.gql('mutation ($s: Int!) { createGameItem(submission_id: $s, name: " ") { id } }', { s: submission }, { token: owner.token });
    expect(noName.errors?.[0]?.message).toBe('Game item name is required.');
    const listed = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { game_items { id type } } }', { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.game_items).toEqual([{ id: item.id, type: 'crib' }]);
    const del = await server.gql('mutation ($id: Int!) { deleteGameItem(id: $id) }', { id: item.id }, { token: owner.token });
    expect(del.data!.deleteGameItem).toBe(true);
    const history = await server.database.db
      .select({ action: logs.action })
      .from(logs)
      .where(and(eq(logs.entity, 'game_item'), eq(logs.entity_id, item.id)))
      .orderBy(asc(logs.id));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deleted']);
  });
});
