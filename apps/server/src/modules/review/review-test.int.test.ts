import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import { logs, submissions, tests, updateRequests } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission, buildSubmissionFile } from '../../test/factories';
import { buildImage } from '../../test/owned-fixtures';
import { useTestServer } from '../../test/server';

const server = useTestServer();
type Who = { id: number; token: string };
let creator: Who;
let tester: Who;
let failedTestingClerk: Who;
let waitingOnly: Who;

beforeAll(async () => {
  const db = server.database.db;
  const make = async (roles: string[] = []) => {
    const m = await buildMember(db, { roles });
    return { id: m.id, token: await server.tokenFor(m.id) };
  };
  creator = await make();
  tester = await make(['Submissions']);
  failedTestingClerk = await make([await buildRole(db, 'Failed testing clerk', [ADMIN_ACCESS, pagePermission('failed-testing', 'edit')])]);
  waitingOnly = await make([await buildRole(db, 'Decider only', [ADMIN_ACCESS, pagePermission('waiting', 'edit')])]);
});

const TEST = 'id status test_result notes test_notes tester_notes update_request_id member { MemberID } tester { MemberID } images { id } files { id }';
const create = (submission_id: number, extra: Record<string, unknown> = {}, token = tester.token) =>
  server.gql(
    `mutation ($s: Int!, $u: Int, $n: String, $t: Int) { r: createSubmissionTest(submission_id: $s, update_request_id: $u, notes: $n, tester_id: $t) { ${TEST} } }`,
    { s: submission_id, u: extra.update_request_id ?? null, n: extra.notes ?? null, t: extra.tester_id ?? null },
    { token },
  );
const update = (id: number, input: Record<string, unknown>, token = tester.token) =>
  server.gql(
    `mutation ($id: Int!, $status: String, $notes: String, $test_notes: String, $tester_notes: String, $test_result: String, $image_ids: [Int!], $file_ids: [Int!]) {
      r: updateSubmissionTest(id: $id, status: $status, notes: $notes, test_notes: $test_notes, tester_notes: $tester_notes, test_result: $test_result, image_ids: $image_ids, file_ids: $file_ids) { ${TEST} } }`,
    { id, ...input },
    { token },
  );
const clear = (id: number, token = tester.token) => server.gql(`mutation ($id: Int!) { r: clearSubmissionTest(id: $id) { ${TEST} } }`, { id }, { token });
const statusOf = async (id: number) => (await server.database.db.select({ s: submissions.status }).from(submissions).where(eq(submissions.id, id)))[0]!.s;
const counters = async () => (await server.gql('{ myCounters { needsAttention } }', {}, { token: creator.token })).data!.myCounters;

describe('the test lifecycle', () => {
  it('moves a creation SUBMITTED → TESTING → SUBMITTED, a failure shows to the creator, and clearing ends it', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    const before = await counters();
    const opened = await create(id, { notes: 'Check the round variant' });
    expect(opened.errors).toBeUndefined();
    expect(opened.data!.r).toMatchObject({ status: 'OPEN', notes: 'Check the round variant', member: { MemberID: tester.id }, tester: null });
    expect(await statusOf(id)).toBe('TESTING');
    const testId = opened.data!.r.id;

    const started = await update(testId, { status: 'IN_PROGRESS' });
    expect(started.data!.r).toMatchObject({ status: 'IN_PROGRESS', tester: { MemberID: tester.id } });
    expect(await statusOf(id)).toBe('TESTING');

    const noResult = await update(testId, { status: 'DONE' });
    expect(noResult.errors![0]).toMatchObject({
      message: 'Choose the test result (PASSED or FAILED) to finish the test.',
      extensions: { code: 'TEST_RESULT_REQUIRED', validation: { test_result: expect.any(Array) } },
    });

    // A failure the creator cannot act on is refused: notes for the creator are required, blanks too.
    for (const test_notes of [undefined, '', '   \n']) {
      const silent = await update(testId, { status: 'DONE', test_result: 'FAILED', tester_notes: 'Only staff see this', ...(test_notes === undefined ? {} : { test_notes }) });
      expect(silent.errors![0]).toMatchObject({
        message: 'Tell the creator what failed: a failed test needs notes for the creator.',
        extensions: { code: 'TEST_NOTES_REQUIRED', validation: { test_notes: expect.any(Array) } },
      });
    }
    expect(await statusOf(id)).toBe('TESTING');

    const done = await update(testId, { status: 'DONE', test_result: 'FAILED', test_notes: 'The legs float above the floor.', tester_notes: 'Seen twice already' });
    expect(done.data!.r).toMatchObject({ status: 'DONE', test_result: 'FAILED' });
    expect(await statusOf(id)).toBe('SUBMITTED');

    // The creator sees the failure under needs attention and on the creation, without staff-only notes.
    expect((await counters()).needsAttention).toBe(before.needsAttention + 1);
    const mine = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { tests { status test_result test_notes } numUnclearedTests } }', { id }, { token: creator.token });
    expect(mine.data!.submissionProperties).toEqual({ tests: [{ status: 'DONE', test_result: 'FAILED', test_notes: 'The legs float above the floor.' }], numUnclearedTests: 1 });
    const peek = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { tests { tester_notes } } }', { id }, { token: creator.token });
    expect(peek.errors![0]!.message).toMatch(/Cannot query field "tester_notes"/);

    // The staff view has everything.
    const staff = await server.gql(`query ($id: Int!) { getSubmissionTests(submission_id: $id) { ${TEST} } }`, { id }, { token: tester.token });
    expect(staff.data!.getSubmissionTests).toEqual([expect.objectContaining({ id: testId, tester_notes: 'Seen twice already' })]);

    const cleared = await clear(testId, failedTestingClerk.token);
    expect(cleared.data!.r.status).toBe('CLEARED');
    expect((await counters()).needsAttention).toBe(before.needsAttention);
    expect((await update(testId, { notes: 'late' })).errors![0]!.extensions!.code).toBe('TEST_CLEARED');

    const actions = (await server.database.db.select().from(logs).where(eq(logs.submission_id, id)).orderBy(logs.id)).map((l) => `${l.entity}:${l.action}`);
    expect(actions).toEqual(['test:created', 'submission:status', 'test:updated', 'test:finished', 'submission:status', 'test:cleared']);
  });

  it('keeps TESTING while another test is unfinished, and a passed test also returns it to SUBMITTED', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    const a = (await create(id)).data!.r.id;
    const b = (await create(id)).data!.r.id;
    await update(a, { status: 'DONE', test_result: 'PASSED' });
    expect(await statusOf(id)).toBe('TESTING');
    await update(b, { status: 'DONE', test_result: 'PASSED' });
    expect(await statusOf(id)).toBe('SUBMITTED');
    // Reopening a finished test starts testing again.
    expect((await update(b, { status: 'IN_PROGRESS' })).data!.r).toMatchObject({ status: 'IN_PROGRESS', test_result: null });
    expect(await statusOf(id)).toBe('TESTING');
    // Deleting the last unfinished test ends testing.
    expect((await server.gql('mutation ($id: Int!) { deleteSubmissionTest(id: $id) }', { id: b }, { token: tester.token })).data!.deleteSubmissionTest).toBe(true);
    expect(await statusOf(id)).toBe('SUBMITTED');
    const [last] = await server.database.db.select().from(logs).where(eq(logs.submission_id, id)).orderBy(desc(logs.id)).limit(2);
    expect(last).toMatchObject({ action: 'status', new_values: { status: 'SUBMITTED' } });
  });

  it('tests of an update request leave the creation as it is', async () => {
    const db = server.database.db;
    const id = await buildSubmission(db, creator.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });
    const [request] = await db.insert(updateRequests).values({ submission_id: id, member_id: creator.id, message: 'New swatches' }).returning();
    const opened = await create(id, { update_request_id: request!.id });
    expect(opened.data!.r.update_request_id).toBe(request!.id);
    await update(opened.data!.r.id, { status: 'DONE', test_result: 'FAILED', test_notes: 'The new swatches are missing.' });
    expect(await statusOf(id)).toBe('APPROVED');
    const only = await server.gql('query ($id: Int!, $u: Int) { getSubmissionTests(submission_id: $id, update_request_id: $u) { id } }', { id, u: request!.id }, { token: tester.token });
    expect(only.data!.getSubmissionTests).toEqual([{ id: opened.data!.r.id }]);
    const other = await buildSubmission(db, creator.id, { status: 'APPROVED' });
    expect((await create(other, { update_request_id: request!.id })).errors![0]!.extensions!.code).toBe('TEST_UPDATE_REQUEST_UNKNOWN');
  });

  it('attaches pictures and files of the creation only', async () => {
    const db = server.database.db;
    const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED' });
    const image = await buildImage(db, creator.id, id);
    const file = await buildSubmissionFile(db, id);
    const foreign = await buildImage(db, creator.id, await buildSubmission(db, creator.id));
    const testId = (await create(id)).data!.r.id;
    const res = await update(testId, { image_ids: [image], file_ids: [file] });
    expect(res.data!.r).toMatchObject({ images: [{ id: image }], files: [{ id: file }] });
    const bad = await update(testId, { image_ids: [foreign] });
    expect(bad.errors![0]).toMatchObject({ message: `Not images of this creation: ${foreign}.`, extensions: { validation: { image_ids: expect.any(Array) } } });
  });

  it('refuses a creator, a member without page-testing:edit, and untestable creations', async () => {
    const db = server.database.db;
    const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED' });
    for (const who of [creator, waitingOnly, failedTestingClerk]) {
      expect((await create(id, {}, who.token)).errors![0]!.extensions).toMatchObject({ category: 'authorization' });
    }
    const draft = await buildSubmission(db, creator.id, { status: 'CREATED' });
    expect((await create(draft)).errors![0]).toMatchObject({ extensions: { code: 'TEST_NOT_TESTABLE' }, message: `Creation ${draft} is CREATED; only a submitted or approved creation can be tested.` });
    expect((await create(id, { tester_id: creator.id })).errors![0]!.extensions).toMatchObject({ code: 'REVIEW_MEMBER_NOT_STAFF', validation: { tester_id: expect.any(Array) } });
    const testId = (await create(id)).data!.r.id;
    expect((await update(testId, { status: 'CLEARED' })).errors![0]!.message).toBe('Clear a failed test with clearSubmissionTest.');
    expect((await update(testId, { test_result: 'PASSED' })).errors![0]!.extensions!.code).toBe('TEST_RESULT_NOT_DONE');
    expect((await clear(testId)).errors![0]!.extensions!.code).toBe('TEST_NOT_FAILED');
    expect(await db.select({ s: tests.status }).from(tests).where(eq(tests.id, testId))).toEqual([{ s: 'OPEN' }]);
  });
});
