import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import { logs, searchDocuments, submissions, tests } from '../../db/schema/index';
import { endEarlyAccess } from '../../jobs/early-access.job';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

/**
 * SPEC 4: "Status changes through a status update and a properties update. Approval sets
 * publish_at." Staff take every transition of the lifecycle their permissions allow through
 * `updateSubmissionStatus`, with what a decision needs set before by `updateSubmissionProperties`;
 * the same rules as the dedicated mutations (issue 21, item 4).
 */
const server = useTestServer();
type Who = { id: number; token: string };
let creator: Who;
let reviewer: Who;
let tester: Who;

beforeAll(async () => {
  const db = server.database.db;
  const make = async (roles: string[] = []) => {
    const m = await buildMember(db, { roles });
    return { id: m.id, token: await server.tokenFor(m.id) };
  };
  creator = await make();
  reviewer = await make(['Submissions']);
  tester = await make([await buildRole(db, 'Status tester', [ADMIN_ACCESS, pagePermission('testing', 'edit'), pagePermission('waiting', 'view')])]);
});

const PROPS = 'id status publish_at latest_rejection_reason moderator { MemberID } team_member { MemberID }';
const status = (id: number, to: string, token: string) => server.gql(`mutation ($id: Int!, $s: String!) { r: updateSubmissionStatus(id: $id, status: $s) { ${PROPS} } }`, { id, s: to }, { token });
const properties = (id: number, input: Record<string, unknown>, token: string) =>
  server.gql(`mutation ($id: Int!, $input: SubmissionPropertiesInput!) { r: updateSubmissionProperties(id: $id, input: $input) { ${PROPS} } }`, { id, input }, { token });
const row = async (id: number) => (await server.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const FUTURE = '2031-03-01T10:00:00.000Z';

describe('staff through a status update', () => {
  it('approve at the publish_at set by a properties update, and refuse without one', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    const early = await status(id, 'APPROVED', reviewer.token);
    expect(early.errors![0]).toMatchObject({ message: 'Choose a publishing date (publish_at) to approve.', extensions: { code: 'REVIEW_PUBLISH_AT_REQUIRED' } });
    expect((await row(id)).status).toBe('SUBMITTED');

    const set = await properties(id, { publish_at: FUTURE, team_member_id: reviewer.id }, reviewer.token);
    expect(set.errors).toBeUndefined();
    expect(set.data!.r).toMatchObject({ status: 'SUBMITTED', publish_at: FUTURE, team_member: { MemberID: reviewer.id } });
    const approved = await status(id, 'APPROVED', reviewer.token);
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.r).toMatchObject({ status: 'APPROVED', publish_at: FUTURE, moderator: { MemberID: reviewer.id } });
    const [entry] = await server.database.db.select().from(logs).where(and(eq(logs.submission_id, id), eq(logs.action, 'approved'))).orderBy(desc(logs.id)).limit(1);
    expect(entry).toBeDefined();
    // Again: nothing changes.
    expect((await status(id, 'APPROVED', reviewer.token)).data!.r.status).toBe('APPROVED');
  });

  it('reject with the latest_rejection_reason set by a properties update, and refuse without one', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    expect((await status(id, 'REJECTED', reviewer.token)).errors![0]!.extensions!.code).toBe('REVIEW_REASON_REQUIRED');
    await properties(id, { latest_rejection_reason: '  The preview picture is missing.  ' }, reviewer.token);
    const rejected = await status(id, 'REJECTED', reviewer.token);
    expect(rejected.errors).toBeUndefined();
    expect(rejected.data!.r).toMatchObject({ status: 'REJECTED', latest_rejection_reason: 'The preview picture is missing.' });
  });

  it('move to TESTING by opening a test, with the testing permission only', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    const testing = await status(id, 'TESTING', tester.token);
    expect(testing.errors).toBeUndefined();
    expect(testing.data!.r.status).toBe('TESTING');
    expect(await server.database.db.select({ status: tests.status }).from(tests).where(eq(tests.submission_id, id))).toEqual([{ status: 'OPEN' }]);
    // The tester may not decide: neither by status nor by the decision fields.
    expect((await status(id, 'APPROVED', tester.token)).errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    expect((await properties(id, { publish_at: FUTURE }, tester.token)).errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
  });

  it('refuse the creator the staff transitions and the staff fields, and keep the lifecycle’s rules', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    for (const to of ['TESTING', 'APPROVED', 'REJECTED']) {
      expect((await status(id, to, creator.token)).errors![0]!.extensions).toMatchObject({ category: 'authorization' });
    }
    const own = await properties(id, { publish_at: FUTURE }, creator.token);
    expect(own.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    expect((await row(id)).publish_at).toBeNull();
    // A draft cannot be approved, whatever is set.
    const draft = await buildSubmission(server.database.db, creator.id, { status: 'CREATED' });
    await properties(draft, { publish_at: FUTURE }, reviewer.token);
    expect((await status(draft, 'APPROVED', reviewer.token)).errors![0]!.extensions!.category).toBe('conflict');
    // A text too long is refused before anything is written.
    const long = await properties(id, { latest_rejection_reason: 'x'.repeat(5001), keywords: 'changed' }, reviewer.token);
    expect(long.errors![0]!.extensions!.code).toBe('REVIEW_MESSAGE_INVALID');
    expect((await row(id)).keywords).not.toBe('changed');
  });

  it('reschedule an approved creation by a new publish_at, logged', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'APPROVED', publish_at: new Date(FUTURE) });
    const later = '2031-04-01T10:00:00.000Z';
    const moved = await properties(id, { publish_at: later }, reviewer.token);
    expect(moved.data!.r).toMatchObject({ status: 'APPROVED', publish_at: later });
    const [entry] = await server.database.db.select().from(logs).where(eq(logs.submission_id, id)).orderBy(desc(logs.id)).limit(1);
    expect(entry).toMatchObject({ action: 'updated', previous_values: { publish_at: FUTURE }, new_values: { publish_at: later } });
  });
});

describe('early access', () => {
  const EARLY = 'id early_access_days early_access_at early_access';
  const setDays = (id: number, days: number, token: string) =>
    server.gql(`mutation ($id: Int!, $d: Int) { r: updateSubmissionProperties(id: $id, input: { early_access_days: $d }) { ${EARLY} } }`, { id, d: days }, { token });

  it('is set by a creator in a paid program and by staff, not by other creators; its end follows the publish date', async () => {
    const db = server.database.db;
    const select = await buildMember(db, { roles: ['Select artist'] });
    const selectToken = await server.tokenFor(select.id);
    const draft = await buildSubmission(db, select.id, { status: 'CREATED' });
    const set = await setDays(draft, 7, selectToken);
    expect(set.errors).toBeUndefined();
    expect(set.data!.r).toMatchObject({ early_access_days: 7, early_access_at: null, early_access: false });

    const plain = await buildSubmission(db, creator.id, { status: 'CREATED' });
    const refused = await setDays(plain, 7, creator.token);
    expect(refused.errors![0]).toMatchObject({
      message: 'Early access is for creators in the Select artist and Featured artist programs, and for staff.',
      extensions: { code: 'SUBMISSION_EARLY_ACCESS_NOT_ALLOWED' },
    });
    expect((await setDays(draft, 31, selectToken)).errors![0]!.extensions!.validation).toEqual({ 'input.early_access_days': ['Early access lasts at most 30 days.'] });

    // Staff approve it for a date: the end is that date plus the days, and moves with it.
    await properties(draft, { publish_at: FUTURE }, reviewer.token);
    await db.update(submissions).set({ status: 'SUBMITTED' }).where(eq(submissions.id, draft));
    await status(draft, 'APPROVED', reviewer.token);
    const read = await server.gql(`query ($id: Int!) { submissionProperties(id: $id) { ${EARLY} } }`, { id: draft }, { token: reviewer.token });
    expect(read.data!.submissionProperties).toMatchObject({ early_access_days: 7, early_access_at: '2031-03-08T10:00:00.000Z', early_access: true });
    expect((await setDays(plain, 3, reviewer.token)).data!.r.early_access_days).toBe(3);
  });

  it('ends by itself: the job makes the creation free, logs it and marks its search document stale, once', async () => {
    const db = server.database.db;
    const published = new Date(Date.now() - 3 * 86_400_000);
    const ending = await buildSubmission(db, creator.id, { status: 'APPROVED', publish_at: published });
    const running = await buildSubmission(db, creator.id, { status: 'APPROVED', publish_at: published });
    await db.update(submissions).set({ early_access_days: 2 }).where(eq(submissions.id, ending));
    await db.update(submissions).set({ early_access_days: 5 }).where(eq(submissions.id, running));
    const first = await endEarlyAccess(db);
    expect(first).toContain(ending);
    expect(first).not.toContain(running);
    expect((await row(ending)).early_access_ended_at).not.toBeNull();
    const [entry] = await db.select().from(logs).where(and(eq(logs.submission_id, ending), eq(logs.action, 'early_access_ended')));
    expect(entry).toMatchObject({ member_id: null, entity: 'submission' });
    const [document] = await db.select().from(searchDocuments).where(eq(searchDocuments.submission_id, ending));
    expect(document!.stale_at).not.toBeNull();
    expect(await endEarlyAccess(db)).not.toContain(ending);
    // Five days in, the other ends too.
    expect(await endEarlyAccess(db, new Date(Date.now() + 3 * 86_400_000))).toContain(running);
  });
});
