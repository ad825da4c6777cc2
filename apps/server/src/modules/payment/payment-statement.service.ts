import { centsToDecimal, sumCents, type PaymentListStatus, type PaymentProgram } from '@corner/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineLoader, groupBy, type LoaderHost } from '../../db/loader';
import { members, paymentAdjustments, paymentListCreations, paymentListEntries, paymentLists, submissions } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { paymentError } from './payment.errors';
import { canReadPaymentStatement, canReadPayments } from './payment.policy';

/**
 * A creator's row of a month's list, with the list's month, program and status: what the creator
 * reads as their statement and staff as a row of the list.
 */
export interface PaymentStatementRow {
  id: number;
  payment_list_id: number;
  member_id: number;
  /** "YYYY-MM". */
  month: string;
  program: PaymentProgram;
  status: PaymentListStatus;
  payment_reference: string | null;
  paid_on: string | null;
}

export interface PaymentCreationRow {
  id: number;
  entry_id: number;
  submission_id: number;
  name: string;
  kind: string;
  publish_at: Date | null;
  amount_cents: number;
}

export interface PaymentAdjustmentRow {
  id: number;
  entry_id: number;
  amount_cents: number;
  reason: string;
  corrects_payment_list_id: number | null;
  /** "YYYY-MM" of the list it corrects. */
  corrects_month: string | null;
  member_id: number | null;
  created_at: Date;
}

const statementColumns = {
  id: paymentListEntries.id,
  payment_list_id: paymentListEntries.payment_list_id,
  member_id: paymentListEntries.member_id,
  month: sql<string>`to_char(${paymentLists.month}, 'YYYY-MM')`,
  program: paymentLists.program,
  status: paymentLists.status,
  payment_reference: paymentLists.payment_reference,
  paid_on: paymentLists.paid_on,
};

/** Each entry's creations (count and cents) and adjustments (cents), summed in SQL as integers. */
export async function totalsOfEntries(db: DbOrTx, entryIds: number[]): Promise<Map<number, { creations: number; creations_cents: number; adjustments_cents: number }>> {
  if (!entryIds.length) return new Map();
  const [creations, adjustments] = await Promise.all([
    db
      .select({ entry_id: paymentListCreations.entry_id, n: sql<number>`count(*)`.mapWith(Number), cents: sql<number>`sum(${paymentListCreations.amount_cents})`.mapWith(Number) })
      .from(paymentListCreations)
      .where(inArray(paymentListCreations.entry_id, entryIds))
      .groupBy(paymentListCreations.entry_id),
    db
      .select({ entry_id: paymentAdjustments.entry_id, cents: sql<number>`sum(${paymentAdjustments.amount_cents})`.mapWith(Number) })
      .from(paymentAdjustments)
      .where(inArray(paymentAdjustments.entry_id, entryIds))
      .groupBy(paymentAdjustments.entry_id),
  ]);
  return new Map(
    entryIds.map((id) => {
      const c = creations.find((r) => r.entry_id === id);
      return [id, { creations: c?.n ?? 0, creations_cents: c?.cents ?? 0, adjustments_cents: adjustments.find((r) => r.entry_id === id)?.cents ?? 0 }];
    }),
  );
}

const creationsByEntry = defineLoader(async (db, ids: number[]) => {
  const rows = await db
    .select({
      id: paymentListCreations.id,
      entry_id: paymentListCreations.entry_id,
      submission_id: paymentListCreations.submission_id,
      name: submissions.name,
      kind: paymentListCreations.kind,
      publish_at: submissions.publish_at,
      amount_cents: paymentListCreations.amount_cents,
    })
    .from(paymentListCreations)
    .innerJoin(submissions, eq(submissions.id, paymentListCreations.submission_id))
    .where(inArray(paymentListCreations.entry_id, ids))
    .orderBy(asc(submissions.publish_at), asc(paymentListCreations.id));
  return groupBy(rows, (r) => r.entry_id);
}, [] as PaymentCreationRow[]);

const adjustmentsByEntry = defineLoader(async (db, ids: number[]) => {
  const rows = await db
    .select({
      id: paymentAdjustments.id,
      entry_id: paymentAdjustments.entry_id,
      amount_cents: paymentAdjustments.amount_cents,
      reason: paymentAdjustments.reason,
      corrects_payment_list_id: paymentAdjustments.corrects_payment_list_id,
      corrects_month: sql<string | null>`to_char(${paymentLists.month}, 'YYYY-MM')`,
      member_id: paymentAdjustments.member_id,
      created_at: paymentAdjustments.created_at,
    })
    .from(paymentAdjustments)
    .leftJoin(paymentLists, eq(paymentLists.id, paymentAdjustments.corrects_payment_list_id))
    .where(inArray(paymentAdjustments.entry_id, ids))
    .orderBy(asc(paymentAdjustments.id));
  return groupBy(rows, (r) => r.entry_id);
}, [] as PaymentAdjustmentRow[]);

export function creationsOf(host: LoaderHost, entryId: number): Promise<PaymentCreationRow[]> {
  return creationsByEntry(host, entryId);
}

export function adjustmentsOf(host: LoaderHost, entryId: number): Promise<PaymentAdjustmentRow[]> {
  return adjustmentsByEntry(host, entryId);
}

/** A statement's sums in whole cents: its creations, its adjustments, and what is paid. */
export async function amountsOf(host: LoaderHost, entryId: number): Promise<{ creations_cents: number; adjustments_cents: number; amount_cents: number }> {
  const [creations, adjustments] = await Promise.all([creationsOf(host, entryId), adjustmentsOf(host, entryId)]);
  const creations_cents = sumCents(creations.map((c) => c.amount_cents));
  const adjustments_cents = sumCents(adjustments.map((a) => a.amount_cents));
  return { creations_cents, adjustments_cents, amount_cents: creations_cents + adjustments_cents };
}

/** A list's rows (its creators), by creator name. */
export async function entriesOf(db: DbOrTx, listId: number): Promise<PaymentStatementRow[]> {
  return db
    .select(statementColumns)
    .from(paymentListEntries)
    .innerJoin(paymentLists, eq(paymentLists.id, paymentListEntries.payment_list_id))
    .innerJoin(members, eq(members.id, paymentListEntries.member_id))
    .where(eq(paymentListEntries.payment_list_id, listId))
    .orderBy(asc(sql`lower(${members.username})`), asc(paymentListEntries.id));
}

const listTotals = defineLoader(async (db, ids: number[]) => {
  const entries = await db.select({ id: paymentListEntries.id, list: paymentListEntries.payment_list_id }).from(paymentListEntries).where(inArray(paymentListEntries.payment_list_id, ids));
  const totals = await totalsOfEntries(
    db,
    entries.map((e) => e.id),
  );
  const out = new Map<number, { creators: number; creations: number; total_cents: number }>();
  for (const e of entries) {
    const t = totals.get(e.id)!;
    const sum = out.get(e.list) ?? { creators: 0, creations: 0, total_cents: 0 };
    out.set(e.list, { creators: sum.creators + 1, creations: sum.creations + t.creations, total_cents: sum.total_cents + t.creations_cents + t.adjustments_cents });
  }
  return out;
}, { creators: 0, creations: 0, total_cents: 0 });

/** A list's count of creators and creations and its total in cents. */
export function totalsOfList(host: LoaderHost, listId: number): Promise<{ creators: number; creations: number; total_cents: number }> {
  return listTotals(host, listId);
}

/** The signed-in creator's statements of approved and paid lists, newest month first. */
export async function myPaymentStatements(ctx: Context, input: { first?: number | null; page?: number | null }): Promise<Page<PaymentStatementRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const where = and(eq(paymentListEntries.member_id, ctx.auth.member!.id), inArray(paymentLists.status, ['APPROVED', 'PAID']));
  const [data, [count]] = await Promise.all([
    ctx.db
      .select(statementColumns)
      .from(paymentListEntries)
      .innerJoin(paymentLists, eq(paymentLists.id, paymentListEntries.payment_list_id))
      .where(where)
      .orderBy(desc(paymentLists.month), desc(paymentListEntries.id))
      .limit(limit)
      .offset(offset),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentListEntries)
      .innerJoin(paymentLists, eq(paymentLists.id, paymentListEntries.payment_list_id))
      .where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

/**
 * One statement: its creator (once the list is approved) or payments staff. Another creator is
 * refused; the creator's own statement on a draft is not there yet for them.
 */
export async function paymentStatementById(ctx: Context, id: number): Promise<PaymentStatementRow> {
  const [row] = await ctx.db
    .select(statementColumns)
    .from(paymentListEntries)
    .innerJoin(paymentLists, eq(paymentLists.id, paymentListEntries.payment_list_id))
    .where(eq(paymentListEntries.id, id));
  if (!row) throw paymentError('PAYMENT_STATEMENT_NOT_FOUND', { id });
  if (canReadPaymentStatement(ctx.auth, row)) return row;
  if (row.member_id === ctx.auth.member?.id && !canReadPayments(ctx.auth)) throw paymentError('PAYMENT_STATEMENT_NOT_FOUND', { id });
  throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
}

/** The CSV's columns, one row per creator (docs/decisions.md "Payments lists"). */
export const PAYMENT_CSV_COLUMNS = [
  'month',
  'program',
  'member_id',
  'username',
  'email',
  'creations',
  'creations_amount',
  'adjustments_amount',
  'amount',
  'currency',
  'status',
  'payment_reference',
  'paid_on',
] as const;

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (=, +, -, @ first) is kept as text with a leading apostrophe. Amounts are written by the
 * caller as plain decimals, never through this guard.
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A list as CSV: one row per creator, amounts in dollars with two decimals (from whole cents), a total row last. */
export async function paymentListCsv(db: DbOrTx, list: { id: number; month: string; program: PaymentProgram; status: string; payment_reference: string | null; paid_on: string | null }): Promise<string> {
  const rows = await db
    .select({ id: paymentListEntries.id, member_id: members.id, username: members.username, email: members.email })
    .from(paymentListEntries)
    .innerJoin(members, eq(members.id, paymentListEntries.member_id))
    .where(eq(paymentListEntries.payment_list_id, list.id))
    .orderBy(asc(sql`lower(${members.username})`), asc(paymentListEntries.id));
  const totals = await totalsOfEntries(
    db,
    rows.map((r) => r.id),
  );
  const month = list.month.slice(0, 7);
  const tail = [list.status, textCell(list.payment_reference ?? ''), list.paid_on ?? ''];
  const lines = rows.map((r) => {
    const t = totals.get(r.id)!;
    return [
      month,
      list.program,
      String(r.member_id),
      textCell(r.username),
      textCell(r.email),
      String(t.creations),
      centsToDecimal(t.creations_cents),
      centsToDecimal(t.adjustments_cents),
      centsToDecimal(t.creations_cents + t.adjustments_cents),
      'USD',
      ...tail,
    ].join(',');
  });
  const all = [...totals.values()];
  const total = [
    month,
    list.program,
    '',
    'TOTAL',
    '',
    String(sumCents(all.map((t) => t.creations))),
    centsToDecimal(sumCents(all.map((t) => t.creations_cents))),
    centsToDecimal(sumCents(all.map((t) => t.adjustments_cents))),
    centsToDecimal(sumCents(all.map((t) => t.creations_cents + t.adjustments_cents))),
    'USD',
    ...tail,
  ].join(',');
  return [PAYMENT_CSV_COLUMNS.join(','), ...lines, total].join('\n') + '\n';
}
