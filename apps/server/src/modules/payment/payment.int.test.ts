import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthOf, pagePermission } from '@corner/domain';
import { logs, paymentAdjustments, paymentListCreations, paymentLists, paymentRates, submissions } from '../../db/schema/index';
import { buildMember, buildPaymentStatement, buildRole, buildSubmission, type SubmissionOptions } from '../../test/factories';
import { useTestServer } from '../../test/server';

/**
 * Payments (issue 17): the rate table, a month's lists (generate, refresh, adjust, approve, reopen,
 * pay, CSV) behind submissions:page-payments:view|edit, and creators' own statements. Each test
 * uses months of its own (lists are unique per month and program in this file's database).
 */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
  username: string;
}
/** Payments staff: view and edit. */
let payer: Caller;
/** Reads payments, changes nothing. */
let viewer: Caller;
/** The seeded Submissions role: no payments page. */
let reviewer: Caller;
/** Select artists, a Featured artist, one holding both roles, and a creator in no program. */
let ari: Caller;
let bea: Caller;
let fay: Caller;
let both: Caller;
let cora: Caller;

const LIST = `id month program status payment_reference paid_on creators_count creations_count total_cents
  abilities { canRefresh canAdjust canApprove canReopen canPay }
  entries { id member { MemberID UserName } creations { submission_id kind amount_cents publish_at } adjustments { id amount_cents reason corrects_payment_list_id corrects_month }
    creations_cents adjustments_cents amount_cents }`;
const RATES = 'query { paymentRates { program kind amount_cents member { MemberID } } }';
const SET_RATE = 'mutation ($program: String!, $kind: String!, $amount: Int!) { updatePaymentRate(program: $program, kind: $kind, amount_cents: $amount) { program kind amount_cents } }';
const GENERATE = `mutation ($month: String!, $program: String!) { generatePaymentList(month: $month, program: $program) { ${LIST} } }`;
const REFRESH = `mutation ($id: Int!) { refreshPaymentList(id: $id) { ${LIST} } }`;
const APPROVE = `mutation ($id: Int!) { approvePaymentList(id: $id) { ${LIST} } }`;
const REOPEN = `mutation ($id: Int!) { reopenPaymentList(id: $id) { ${LIST} } }`;
const PAY = `mutation ($id: Int!, $ref: String, $on: String) { payPaymentList(id: $id, payment_reference: $ref, paid_on: $on) { ${LIST} } }`;
const ADJUST = `mutation ($list: Int!, $member: Int!, $amount: Int!, $reason: String, $corrects: Int) {
  addPaymentAdjustment(payment_list_id: $list, member_id: $member, amount_cents: $amount, reason: $reason, corrects_payment_list_id: $corrects) { ${LIST} }
}`;
const UNADJUST = `mutation ($id: Int!) { deletePaymentAdjustment(id: $id) { ${LIST} } }`;
const ONE = `query ($id: Int!) { paymentList(id: $id) { ${LIST} } }`;
const CSV = 'query ($id: Int!) { paymentList(id: $id) { csv } }';
const SEARCH = 'query ($program: String, $status: String, $first: Int) { paymentListsSearch(program: $program, status: $status, first: $first) { data { id month program status } paginatorInfo { total } } }';
const MINE = `query { myPaymentStatements { data { id month program status payment_reference paid_on amount_cents creations { submission_id name amount_cents } adjustments { amount_cents reason } } paginatorInfo { total } } }`;
const STATEMENT = 'query ($id: Int!) { paymentStatement(id: $id) { id month status amount_cents member { MemberID } } }';

/** The rates this file sets: odd cents on purpose; featured_artist has no lot rate. */
const SELECT_RATES = { item: 1500, set: 4000, lot: 7500, room: 3000, sim: 2500, mod: 999 } as const;
const FEATURED_RATES = { item: 1000, set: 3000, room: 2000, sim: 1500, mod: 501 } as const;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, username: m.username, token: await server.tokenFor(m.id) };
}

type Entry = { member: { MemberID: number }; creations: { submission_id: number; amount_cents: number }[]; adjustments: { id: number; amount_cents: number }[]; amount_cents: number };
const entryOf = (list: { entries: Entry[] }, who: Caller) => list.entries.find((e) => e.member.MemberID === who.id);

/** An exclusive, approved creation of `who`, published at `publishAt`. */
function exclusive(who: Caller, publishAt: string, options: SubmissionOptions = {}) {
  return buildSubmission(server.database.db, who.id, { status: 'APPROVED', publish_at: new Date(publishAt), tsr_exclusive: true, kind: 'item', ...options });
}

async function generate(month: string, program = 'select_artist', token = payer.token) {
  return server.gql(GENERATE, { month, program }, { token });
}

async function logsOf(entity: string, id: number) {
  return server.database.db.select().from(logs).where(and(eq(logs.entity, entity), eq(logs.entity_id, id))).orderBy(asc(logs.id));
}

beforeAll(async () => {
  const db = server.database.db;
  const payments = await buildRole(db, 'Payments (test)', [pagePermission('payments', 'view'), pagePermission('payments', 'edit')]);
  const paymentsViewer = await buildRole(db, 'Payments viewer (test)', [pagePermission('payments', 'view')]);
  payer = await caller([payments]);
  viewer = await caller([paymentsViewer]);
  reviewer = await caller(['Submissions']);
  ari = await caller(['Select artist']);
  bea = await caller(['Select artist']);
  fay = await caller(['Featured artist']);
  both = await caller(['Featured artist', 'Select artist']);
  cora = await caller();
  for (const [kind, amount] of Object.entries(SELECT_RATES)) expect((await server.gql(SET_RATE, { program: 'select_artist', kind, amount }, { token: payer.token })).errors).toBeUndefined();
  for (const [kind, amount] of Object.entries(FEATURED_RATES)) expect((await server.gql(SET_RATE, { program: 'featured_artist', kind, amount }, { token: payer.token })).errors).toBeUndefined();
});

describe('the rate table', () => {
  it('lists every program and kind, unset ones as null; staff set rates in whole cents, each change logged', async () => {
    const res = await server.gql(RATES, {}, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    const rates = res.data!.paymentRates as { program: string; kind: string; amount_cents: number | null }[];
    expect(rates).toHaveLength(12);
    expect(rates.find((r) => r.program === 'select_artist' && r.kind === 'mod')).toMatchObject({ amount_cents: 999, member: { MemberID: payer.id } });
    expect(rates.find((r) => r.program === 'featured_artist' && r.kind === 'lot')).toMatchObject({ amount_cents: null, member: null });

    const changed = await server.gql(SET_RATE, { program: 'featured_artist', kind: 'mod', amount: 650 }, { token: payer.token });
    expect(changed.data!.updatePaymentRate).toEqual({ program: 'featured_artist', kind: 'mod', amount_cents: 650 });
    const [row] = await server.database.db.select().from(paymentRates).where(and(eq(paymentRates.program, 'featured_artist'), eq(paymentRates.kind, 'mod')));
    expect((await logsOf('payment_rate', row!.id)).map((l) => [l.action, l.previous_values, l.new_values])).toEqual([
      ['created', null, { program: 'featured_artist', kind: 'mod', amount_cents: 501 }],
      ['updated', { program: 'featured_artist', kind: 'mod', amount_cents: 501 }, { program: 'featured_artist', kind: 'mod', amount_cents: 650 }],
    ]);
    // Setting the same amount again changes nothing and logs nothing.
    await server.gql(SET_RATE, { program: 'featured_artist', kind: 'mod', amount: 650 }, { token: payer.token });
    expect(await logsOf('payment_rate', row!.id)).toHaveLength(2);
    await server.gql(SET_RATE, { program: 'featured_artist', kind: 'mod', amount: FEATURED_RATES.mod }, { token: payer.token });
  });

  it('refuses a program, kind or amount it does not know, and callers without the edit permission; the rate stays', async () => {
    const bad = async (variables: Record<string, unknown>) => (await server.gql(SET_RATE, { program: 'select_artist', kind: 'item', amount: 100, ...variables }, { token: payer.token })).errors?.[0];
    expect(await bad({ program: 'gold' })).toMatchObject({ extensions: { category: 'validation', code: 'PAYMENT_PROGRAM_UNKNOWN', validation: { program: [expect.stringContaining('select_artist, featured_artist')] } } });
    expect(await bad({ kind: 'set_item' })).toMatchObject({ extensions: { code: 'PAYMENT_KIND_UNKNOWN', validation: { kind: [expect.any(String)] } } });
    expect(await bad({ amount: -1 })).toMatchObject({ message: 'The rate must be a whole number of cents from 0 to $10,000.00.', extensions: { code: 'PAYMENT_AMOUNT_INVALID' } });
    expect(await bad({ amount: 1_000_001 })).toMatchObject({ extensions: { code: 'PAYMENT_AMOUNT_INVALID' } });
    // Cents are whole: a fraction is not an Int, refused before any service runs.
    expect(await bad({ amount: 12.5 })).toMatchObject({ message: expect.stringContaining('Int') });
    for (const who of [viewer, reviewer, ari]) {
      expect((await server.gql(SET_RATE, { program: 'select_artist', kind: 'item', amount: 1 }, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    }
    for (const who of [reviewer, ari]) expect((await server.gql(RATES, {}, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    const [row] = await server.database.db.select().from(paymentRates).where(and(eq(paymentRates.program, 'select_artist'), eq(paymentRates.kind, 'item')));
    expect(row!.amount_cents).toBe(SELECT_RATES.item);
  });
});

describe('generating a month’s list', () => {
  it('pays each program creator’s exclusive, approved, live creations published in the month (UTC, edges included once), at their kind’s rate, in cents', async () => {
    const a1 = await exclusive(ari, '2021-03-01T00:00:00.000Z', { name: 'First instant' });
    const a2 = await exclusive(ari, '2021-03-31T23:59:59.999Z', { kind: 'mod', name: 'Last instant' });
    // Just outside, either side; and 00:30 on 1 April in Paris is still March in UTC.
    await exclusive(ari, '2021-02-28T23:59:59.999Z');
    await exclusive(ari, '2021-04-01T00:00:00.000Z');
    const a3 = await exclusive(ari, '2021-04-01T00:30:00.000+02:00', { kind: 'sim' });
    // Not exclusive, exclusivity not answered, deleted, not approved, or a set's child: not paid.
    await exclusive(ari, '2021-03-10T00:00:00.000Z', { tsr_exclusive: false });
    await exclusive(ari, '2021-03-10T00:00:00.000Z', { tsr_exclusive: null });
    await exclusive(ari, '2021-03-10T00:00:00.000Z', { deleted_at: new Date() });
    await exclusive(ari, '2021-03-10T00:00:00.000Z', { status: 'SUBMITTED' });
    const b = [
      await exclusive(bea, '2021-03-02T10:00:00.000Z', { kind: 'set' }),
      await exclusive(bea, '2021-03-03T10:00:00.000Z', { kind: 'lot' }),
      await exclusive(bea, '2021-03-04T10:00:00.000Z', { kind: 'room' }),
      await exclusive(bea, '2021-03-05T10:00:00.000Z', { kind: 'item' }),
    ];
    // No program: not paid. Featured artist: on the featured list. Both roles: Select artist only.
    await exclusive(cora, '2021-03-06T10:00:00.000Z');
    const f1 = await exclusive(fay, '2021-03-07T10:00:00.000Z', { kind: 'room' });
    const both1 = await exclusive(both, '2021-03-08T10:00:00.000Z', { kind: 'mod' });

    const res = await generate('2021-03');
    expect(res.errors).toBeUndefined();
    const list = res.data!.generatePaymentList;
    expect(list).toMatchObject({
      month: '2021-03',
      program: 'select_artist',
      status: 'DRAFT',
      creators_count: 3,
      creations_count: 8,
      abilities: { canRefresh: true, canAdjust: true, canApprove: true, canReopen: false, canPay: false },
    });
    expect(entryOf(list, ari)).toMatchObject({ creations: [{ submission_id: a1, amount_cents: 1500 }, { submission_id: a3 }, { submission_id: a2, amount_cents: 999 }], amount_cents: 1500 + 2500 + 999 });
    expect(entryOf(list, bea)!.creations.map((c) => c.submission_id)).toEqual(b);
    expect(entryOf(list, bea)!.amount_cents).toBe(4000 + 7500 + 3000 + 1500);
    expect(entryOf(list, both)).toMatchObject({ creations: [{ submission_id: both1, amount_cents: 999 }], amount_cents: 999 });
    expect(entryOf(list, cora)).toBeUndefined();
    expect(entryOf(list, fay)).toBeUndefined();
    expect(list.total_cents).toBe(4999 + 16000 + 999);
    expect(await logsOf('payment_list', list.id)).toMatchObject([
      { member_id: payer.id, action: 'generated', new_values: { month: '2021-03', program: 'select_artist', creators: 3, creations: 8, total_cents: 21998 } },
    ]);

    const featured = (await generate('2021-03', 'featured_artist')).data!.generatePaymentList;
    expect(featured.entries.map((e: Entry) => e.member.MemberID)).toEqual([fay.id]);
    expect(entryOf(featured, fay)).toMatchObject({ creations: [{ submission_id: f1, amount_cents: 2000 }], amount_cents: 2000 });
  });

  it('refuses the same month and program twice, naming the list; nothing changes', async () => {
    await exclusive(ari, '2021-05-15T12:00:00.000Z');
    const first = (await generate('2021-05')).data!.generatePaymentList;
    await exclusive(ari, '2021-05-16T12:00:00.000Z');
    const again = await generate('2021-05');
    expect(again.errors?.[0]).toMatchObject({
      message: `The Select artist list for 2021-05 was generated already (list ${first.id}): open it, or refresh it while it is a draft.`,
      extensions: { category: 'conflict', code: 'PAYMENT_LIST_EXISTS', payment_list_id: first.id },
    });
    expect((await server.gql(ONE, { id: first.id }, { token: payer.token })).data!.paymentList).toMatchObject({ creations_count: 1 });
    expect(await server.database.db.select().from(paymentLists).where(eq(paymentLists.month, '2021-05-01'))).toHaveLength(1);
  });

  it('refuses a month that is not over, a malformed month, an unknown program, and a month with a kind that has no rate (writing nothing)', async () => {
    const current = monthOf(new Date());
    expect((await generate(current)).errors?.[0]).toMatchObject({ extensions: { category: 'validation', code: 'PAYMENT_MONTH_NOT_OVER', validation: { month: [expect.stringContaining(current)] } } });
    for (const month of ['2021-13', '2021-6', 'June']) expect((await generate(month)).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_MONTH_INVALID' });
    expect((await generate('2021-06', 'bronze')).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_PROGRAM_UNKNOWN' });
    await exclusive(fay, '2021-06-10T00:00:00.000Z', { kind: 'lot' });
    const unrated = await generate('2021-06', 'featured_artist');
    expect(unrated.errors?.[0]).toMatchObject({ message: 'Set the Featured artist rate for lot first: creations of that kind are in this month. Nothing was generated.', extensions: { code: 'PAYMENT_RATE_MISSING' } });
    expect(await server.database.db.select().from(paymentLists).where(eq(paymentLists.month, '2021-06-01'))).toEqual([]);
  });

  it('is for payments staff with the edit permission only', async () => {
    for (const who of [viewer, reviewer, ari, cora]) expect((await generate('2021-07', 'select_artist', who.token)).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    expect((await server.gql(GENERATE, { month: '2021-07', program: 'select_artist' }, { token: null })).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_SIGNED_IN' });
    expect(await server.database.db.select().from(paymentLists).where(eq(paymentLists.month, '2021-07-01'))).toEqual([]);
  });
});

describe('a list from draft to paid', () => {
  let listId: number;
  let adjustmentId: number;

  beforeAll(async () => {
    await exclusive(ari, '2021-08-03T00:00:00.000Z', { kind: 'item' });
    await exclusive(ari, '2021-08-04T00:00:00.000Z', { kind: 'set' });
    await exclusive(bea, '2021-08-05T00:00:00.000Z', { kind: 'mod' });
    listId = (await generate('2021-08')).data!.generatePaymentList.id;
  });

  it('adds adjustments with a reason, in cents either way, also for a creator with no creations that month; each logged', async () => {
    const plus = await server.gql(ADJUST, { list: listId, member: ari.id, amount: 250, reason: '  Bonus for the set’s extra swatches  ' }, { token: payer.token });
    expect(plus.errors).toBeUndefined();
    const list = plus.data!.addPaymentAdjustment;
    expect(entryOf(list, ari)).toMatchObject({ adjustments: [{ amount_cents: 250, reason: 'Bonus for the set’s extra swatches', corrects_payment_list_id: null }], creations_cents: 5500, adjustments_cents: 250, amount_cents: 5750 });
    adjustmentId = entryOf(list, ari)!.adjustments[0]!.id;
    const minus = (await server.gql(ADJUST, { list: listId, member: ari.id, amount: -1, reason: 'Rounding' }, { token: payer.token })).data!.addPaymentAdjustment;
    expect(entryOf(minus, ari)!.amount_cents).toBe(5749);
    const newcomer = (await server.gql(ADJUST, { list: listId, member: cora.id, amount: 1234, reason: 'Commissioned banner' }, { token: payer.token })).data!.addPaymentAdjustment;
    expect(entryOf(newcomer, cora)).toMatchObject({ creations: [], adjustments_cents: 1234, amount_cents: 1234 });
    expect(newcomer).toMatchObject({ creators_count: 3, total_cents: 5749 + 999 + 1234 });
    expect(await logsOf('payment_adjustment', adjustmentId)).toMatchObject([
      { member_id: payer.id, action: 'created', new_values: { payment_list_id: listId, member_id: ari.id, amount_cents: 250, reason: 'Bonus for the set’s extra swatches' } },
    ]);
  });

  it('refuses an adjustment without a reason, of 0, of fractions or too large, for nobody; nothing is added', async () => {
    const bad = async (variables: Record<string, unknown>) => (await server.gql(ADJUST, { list: listId, member: ari.id, amount: 100, reason: 'ok', ...variables }, { token: payer.token })).errors?.[0];
    expect(await bad({ reason: '   ' })).toMatchObject({ message: 'Every adjustment needs a reason.', extensions: { validation: { reason: ['Every adjustment needs a reason.'] } } });
    expect(await bad({ reason: null })).toMatchObject({ extensions: { code: 'PAYMENT_REASON_INVALID' } });
    expect(await bad({ reason: 'x'.repeat(501) })).toMatchObject({ message: 'The reason may have at most 500 characters.' });
    expect(await bad({ amount: 0 })).toMatchObject({ extensions: { code: 'PAYMENT_AMOUNT_INVALID', validation: { amount_cents: [expect.any(String)] } } });
    expect(await bad({ amount: 10_000_001 })).toMatchObject({ extensions: { code: 'PAYMENT_AMOUNT_INVALID' } });
    expect(await bad({ amount: 0.5 })).toMatchObject({ message: expect.stringContaining('Int') });
    expect(await bad({ member: 999_999 })).toMatchObject({ message: 'There is no member 999999 to adjust the payment of.' });
    expect(await bad({ list: 999_999 })).toMatchObject({ message: 'Payment list 999999 was not found.', extensions: { category: 'not_found' } });
    expect(await bad({ corrects: listId })).toMatchObject({ extensions: { code: 'PAYMENT_CORRECTS_INVALID' }, message: expect.stringContaining('is not paid') });
    for (const who of [viewer, ari]) expect((await server.gql(ADJUST, { list: listId, member: ari.id, amount: 5, reason: 'x' }, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    const list = (await server.gql(ONE, { id: listId }, { token: payer.token })).data!.paymentList;
    expect(entryOf(list, ari)!.adjustments).toHaveLength(2);
  });

  it('removes an adjustment, and a creator left with nothing leaves the list', async () => {
    const list = (await server.gql(ONE, { id: listId }, { token: payer.token })).data!.paymentList;
    const coraAdjustment = entryOf(list, cora)!.adjustments[0]!.id;
    const res = await server.gql(UNADJUST, { id: coraAdjustment }, { token: payer.token });
    expect(res.errors).toBeUndefined();
    expect(entryOf(res.data!.deletePaymentAdjustment, cora)).toBeUndefined();
    expect(await logsOf('payment_adjustment', coraAdjustment)).toMatchObject([{ action: 'created' }, { action: 'deleted', previous_values: { amount_cents: 1234, reason: 'Commissioned banner' } }]);
    expect((await server.gql(UNADJUST, { id: coraAdjustment }, { token: payer.token })).errors?.[0]).toMatchObject({ message: `Adjustment ${coraAdjustment} was not found.` });
  });

  it('refreshes a draft: a creation approved since and a new rate come in, adjustments stay', async () => {
    const late = await exclusive(bea, '2021-08-20T00:00:00.000Z', { kind: 'room' });
    await server.gql(SET_RATE, { program: 'select_artist', kind: 'mod', amount: 1099 }, { token: payer.token });
    const res = await server.gql(REFRESH, { id: listId }, { token: payer.token });
    await server.gql(SET_RATE, { program: 'select_artist', kind: 'mod', amount: SELECT_RATES.mod }, { token: payer.token });
    expect(res.errors).toBeUndefined();
    const list = res.data!.refreshPaymentList;
    expect(entryOf(list, bea)).toMatchObject({ creations: [{ amount_cents: 1099 }, { submission_id: late, amount_cents: 3000 }], amount_cents: 4099 });
    expect(entryOf(list, ari)).toMatchObject({ adjustments_cents: 249, amount_cents: 5749 });
    expect((await logsOf('payment_list', listId)).at(-1)).toMatchObject({ action: 'refreshed', previous_values: { total_cents: 5749 + 999 }, new_values: { total_cents: 5749 + 4099 } });
  });

  it('approves; an approved list takes no change until reopened; then it is paid with a reference and a date, and locked', async () => {
    const approved = await server.gql(APPROVE, { id: listId }, { token: payer.token });
    expect(approved.data!.approvePaymentList).toMatchObject({ status: 'APPROVED', abilities: { canAdjust: false, canApprove: false, canReopen: true, canPay: true } });
    expect((await server.gql(APPROVE, { id: listId }, { token: payer.token })).errors?.[0]).toMatchObject({ message: `Payment list ${listId} is approved already.`, extensions: { category: 'conflict' } });
    expect((await server.gql(ADJUST, { list: listId, member: ari.id, amount: 5, reason: 'Late' }, { token: payer.token })).errors?.[0]).toMatchObject({
      message: `Payment list ${listId} is approved: reopen it as a draft to change it.`,
      extensions: { code: 'PAYMENT_LIST_NOT_DRAFT' },
    });
    expect((await server.gql(REFRESH, { id: listId }, { token: payer.token })).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_LIST_NOT_DRAFT' });
    expect((await server.gql(REOPEN, { id: listId }, { token: payer.token })).data!.reopenPaymentList).toMatchObject({ status: 'DRAFT' });
    expect((await server.gql(REOPEN, { id: listId }, { token: payer.token })).errors?.[0]).toMatchObject({ message: `Payment list ${listId} is a draft already.` });
    expect((await server.gql(PAY, { id: listId, ref: 'PP-1', on: '2021-09-02' }, { token: payer.token })).errors?.[0]).toMatchObject({ message: `Payment list ${listId} is a draft: approve it before paying it.` });
    await server.gql(APPROVE, { id: listId }, { token: payer.token });

    const pay = (variables: Record<string, unknown>, token = payer.token) => server.gql(PAY, { id: listId, ref: 'PP-2021-08', on: '2021-09-02', ...variables }, { token });
    expect((await pay({ ref: '  ' })).errors?.[0]).toMatchObject({ message: 'The payment reference is required.', extensions: { validation: { payment_reference: [expect.any(String)] } } });
    expect((await pay({ ref: 'r'.repeat(201) })).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_REFERENCE_INVALID' });
    expect((await pay({ on: null })).errors?.[0]).toMatchObject({ message: 'The payment date is required, as YYYY-MM-DD.', extensions: { validation: { paid_on: [expect.any(String)] } } });
    expect((await pay({ on: '2021-02-30' })).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_PAID_ON_INVALID' });
    expect((await pay({ on: '2021-08-31' })).errors?.[0]).toMatchObject({ message: 'The payment date 2021-08-31 is before the list’s month ended.' });
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect((await pay({ on: future })).errors?.[0]).toMatchObject({ message: `The payment date ${future} is in the future: record a payment once it is made.` });
    for (const who of [viewer, ari]) expect((await pay({}, who.token)).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    expect((await server.gql(ONE, { id: listId }, { token: payer.token })).data!.paymentList).toMatchObject({ status: 'APPROVED', payment_reference: null });

    const paid = await pay({ ref: ' PP-2021-08 ' });
    expect(paid.errors).toBeUndefined();
    expect(paid.data!.payPaymentList).toMatchObject({
      status: 'PAID',
      payment_reference: 'PP-2021-08',
      paid_on: '2021-09-02',
      abilities: { canRefresh: false, canAdjust: false, canApprove: false, canReopen: false, canPay: false },
    });
    expect((await logsOf('payment_list', listId)).map((l) => l.action)).toEqual(['generated', 'refreshed', 'approved', 'reopened', 'approved', 'paid']);
    expect((await logsOf('payment_list', listId)).at(-1)).toMatchObject({ member_id: payer.id, new_values: { status: 'PAID', payment_reference: 'PP-2021-08', paid_on: '2021-09-02', total_cents: 5749 + 4099 } });
  });

  it('refuses paying twice and any change to the paid list; it stays as paid', async () => {
    expect((await server.gql(PAY, { id: listId, ref: 'PP-AGAIN', on: '2021-09-03' }, { token: payer.token })).errors?.[0]).toMatchObject({
      message: `Payment list ${listId} was paid already on 2021-09-02 (reference PP-2021-08); it cannot be paid twice.`,
      extensions: { category: 'conflict', code: 'PAYMENT_LIST_ALREADY_PAID' },
    });
    const locked = `Payment list ${listId} is paid and locked: put corrections on a later month’s draft list as adjustments that name it.`;
    expect((await server.gql(ADJUST, { list: listId, member: ari.id, amount: 5, reason: 'Late' }, { token: payer.token })).errors?.[0]).toMatchObject({ message: locked, extensions: { code: 'PAYMENT_LIST_LOCKED' } });
    expect((await server.gql(UNADJUST, { id: adjustmentId }, { token: payer.token })).errors?.[0]).toMatchObject({ message: locked });
    for (const op of [REFRESH, APPROVE, REOPEN]) expect((await server.gql(op, { id: listId }, { token: payer.token })).errors?.[0]).toMatchObject({ message: locked });
    const list = (await server.gql(ONE, { id: listId }, { token: payer.token })).data!.paymentList;
    expect(list).toMatchObject({ status: 'PAID', payment_reference: 'PP-2021-08', paid_on: '2021-09-02', total_cents: 5749 + 4099 });
    expect(await server.database.db.select().from(paymentAdjustments).where(eq(paymentAdjustments.id, adjustmentId))).toHaveLength(1);
  });

  it('takes corrections on a later month’s draft, naming the paid list; never on an earlier one', async () => {
    await exclusive(bea, '2021-09-09T00:00:00.000Z');
    const september = (await generate('2021-09')).data!.generatePaymentList;
    const res = await server.gql(ADJUST, { list: september.id, member: ari.id, amount: -300, reason: 'Set paid at the item rate difference', corrects: listId }, { token: payer.token });
    expect(res.errors).toBeUndefined();
    expect(entryOf(res.data!.addPaymentAdjustment, ari)).toMatchObject({ creations: [], adjustments: [{ amount_cents: -300, corrects_payment_list_id: listId, corrects_month: '2021-08' }], amount_cents: -300 });
    // A creator who would be paid less than nothing holds the approval back.
    expect((await server.gql(APPROVE, { id: september.id }, { token: payer.token })).errors?.[0]).toMatchObject({
      message: `Payment list ${september.id} cannot be approved: ${ari.username} would be paid less than nothing. Spread the deduction over later months.`,
      extensions: { code: 'PAYMENT_LIST_NEGATIVE' },
    });
    // A creation already paid is never taken again, even if its date moved into this month.
    const paidCreation = entryOf((await server.gql(ONE, { id: listId }, { token: payer.token })).data!.paymentList, bea)!.creations[0]!.submission_id;
    await server.database.db.update(submissions).set({ publish_at: new Date('2021-09-10T00:00:00.000Z') }).where(eq(submissions.id, paidCreation));
    const refreshed = (await server.gql(REFRESH, { id: september.id }, { token: payer.token })).data!.refreshPaymentList;
    expect(entryOf(refreshed, bea)!.creations.map((c) => c.submission_id)).not.toContain(paidCreation);

    await exclusive(ari, '2021-07-09T00:00:00.000Z');
    const july = (await generate('2021-07')).data!.generatePaymentList;
    expect((await server.gql(ADJUST, { list: july.id, member: ari.id, amount: 10, reason: 'x', corrects: listId }, { token: payer.token })).errors?.[0]).toMatchObject({
      message: `Payment list ${listId} is not of an earlier month: a correction goes on a later month’s list.`,
    });
    expect((await server.gql(ADJUST, { list: july.id, member: ari.id, amount: 10, reason: 'x', corrects: 999_999 }, { token: payer.token })).errors?.[0]).toMatchObject({ message: 'Payment list 999999 was not found.' });
  });

  it('exports CSV: one row per creator by name, amounts from whole cents with two decimals, a total row', async () => {
    const res = await server.gql(CSV, { id: listId }, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    const lines = (res.data!.paymentList.csv as string).trimEnd().split('\n');
    const expected = new Map([
      [ari, ['2', '55.00', '2.49', '57.49']],
      [bea, ['2', '40.99', '0.00', '40.99']],
    ]);
    const sorted = [ari, bea].sort((x, y) => x.username.toLowerCase().localeCompare(y.username.toLowerCase()));
    expect(lines[0]).toBe('month,program,member_id,username,email,creations,creations_amount,adjustments_amount,amount,currency,status,payment_reference,paid_on');
    expect(lines).toHaveLength(4);
    for (const [i, who] of sorted.entries()) {
      const [month, program, member, username, email, ...rest] = lines[i + 1]!.split(',');
      expect([month, program, member, username]).toEqual(['2021-08', 'select_artist', String(who.id), who.username]);
      expect(email).toMatch(/@corner\.test$/);
      expect(rest).toEqual([...expected.get(who)!, 'USD', 'PAID', 'PP-2021-08', '2021-09-02']);
    }
    expect(lines[3]).toBe('2021-08,select_artist,,TOTAL,,4,95.99,2.49,98.48,USD,PAID,PP-2021-08,2021-09-02');
  });

  it('keeps a spreadsheet from running a name as a formula, and quotes commas', async () => {
    const sly = await buildMember(server.database.db, { username: '=HYPERLINK("x"),evil', roles: ['Select artist'] });
    await buildSubmission(server.database.db, sly.id, { status: 'APPROVED', publish_at: new Date('2021-10-10T00:00:00.000Z'), tsr_exclusive: true, kind: 'item' });
    const october = (await generate('2021-10')).data!.generatePaymentList;
    const csv = (await server.gql(CSV, { id: october.id }, { token: payer.token })).data!.paymentList.csv as string;
    expect(csv).toContain(`,${sly.id},"'=HYPERLINK(""x""),evil",`);
  });
});

describe('lists for staff', () => {
  it('lists newest month first, by program and status; only payments staff read them', async () => {
    const res = await server.gql(SEARCH, { program: 'select_artist', status: 'PAID', first: 10 }, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.paymentListsSearch.data.map((l: { month: string }) => l.month)).toEqual(['2021-08']);
    const all = (await server.gql(SEARCH, { program: 'select_artist' }, { token: viewer.token })).data!.paymentListsSearch.data.map((l: { month: string }) => l.month);
    expect(all).toEqual([...all].sort().reverse());
    expect((await server.gql(SEARCH, { program: 'nope' }, { token: viewer.token })).errors?.[0]?.extensions).toMatchObject({ code: 'PAYMENT_PROGRAM_UNKNOWN' });
    for (const who of [reviewer, ari, cora]) {
      expect((await server.gql(SEARCH, {}, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
      expect((await server.gql(ONE, { id: 1 }, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    }
    expect((await server.gql(ONE, { id: 999_999 }, { token: viewer.token })).errors?.[0]).toMatchObject({ message: 'Payment list 999999 was not found.', extensions: { category: 'not_found' } });
  });
});

describe('creators’ statements', () => {
  it('a creator reads their own statements of approved and paid lists, with creations, adjustments and amounts; drafts are not shown', async () => {
    const res = await server.gql(MINE, {}, { token: ari.token });
    expect(res.errors).toBeUndefined();
    const statements = res.data!.myPaymentStatements;
    // March is a draft, September a draft (with a correction): only the paid August shows.
    expect(statements.data).toHaveLength(1);
    expect(statements.data[0]).toMatchObject({
      month: '2021-08',
      program: 'select_artist',
      status: 'PAID',
      payment_reference: 'PP-2021-08',
      paid_on: '2021-09-02',
      amount_cents: 5749,
      creations: [{ amount_cents: 1500 }, { amount_cents: 4000 }],
      adjustments: [{ amount_cents: 250, reason: 'Bonus for the set’s extra swatches' }, { amount_cents: -1, reason: 'Rounding' }],
    });
    expect((await server.gql(MINE, {}, { token: cora.token })).data!.myPaymentStatements).toEqual({ data: [], paginatorInfo: { total: 0 } });
    expect((await server.gql(MINE, {}, { token: null })).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_SIGNED_IN' });
  });

  it('refuses a creator another creator’s statement; their own draft one is not there for them; payments staff read any', async () => {
    const beaStatement = (await buildPaymentStatement(server.database.db, bea.id, { month: '2020-01', status: 'APPROVED' })).entryId;
    const ariDraft = (await buildPaymentStatement(server.database.db, ari.id, { month: '2020-02', status: 'DRAFT' })).entryId;
    expect((await server.gql(STATEMENT, { id: beaStatement }, { token: bea.token })).data!.paymentStatement).toMatchObject({ id: beaStatement, month: '2020-01', status: 'APPROVED', amount_cents: 0 });
    for (const who of [ari, cora, reviewer]) {
      const res = await server.gql(STATEMENT, { id: beaStatement }, { token: who.token });
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN', reason: 'You do not have permission to do this.' });
      expect(res.data?.paymentStatement ?? null).toBeNull();
    }
    expect((await server.gql(STATEMENT, { id: ariDraft }, { token: ari.token })).errors?.[0]).toMatchObject({ message: `Payment statement ${ariDraft} was not found.`, extensions: { category: 'not_found' } });
    expect((await server.gql(STATEMENT, { id: beaStatement }, { token: viewer.token })).data!.paymentStatement).toMatchObject({ member: { MemberID: bea.id } });
    expect((await server.gql(STATEMENT, { id: ariDraft }, { token: viewer.token })).data!.paymentStatement).toMatchObject({ status: 'DRAFT' });
    expect((await server.gql(STATEMENT, { id: 999_999 }, { token: ari.token })).errors?.[0]?.extensions).toMatchObject({ category: 'not_found' });
  });
});

describe('the database keeps the rules too', () => {
  it('one list per month and program, a creation paid once, a paid list with its reference and date', async () => {
    const db = server.database.db;
    await expect(db.insert(paymentLists).values({ month: '2021-08-01', program: 'select_artist' })).rejects.toThrow();
    await expect(db.insert(paymentLists).values({ month: '2019-01-01', program: 'select_artist', status: 'PAID' })).rejects.toThrow();
    const [paid] = await db.select().from(paymentListCreations).limit(1);
    await expect(db.insert(paymentListCreations).values({ entry_id: paid!.entry_id, submission_id: paid!.submission_id, kind: paid!.kind, amount_cents: 1 })).rejects.toThrow();
  });
});
