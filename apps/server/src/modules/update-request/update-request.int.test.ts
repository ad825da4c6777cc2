import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { fileLogs, files, logs, submissions, tests, updateRequests } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission, buildSubmissionFile } from '../../test/factories';
import { buildImage } from '../../test/owned-fixtures';
import { useTestServer } from '../../test/server';
import { sims4PackageBytes } from '../../test/uploads';

/**
 * Update requests: a creator asks to update an approved creation; staff of the updated page approve
 * (the versions it brings become the published ones) or reject it.
 */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
}
let owner: Caller;
let other: Caller;
/** The seeded Submissions role: review pages, the updated page among them. */
let staff: Caller;
/** Reads the updated page, may not decide. */
let viewer: Caller;
/** Reviews new creations (page-waiting:edit), nothing about updates. */
let reviewer: Caller;

const REQUEST = `id submission_id message status decision_note created_at updated_at
  member { MemberID } files { id version published_version } file_versions { file_id version file_version { version sha256 } }
  images { id } tests { id status update_request_id }`;
const CREATE = `mutation ($s: Int!, $message: String, $files: [Int!], $images: [Int!]) {
  createSubmissionUpdateRequest(submission_id: $s, message: $message, file_ids: $files, image_ids: $images) { ${REQUEST} }
}`;
const DECIDE = `mutation ($id: Int!, $status: String!, $message: String) {
  updateSubmissionUpdateRequest(id: $id, status: $status, message: $message) { ${REQUEST} }
}`;
const DELETE = 'mutation ($id: Int!) { deleteSubmissionUpdateRequest(id: $id) }';
const ONE = `query ($id: Int!) { submissionUpdateRequest(id: $id) { ${REQUEST} } }`;
const LIST = `query ($s: Int, $status: [String!], $first: Int, $page: Int) {
  getSubmissionUpdateRequests(submission_id: $s, status: $status, first: $first, page: $page) {
    data { id submission_id status } paginatorInfo { count total currentPage lastPage hasMorePages }
  }
}`;
const FILE_CREATE = `mutation ($s: Int!, $file: Upload) { createSubmissionFile(submission_id: $s, file: $file) { id version } }`;
const FILE_REPLACE = `mutation ($id: Int!, $file: Upload) { replaceSubmissionFile(id: $id, file: $file) { id version published_version } }`;
const VISITOR_FILES = `query ($id: Int!) { submissionProperties(id: $id) { files { id version published_version url } } }`;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id) };
}

beforeAll(async () => {
  const db = server.database.db;
  const viewerRole = await buildRole(db, 'Updates viewer (test)', [pagePermission('updated', 'view')]);
  const reviewerRole = await buildRole(db, 'Reviewer only (test)', [pagePermission('waiting', 'edit'), pagePermission('waiting', 'view')]);
  owner = await caller();
  other = await caller();
  staff = await caller(['Submissions']);
  viewer = await caller([viewerRole]);
  reviewer = await caller([reviewerRole]);
});

/** An APPROVED creation of the owner, published a day ago unless told otherwise. */
async function approvedCreation(options: { publishAt?: Date; ownerId?: number } = {}) {
  return buildSubmission(server.database.db, options.ownerId ?? owner.id, {
    status: 'APPROVED',
    publish_at: options.publishAt ?? new Date(Date.now() - 86_400_000),
  });
}

/** A file with a published version 1 and a newer version 2 (what an update brings). */
async function fileWithNewVersion(submission: number) {
  return buildSubmissionFile(server.database.db, submission, { versions: [hash(1), hash(2)], published_version: 1 });
}

const hash = (n: number) => n.toString(16).padStart(64, '0');

async function create(submission: number, variables: Record<string, unknown> = {}, token = owner.token) {
  return server.gql(CREATE, { s: submission, message: 'New colours and a fixed texture.', ...variables }, { token });
}

async function logsOf(entity: string, id: number) {
  return server.database.db.select().from(logs).where(and(eq(logs.entity, entity), eq(logs.entity_id, id))).orderBy(asc(logs.id));
}

describe('createSubmissionUpdateRequest', () => {
  it('the owner sends one on an approved creation: pending, with its files, the versions they bring and images, logged', async () => {
    const s = await approvedCreation();
    const file = await fileWithNewVersion(s);
    const image = await buildImage(server.database.db, owner.id, s);
    const res = await create(s, { files: [file], images: [image] });
    expect(res.errors).toBeUndefined();
    const request = res.data!.createSubmissionUpdateRequest;
    expect(request).toMatchObject({
      submission_id: s,
      message: 'New colours and a fixed texture.',
      status: 'PENDING',
      decision_note: null,
      member: { MemberID: owner.id },
      files: [{ id: file, version: 2, published_version: 1 }],
      file_versions: [{ file_id: file, version: 2, file_version: { version: 2, sha256: hash(2) } }],
      images: [{ id: image }],
      tests: [],
    });
    const entries = await logsOf('update_request', request.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      submission_id: s,
      member_id: owner.id,
      action: 'created',
      new_values: { status: 'PENDING', file_ids: [file], image_ids: [image], versions: [{ file_id: file, version: 2, published_version: 1 }] },
    });
  });

  it('works on a scheduled (approved, not yet published) creation too', async () => {
    const s = await approvedCreation({ publishAt: new Date(Date.now() + 86_400_000) });
    const res = await create(s, { files: [await fileWithNewVersion(s)] });
    expect(res.errors).toBeUndefined();
  });

  it('refuses a creation that is not approved, with a message, and writes nothing', async () => {
    for (const status of ['CREATED', 'SUBMITTED', 'TESTING', 'REJECTED'] as const) {
      const s = await buildSubmission(server.database.db, owner.id, { status });
      const res = await create(s);
      expect(res.errors?.[0], status).toMatchObject({
        message: 'Only approved creations take update requests. Until then, edit the creation itself.',
        extensions: { category: 'conflict', code: 'UPDATE_REQUEST_SUBMISSION_NOT_APPROVED' },
      });
      expect(await server.database.db.select().from(updateRequests).where(eq(updateRequests.submission_id, s))).toEqual([]);
    }
    const deleted = await buildSubmission(server.database.db, owner.id, { status: 'APPROVED', publish_at: new Date(), deleted_at: new Date() });
    expect((await create(deleted)).errors?.[0]?.message).toBe('This creation was deleted; it cannot be updated.');
  });

  it('requires a message: a validation error on the message field', async () => {
    const s = await approvedCreation();
    for (const message of [null, '', '   ']) {
      const res = await create(s, { message });
      expect(res.errors?.[0]).toMatchObject({
        message: 'Please write a message that says what the update changes.',
        extensions: { category: 'validation', code: 'UPDATE_REQUEST_MESSAGE_MISSING', validation: { message: [expect.any(String)] } },
      });
    }
    const long = await create(s, { message: 'x'.repeat(5001) });
    expect(long.errors?.[0]?.extensions).toMatchObject({ category: 'validation', validation: { message: ['The message may have at most 5000 characters.'] } });
  });

  it('allows one pending request at a time, also when two are sent at once', async () => {
    const s = await approvedCreation();
    const [a, b] = await Promise.all([create(s), create(s)]);
    const failed = [a, b].filter((r) => r.errors);
    expect(failed).toHaveLength(1);
    const first = [a, b].find((r) => !r.errors)!.data!.createSubmissionUpdateRequest;
    expect(failed[0]!.errors![0]).toMatchObject({
      message: `This creation already has an update request waiting for review (${first.id}). Wait for it, or withdraw it first.`,
      extensions: { category: 'conflict', code: 'UPDATE_REQUEST_ALREADY_PENDING' },
    });
    // Once decided, the next one may be sent.
    expect((await server.gql(DECIDE, { id: first.id, status: 'REJECTED' }, { token: staff.token })).errors).toBeUndefined();
    expect((await create(s)).errors).toBeUndefined();
  });

  it('refuses someone else’s creation, staff included (only the owner asks)', async () => {
    const s = await approvedCreation();
    for (const who of [other, staff]) {
      const res = await create(s, {}, who.token);
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    }
    expect((await server.gql(CREATE, { s, message: 'x' })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
  });

  it('refuses files and images that are not the creation’s, and files with nothing new', async () => {
    const s = await approvedCreation();
    const elsewhere = await approvedCreation();
    const foreignFile = await fileWithNewVersion(elsewhere);
    const deletedFile = await buildSubmissionFile(server.database.db, s, { versions: [hash(5), hash(6)], published_version: 1, deleted_at: new Date() });
    const res = await create(s, { files: [foreignFile, deletedFile, 999_999] });
    expect(res.errors?.[0]).toMatchObject({
      message: `Not live files of this creation: ${foreignFile}, ${deletedFile}, 999999.`,
      extensions: { category: 'validation', validation: { file_ids: [expect.any(String)] } },
    });
    const unchanged = await buildSubmissionFile(server.database.db, s, { filename: 'lamp.package', versions: [hash(7)], published_version: 1 });
    expect((await create(s, { files: [unchanged] })).errors?.[0]).toMatchObject({
      message: '“lamp.package” has no new version: version 1 is already the one visitors download. Upload a new version first.',
      extensions: { category: 'validation', code: 'UPDATE_REQUEST_FILE_NOTHING_NEW' },
    });
    const foreignImage = await buildImage(server.database.db, other.id, elsewhere);
    expect((await create(s, { images: [foreignImage] })).errors?.[0]?.extensions).toMatchObject({
      code: 'UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION',
      validation: { image_ids: [`Not live images of this creation: ${foreignImage}.`] },
    });
    expect(await server.database.db.select().from(updateRequests).where(eq(updateRequests.submission_id, s))).toEqual([]);
  });
});

describe('updateSubmissionUpdateRequest', () => {
  it('approving makes the new versions published, and visitors then download them', async () => {
    const db = server.database.db;
    const s = await buildSubmission(db, owner.id, { status: 'CREATED' });
    const v1 = sims4PackageBytes(300);
    const v2 = Buffer.from(sims4PackageBytes(400));
    v2[399] = 42;
    const created = await server.upload(FILE_CREATE, { s }, { 'variables.file': { name: 'chair.package', content: v1 } }, { token: owner.token });
    expect(created.errors).toBeUndefined();
    const fileId = created.data!.createSubmissionFile.id as number;
    await db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) }).where(eq(submissions.id, s));
    await db.update(files).set({ published_version: 1 }).where(eq(files.id, fileId));
    // The new version, uploaded by someone who may change an approved creation's files.
    const replaced = await server.upload(FILE_REPLACE, { id: fileId }, { 'variables.file': { name: 'chair.package', content: v2 } }, { token: reviewer.token });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.replaceSubmissionFile).toMatchObject({ version: 2, published_version: 1 });

    const visitor = await caller();
    const download = async () => {
      const res = await server.gql(VISITOR_FILES, { id: s }, { token: visitor.token });
      expect(res.errors).toBeUndefined();
      const [file] = res.data!.submissionProperties.files;
      return { file, bytes: (await server.app.inject({ method: 'GET', url: file.url })).rawPayload };
    };
    const before = await download();
    expect(before.file).toMatchObject({ published_version: 1 });
    expect(before.bytes.equals(v1)).toBe(true);

    const request = (await create(s, { files: [fileId] })).data!.createSubmissionUpdateRequest;
    expect(request.file_versions).toMatchObject([{ file_id: fileId, version: 2 }]);
    const approved = await server.gql(DECIDE, { id: request.id, status: 'APPROVED', message: 'Looks good.' }, { token: staff.token });
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.updateSubmissionUpdateRequest).toMatchObject({
      status: 'APPROVED',
      decision_note: 'Looks good.',
      files: [{ id: fileId, published_version: 2 }],
    });

    const after = await download();
    expect(after.file).toMatchObject({ published_version: 2 });
    expect(after.bytes.equals(v2)).toBe(true);

    const entries = await logsOf('update_request', request.id);
    expect(entries.at(-1)).toMatchObject({
      submission_id: s,
      member_id: staff.id,
      action: 'status',
      previous_values: { status: 'PENDING' },
      new_values: { status: 'APPROVED', note: 'Looks good.', published_versions: [{ file_id: fileId, from: 1, to: 2 }] },
    });
    const fileHistory = await db.select().from(fileLogs).where(eq(fileLogs.file_id, fileId)).orderBy(asc(fileLogs.id));
    expect(fileHistory.at(-1)).toMatchObject({ action: 'published-version', member_id: staff.id, details: { from: 1, to: 2, update_request_id: request.id } });
  });

  it('publishes the version the request brought, not one uploaded while it waited', async () => {
    const db = server.database.db;
    const s = await approvedCreation();
    const file = await fileWithNewVersion(s);
    const request = (await create(s, { files: [file] })).data!.createSubmissionUpdateRequest;
    const { fileVersions } = await import('../../db/schema/index');
    await db.insert(fileVersions).values({ file_id: file, version: 3, member_id: owner.id, filename: 'chair.package', filesize: 1, mimetype: 'application/octet-stream', sha256: hash(3), storage_key: 'k' });
    await db.update(files).set({ version: 3 }).where(eq(files.id, file));
    const res = await server.gql(DECIDE, { id: request.id, status: 'APPROVED' }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSubmissionUpdateRequest.files).toMatchObject([{ id: file, version: 3, published_version: 2 }]);
  });

  it('rejecting leaves the published versions; a decided request cannot change again', async () => {
    const s = await approvedCreation();
    const file = await fileWithNewVersion(s);
    const request = (await create(s, { files: [file] })).data!.createSubmissionUpdateRequest;
    const rejected = await server.gql(DECIDE, { id: request.id, status: 'REJECTED', message: 'The texture is still broken.' }, { token: staff.token });
    expect(rejected.errors).toBeUndefined();
    expect(rejected.data!.updateSubmissionUpdateRequest).toMatchObject({
      status: 'REJECTED',
      decision_note: 'The texture is still broken.',
      files: [{ id: file, published_version: 1 }],
    });
    const again = await server.gql(DECIDE, { id: request.id, status: 'APPROVED' }, { token: staff.token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'This update request is already rejected; only a pending one can change.',
      extensions: { category: 'conflict', code: 'UPDATE_REQUEST_NOT_PENDING' },
    });
    const [row] = await server.database.db.select().from(files).where(eq(files.id, file));
    expect(row!.published_version).toBe(1);
    expect((await logsOf('update_request', request.id)).map((l) => l.action)).toEqual(['created', 'status']);
  });

  it('refuses a status that is not a decision', async () => {
    const s = await approvedCreation();
    const request = (await create(s)).data!.createSubmissionUpdateRequest;
    for (const status of ['PENDING', 'approved', 'DONE']) {
      const res = await server.gql(DECIDE, { id: request.id, status }, { token: staff.token });
      expect(res.errors?.[0]?.extensions, status).toMatchObject({ category: 'validation', code: 'UPDATE_REQUEST_STATUS_INVALID', validation: { status: [expect.any(String)] } });
    }
  });

  it('waits for the update’s unfinished tests before approving; staff see the tests', async () => {
    const db = server.database.db;
    const s = await approvedCreation();
    const request = (await create(s, { files: [await fileWithNewVersion(s)] })).data!.createSubmissionUpdateRequest;
    const [test] = await db.insert(tests).values({ submission_id: s, update_request_id: request.id, status: 'IN_PROGRESS' }).returning();
    const one = await server.gql(ONE, { id: request.id }, { token: staff.token });
    expect(one.data!.submissionUpdateRequest.tests).toEqual([{ id: test!.id, status: 'IN_PROGRESS', update_request_id: request.id }]);
    // The creator reads their tests elsewhere (without staff notes).
    expect((await server.gql(ONE, { id: request.id }, { token: owner.token })).data!.submissionUpdateRequest.tests).toEqual([]);

    const refused = await server.gql(DECIDE, { id: request.id, status: 'APPROVED' }, { token: staff.token });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'A test of this update is still running. Finish it before approving the update.',
      extensions: { category: 'conflict', code: 'UPDATE_REQUEST_TEST_RUNNING' },
    });
    await db.update(tests).set({ status: 'DONE', test_result: 'PASSED' }).where(eq(tests.id, test!.id));
    expect((await server.gql(DECIDE, { id: request.id, status: 'APPROVED' }, { token: staff.token })).errors).toBeUndefined();
  });

  it('refuses creators and staff without the updated page’s edit permission', async () => {
    const s = await approvedCreation();
    const request = (await create(s, { files: [await fileWithNewVersion(s)] })).data!.createSubmissionUpdateRequest;
    for (const who of [owner, other, viewer, reviewer]) {
      const res = await server.gql(DECIDE, { id: request.id, status: 'APPROVED' }, { token: who.token });
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
    const [row] = await server.database.db.select().from(updateRequests).where(eq(updateRequests.id, request.id));
    expect(row!.status).toBe('PENDING');
  });
});

describe('deleteSubmissionUpdateRequest', () => {
  it('the owner withdraws a pending request (logged); nobody else may, and a decided one stays', async () => {
    const s = await approvedCreation();
    const request = (await create(s)).data!.createSubmissionUpdateRequest;
    for (const who of [other, staff]) {
      const res = await server.gql(DELETE, { id: request.id }, { token: who.token });
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    }
    const res = await server.gql(DELETE, { id: request.id }, { token: owner.token });
    expect(res).toEqual({ data: { deleteSubmissionUpdateRequest: true } });
    expect(await server.database.db.select().from(updateRequests).where(eq(updateRequests.id, request.id))).toEqual([]);
    expect((await logsOf('update_request', request.id)).map((l) => [l.action, l.member_id])).toEqual([
      ['created', owner.id],
      ['deleted', owner.id],
    ]);
    expect((await server.gql(DELETE, { id: request.id }, { token: owner.token })).errors?.[0]?.extensions).toMatchObject({ category: 'not_found' });

    const decided = (await create(s)).data!.createSubmissionUpdateRequest;
    await server.gql(DECIDE, { id: decided.id, status: 'REJECTED' }, { token: staff.token });
    expect((await server.gql(DELETE, { id: decided.id }, { token: owner.token })).errors?.[0]?.extensions).toMatchObject({ code: 'UPDATE_REQUEST_NOT_PENDING' });
  });
});

describe('reading update requests', () => {
  it('staff list every creation’s, filtered by creation and status, newest first and paged', async () => {
    const s = await approvedCreation({ ownerId: other.id });
    const first = (await create(s, {}, other.token)).data!.createSubmissionUpdateRequest;
    await server.gql(DECIDE, { id: first.id, status: 'REJECTED' }, { token: staff.token });
    const second = (await create(s, {}, other.token)).data!.createSubmissionUpdateRequest;

    const all = await server.gql(LIST, { s }, { token: viewer.token });
    expect(all.errors).toBeUndefined();
    expect(all.data!.getSubmissionUpdateRequests.data.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    const paged = await server.gql(LIST, { s, first: 1, page: 2 }, { token: viewer.token });
    expect(paged.data!.getSubmissionUpdateRequests).toMatchObject({
      data: [{ id: first.id }],
      paginatorInfo: { count: 1, total: 2, currentPage: 2, lastPage: 2, hasMorePages: false },
    });
    const pending = await server.gql(LIST, { s, status: ['PENDING'] }, { token: staff.token });
    expect(pending.data!.getSubmissionUpdateRequests.data).toEqual([{ id: second.id, submission_id: s, status: 'PENDING' }]);
    const everyone = await server.gql(LIST, { status: ['PENDING'], first: 100 }, { token: staff.token });
    expect(everyone.data!.getSubmissionUpdateRequests.data.map((r: { id: number }) => r.id)).toContain(second.id);

    const bad = await server.gql(LIST, { status: ['WAITING'] }, { token: staff.token });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ category: 'validation', validation: { status: [expect.stringContaining('WAITING')] } });
  });

  it('a creator reads their own creations’ requests only', async () => {
    const mine = await approvedCreation();
    const theirs = await approvedCreation({ ownerId: other.id });
    const own = (await create(mine)).data!.createSubmissionUpdateRequest;
    const foreign = (await create(theirs, {}, other.token)).data!.createSubmissionUpdateRequest;

    const list = await server.gql(LIST, { first: 100 }, { token: owner.token });
    const ids = list.data!.getSubmissionUpdateRequests.data.map((r: { id: number }) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect((await server.gql(LIST, { s: theirs }, { token: owner.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    expect((await server.gql(ONE, { id: foreign.id }, { token: owner.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    expect((await server.gql(ONE, { id: own.id }, { token: owner.token })).data!.submissionUpdateRequest).toMatchObject({ id: own.id, status: 'PENDING' });
    expect((await server.gql(ONE, { id: 999_999 }, { token: staff.token })).errors?.[0]).toMatchObject({ message: 'Update request 999999 was not found.' });
  });

  it('a creation shows its pending request to its owner and staff, and counts its requests', async () => {
    const s = await approvedCreation();
    const request = (await create(s)).data!.createSubmissionUpdateRequest;
    const query = `query ($id: Int!) { submissionProperties(id: $id) { numUpdates pending_update_request { id status } } }`;
    expect((await server.gql(query, { id: s }, { token: owner.token })).data!.submissionProperties).toEqual({
      numUpdates: 1,
      pending_update_request: { id: request.id, status: 'PENDING' },
    });
    expect((await server.gql(query, { id: s }, { token: staff.token })).data!.submissionProperties.pending_update_request).toEqual({ id: request.id, status: 'PENDING' });
    // A visitor of the published creation does not see it.
    expect((await server.gql(query, { id: s }, { token: other.token })).data!.submissionProperties.pending_update_request).toBeNull();
  });
});
