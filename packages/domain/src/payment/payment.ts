/**
 * Payments to creators (issue 17): who is paid, for what, and how a month's payment list moves.
 * Pure rules shared by the server (generation, the list's lifecycle, CSV) and the web app (labels,
 * money input and display). Money is always whole US cents (integers), never a float.
 */

/**
 * The paid programs, each the role that puts a creator in it. A creator holding both roles is paid
 * in the first (Select artist): one creator, one program, one row a month.
 */
export const PAYMENT_PROGRAMS = ['select_artist', 'featured_artist'] as const;
export type PaymentProgram = (typeof PAYMENT_PROGRAMS)[number];

/** The role (its seeded name, SEEDED_ROLES) that puts a creator in a program. */
export const PAYMENT_PROGRAM_ROLES: Record<PaymentProgram, string> = {
  select_artist: 'Select artist',
  featured_artist: 'Featured artist',
};

export function isPaymentProgram(value: string): value is PaymentProgram {
  return (PAYMENT_PROGRAMS as readonly string[]).includes(value);
}

/**
 * The program a member with these role names is paid in: the first program whose role they hold
 * (case-insensitively), or null.
 */
export function programOfRoles(roleNames: readonly string[]): PaymentProgram | null {
  const held = new Set(roleNames.map((r) => r.toLowerCase()));
  return PAYMENT_PROGRAMS.find((p) => held.has(PAYMENT_PROGRAM_ROLES[p].toLowerCase())) ?? null;
}

/**
 * The programs before this one: a holder of their roles is paid there instead (the generation
 * leaves them out of this program).
 */
export function programsBefore(program: PaymentProgram): PaymentProgram[] {
  return PAYMENT_PROGRAMS.slice(0, PAYMENT_PROGRAMS.indexOf(program));
}

/**
 * The kinds a creator is paid for, each at its own rate. A set is paid once as a set: its children
 * (`set_item`) are part of it, not creations of their own.
 */
export const PAYABLE_KINDS = ['item', 'set', 'lot', 'room', 'sim', 'mod'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

export function isPayableKind(value: string): value is PayableKind {
  return (PAYABLE_KINDS as readonly string[]).includes(value);
}

/** The largest rate for one creation: $10,000.00. */
export const MAX_RATE_CENTS = 1_000_000;
/** The largest adjustment either way: $100,000.00. */
export const MAX_ADJUSTMENT_CENTS = 10_000_000;
export const MAX_ADJUSTMENT_REASON_LENGTH = 500;
export const MAX_PAYMENT_REFERENCE_LENGTH = 200;

/**
 * What counts for a month's pay: an exclusive creation (`tsr_exclusive`), APPROVED and live (not
 * deleted), of a payable kind, published in the month. The server writes the same condition in SQL
 * (payment-list.service `payableCreations`); this is its statement, and the tests hold them equal.
 */
export function isPayableCreation(
  s: { status: string; tsr_exclusive: boolean | null; deleted_at: Date | null; model_type: string; publish_at: Date | null },
  month: string,
): boolean {
  if (s.status !== 'APPROVED' || s.tsr_exclusive !== true || s.deleted_at !== null || !isPayableKind(s.model_type) || !s.publish_at) return false;
  const { start, end } = monthRange(month);
  return s.publish_at.getTime() >= start.getTime() && s.publish_at.getTime() < end.getTime();
}

// --- Months -------------------------------------------------------------------------------------

/** A calendar month as "YYYY-MM". Months are UTC: a creation belongs to the month of its publish date in UTC. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  const m = MONTH.exec(value);
  return m !== null && Number(m[1]) >= 2000;
}

/** The month's first instant (inclusive) and the next month's first instant (exclusive), UTC. */
export function monthRange(month: string): { start: Date; end: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`Not a month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The UTC month an instant falls in, "YYYY-MM". */
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `n` months before (negative: after) this one. */
export function monthsBefore(month: string, n: number): string {
  const { start } = monthRange(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - n, 1)));
}

/** A month's list can be made once the month is over (its last creations are in). */
export function isMonthOver(month: string, now: Date = new Date()): boolean {
  return monthRange(month).end.getTime() <= now.getTime();
}

/** The months a list can be made for, newest first: the `count` months before the current one. */
export function payableMonths(now: Date = new Date(), count = 12): string[] {
  const current = monthOf(now);
  return Array.from({ length: count }, (_, i) => monthsBefore(current, i + 1));
}

/** A day as "YYYY-MM-DD" that exists in the calendar. */
export function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

// --- The list's lifecycle -----------------------------------------------------------------------

/**
 * DRAFT: staff check it, refresh it, add adjustments. APPROVED: checked, waiting to be paid; the
 * creators see it. PAID: paid, with a reference and a date; locked for good. Corrections to a paid
 * list are adjustments on a later month's draft that name it.
 */
export const PAYMENT_LIST_STATUSES = ['DRAFT', 'APPROVED', 'PAID'] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];

export type PaymentListAction = 'approve' | 'reopen' | 'pay';

export interface PaymentListTransition {
  action: PaymentListAction;
  from: PaymentListStatus;
  to: PaymentListStatus;
  meaning: string;
}

export const PAYMENT_LIST_LIFECYCLE: readonly PaymentListTransition[] = [
  { action: 'approve', from: 'DRAFT', to: 'APPROVED', meaning: 'Staff have checked the draft; it waits to be paid and its creators see it.' },
  { action: 'reopen', from: 'APPROVED', to: 'DRAFT', meaning: 'Staff take an approved list back to draft to change it before paying.' },
  { action: 'pay', from: 'APPROVED', to: 'PAID', meaning: 'The list was paid: its reference and date are recorded and it is locked.' },
];

/** The transition an action takes from a status, or null when it cannot start there. */
export function paymentListTransition(action: PaymentListAction, from: string): PaymentListTransition | null {
  return PAYMENT_LIST_LIFECYCLE.find((t) => t.action === action && t.from === from) ?? null;
}

/** Only a draft changes: its creations (refresh) and adjustments. */
export function isPaymentListEditable(status: string): boolean {
  return status === 'DRAFT';
}

/** Creators see their statement once the list is approved (a draft is staff's work in progress). */
export function isStatementVisibleToCreator(status: string): boolean {
  return status === 'APPROVED' || status === 'PAID';
}

// --- Money --------------------------------------------------------------------------------------

/** A whole number of cents within ±max (a safe integer; no fractions). */
export function isWholeCents(value: number, max: number, allowNegative = false): boolean {
  return Number.isSafeInteger(value) && value <= max && value >= (allowNegative ? -max : 0);
}

/** The sum of whole cents. */
export function sumCents(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/** Cents as a plain decimal amount in dollars, "1234.50" or "-0.05": for CSV, without a float. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount typed in dollars ("12", "12.5", "1,234.50", "$3", "-4.25" when negatives are allowed)
 * as whole cents, read digit by digit (no float rounding); null when it is not one.
 */
export function parseDollarsToCents(text: string, allowNegative = false): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '').replace(/^(-)\s*\$/, '$1');
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m || (m[1] && !allowNegative)) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}
