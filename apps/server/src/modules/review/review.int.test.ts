import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import { logs, rejectionReasons, reviewLocks, submissions, tests } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

const server = useTestServer();
type Who = { id: number; token: string; username: string };
let creator: Who;
let reviewer: Who;
let colleague: Who;
let tester: Who;
let waitingViewer: Who;

beforeAll(async () => {
  const db = server.database.db;
  const make = async (roles: string[] = []) => {
    const m = await buildMember(db, { roles });
    return { id: m.id, username: m.username, token: await server.tokenFor(m.id) };
  };
  creator = await make();
  reviewer = await make(['Submissions']);
  colleague = await make(['Submissions']);
  // A Submissions-like member who tests but may not decide.
  tester = await make([await buildRole(db, 'Tester only', [ADMIN_ACCESS, pagePermission('testing', 'edit'), pagePermission('waiting', 'view')])]);
  waitingViewer = await make([await buildRole(db, 'Waiting viewer', [ADMIN_ACCESS, pagePermission('waiting', 'view')])]);
});

const PROPS = 'id status publish_at latest_rejection_reason moderator { MemberID } team_member { MemberID }';
const approve = (id: number, publish_at: string | null, token = reviewer.token) =>
  server.gql(`mutation ($id: Int!, $p: DateTime) { r: approveSubmission(id: $id, publish_at: $p) { ${PROPS} } }`, { id, p: publish_at }, { token });
const reject = (id: number, reason_ids: number[], message: string | null, token = reviewer.token) =>
  server.gql(`mutation ($id: Int!, $r: [Int!]!, $m: String) { r: rejectSubmission(id: $id, reason_ids: $r, message: $m) { ${PROPS} } }`, { id, r: reason_ids, m: message }, { token });
const undo = (id: number, token = reviewer.token) => server.gql(`mutation ($id: Int!) { r: undoReviewDecision(id: $id) { ${PROPS} } }`, { id }, { token });
const lock = (id: number, token: string, force = false) =>
  server.gql('mutation ($id: Int!, $f: Boolean) { r: lockSubmissionForReview(id: $id, force: $f) { is_mine locked_at member { MemberID UserName } } }', { id, f: force }, { token });
const submitted = (status: 'SUBMITTED' | 'TESTING' | 'CREATED' | 'APPROVED' | 'REJECTED' = 'SUBMITTED') => buildSubmission(server.database.db, creator.id, { status });
const row = async (id: number) => (await server.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const lastLog = async (id: number) => (await server.database.db.select().from(logs).where(eq(logs.submission_id, id)).orderBy(desc(logs.id)).limit(1))[0]!;
const FUTURE = '2030-05-01T14:00:00.000Z';

describe('approveSubmission', () => {
  it('approves a SUBMITTED creation with its date, moderator and a log, in one go', async () => {
    const id = await submitted();
    const res = await approve(id, FUTURE);
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toMatchObject({ id, status: 'APPROVED', publish_at: FUTURE, moderator: { MemberID: reviewer.id } });
    expect((await row(id)).published_at).toBeNull();
    expect(await lastLog(id)).toMatchObject({ action: 'approved', member_id: reviewer.id, previous_values: { status: 'SUBMITTED' }, new_values: { status: 'APPROVED', publish_at: FUTURE } });
  });

  it('refuses without publish_at, with a validation error naming the field', async () => {
    const id = await submitted();
    const res = await approve(id, null);
    expect(res.errors![0]).toMatchObject({
      message: 'Choose a publishing date (publish_at) to approve.',
      extensions: { category: 'validation', code: 'REVIEW_PUBLISH_AT_REQUIRED', validation: { publish_at: ['Choose a publishing date (publish_at) to approve.'] } },
    });
    expect((await row(id)).status).toBe('SUBMITTED');
  });

  it('refuses a CREATED (not submitted) creation', async () => {
    const id = await submitted('CREATED');
    const res = await approve(id, FUTURE);
    expect(res.errors![0]).toMatchObject({
      message: `Creation ${id} is CREATED; only a submitted creation (SUBMITTED or TESTING) can be approved.`,
      extensions: { code: 'REVIEW_NOT_REVIEWABLE', category: 'conflict' },
    });
  });

  it('refuses a creator and a member without page-waiting:edit (authorization)', async () => {
    const id = await submitted();
    for (const who of [creator, tester, waitingViewer]) {
      const res = await approve(id, FUTURE, who.token);
      expect(res.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
    expect((await row(id)).status).toBe('SUBMITTED');
  });

  it('clears failed tests with the approval, and leaves unfinished ones', async () => {
    const id = await submitted('TESTING');
    const db = server.database.db;
    const [failed] = await db.insert(tests).values({ submission_id: id, status: 'DONE', test_result: 'FAILED' }).returning();
    const [open] = await db.insert(tests).values({ submission_id: id, status: 'IN_PROGRESS' }).returning();
    expect((await approve(id, FUTURE)).errors).toBeUndefined();
    const after = await db.select().from(tests).where(eq(tests.submission_id, id));
    expect(after.find((t) => t.id === failed!.id)).toMatchObject({ status: 'CLEARED' });
    expect(after.find((t) => t.id === open!.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await lastLog(id)).new_values).toMatchObject({ cleared_test_ids: [failed!.id] });
  });
});

describe('rejectSubmission', () => {
  it('rejects with reasons and a message as readable text, and the creator sees it', async () => {
    const db = server.database.db;
    const reasons = await db.select().from(rejectionReasons).limit(2);
    const id = await submitted();
    const res = await reject(id, reasons.map((r) => r.id), 'Please fix the shadows.');
    expect(res.errors).toBeUndefined();
    expect(res.data!.r.status).toBe('REJECTED');
    const text = res.data!.r.latest_rejection_reason as string;
    for (const r of reasons) expect(text).toContain(r.name);
    expect(text).toMatch(/^Rejected for these reasons:\n- /);
    expect(text.endsWith('Please fix the shadows.')).toBe(true);
    const seen = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { status latest_rejection_reason } }', { id }, { token: creator.token });
    expect(seen.data!.submissionProperties).toEqual({ status: 'REJECTED', latest_rejection_reason: text });
    expect(await lastLog(id)).toMatchObject({ action: 'rejected', new_values: { reason_ids: reasons.map((r) => r.id), message: 'Please fix the shadows.' } });
  });

  it('needs a reason or a message, known reasons, and a submitted creation', async () => {
    const id = await submitted();
    expect((await reject(id, [], '  ')).errors![0]!.extensions).toMatchObject({ code: 'REVIEW_REASON_REQUIRED', validation: { reason_ids: expect.any(Array) } });
    expect((await reject(id, [999_999], null)).errors![0]).toMatchObject({ message: 'Unknown rejection reasons: 999999.' });
    const approved = await submitted('APPROVED');
    expect((await reject(approved, [], 'No')).errors![0]!.extensions!.code).toBe('REVIEW_NOT_REVIEWABLE');
    expect((await reject(id, [], 'Only a message')).data!.r.latest_rejection_reason).toBe('Only a message');
  });
});

describe('undoReviewDecision', () => {
  it('puts an approval back as it was, failed tests included', async () => {
    const db = server.database.db;
    const id = await submitted('SUBMITTED');
    const [failed] = await db.insert(tests).values({ submission_id: id, status: 'DONE', test_result: 'FAILED' }).returning();
    await approve(id, FUTURE);
    const res = await undo(id);
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toMatchObject({ status: 'SUBMITTED', publish_at: null, moderator: null });
    expect((await db.select().from(tests).where(eq(tests.id, failed!.id)))[0]).toMatchObject({ status: 'DONE', cleared_at: null });
    expect(await lastLog(id)).toMatchObject({ action: 'undone', new_values: { undone: 'approved', restored_test_ids: [failed!.id] } });
    // Undone once: nothing left to undo.
    expect((await undo(id)).errors![0]!.extensions!.code).toBe('REVIEW_UNDO_CHANGED');
  });

  it('puts a rejection back', async () => {
    const id = await submitted('TESTING');
    await reject(id, [], 'Not yet');
    expect((await undo(id)).data!.r).toMatchObject({ status: 'TESTING', latest_rejection_reason: null });
  });

  it('refuses after 10 minutes, for someone else, and after a later change', async () => {
    const db = server.database.db;
    const late = await submitted();
    await approve(late, FUTURE);
    await db.update(logs).set({ created_at: new Date(Date.now() - 11 * 60_000) }).where(and(eq(logs.submission_id, late), eq(logs.action, 'approved')));
    expect((await undo(late)).errors![0]).toMatchObject({
      message: 'This decision was made more than 10 minutes ago and can no longer be undone.',
      extensions: { code: 'REVIEW_UNDO_TOO_LATE' },
    });

    const theirs = await submitted();
    await approve(theirs, FUTURE);
    expect((await undo(theirs, colleague.token)).errors![0]).toMatchObject({ extensions: { code: 'REVIEW_UNDO_NOT_YOURS' }, message: expect.stringContaining(reviewer.username) });

    const changed = await submitted();
    await reject(changed, [], 'No');
    await server.gql('mutation ($id: Int!, $m: Int) { assignToTeamMember(id: $id, member_id: $m) { id } }', { id: changed, m: colleague.id }, { token: reviewer.token });
    expect((await undo(changed)).errors![0]!.extensions!.code).toBe('REVIEW_UNDO_CHANGED');

    expect((await undo(await submitted())).errors![0]!.extensions!.code).toBe('REVIEW_NOTHING_TO_UNDO');
  });
});

describe('approveSubmissions (bulk)', () => {
  it('approves what it can with one date and says why not for the rest', async () => {
    const ok = await submitted();
    const testing = await submitted('TESTING');
    const draft = await submitted('CREATED');
    const held = await submitted();
    await lock(held, colleague.token);
    const res = await server.gql(
      'mutation ($ids: [Int!]!, $p: DateTime) { r: approveSubmissions(ids: $ids, publish_at: $p) { id approved code message submission { status publish_at } } }',
      { ids: [ok, testing, draft, held, 999_999], p: FUTURE },
      { token: reviewer.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toEqual([
      { id: ok, approved: true, code: null, message: null, submission: { status: 'APPROVED', publish_at: FUTURE } },
      { id: testing, approved: true, code: null, message: null, submission: { status: 'APPROVED', publish_at: FUTURE } },
      { id: draft, approved: false, code: 'REVIEW_NOT_REVIEWABLE', message: expect.stringContaining('CREATED'), submission: null },
      { id: held, approved: false, code: 'REVIEW_LOCKED', message: expect.stringContaining(colleague.username), submission: null },
      { id: 999_999, approved: false, code: 'SUBMISSION_NOT_FOUND', message: 'Creation 999999 was not found.', submission: null },
    ]);
    expect((await row(held)).status).toBe('SUBMITTED');
  });

  it('needs publish_at for the whole batch', async () => {
    const res = await server.gql('mutation ($ids: [Int!]!) { approveSubmissions(ids: $ids) { id } }', { ids: [await submitted()] }, { token: reviewer.token });
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'REVIEW_PUBLISH_AT_REQUIRED', validation: { publish_at: expect.any(Array) } });
  });
});

describe('reviewer lock', () => {
  it('is taken, refreshed, answered to others, refused for decisions, overridden with force and released', async () => {
    const id = await submitted();
    const mine = await lock(id, reviewer.token);
    expect(mine.data!.r).toMatchObject({ is_mine: true, member: { MemberID: reviewer.id } });
    const heartbeat = await lock(id, reviewer.token);
    expect(heartbeat.data!.r.locked_at).toBe(mine.data!.r.locked_at);

    const theirs = await lock(id, colleague.token);
    expect(theirs.data!.r).toMatchObject({ is_mine: false, member: { MemberID: reviewer.id, UserName: reviewer.username } });
    const seen = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { review_lock { is_mine member { MemberID } } } }', { id }, { token: colleague.token });
    expect(seen.data!.submissionProperties.review_lock).toEqual({ is_mine: false, member: { MemberID: reviewer.id } });
    const creatorView = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { review_lock { is_mine } } }', { id }, { token: creator.token });
    expect(creatorView.data!.submissionProperties.review_lock).toBeNull();

    const refused = await approve(id, FUTURE, colleague.token);
    expect(refused.errors![0]).toMatchObject({ extensions: { code: 'REVIEW_LOCKED', category: 'conflict' }, message: expect.stringContaining(`${reviewer.username} is reviewing this creation`) });
    const refusedTest = await server.gql('mutation ($id: Int!) { createSubmissionTest(submission_id: $id) { id } }', { id }, { token: colleague.token });
    expect(refusedTest.errors![0]!.extensions!.code).toBe('REVIEW_LOCKED');

    const taken = await lock(id, colleague.token, true);
    expect(taken.data!.r).toMatchObject({ is_mine: true, member: { MemberID: colleague.id } });
    expect(await lastLog(id)).toMatchObject({ entity: 'review_lock', action: 'lock-overridden', member_id: colleague.id, previous_values: { member_id: reviewer.id } });

    const release = (token: string) => server.gql('mutation ($id: Int!) { r: releaseReviewLock(id: $id) }', { id }, { token });
    expect((await release(reviewer.token)).data!.r).toBe(false);
    expect((await release(colleague.token)).data!.r).toBe(true);
    expect((await approve(id, FUTURE)).errors).toBeUndefined();
  });

  it('treats a lock without a heartbeat for 2 minutes as free', async () => {
    const id = await submitted();
    await lock(id, colleague.token);
    await server.database.db.update(reviewLocks).set({ heartbeat_at: new Date(Date.now() - 3 * 60_000) }).where(eq(reviewLocks.submission_id, id));
    expect((await lock(id, reviewer.token)).data!.r).toMatchObject({ is_mine: true });
    // Taking a stale lock is not an override: nothing to log.
    expect((await lastLog(id))?.entity ?? null).not.toBe('review_lock');
  });

  it('is released by the decision of its holder', async () => {
    const id = await submitted();
    await lock(id, reviewer.token);
    await approve(id, FUTURE);
    expect(await server.database.db.select().from(reviewLocks).where(eq(reviewLocks.submission_id, id))).toEqual([]);
  });
});

describe('nextPublishSlot', () => {
  it('is the next whole hour nobody is scheduled in', async () => {
    const db = server.database.db;
    const first = new Date((await server.gql('{ nextPublishSlot }', {}, { token: reviewer.token })).data!.nextPublishSlot);
    expect(first.getTime() % 3_600_000).toBe(0);
    expect(first.getTime()).toBeGreaterThan(Date.now());
    const taken = await submitted('APPROVED');
    await db.update(submissions).set({ publish_at: new Date(first.getTime() + 10 * 60_000) }).where(eq(submissions.id, taken));
    const next = new Date((await server.gql('{ nextPublishSlot }', {}, { token: reviewer.token })).data!.nextPublishSlot);
    expect(next.getTime()).toBeGreaterThanOrEqual(first.getTime() + 3_600_000);
  });
});

describe('publishSubmissionAs, searchArtists, assignToTeamMember, restoreSubmission', () => {
  it('moves a creation to another artist, found by name', async () => {
    const artist = await buildMember(server.database.db, { username: `Plumbob Artist ${Date.now()}` });
    const found = await server.gql('query ($n: String) { searchArtists(name: $n, first: 5) { data { MemberID UserName } paginatorInfo { total } } }', { n: 'plumbob art' }, { token: reviewer.token });
    expect(found.data!.searchArtists.data).toEqual([{ MemberID: artist.id, UserName: artist.username }]);
    const id = await submitted('APPROVED');
    const res = await server.gql('mutation ($id: Int!, $m: Int!) { publishSubmissionAs(id: $id, member_id: $m) { creator { MemberID } } }', { id, m: artist.id }, { token: reviewer.token });
    expect(res.data!.publishSubmissionAs.creator.MemberID).toBe(artist.id);
    expect(await lastLog(id)).toMatchObject({ action: 'owner-changed', previous_values: { member_id: creator.id }, new_values: { member_id: artist.id } });
    const asCreator = await server.gql('mutation ($id: Int!, $m: Int!) { publishSubmissionAs(id: $id, member_id: $m) { id } }', { id, m: creator.id }, { token: creator.token });
    expect(asCreator.errors![0]!.extensions!.category).toBe('authorization');
  });

  it('assigns to staff only, and unassigns with null', async () => {
    const id = await submitted();
    const assign = (m: number | null) => server.gql(`mutation ($id: Int!, $m: Int) { r: assignToTeamMember(id: $id, member_id: $m) { ${PROPS} } }`, { id, m }, { token: reviewer.token });
    expect((await assign(colleague.id)).data!.r.team_member).toEqual({ MemberID: colleague.id });
    expect((await assign(creator.id)).errors![0]).toMatchObject({ extensions: { code: 'REVIEW_MEMBER_NOT_STAFF', validation: { member_id: expect.any(Array) } } });
    expect((await assign(null)).data!.r.team_member).toBeNull();
    const actions = (await server.database.db.select().from(logs).where(eq(logs.submission_id, id))).map((l) => l.action);
    expect(actions).toEqual(['assigned', 'assigned']);
  });

  it('restores like delete: the owner before approval, staff with page-published:edit always', async () => {
    const db = server.database.db;
    const draft = await buildSubmission(db, creator.id, { status: 'CREATED', deleted_at: new Date() });
    const restore = (id: number, token: string) => server.gql('mutation ($id: Int!) { r: restoreSubmission(id: $id) { id deleted_at } }', { id }, { token });
    expect((await restore(draft, creator.token)).data!.r).toEqual({ id: draft, deleted_at: null });
    expect(await lastLog(draft)).toMatchObject({ action: 'restored', member_id: creator.id });
    const approved = await buildSubmission(db, creator.id, { status: 'APPROVED', publish_at: new Date(), deleted_at: new Date() });
    expect((await restore(approved, creator.token)).errors![0]!.extensions!.code).toBe('REVIEW_NOT_DELETED_OWNER');
    expect((await restore(approved, reviewer.token)).data!.r.deleted_at).toBeNull();
  });
});

describe('submissionLogs', () => {
  it('pages the history newest first for the owner and staff, hiding staff-only notes from the owner', async () => {
    const id = await submitted();
    const created = await server.gql('mutation ($id: Int!) { createSubmissionTest(submission_id: $id) { id } }', { id }, { token: reviewer.token });
    const testId = created.data!.createSubmissionTest.id;
    await server.gql('mutation ($id: Int!) { updateSubmissionTest(id: $id, status: "DONE", test_result: "FAILED", test_notes: "Floats", tester_notes: "Creator was rude") { id } }', { id: testId }, { token: reviewer.token });
    const read = (token: string, page = 1) =>
      server.gql('query ($id: Int!, $p: Int) { submissionLogs(submission_id: $id, first: 2, page: $p) { data { action entity previous_values new_values member { MemberID } created_at } paginatorInfo { total lastPage } } }', { id, p: page }, { token });
    const staffView = await read(reviewer.token);
    expect(staffView.data!.submissionLogs.paginatorInfo).toEqual({ total: 4, lastPage: 2 });
    const [newest, second] = staffView.data!.submissionLogs.data;
    expect(newest).toMatchObject({ action: 'status', entity: 'submission', previous_values: { status: 'TESTING' }, new_values: { status: 'SUBMITTED' } });
    expect(second).toMatchObject({ action: 'finished', entity: 'test', new_values: { tester_notes: 'Creator was rude', test_notes: 'Floats' }, member: { MemberID: reviewer.id } });
    const ownerView = await read(creator.token);
    expect(ownerView.data!.submissionLogs.data[1].new_values).not.toHaveProperty('tester_notes');
    expect(ownerView.data!.submissionLogs.data[1].new_values).toMatchObject({ test_notes: 'Floats' });
    const stranger = await buildMember(server.database.db);
    const refused = await read(await server.tokenFor(stranger.id));
    expect(refused.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
  });
});

describe('checklists and rejection templates', () => {
  it('serves a checklist per kind and the templates that fit a kind', async () => {
    const res = await server.gql('{ lot: reviewChecklist(model_type: "lot") { model_type items { id label } } mod: rejectionTemplates(model_type: "mod") { id model_types } all: rejectionTemplates { id } }', {}, { token: reviewer.token });
    expect(res.data!.lot.model_type).toBe('lot');
    expect(res.data!.lot.items.length).toBeGreaterThan(3);
    expect(res.data!.mod.every((t: { model_types: string[] }) => t.model_types.length === 0 || t.model_types.includes('mod'))).toBe(true);
    expect(res.data!.all.length).toBeGreaterThan(res.data!.mod.length);
    const bad = await server.gql('{ reviewChecklist(model_type: "castle") { model_type } }', {}, { token: reviewer.token });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'REVIEW_KIND_UNKNOWN', validation: { model_type: expect.any(Array) } });
  });
});
