import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { fileLogs, files, fileVersions, logs, submissions } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes, sims4PackageBytes, storedFiles } from '../../test/uploads';

/**
 * File versions: replaceSubmissionFile, updateSubmissionFileVersion, updateSubmissionFiles,
 * restoreSubmissionFile and the staff rights of file managers. The file limit is low to test it.
 */
const MAX_FILE_BYTES = 4000;
const server = useTestServer({ MAX_FILE_BYTES: String(MAX_FILE_BYTES) });

interface Caller {
  id: number;
  token: string;
  username: string;
}
let owner: Caller;
let other: Caller;
/** Reviews (page-waiting:edit), does not manage files. */
let reviewer: Caller;
/** Manages files (page-file-management:edit), does not review. */
let manager: Caller;
/** Has admin access and the published pages, nothing about files. */
let contentManager: Caller;

const FILE = `id member_id filename filesize mimetype kind version published_version sha256 deleted_at url
  versions { id version filename filesize mimetype sha256 is_published url created_at member { MemberID UserName } }
  logs { action details member { MemberID } }`;
const CREATE = `mutation ($submission_id: Int!, $file: Upload) { createSubmissionFile(submission_id: $submission_id, file: $file) { ${FILE} } }`;
const REPLACE = `mutation ($id: Int!, $file: Upload, $key: String, $filename: String) {
  replaceSubmissionFile(id: $id, file: $file, key: $key, filename: $filename) { ${FILE} }
}`;
const VIEW = `query ($id: Int!) { file(id: $id) { ${FILE} } }`;
const PUBLISH = `mutation ($id: Int!, $v: Int!) { updateSubmissionFileVersion(id: $id, published_version: $v) { ${FILE} } }`;
const UPDATE_MANY = `mutation ($s: Int!, $files: [SubmissionFileChange!]!) { updateSubmissionFiles(submission_id: $s, files: $files) { id filename published_version } }`;
const RESTORE = `mutation ($id: Int!) { restoreSubmissionFile(id: $id) { ${FILE} } }`;
const DELETE = 'mutation ($id: Int!) { deleteSubmissionFile(id: $id) }';

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id), username: m.username };
}

beforeAll(async () => {
  const db = server.database.db;
  const reviewerRole = await buildRole(db, 'Reviewer (test)', [pagePermission('waiting', 'edit'), pagePermission('waiting', 'view')]);
  const managerRole = await buildRole(db, 'File manager (test)', [pagePermission('file-management', 'edit'), pagePermission('file-management', 'view')]);
  owner = await caller();
  other = await caller();
  reviewer = await caller([reviewerRole]);
  manager = await caller([managerRole]);
  contentManager = await caller(['Content manager']);
});

/** Sims 4 package bytes of `size`, different for each `seed`. */
function pkg(size: number, seed = 0): Buffer {
  const bytes = sims4PackageBytes(size);
  bytes[size - 1] = seed;
  return bytes;
}

/** A Sims 3 package header (DBPF 2.0). */
function sims3Package(size = 500): Buffer {
  const bytes = sims4PackageBytes(size);
  bytes.writeUInt32LE(0, 8);
  return bytes;
}

const sha = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');
const get = (url: string) => server.app.inject({ method: 'GET', url });

async function createFile(submission: number, content: Buffer, name: string, token = owner.token) {
  const res = await server.upload(CREATE, { submission_id: submission }, { 'variables.file': { name, content } }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.createSubmissionFile;
}

function replace(id: number, content: Buffer | string, name: string, token = owner.token) {
  return server.upload(REPLACE, { id }, { 'variables.file': { name, content } }, { token });
}

async function setStatus(submission: number, status: 'CREATED' | 'SUBMITTED' | 'APPROVED' | 'REJECTED') {
  await server.database.db.update(submissions).set({ status }).where(eq(submissions.id, submission));
}

/** What a refused change must leave as it was. */
async function snapshot(fileId: number) {
  const db = server.database.db;
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  const versions = await db.select().from(fileVersions).where(eq(fileVersions.file_id, fileId));
  const history = await db.select().from(fileLogs).where(eq(fileLogs.file_id, fileId));
  const entries = await db.select().from(logs).where(and(eq(logs.entity, 'file'), eq(logs.entity_id, fileId)));
  return { row, versions: versions.length, history: history.length, entries: entries.length };
}

async function submissionLogs(fileId: number, action: string) {
  return server.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.entity, 'file'), eq(logs.entity_id, fileId), eq(logs.action, action)))
    .orderBy(asc(logs.id));
}

describe('replaceSubmissionFile', () => {
  it('adds versions numbered one up, keeps the published version, and serves each version’s own bytes', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const v1 = pkg(1000, 1);
    const v2 = pkg(1500, 2);
    const created = await createFile(submission, v1, 'chair.package');
    const published = await server.gql(PUBLISH, { id: created.id, v: 1 }, { token: manager.token });
    expect(published.errors).toBeUndefined();

    const second = await replace(created.id, v2, 'chair v2.package');
    expect(second.errors).toBeUndefined();
    expect(second.data!.replaceSubmissionFile).toMatchObject({
      id: created.id,
      filename: 'chair v2.package',
      filesize: 1500,
      kind: 'sims4-package',
      version: 2,
      published_version: 1,
      sha256: sha(v2),
    });
    // Going back to the first content is a new version too.
    const third = await replace(created.id, v1, 'chair.package');
    expect(third.errors).toBeUndefined();
    const file = third.data!.replaceSubmissionFile;
    expect(file).toMatchObject({ version: 3, published_version: 1, filesize: 1000, sha256: sha(v1) });

    const by = { MemberID: owner.id, UserName: owner.username };
    expect(file.versions).toMatchObject([
      { version: 3, filename: 'chair.package', filesize: 1000, sha256: sha(v1), is_published: false, member: by },
      { version: 2, filename: 'chair v2.package', filesize: 1500, sha256: sha(v2), is_published: false, member: by },
      { version: 1, filename: 'chair.package', filesize: 1000, sha256: sha(v1), is_published: true, member: by },
    ]);
    const expected: Record<number, Buffer> = { 1: v1, 2: v2, 3: v1 };
    for (const v of file.versions) {
      expect(v.url).toMatch(new RegExp(`^/${owner.id}/files/${created.id}_version_${v.version}\\?expires=\\d+&signature=`));
      const res = await get(v.url);
      expect(res.statusCode, `version ${v.version}`).toBe(200);
      expect(res.rawPayload.equals(expected[v.version]!), `version ${v.version}`).toBe(true);
    }
    const older = await get(file.versions[1].url);
    expect(older.headers['content-disposition']).toContain('filename="chair v2.package"');
    expect((await get(file.url)).rawPayload.equals(v1)).toBe(true);

    expect(file.logs.map((l: { action: string }) => l.action)).toEqual(['created', 'published-version', 'replaced', 'replaced']);
    expect(file.logs[2]).toEqual({
      action: 'replaced',
      details: { from_version: 1, to_version: 2, filename: 'chair v2.package', filesize: 1500, kind: 'sims4-package', sha256: sha(v2) },
      member: { MemberID: owner.id },
    });
    const entries = await submissionLogs(created.id, 'replaced');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      submission_id: submission,
      member_id: owner.id,
      previous_values: { version: 1, filename: 'chair.package', filesize: 1000, kind: 'sims4-package', sha256: sha(v1) },
      new_values: { version: 2, filename: 'chair v2.package', filesize: 1500, kind: 'sims4-package', sha256: sha(v2) },
    });
  });

  it('numbers replacements sent at the same time one after the other', async () => {
    const created = await createFile(await buildSubmission(server.database.db, owner.id), pkg(700, 10), 'chair.package');
    const results = await Promise.all([11, 12, 13].map((seed) => replace(created.id, pkg(700, seed), `chair ${seed}.package`)));
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined, undefined]);
    expect(results.map((r) => r.data!.replaceSubmissionFile.version).sort()).toEqual([2, 3, 4]);
    const rows = await server.database.db.select().from(fileVersions).where(eq(fileVersions.file_id, created.id));
    expect(rows.map((v) => v.version).sort()).toEqual([1, 2, 3, 4]);
    const [row] = await server.database.db.select().from(files).where(eq(files.id, created.id));
    expect(row!.sha256).toBe(rows.find((v) => v.version === 4)!.sha256);
  });

  it('takes an image of another format for an image, re-reading its type', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60, 1)]);
    const created = await createFile(submission, gif, 'preview.gif');
    expect(created).toMatchObject({ kind: 'image', mimetype: 'image/gif' });
    const res = await replace(created.id, await pngBytes(), 'preview.png');
    expect(res.errors).toBeUndefined();
    expect(res.data!.replaceSubmissionFile).toMatchObject({ kind: 'image', mimetype: 'image/png', filename: 'preview.png', version: 2 });
  });

  it('refuses what cannot be a new version, each with its message, and changes nothing', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const v1 = pkg(1000, 7);
    const created = await createFile(submission, v1, 'chair.package');
    const before = await snapshot(created.id);
    const blobs = storedFiles(server.config.filesDir);

    const same = await replace(created.id, v1, 'again.package');
    expect(same.errors?.[0]).toMatchObject({
      message: '“again.package” is the same as version 1, the newest one. Choose the changed file.',
      extensions: { category: 'validation', code: 'FILE_SAME_CONTENT', validation: { file: [expect.any(String)] } },
    });
    const otherGame = await replace(created.id, sims3Package(), 'old game.package');
    expect(otherGame.errors?.[0]).toMatchObject({
      message: '“old game.package” is a Sims 3 package. This file is a Sims 4 package, so it can only be replaced by another Sims 4 package.',
      extensions: { category: 'validation', code: 'FILE_KIND_CHANGED' },
    });
    const picture = await replace(created.id, await pngBytes(5, 5), 'look.png');
    expect(picture.errors?.[0]?.message).toBe('“look.png” is an image. This file is a Sims 4 package, so it can only be replaced by another Sims 4 package.');
    const text = await replace(created.id, 'Just some notes about the chair, not a package.', 'notes.txt');
    expect(text.errors?.[0]?.extensions?.code).toBe('FILE_NOT_ACCEPTED');
    const big = await replace(created.id, pkg(5000, 1), 'big.package');
    expect(big.errors?.[0]).toMatchObject({ message: '“big.package” is 4.9 KB; files may be at most 3.9 KB.', extensions: { code: 'FILE_TOO_LARGE' } });

    expect(await snapshot(created.id)).toEqual(before);
    expect(storedFiles(server.config.filesDir)).toEqual(blobs);
  });

  it('needs exactly one source: a file, or a direct upload’s key with its name', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = await createFile(submission, pkg(900, 3), 'chair.package');
    const before = await snapshot(created.id);
    const neither = await server.gql(REPLACE, { id: created.id }, { token: owner.token });
    expect(neither.errors?.[0]).toMatchObject({
      message: 'Choose a file to upload, or send the key of a finished direct upload with its file name.',
      extensions: { category: 'validation', code: 'FILE_SOURCE_MISSING', validation: { file: [expect.any(String)] } },
    });
    const both = await server.upload(
      REPLACE,
      { id: created.id, key: 'uploads/whatever', filename: 'x.package' },
      { 'variables.file': { name: 'x.package', content: pkg(900, 4) } },
      { token: owner.token },
    );
    expect(both.errors?.[0]).toMatchObject({
      message: 'Send either a file, or the key of a direct upload with its file name, not both.',
      extensions: { code: 'FILE_SOURCE_AMBIGUOUS' },
    });
    const fileAndName = await server.upload(
      REPLACE,
      { id: created.id, filename: 'x.package' },
      { 'variables.file': { name: 'x.package', content: pkg(900, 5) } },
      { token: owner.token },
    );
    expect(fileAndName.errors?.[0]?.extensions?.code).toBe('FILE_SOURCE_AMBIGUOUS');
    const keyOnly = await server.gql(REPLACE, { id: created.id, key: 'uploads/whatever' }, { token: owner.token });
    expect(keyOnly.errors?.[0]).toMatchObject({
      message: 'Send the file’s name with the direct upload’s key.',
      extensions: { code: 'FILE_FILENAME_MISSING', validation: { filename: [expect.any(String)] } },
    });
    expect(await snapshot(created.id)).toEqual(before);

    // createSubmissionFile has the same rule.
    const noFile = await server.gql(CREATE, { submission_id: submission }, { token: owner.token });
    expect(noFile.errors?.[0]?.extensions?.code).toBe('FILE_SOURCE_MISSING');
    const count = await server.database.db.select().from(files).where(eq(files.submission_id, submission));
    expect(count).toHaveLength(1);
  });

  it('takes a finished direct upload’s key as the new version, refusing the wrong kind without a trace', async () => {
    const GET_URL = 'mutation ($f: String!) { getFileUploadUrl(filename: $f, mimetype: "") { url key headers } }';
    async function directUpload(filename: string, bytes: Buffer): Promise<string> {
      const target = (await server.gql(GET_URL, { f: filename }, { token: owner.token })).data!.getFileUploadUrl;
      const put = await server.app.inject({ method: 'PUT', url: target.url, headers: target.headers, payload: bytes });
      expect(put.statusCode, put.body).toBeLessThan(300);
      return target.key;
    }
    const created = await createFile(await buildSubmission(server.database.db, owner.id), pkg(800, 20), 'lamp.package');
    const v2 = pkg(800, 21);
    const key = await directUpload('lamp v2.package', v2);
    const res = await server.gql(REPLACE, { id: created.id, key, filename: 'lamp v2.package' }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    const file = res.data!.replaceSubmissionFile;
    expect(file).toMatchObject({ version: 2, filename: 'lamp v2.package', sha256: sha(v2), kind: 'sims4-package' });
    expect((await get(file.versions[0].url)).rawPayload.equals(v2)).toBe(true);

    const before = await snapshot(created.id);
    const imageKey = await directUpload('lamp.png', await pngBytes(6, 6, '#113355'));
    const wrong = await server.gql(REPLACE, { id: created.id, key: imageKey, filename: 'lamp.png' }, { token: owner.token });
    expect(wrong.errors?.[0]?.extensions?.code).toBe('FILE_KIND_CHANGED');
    expect(await snapshot(created.id)).toEqual(before);
  });

  it('lets an approved creation’s owner upload a new version for an update; visitors keep the approved one', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const first = pkg(900, 1);
    const created = await createFile(submission, first, 'lamp.package');
    // Approved and published: what visitors download matters.
    await server.database.db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) }).where(eq(submissions.id, submission));

    const second = pkg(900, 2);
    const res = await replace(created.id, second, 'lamp-v2.package');
    expect(res.errors).toBeUndefined();
    // The approved content stays what visitors get; the new version waits for an update request.
    expect(res.data!.replaceSubmissionFile).toMatchObject({ version: 2, published_version: 1 });
    const FILES = 'query ($id: Int!) { submissionProperties(id: $id) { files { id url } } }';
    const urlFor = async (token: string) => {
      const seen = await server.gql<{ submissionProperties: { files: { id: number; url: string }[] } }>(FILES, { id: submission }, { token });
      return seen.data!.submissionProperties.files.find((f) => f.id === created.id)!.url;
    };
    const download = await get(await urlFor(other.token));
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(sha(first));
    expect(sha((await get(await urlFor(owner.token))).rawPayload)).toBe(sha(second));

    // Only new versions: renaming or deleting a published file is still refused to its owner.
    const before = await snapshot(created.id);
    const renamed = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: created.id, filename: 'other.package' }] }, { token: owner.token });
    expect(renamed.errors?.[0]?.extensions).toMatchObject({ code: 'SUBMISSION_NOT_EDITABLE' });
    const deleted = await server.gql(DELETE, { id: created.id }, { token: owner.token });
    expect(deleted.errors?.[0]?.extensions).toMatchObject({ code: 'SUBMISSION_NOT_EDITABLE' });
    expect(await snapshot(created.id)).toEqual(before);
    // Another creator still may not.
    expect((await replace(created.id, pkg(900, 3), 'x.package', other.token)).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_OWNER' });
  });

  it('lets the owner while editable, reviewers and file managers at any status; not others', async () => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const created = await createFile(submission, pkg(800, 1), 'chair.package');
    for (const [who, code] of [
      [other, 'NOT_OWNER'],
      [contentManager, 'NOT_OWNER'],
    ] as const) {
      const res = await replace(created.id, pkg(800, 2), 'x.package', who.token);
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code });
    }
    expect((await replace(created.id, pkg(800, 2), 'x.package', null as unknown as string)).errors?.[0]?.extensions?.category).toBe('authorization');

    await setStatus(submission, 'SUBMITTED');
    const waiting = await replace(created.id, pkg(800, 2), 'x.package');
    expect(waiting.errors?.[0]).toMatchObject({
      message: 'This creation is waiting for review. Withdraw it to edit it again.',
      extensions: { category: 'conflict', code: 'SUBMISSION_NOT_EDITABLE' },
    });
    const byReviewer = await replace(created.id, pkg(800, 3), 'fixed.package', reviewer.token);
    expect(byReviewer.data!.replaceSubmissionFile).toMatchObject({ version: 2 });
    expect(byReviewer.data!.replaceSubmissionFile.versions[0].member).toEqual({ MemberID: reviewer.id, UserName: reviewer.username });

    await setStatus(submission, 'APPROVED');
    const byManager = await replace(created.id, pkg(800, 4), 'managed.package', manager.token);
    expect(byManager.errors).toBeUndefined();
    expect(byManager.data!.replaceSubmissionFile).toMatchObject({ version: 3, filename: 'managed.package' });

    // The owner's change to a rejected creation takes it back to CREATED, in the same transaction.
    await setStatus(submission, 'REJECTED');
    const reopened = await replace(created.id, pkg(800, 5), 'mine.package');
    expect(reopened.data!.replaceSubmissionFile).toMatchObject({ version: 4 });
    const [s] = await db.select().from(submissions).where(eq(submissions.id, submission));
    expect(s!.status).toBe('CREATED');
    const statusLogs = await db
      .select()
      .from(logs)
      .where(and(eq(logs.submission_id, submission), eq(logs.action, 'status')))
      .orderBy(asc(logs.id));
    expect(statusLogs.map((l) => l.new_values)).toEqual([{ status: 'CREATED' }]);

    // A rejected owner edit that fails keeps the creation rejected.
    await setStatus(submission, 'REJECTED');
    expect((await replace(created.id, pkg(800, 5), 'same.package')).errors?.[0]?.extensions?.code).toBe('FILE_SAME_CONTENT');
    const [still] = await db.select().from(submissions).where(eq(submissions.id, submission));
    expect(still!.status).toBe('REJECTED');
  });

  it('refuses a deleted file (restore it first) and the files of a deleted creation', async () => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const created = await createFile(submission, pkg(700, 1), 'chair.package');
    await server.gql(DELETE, { id: created.id }, { token: owner.token });
    for (const token of [owner.token, manager.token]) {
      const res = await replace(created.id, pkg(700, 2), 'x.package', token);
      expect(res.errors?.[0]).toMatchObject({ message: `File ${created.id} is deleted. Restore it first.`, extensions: { category: 'conflict', code: 'FILE_DELETED' } });
    }
    // A stranger learns nothing about it being deleted.
    expect((await replace(created.id, pkg(700, 2), 'x.package', other.token)).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');

    const gone = await buildSubmission(db, owner.id);
    const inGone = await createFile(gone, pkg(700, 3), 'chair.package');
    await db.update(submissions).set({ deleted_at: new Date() }).where(eq(submissions.id, gone));
    const res = await replace(inGone.id, pkg(700, 4), 'x.package', manager.token);
    expect(res.errors?.[0]).toMatchObject({ message: 'This creation was deleted.', extensions: { code: 'SUBMISSION_NOT_EDITABLE' } });
    expect((await replace(987654, pkg(700, 4), 'x.package')).errors?.[0]).toMatchObject({
      message: 'File 987654 was not found.',
      extensions: { category: 'not_found' },
    });
  });
});

describe('updateSubmissionFileVersion', () => {
  it('sets an existing version as published, logged with the previous and new value, for file managers only', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = await createFile(submission, pkg(600, 1), 'chair.package');
    await replace(created.id, pkg(600, 2), 'chair.package');

    for (const token of [owner.token, reviewer.token, contentManager.token]) {
      const res = await server.gql(PUBLISH, { id: created.id, v: 2 }, { token });
      expect(res.errors?.[0]?.extensions?.category).toBe('authorization');
    }
    const missing = await server.gql(PUBLISH, { id: created.id, v: 7 }, { token: manager.token });
    expect(missing.errors?.[0]).toMatchObject({
      message: `File ${created.id} has no version 7.`,
      extensions: { category: 'validation', code: 'FILE_VERSION_NOT_FOUND', validation: { published_version: [expect.any(String)] } },
    });

    const set = await server.gql(PUBLISH, { id: created.id, v: 2 }, { token: manager.token });
    expect(set.errors).toBeUndefined();
    const file = set.data!.updateSubmissionFileVersion;
    expect(file.published_version).toBe(2);
    expect(file.versions.map((v: { version: number; is_published: boolean }) => [v.version, v.is_published])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(file.logs.at(-1)).toEqual({ action: 'published-version', details: { from: null, to: 2 }, member: { MemberID: manager.id } });

    const back = await server.gql(PUBLISH, { id: created.id, v: 1 }, { token: manager.token });
    expect(back.data!.updateSubmissionFileVersion.logs.at(-1).details).toEqual({ from: 2, to: 1 });
    // Setting the version it already has changes and logs nothing.
    const again = await server.gql(PUBLISH, { id: created.id, v: 1 }, { token: manager.token });
    expect(again.data!.updateSubmissionFileVersion.logs).toHaveLength(back.data!.updateSubmissionFileVersion.logs.length);

    const entries = await submissionLogs(created.id, 'published-version');
    expect(entries.map((e) => [e.previous_values, e.new_values])).toEqual([
      [{ published_version: null }, { published_version: 2 }],
      [{ published_version: 2 }, { published_version: 1 }],
    ]);
    expect(entries[0]).toMatchObject({ submission_id: submission, member_id: manager.id });

    await server.gql(DELETE, { id: created.id }, { token: owner.token });
    const deleted = await server.gql(PUBLISH, { id: created.id, v: 2 }, { token: manager.token });
    expect(deleted.errors?.[0]?.extensions?.code).toBe('FILE_DELETED');
  });
});

describe('updateSubmissionFiles', () => {
  async function threeFiles() {
    const submission = await buildSubmission(server.database.db, owner.id);
    const a = await createFile(submission, pkg(500, 1), 'a.package');
    const b = await createFile(submission, pkg(500, 2), 'b.package');
    const elsewhere = await createFile(await buildSubmission(server.database.db, owner.id), pkg(500, 3), 'c.package');
    return { submission, a, b, elsewhere };
  }

  const names = async (...ids: number[]) => {
    const rows = await Promise.all(ids.map((id) => server.database.db.select().from(files).where(eq(files.id, id))));
    return rows.map(([r]) => r!.filename);
  };

  it('renames several files in one go, each change logged, answering them in order', async () => {
    const { submission, a, b } = await threeFiles();
    const res = await server.gql(
      UPDATE_MANY,
      { s: submission, files: [{ id: b.id, filename: 'Blue Sofa.package' }, { id: a.id, filename: 'Armchair.package' }] },
      { token: owner.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSubmissionFiles).toEqual([
      { id: b.id, filename: 'Blue Sofa.package', published_version: null },
      { id: a.id, filename: 'Armchair.package', published_version: null },
    ]);
    const history = await server.database.db
      .select()
      .from(fileLogs)
      .where(and(eq(fileLogs.file_id, a.id), eq(fileLogs.action, 'renamed')))
      .orderBy(asc(fileLogs.id));
    expect(history.map((h) => h.details)).toEqual([{ from: 'a.package', to: 'Armchair.package' }]);
    const entries = await submissionLogs(b.id, 'updated');
    expect(entries.map((e) => [e.previous_values, e.new_values])).toEqual([[{ filename: 'b.package' }, { filename: 'Blue Sofa.package' }]]);
    const empty = await server.gql(UPDATE_MANY, { s: submission, files: [] }, { token: owner.token });
    expect(empty.data!.updateSubmissionFiles).toEqual([]);
    expect((await server.gql(UPDATE_MANY, { s: submission, files: [] }, { token: other.token })).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
  });

  it('is all or nothing: one bad change keeps every file as it was', async () => {
    const { submission, a, b, elsewhere } = await threeFiles();
    const cases: [unknown[], string, string][] = [
      [[{ id: a.id, filename: 'Armchair.package' }, { id: elsewhere.id, filename: 'x.package' }], 'FILE_NOT_IN_SUBMISSION', `File ${elsewhere.id} is not a file of creation ${submission}.`],
      [[{ id: a.id, filename: 'Armchair.package' }, { id: 987654 }], 'FILE_NOT_IN_SUBMISSION', `File 987654 is not a file of creation ${submission}.`],
      [[{ id: a.id, filename: 'Armchair.package' }, { id: b.id, filename: 'b.zip' }], 'FILE_EXTENSION_CHANGED', 'The new name must keep the extension “.package”.'],
      [[{ id: a.id, filename: 'Armchair.package' }, { id: a.id, filename: 'Again.package' }], 'FILE_CHANGE_DUPLICATE', `File ${a.id} is listed more than once.`],
    ];
    for (const [changes, code, message] of cases) {
      const res = await server.gql(UPDATE_MANY, { s: submission, files: changes }, { token: owner.token });
      expect(res.errors?.[0], code).toMatchObject({ message, extensions: { code } });
      expect(await names(a.id, b.id, elsewhere.id)).toEqual(['a.package', 'b.package', 'c.package']);
    }
    const withPublish = await server.gql(
      UPDATE_MANY,
      { s: submission, files: [{ id: a.id, filename: 'Armchair.package' }, { id: b.id, published_version: 1 }] },
      { token: owner.token },
    );
    expect(withPublish.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    expect(await names(a.id)).toEqual(['a.package']);
    const stranger = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: a.id, filename: 'Mine.package' }] }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');

    await server.gql(DELETE, { id: b.id }, { token: owner.token });
    const deleted = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: b.id, filename: 'Back.package' }] }, { token: owner.token });
    expect(deleted.errors?.[0]?.extensions?.code).toBe('FILE_DELETED');
  });

  it('lets file managers rename and set published versions on an approved creation', async () => {
    const { submission, a, b } = await threeFiles();
    await replace(b.id, pkg(500, 9), 'b.package');
    await setStatus(submission, 'APPROVED');
    const byOwner = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: a.id, filename: 'x.package' }] }, { token: owner.token });
    expect(byOwner.errors?.[0]?.extensions?.code).toBe('SUBMISSION_NOT_EDITABLE');
    const res = await server.gql(
      UPDATE_MANY,
      { s: submission, files: [{ id: a.id, published_version: 1 }, { id: b.id, filename: 'Bed.package', published_version: 2 }] },
      { token: manager.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSubmissionFiles).toEqual([
      { id: a.id, filename: 'a.package', published_version: 1 },
      { id: b.id, filename: 'Bed.package', published_version: 2 },
    ]);
    const history = await server.database.db.select().from(fileLogs).where(eq(fileLogs.file_id, b.id)).orderBy(asc(fileLogs.id));
    expect(history.map((h) => h.action)).toEqual(['created', 'replaced', 'renamed', 'published-version']);
    const missing = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: a.id, published_version: 5 }] }, { token: manager.token });
    expect(missing.errors?.[0]?.extensions?.code).toBe('FILE_VERSION_NOT_FOUND');
    const content = await server.gql(UPDATE_MANY, { s: submission, files: [{ id: a.id, filename: 'y.package' }] }, { token: contentManager.token });
    expect(content.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
  });
});

describe('deleteSubmissionFile and restoreSubmissionFile', () => {
  it('keeps a deleted file’s row, versions and history, and brings it back', async () => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const v1 = pkg(900, 1);
    const v2 = pkg(900, 2);
    const created = await createFile(submission, v1, 'chair.package');
    await replace(created.id, v2, 'chair.package');
    expect((await server.gql(DELETE, { id: created.id }, { token: owner.token })).data!.deleteSubmissionFile).toBe(true);

    const seen = await server.gql(VIEW, { id: created.id }, { token: owner.token });
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.file.deleted_at).toEqual(expect.any(String));
    expect(seen.data!.file.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(seen.data!.file.logs.map((l: { action: string }) => l.action)).toEqual(['created', 'replaced', 'deleted']);
    // Its owner still downloads every version of the deleted file through the signed URLs.
    expect((await get(seen.data!.file.versions[1].url)).statusCode).toBe(200);
    expect((await server.gql(DELETE, { id: created.id }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('FILE_DELETED');

    for (const token of [other.token, contentManager.token]) {
      expect((await server.gql(RESTORE, { id: created.id }, { token })).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    }
    const restored = await server.gql(RESTORE, { id: created.id }, { token: owner.token });
    expect(restored.errors).toBeUndefined();
    const file = restored.data!.restoreSubmissionFile;
    expect(file).toMatchObject({ deleted_at: null, version: 2 });
    expect(file.logs.at(-1)).toEqual({ action: 'restored', details: { filename: 'chair.package' }, member: { MemberID: owner.id } });
    const [entry] = await submissionLogs(created.id, 'restored');
    expect(entry).toMatchObject({ submission_id: submission, previous_values: { deleted_at: seen.data!.file.deleted_at }, new_values: { deleted_at: null } });
    expect((await get(file.versions[1].url)).rawPayload.equals(v1)).toBe(true);
    expect((await get(file.versions[0].url)).rawPayload.equals(v2)).toBe(true);

    // Restoring a live file changes and logs nothing.
    const again = await server.gql(RESTORE, { id: created.id }, { token: owner.token });
    expect(again.data!.restoreSubmissionFile.logs).toHaveLength(file.logs.length);
  });

  it('lets file managers delete and restore files of an approved creation; the owner may not', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const created = await createFile(submission, pkg(900, 5), 'chair.package');
    await setStatus(submission, 'APPROVED');
    expect((await server.gql(DELETE, { id: created.id }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('SUBMISSION_NOT_EDITABLE');
    expect((await server.gql(DELETE, { id: created.id }, { token: contentManager.token })).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    expect((await server.gql(DELETE, { id: created.id }, { token: manager.token })).data!.deleteSubmissionFile).toBe(true);
    expect((await server.gql(RESTORE, { id: created.id }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('SUBMISSION_NOT_EDITABLE');
    const restored = await server.gql(RESTORE, { id: created.id }, { token: manager.token });
    expect(restored.data!.restoreSubmissionFile.deleted_at).toBeNull();
    const renamed = await server.gql('mutation ($id: Int!) { updateSubmissionFile(id: $id, filename: "Chair.package") { filename } }', { id: created.id }, { token: manager.token });
    expect(renamed.data!.updateSubmissionFile.filename).toBe('Chair.package');
  });
});
