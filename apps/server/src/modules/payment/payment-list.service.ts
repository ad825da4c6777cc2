import {
  isDay,
  isMonth,
  isMonthOver,
  isPayableCreation,
  isPaymentListEditable,
  isWholeCents,
  MAX_ADJUSTMENT_CENTS,
  MAX_ADJUSTMENT_REASON_LENGTH,
  MAX_PAYMENT_REFERENCE_LENGTH,
  monthRange,
  PAYMENT_PROGRAM_ROLES,
  paymentListTransition,
  programsBefore,
  sumCents,
  type PayableKind,
  type PaymentListStatus,
  type PaymentProgram,
} from '@corner/domain';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { members, memberRoles, paymentAdjustments, paymentListCreations, paymentListEntries, paymentLists, roles, submissions } from '../../db/schema/index';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { writeLog } from '../log/log.service';
import { paymentError } from './payment.errors';
import { checkProgram, ratesOf, type PaymentActor } from './payment-rate.service';
import { totalsOfEntries } from './payment-statement.service';

export type PaymentListRow = typeof paymentLists.$inferSelect;

/** "YYYY-MM" of a list's stored first day. */
export const monthOfList = (list: Pick<PaymentListRow, 'month'>) => list.month.slice(0, 7);

const firstDay = (month: string) => `${month}-01`;

function checkMonth(month: string, now = new Date()): string {
  const trimmed = month.trim();
  if (!isMonth(trimmed)) throw paymentError('PAYMENT_MONTH_INVALID', { month });
  if (!isMonthOver(trimmed, now)) throw paymentError('PAYMENT_MONTH_NOT_OVER', { month: trimmed });
  return trimmed;
}

async function loadList(db: DbOrTx, id: number, forUpdate = false): Promise<PaymentListRow> {
  const query = db.select().from(paymentLists).where(eq(paymentLists.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw paymentError('PAYMENT_LIST_NOT_FOUND', { id });
  return row;
}

/** Refuses any change to a list that is not a draft: paid ones are locked, approved ones reopen first. */
function assertDraft(list: PaymentListRow): void {
  if (list.status === 'PAID') throw paymentError('PAYMENT_LIST_LOCKED', { id: list.id });
  if (!isPaymentListEditable(list.status)) throw paymentError('PAYMENT_LIST_NOT_DRAFT', { id: list.id, action: 'change' });
}

export function paymentListById(ctx: Context, id: number): Promise<PaymentListRow> {
  return loadList(ctx.db, id);
}

/** Payment lists, newest month first; of one program and status when given. */
export async function searchPaymentLists(
  ctx: Context,
  input: { program?: string | null; status?: string | null; first?: number | null; page?: number | null },
): Promise<Page<PaymentListRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const program = input.program ? checkProgram(input.program) : null;
  const where = and(program ? eq(paymentLists.program, program) : undefined, input.status ? eq(paymentLists.status, input.status as PaymentListStatus) : undefined);
  const [data, [count]] = await Promise.all([
    ctx.db.select().from(paymentLists).where(where).orderBy(desc(paymentLists.month), desc(paymentLists.id)).limit(limit).offset(offset),
    ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(paymentLists).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

/** SQL: the creation's creator holds one of these roles (by name, case-insensitively). */
function creatorHoldsRole(names: readonly string[]) {
  const lowered = sql.join(
    names.map((n) => sql`${n.toLowerCase()}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${memberRoles} inner join ${roles} on ${roles.id} = ${memberRoles.role_id}
    where ${memberRoles.member_id} = ${submissions.member_id} and lower(${roles.name}) in (${lowered}))`;
}

/**
 * The creations a month's list of a program pays: by creators holding the program's role (and no
 * earlier program's), not paid on any list yet, and payable by the domain's rule (exclusive,
 * APPROVED, live, of a payable kind, published in the month). The SQL narrows by the same month
 * and status so the approved-by-publish-date index answers it; the domain's predicate decides.
 */
async function payableCreations(db: DbOrTx, month: string, program: PaymentProgram) {
  const { start, end } = monthRange(month);
  const earlier = programsBefore(program).map((p) => PAYMENT_PROGRAM_ROLES[p]);
  const rows = await db
    .select({
      id: submissions.id,
      member_id: submissions.member_id,
      status: submissions.status,
      tsr_exclusive: submissions.tsr_exclusive,
      deleted_at: submissions.deleted_at,
      model_type: submissions.model_type,
      publish_at: submissions.publish_at,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, 'APPROVED'),
        sql`${submissions.deleted_at} is null`,
        gte(submissions.publish_at, start),
        lt(submissions.publish_at, end),
        creatorHoldsRole([PAYMENT_PROGRAM_ROLES[program]]),
        earlier.length ? sql`not ${creatorHoldsRole(earlier)}` : undefined,
        sql`not exists (select 1 from ${paymentListCreations} where ${paymentListCreations.submission_id} = ${submissions.id})`,
      ),
    )
    .orderBy(asc(submissions.member_id), asc(submissions.publish_at), asc(submissions.id));
  return rows.filter((s) => isPayableCreation(s, month));
}

/** A list's totals as the change log records them. */
async function summaryOf(db: DbOrTx, listId: number) {
  const entries = await db.select({ id: paymentListEntries.id }).from(paymentListEntries).where(eq(paymentListEntries.payment_list_id, listId));
  const totals = await totalsOfEntries(
    db,
    entries.map((e) => e.id),
  );
  return {
    creators: entries.length,
    creations: sumCents([...totals.values()].map((t) => t.creations)),
    total_cents: sumCents([...totals.values()].map((t) => t.creations_cents + t.adjustments_cents)),
  };
}

/** The row of each of these creators on a list, added for those who have none. */
async function entriesFor(tx: DbOrTx, listId: number, memberIds: readonly number[]): Promise<Map<number, number>> {
  await tx
    .insert(paymentListEntries)
    .values(memberIds.map((member_id) => ({ payment_list_id: listId, member_id })))
    .onConflictDoNothing();
  const entries = await tx
    .select({ id: paymentListEntries.id, member_id: paymentListEntries.member_id })
    .from(paymentListEntries)
    .where(and(eq(paymentListEntries.payment_list_id, listId), inArray(paymentListEntries.member_id, [...memberIds])));
  return new Map(entries.map((e) => [e.member_id, e.id]));
}

/** Takes off a list the rows (of those `where` picks) left with neither creations nor adjustments. */
async function removeEmptyEntries(tx: DbOrTx, where: SQL | undefined): Promise<void> {
  await tx
    .delete(paymentListEntries)
    .where(
      and(
        where,
        sql`not exists (select 1 from ${paymentListCreations} where ${paymentListCreations.entry_id} = ${paymentListEntries.id})`,
        sql`not exists (select 1 from ${paymentAdjustments} where ${paymentAdjustments.entry_id} = ${paymentListEntries.id})`,
      ),
    );
}

/**
 * Puts the month's payable creations on a draft list, each at its kind's current rate, under an
 * entry per creator. Refused, with nothing written, when a kind met has no rate in the program.
 */
async function fillList(tx: DbOrTx, list: PaymentListRow): Promise<void> {
  const month = monthOfList(list);
  const creations = await payableCreations(tx, month, list.program);
  const rates = await ratesOf(tx, list.program);
  const unrated = [...new Set(creations.map((c) => c.model_type).filter((k) => !rates.has(k)))];
  if (unrated.length) throw paymentError('PAYMENT_RATE_MISSING', { program: list.program, kinds: unrated });
  const memberIds = [...new Set(creations.map((c) => c.member_id))];
  if (!memberIds.length) return;
  const entryOf = await entriesFor(tx, list.id, memberIds);
  await tx
    .insert(paymentListCreations)
    .values(creations.map((c) => ({ entry_id: entryOf.get(c.member_id)!, submission_id: c.id, kind: c.model_type as PayableKind, amount_cents: rates.get(c.model_type)! })))
    // A creation another list took meanwhile stays on that one: a creation is paid once.
    .onConflictDoNothing({ target: paymentListCreations.submission_id });
}

/**
 * Generates the month's list of a program as a draft (the month must be over). Generating the same
 * month and program twice is refused (PAYMENT_LIST_EXISTS; the unique key decides a race). Logged.
 */
export async function generatePaymentList(ctx: PaymentActor, input: { month: string; program: string }): Promise<PaymentListRow> {
  const program = checkProgram(input.program);
  const month = checkMonth(input.month);
  const memberId = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    const [list] = await tx
      .insert(paymentLists)
      .values({ month: firstDay(month), program, member_id: memberId })
      .onConflictDoNothing({ target: [paymentLists.month, paymentLists.program] })
      .returning();
    if (!list) {
      const [existing] = await tx.select({ id: paymentLists.id }).from(paymentLists).where(and(eq(paymentLists.month, firstDay(month)), eq(paymentLists.program, program)));
      throw paymentError('PAYMENT_LIST_EXISTS', { month, program, id: existing?.id ?? null });
    }
    await fillList(tx, list);
    await writeLog(tx, { submission_id: null, member_id: memberId, entity: 'payment_list', entity_id: list.id, action: 'generated', new_values: { month, program, ...(await summaryOf(tx, list.id)) } });
    return list;
  });
}

/**
 * Reads a draft's creations again: creations approved or made exclusive since, at today's rates.
 * Adjustments stay; a creator left with neither creations nor adjustments leaves the list. Logged.
 */
export async function refreshPaymentList(ctx: PaymentActor, id: number): Promise<PaymentListRow> {
  return ctx.db.transaction(async (tx) => {
    const list = await loadList(tx, id, true);
    assertDraft(list);
    const before = await summaryOf(tx, id);
    const entryIds = tx.select({ id: paymentListEntries.id }).from(paymentListEntries).where(eq(paymentListEntries.payment_list_id, id));
    await tx.delete(paymentListCreations).where(inArray(paymentListCreations.entry_id, entryIds));
    await fillList(tx, list);
    await removeEmptyEntries(tx, eq(paymentListEntries.payment_list_id, id));
    const [row] = await tx.update(paymentLists).set({ updated_at: new Date() }).where(eq(paymentLists.id, id)).returning();
    await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'payment_list', entity_id: id, action: 'refreshed', previous_values: before, new_values: await summaryOf(tx, id) });
    return row!;
  });
}

/** DRAFT → APPROVED, unless a creator would be paid less than nothing. Logged. */
export async function approvePaymentList(ctx: PaymentActor, id: number): Promise<PaymentListRow> {
  return ctx.db.transaction(async (tx) => {
    const list = await loadList(tx, id, true);
    if (list.status === 'PAID') throw paymentError('PAYMENT_LIST_LOCKED', { id });
    if (!paymentListTransition('approve', list.status)) throw paymentError('PAYMENT_LIST_NOT_DRAFT', { id, action: 'approve' });
    const entries = await tx
      .select({ id: paymentListEntries.id, username: members.username })
      .from(paymentListEntries)
      .innerJoin(members, eq(members.id, paymentListEntries.member_id))
      .where(eq(paymentListEntries.payment_list_id, id))
      .orderBy(asc(members.username));
    const totals = await totalsOfEntries(
      tx,
      entries.map((e) => e.id),
    );
    const negative = entries.filter((e) => {
      const t = totals.get(e.id);
      return t !== undefined && t.creations_cents + t.adjustments_cents < 0;
    });
    if (negative.length) throw paymentError('PAYMENT_LIST_NEGATIVE', { id, members: negative.map((e) => e.username) });
    const now = new Date();
    const [row] = await tx.update(paymentLists).set({ status: 'APPROVED', approved_by: ctx.auth.member!.id, approved_at: now }).where(eq(paymentLists.id, id)).returning();
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'payment_list',
      entity_id: id,
      action: 'approved',
      previous_values: { status: list.status },
      new_values: { status: 'APPROVED', ...(await summaryOf(tx, id)) },
    });
    return row!;
  });
}

/** APPROVED → DRAFT, to change it before it is paid. Logged. */
export async function reopenPaymentList(ctx: PaymentActor, id: number): Promise<PaymentListRow> {
  return ctx.db.transaction(async (tx) => {
    const list = await loadList(tx, id, true);
    if (list.status === 'PAID') throw paymentError('PAYMENT_LIST_LOCKED', { id });
    if (!paymentListTransition('reopen', list.status)) throw paymentError('PAYMENT_LIST_NOT_APPROVED', { id, action: 'reopen' });
    const [row] = await tx.update(paymentLists).set({ status: 'DRAFT', approved_by: null, approved_at: null }).where(eq(paymentLists.id, id)).returning();
    await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'payment_list', entity_id: id, action: 'reopened', previous_values: { status: list.status }, new_values: { status: 'DRAFT' } });
    return row!;
  });
}

/** A day's grace for the payment date: staff east of UTC pay "tomorrow" in UTC terms. */
const PAID_ON_GRACE_MS = 86_400_000;

/**
 * APPROVED → PAID with the payment's reference and date; the list is locked from then on. Paying a
 * paid list again is refused (PAYMENT_LIST_ALREADY_PAID), whatever reference is given. Logged.
 */
export async function payPaymentList(ctx: PaymentActor, input: { id: number; payment_reference?: string | null; paid_on?: string | null }): Promise<PaymentListRow> {
  const reference = input.payment_reference?.trim() ?? '';
  const paidOn = input.paid_on?.trim() ?? '';
  return ctx.db.transaction(async (tx) => {
    const list = await loadList(tx, input.id, true);
    // Paying twice is answered as such before the input is looked at: the first payment stands.
    if (list.status === 'PAID') throw paymentError('PAYMENT_LIST_ALREADY_PAID', { id: list.id, reference: list.payment_reference!, paidOn: list.paid_on! });
    if (!paymentListTransition('pay', list.status)) throw paymentError('PAYMENT_LIST_NOT_APPROVED', { id: list.id, action: 'pay' });
    if (!reference) throw paymentError('PAYMENT_REFERENCE_INVALID', { empty: true });
    if (reference.length > MAX_PAYMENT_REFERENCE_LENGTH) throw paymentError('PAYMENT_REFERENCE_INVALID', { empty: false });
    if (!isDay(paidOn)) throw paymentError('PAYMENT_PAID_ON_INVALID', { value: paidOn, why: 'missing' });
    const paidAt = new Date(`${paidOn}T00:00:00.000Z`);
    if (paidAt.getTime() > Date.now() + PAID_ON_GRACE_MS) throw paymentError('PAYMENT_PAID_ON_INVALID', { value: paidOn, why: 'future' });
    if (paidAt.getTime() < monthRange(monthOfList(list)).end.getTime()) throw paymentError('PAYMENT_PAID_ON_INVALID', { value: paidOn, why: 'before_month' });
    const [row] = await tx
      .update(paymentLists)
      .set({ status: 'PAID', payment_reference: reference, paid_on: paidOn, paid_by: ctx.auth.member!.id, paid_at: new Date() })
      .where(eq(paymentLists.id, list.id))
      .returning();
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'payment_list',
      entity_id: list.id,
      action: 'paid',
      previous_values: { status: list.status },
      new_values: { status: 'PAID', payment_reference: reference, paid_on: paidOn, ...(await summaryOf(tx, list.id)) },
    });
    return row!;
  });
}

export interface AdjustmentInput {
  payment_list_id: number;
  member_id: number;
  amount_cents: number;
  reason?: string | null;
  corrects_payment_list_id?: number | null;
}

/**
 * Adds an adjustment (whole cents, either sign, with a reason) to a creator's row of a draft list,
 * adding the row when the creator has none. A correction of a paid list names it: it must be paid
 * and of an earlier month. Logged.
 */
export async function addPaymentAdjustment(ctx: PaymentActor, input: AdjustmentInput): Promise<PaymentListRow> {
  if (!isWholeCents(input.amount_cents, MAX_ADJUSTMENT_CENTS, true) || input.amount_cents === 0) {
    throw paymentError('PAYMENT_AMOUNT_INVALID', { max: MAX_ADJUSTMENT_CENTS, negative: true });
  }
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw paymentError('PAYMENT_REASON_INVALID', { empty: true });
  if (reason.length > MAX_ADJUSTMENT_REASON_LENGTH) throw paymentError('PAYMENT_REASON_INVALID', { empty: false });
  return ctx.db.transaction(async (tx) => {
    const list = await loadList(tx, input.payment_list_id, true);
    assertDraft(list);
    const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, input.member_id));
    if (!member) throw paymentError('PAYMENT_MEMBER_NOT_FOUND', { id: input.member_id });
    const corrects = input.corrects_payment_list_id ?? null;
    if (corrects !== null) {
      const [paid] = await tx.select().from(paymentLists).where(eq(paymentLists.id, corrects));
      if (!paid) throw paymentError('PAYMENT_CORRECTS_INVALID', { id: corrects, why: 'missing' });
      if (paid.status !== 'PAID') throw paymentError('PAYMENT_CORRECTS_INVALID', { id: corrects, why: 'not_paid' });
      if (paid.month >= list.month) throw paymentError('PAYMENT_CORRECTS_INVALID', { id: corrects, why: 'not_earlier' });
    }
    const entryId = (await entriesFor(tx, list.id, [member.id])).get(member.id)!;
    const [adjustment] = await tx
      .insert(paymentAdjustments)
      .values({ entry_id: entryId, amount_cents: input.amount_cents, reason, corrects_payment_list_id: corrects, member_id: ctx.auth.member!.id })
      .returning();
    const [row] = await tx.update(paymentLists).set({ updated_at: new Date() }).where(eq(paymentLists.id, list.id)).returning();
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'payment_adjustment',
      entity_id: adjustment!.id,
      action: 'created',
      new_values: { payment_list_id: list.id, member_id: member.id, amount_cents: input.amount_cents, reason, corrects_payment_list_id: corrects },
    });
    return row!;
  });
}

/** Removes an adjustment from a draft list (a row left with nothing leaves the list). Logged. */
export async function deletePaymentAdjustment(ctx: PaymentActor, id: number): Promise<PaymentListRow> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ adjustment: paymentAdjustments, list_id: paymentListEntries.payment_list_id, member_id: paymentListEntries.member_id })
      .from(paymentAdjustments)
      .innerJoin(paymentListEntries, eq(paymentListEntries.id, paymentAdjustments.entry_id))
      .where(eq(paymentAdjustments.id, id));
    if (!found) throw paymentError('PAYMENT_ADJUSTMENT_NOT_FOUND', { id });
    const list = await loadList(tx, found.list_id, true);
    assertDraft(list);
    await tx.delete(paymentAdjustments).where(eq(paymentAdjustments.id, id));
    await removeEmptyEntries(tx, eq(paymentListEntries.id, found.adjustment.entry_id));
    const [row] = await tx.update(paymentLists).set({ updated_at: new Date() }).where(eq(paymentLists.id, list.id)).returning();
    const a = found.adjustment;
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'payment_adjustment',
      entity_id: id,
      action: 'deleted',
      previous_values: { payment_list_id: list.id, member_id: found.member_id, amount_cents: a.amount_cents, reason: a.reason, corrects_payment_list_id: a.corrects_payment_list_id },
    });
    return row!;
  });
}
