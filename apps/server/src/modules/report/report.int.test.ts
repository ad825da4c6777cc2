import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { logs, reports, submissions } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { REPORT_TYPES } from './report.service';

/** Reports on approved creations: any member files one, staff of the reported page edit or dismiss it. */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
  username: string;
}
let owner: Caller;
let member: Caller;
let member2: Caller;
/** The seeded Submissions role (the reported page among its pages). */
let staff: Caller;
/** Reads the reported page, may not change reports. */
let viewer: Caller;
/** Reviews new creations, nothing about reports. */
let reviewer: Caller;

const REPORT = 'id submission_id type note created_at deleted_at member { MemberID UserName }';
const CREATE = `mutation ($s: Int!, $type: String, $note: String) { createSubmissionReport(submission_id: $s, type: $type, note: $note) { ${REPORT} } }`;
const UPDATE = `mutation ($id: Int!, $type: String, $note: String) { updateSubmissionReport(id: $id, type: $type, note: $note) { ${REPORT} } }`;
const DISMISS = 'mutation ($id: Int!) { deleteSubmissionReport(id: $id) }';
const RESTORE = `mutation ($id: Int!) { restoreSubmissionReport(id: $id) { ${REPORT} } }`;
const ALL = `query ($first: Int, $page: Int, $dismissed: Boolean, $type: String, $state: String) {
  getAllSubmissionReports(first: $first, page: $page, include_dismissed: $dismissed, type: $type, state: $state) {
    data { ${REPORT} submission { id name } } paginatorInfo { count total currentPage hasMorePages }
  }
}`;
/** The reported queue three ways: its list, its count and the staff badge. */
const REPORTED_QUEUE = `{
  newItemsSearch(queryParams: { queue: "reported", first: 100 }) { data { id } paginatorInfo { total } }
  newItemsCount(queryParams: { queue: "reported" })
  staffCounters { reported }
}`;
const OF = `query ($s: Int!, $dismissed: Boolean) {
  getSubmissionReports(submission_id: $s, include_dismissed: $dismissed) { data { ${REPORT} } paginatorInfo { total } }
}`;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id), username: m.username };
}

beforeAll(async () => {
  const db = server.database.db;
  const viewerRole = await buildRole(db, 'Reports viewer (test)', [pagePermission('reported', 'view')]);
  const reviewerRole = await buildRole(db, 'Reviewer only (test)', [pagePermission('waiting', 'edit'), pagePermission('waiting', 'view')]);
  owner = await caller();
  member = await caller();
  member2 = await caller();
  staff = await caller(['Submissions']);
  viewer = await caller([viewerRole]);
  reviewer = await caller([reviewerRole]);
});

const published = () => buildSubmission(server.database.db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });

function report(s: number, who: Caller = member, type = 'broken', note: string | null = 'The chair floats above the floor.') {
  return server.gql(CREATE, { s, type, note }, { token: who.token });
}

async function logsOf(id: number) {
  return server.database.db.select().from(logs).where(and(eq(logs.entity, 'report'), eq(logs.entity_id, id))).orderBy(asc(logs.id));
}

describe('reportTypes', () => {
  it('serves the fixed list of kinds', async () => {
    const res = await server.gql('{ reportTypes { type name } }');
    expect(res.data!.reportTypes).toEqual(REPORT_TYPES.map((t) => ({ ...t })));
    expect(res.data!.reportTypes.map((t: { type: string }) => t.type)).toContain('other');
  });
});

describe('createSubmissionReport', () => {
  it('any signed-in member reports a published or scheduled creation; logged', async () => {
    const s = await published();
    const res = await report(s);
    expect(res.errors).toBeUndefined();
    const created = res.data!.createSubmissionReport;
    expect(created).toMatchObject({ submission_id: s, type: 'broken', note: 'The chair floats above the floor.', deleted_at: null, member: { MemberID: member.id } });
    expect(await logsOf(created.id)).toMatchObject([{ submission_id: s, member_id: member.id, action: 'created', new_values: { type: 'broken', note: 'The chair floats above the floor.' } }]);

    const scheduled = await buildSubmission(server.database.db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() + 86_400_000) });
    expect((await report(scheduled, member, 'other', null)).data!.createSubmissionReport).toMatchObject({ type: 'other', note: null });
  });

  it('refuses creations that are not approved (a CREATED one, a deleted one), and anonymous callers', async () => {
    for (const options of [{ status: 'CREATED' as const }, { status: 'SUBMITTED' as const }, { status: 'APPROVED' as const, publish_at: new Date(), deleted_at: new Date() }]) {
      const s = await buildSubmission(server.database.db, owner.id, options);
      const res = await report(s);
      expect(res.errors?.[0], options.status).toMatchObject({
        message: 'Only approved creations can be reported.',
        extensions: { category: 'conflict', code: 'REPORT_SUBMISSION_NOT_APPROVED' },
      });
      expect(await server.database.db.select().from(reports).where(eq(reports.submission_id, s))).toEqual([]);
    }
    const anonymous = await server.gql(CREATE, { s: await published(), type: 'broken' });
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
  });

  it('canReport tells a client the same: approved and live creations, signed-in callers', async () => {
    const CAN = 'query ($id: Int!) { submissionProperties(id: $id) { canReport } }';
    const db = server.database.db;
    const live = await published();
    const draft = await buildSubmission(db, owner.id, { status: 'CREATED' });
    const gone = await buildSubmission(db, owner.id, { status: 'APPROVED', publish_at: new Date(), deleted_at: new Date() });
    expect((await server.gql(CAN, { id: live }, { token: staff.token })).data!.submissionProperties.canReport).toBe(true);
    expect((await server.gql(CAN, { id: live }, { token: member.token })).data!.submissionProperties.canReport).toBe(true);
    expect((await server.gql(CAN, { id: live })).data!.submissionProperties.canReport).toBe(false);
    for (const id of [draft, gone]) expect((await server.gql(CAN, { id }, { token: staff.token })).data!.submissionProperties.canReport).toBe(false);
  });

  it('needs a known type and a note of reasonable length', async () => {
    const s = await published();
    const missing = await server.gql(CREATE, { s }, { token: member.token });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Please choose what kind of problem you are reporting.',
      extensions: { category: 'validation', validation: { type: [expect.any(String)] } },
    });
    const unknown = await report(s, member, 'ugly');
    expect(unknown.errors?.[0]?.message).toBe(`“ugly” is not a kind of report. Choose one of: ${REPORT_TYPES.map((t) => t.type).join(', ')}.`);
    const long = await report(s, member, 'broken', 'x'.repeat(2001));
    expect(long.errors?.[0]?.extensions).toMatchObject({ validation: { note: ['The note may have at most 2000 characters.'] } });
  });

  it('one open report per member and creation; after dismissal another may be filed', async () => {
    const s = await published();
    const first = (await report(s)).data!.createSubmissionReport;
    const again = await report(s, member, 'spam');
    expect(again.errors?.[0]).toMatchObject({
      message: `You have already reported this creation (report ${first.id}); staff will look at it.`,
      extensions: { category: 'conflict', code: 'REPORT_ALREADY_REPORTED' },
    });
    expect((await report(s, member2)).errors).toBeUndefined();
    await server.gql(DISMISS, { id: first.id }, { token: staff.token });
    expect((await report(s, member, 'spam')).errors).toBeUndefined();
  });
});

describe('reading reports', () => {
  it('staff list every report newest first, dismissed ones only when asked, paged', async () => {
    const s = await published();
    const a = (await report(s, member)).data!.createSubmissionReport;
    const b = (await report(s, member2, 'spam')).data!.createSubmissionReport;
    await server.gql(DISMISS, { id: a.id }, { token: staff.token });

    const open = await server.gql(ALL, { first: 100 }, { token: viewer.token });
    expect(open.errors).toBeUndefined();
    const openIds = open.data!.getAllSubmissionReports.data.map((r: { id: number }) => r.id);
    expect(openIds).toContain(b.id);
    expect(openIds).not.toContain(a.id);
    const withDismissed = await server.gql(ALL, { first: 100, dismissed: true }, { token: staff.token });
    const ids = withDismissed.data!.getAllSubmissionReports.data.map((r: { id: number }) => r.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(withDismissed.data!.getAllSubmissionReports.data.find((r: { id: number }) => r.id === a.id).deleted_at).toEqual(expect.any(String));
    const paged = await server.gql(ALL, { first: 1, page: 1, dismissed: true }, { token: staff.token });
    expect(paged.data!.getAllSubmissionReports.paginatorInfo).toMatchObject({ count: 1, currentPage: 1, hasMorePages: true });
    expect(paged.data!.getAllSubmissionReports.paginatorInfo.total).toBe(ids.length);

    for (const who of [owner, reviewer]) {
      expect((await server.gql(ALL, {}, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
  });

  it('a creation’s reports: its owner sees what was reported but not by whom; other creators are refused', async () => {
    const s = await published();
    await report(s, member);
    const forOwner = await server.gql(OF, { s }, { token: owner.token });
    expect(forOwner.errors).toBeUndefined();
    expect(forOwner.data!.getSubmissionReports.data).toMatchObject([{ type: 'broken', member: null }]);
    const forStaff = await server.gql(OF, { s }, { token: viewer.token });
    expect(forStaff.data!.getSubmissionReports.data).toMatchObject([{ member: { MemberID: member.id, UserName: member.username } }]);
    expect((await server.gql(OF, { s }, { token: member2.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    const counts = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { numReports } }', { id: s }, { token: owner.token });
    expect(counts.data!.submissionProperties.numReports).toBe(1);
  });
});

describe('changing reports', () => {
  it('staff correct type and note, logged; the unchanged fields stay', async () => {
    const s = await published();
    const created = (await report(s)).data!.createSubmissionReport;
    const res = await server.gql(UPDATE, { id: created.id, type: 'wrong-details' }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSubmissionReport).toMatchObject({ type: 'wrong-details', note: 'The chair floats above the floor.' });
    const cleared = await server.gql(UPDATE, { id: created.id, note: '' }, { token: staff.token });
    expect(cleared.data!.updateSubmissionReport).toMatchObject({ type: 'wrong-details', note: null });
    expect((await logsOf(created.id)).slice(1)).toMatchObject([
      { action: 'updated', member_id: staff.id, previous_values: { type: 'broken' }, new_values: { type: 'wrong-details' } },
      { action: 'updated', member_id: staff.id, previous_values: { note: 'The chair floats above the floor.' }, new_values: { note: null } },
    ]);
    expect((await server.gql(UPDATE, { id: created.id, type: 'nope' }, { token: staff.token })).errors?.[0]?.extensions).toMatchObject({ code: 'REPORT_TYPE_INVALID' });
    expect((await server.gql(UPDATE, { id: 999_999, type: 'spam' }, { token: staff.token })).errors?.[0]?.message).toBe('Report 999999 was not found.');
  });

  it('dismissing sets deleted_at, is logged, and takes the creation out of the reported count', async () => {
    const s = await published();
    const created = (await report(s)).data!.createSubmissionReport;
    const res = await server.gql(DISMISS, { id: created.id }, { token: staff.token });
    expect(res).toEqual({ data: { deleteSubmissionReport: true } });
    const [row] = await server.database.db.select().from(reports).where(eq(reports.id, created.id));
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['created', 'dismissed']);
    // Dismissing again changes nothing.
    expect(await server.gql(DISMISS, { id: created.id }, { token: staff.token })).toEqual({ data: { deleteSubmissionReport: true } });
    expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['created', 'dismissed']);
    const counts = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { numReports } }', { id: s }, { token: owner.token });
    expect(counts.data!.submissionProperties.numReports).toBe(0);
  });

  it('refuses creators, the reporter and staff without the reported page’s edit permission', async () => {
    const s = await published();
    const created = (await report(s)).data!.createSubmissionReport;
    for (const who of [owner, member, viewer, reviewer]) {
      const update = await server.gql(UPDATE, { id: created.id, type: 'spam' }, { token: who.token });
      expect(update.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
      const dismiss = await server.gql(DISMISS, { id: created.id }, { token: who.token });
      expect(dismiss.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
    const [row] = await server.database.db.select().from(reports).where(eq(reports.id, created.id));
    expect(row).toMatchObject({ type: 'broken', deleted_at: null });
  });
});

/** The reported queue as staff see it; list, count and badge must agree. */
async function reportedQueue(): Promise<number[]> {
  const res = await server.gql(REPORTED_QUEUE, {}, { token: staff.token });
  expect(res.errors).toBeUndefined();
  const ids = res.data!.newItemsSearch.data.map((d: { id: number }) => d.id);
  expect(res.data!.newItemsSearch.paginatorInfo.total).toBe(ids.length);
  expect(res.data!.newItemsCount).toBe(ids.length);
  expect(res.data!.staffCounters.reported).toBe(ids.length);
  return ids;
}

async function numReports(s: number): Promise<number> {
  const res = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { numReports } }', { id: s }, { token: owner.token });
  return res.data!.submissionProperties.numReports;
}

describe('restoreSubmissionReport', () => {
  it('clears deleted_at, is logged, and puts the creation back in the reported queue (list = count = badge)', async () => {
    const s = await published();
    const created = (await report(s)).data!.createSubmissionReport;
    expect(await reportedQueue()).toContain(s);
    await server.gql(DISMISS, { id: created.id }, { token: staff.token });
    expect(await reportedQueue()).not.toContain(s);
    expect(await numReports(s)).toBe(0);

    const res = await server.gql(RESTORE, { id: created.id }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.restoreSubmissionReport).toMatchObject({ id: created.id, type: 'broken', deleted_at: null, member: { MemberID: member.id } });
    const logged = await logsOf(created.id);
    expect(logged.map((l) => l.action)).toEqual(['created', 'dismissed', 'restored']);
    expect(logged[2]).toMatchObject({ member_id: staff.id, previous_values: { deleted_at: expect.any(String) }, new_values: { deleted_at: null } });
    expect(await reportedQueue()).toContain(s);
    expect(await numReports(s)).toBe(1);

    // Restoring an open report changes nothing.
    const again = await server.gql(RESTORE, { id: created.id }, { token: staff.token });
    expect(again.data!.restoreSubmissionReport).toMatchObject({ id: created.id, deleted_at: null });
    expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['created', 'dismissed', 'restored']);
    expect(await reportedQueue()).toContain(s);
  });

  it('refuses while the reporter has another open report on the creation', async () => {
    const s = await published();
    const first = (await report(s)).data!.createSubmissionReport;
    await server.gql(DISMISS, { id: first.id }, { token: staff.token });
    const second = (await report(s, member, 'spam')).data!.createSubmissionReport;
    const res = await server.gql(RESTORE, { id: first.id }, { token: staff.token });
    expect(res.errors?.[0]).toMatchObject({
      message: `Report ${first.id} cannot be restored: its reporter has another open report on this creation (report ${second.id}). Edit that one instead.`,
      extensions: { category: 'conflict', code: 'REPORT_RESTORE_DUPLICATE' },
    });
    const [row] = await server.database.db.select().from(reports).where(eq(reports.id, first.id));
    expect(row!.deleted_at).toBeInstanceOf(Date);
    // Another member's open report is no obstacle; once the second is dismissed, the first comes back.
    await report(s, member2);
    await server.gql(DISMISS, { id: second.id }, { token: staff.token });
    expect((await server.gql(RESTORE, { id: first.id }, { token: staff.token })).errors).toBeUndefined();
  });

  it('refuses when the creation is no longer approved and live, and unknown reports', async () => {
    const db = server.database.db;
    for (const change of [{ status: 'REJECTED' as const }, { deleted_at: new Date() }]) {
      const s = await published();
      const created = (await report(s)).data!.createSubmissionReport;
      await server.gql(DISMISS, { id: created.id }, { token: staff.token });
      await db.update(submissions).set(change).where(eq(submissions.id, s));
      const res = await server.gql(RESTORE, { id: created.id }, { token: staff.token });
      expect(res.errors?.[0], JSON.stringify(change)).toMatchObject({
        message: `Report ${created.id} cannot be restored: its creation is no longer approved and live.`,
        extensions: { category: 'conflict', code: 'REPORT_RESTORE_NOT_APPROVED' },
      });
      expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['created', 'dismissed']);
    }
    const missing = await server.gql(RESTORE, { id: 999_999 }, { token: staff.token });
    expect(missing.errors?.[0]).toMatchObject({ message: 'Report 999999 was not found.', extensions: { code: 'REPORT_NOT_FOUND' } });
  });

  it('refuses creators, the reporter and staff without the reported page’s edit permission', async () => {
    const s = await published();
    const created = (await report(s)).data!.createSubmissionReport;
    await server.gql(DISMISS, { id: created.id }, { token: staff.token });
    for (const who of [owner, member, viewer, reviewer]) {
      const res = await server.gql(RESTORE, { id: created.id }, { token: who.token });
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
    const [row] = await server.database.db.select().from(reports).where(eq(reports.id, created.id));
    expect(row!.deleted_at).toBeInstanceOf(Date);
  });
});

describe('getAllSubmissionReports filters', () => {
  async function ids(variables: Record<string, unknown>): Promise<number[]> {
    const res = await server.gql(ALL, { first: 100, ...variables }, { token: viewer.token });
    expect(res.errors, JSON.stringify(variables)).toBeUndefined();
    return res.data!.getAllSubmissionReports.data.map((r: { id: number }) => r.id);
  }

  it('by type and by state (open by default, dismissed, all); state wins over include_dismissed', async () => {
    const s = await published();
    const openSpam = (await report(s, member, 'spam')).data!.createSubmissionReport.id as number;
    const dismissedSpam = (await report(s, member2, 'spam')).data!.createSubmissionReport.id as number;
    const openStolen = (await report(s, staff, 'stolen')).data!.createSubmissionReport.id as number;
    await server.gql(DISMISS, { id: dismissedSpam }, { token: staff.token });

    const spam = await ids({ type: 'spam' });
    expect(spam).toContain(openSpam);
    expect(spam).not.toContain(dismissedSpam);
    expect(spam).not.toContain(openStolen);
    const all = await server.gql(ALL, { first: 100, type: 'spam', state: 'all' }, { token: viewer.token });
    const rows = all.data!.getAllSubmissionReports.data as { id: number; type: string; submission: { id: number; name: string } }[];
    expect(rows.every((r) => r.type === 'spam')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([openSpam, dismissedSpam]));
    expect(rows.find((r) => r.id === openSpam)!.submission).toMatchObject({ id: s, name: expect.any(String) });
    expect(all.data!.getAllSubmissionReports.paginatorInfo.total).toBe(rows.length);

    const dismissed = await ids({ state: 'dismissed' });
    expect(dismissed).toContain(dismissedSpam);
    expect(dismissed).not.toContain(openSpam);
    expect(await ids({ state: 'open', type: 'stolen' })).toContain(openStolen);
    // state wins; include_dismissed alone still works for older clients; an empty type or state is any / the default.
    expect(await ids({ state: 'open', dismissed: true })).not.toContain(dismissedSpam);
    expect(await ids({ state: 'dismissed', dismissed: false })).toContain(dismissedSpam);
    expect(await ids({ dismissed: true })).toEqual(expect.arrayContaining([openSpam, dismissedSpam]));
    expect(await ids({ type: '', state: '' })).toEqual(expect.arrayContaining([openSpam, openStolen]));
  });

  it('refuses an unknown type or state clearly', async () => {
    const badType = await server.gql(ALL, { type: 'ugly' }, { token: viewer.token });
    expect(badType.errors?.[0]).toMatchObject({
      message: `“ugly” is not a kind of report. Choose one of: ${REPORT_TYPES.map((t) => t.type).join(', ')}.`,
      extensions: { category: 'validation', code: 'REPORT_TYPE_INVALID', validation: { type: [expect.any(String)] } },
    });
    const badState = await server.gql(ALL, { state: 'closed' }, { token: viewer.token });
    expect(badState.errors?.[0]).toMatchObject({
      message: '“closed” is not a state of reports. Choose one of: open, dismissed, all.',
      extensions: { category: 'validation', code: 'REPORT_STATE_INVALID', validation: { state: [expect.any(String)] } },
    });
  });
});
