import { isPaymentProgram, MAX_ADJUSTMENT_REASON_LENGTH, MAX_PAYMENT_REFERENCE_LENGTH, PAYABLE_KINDS, PAYMENT_PROGRAM_ROLES, PAYMENT_PROGRAMS } from '@corner/domain';
import { defineErrors, type ErrorCodeOf } from '../../errors';

/** A program as people name it: its role ("Select artist"). */
const programName = (program: string) => (isPaymentProgram(program) ? PAYMENT_PROGRAM_ROLES[program] : program);
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Payments' refusals (modules/payment): rates, lists, adjustments and statements. */
export const paymentError = defineErrors({
  PAYMENT_PROGRAM_UNKNOWN: {
    category: 'validation',
    field: 'program',
    message: (p: { program: string }) => `“${p.program}” is not a paid program. Choose one of: ${PAYMENT_PROGRAMS.join(', ')}.`,
  },
  PAYMENT_KIND_UNKNOWN: {
    category: 'validation',
    field: 'kind',
    message: (p: { kind: string }) => `“${p.kind}” is not a kind creators are paid for. Choose one of: ${PAYABLE_KINDS.join(', ')}.`,
  },
  PAYMENT_AMOUNT_INVALID: {
    category: 'validation',
    field: 'amount_cents',
    message: (p: { max: number; negative: boolean }) =>
      p.negative
        ? `The amount must be a whole number of cents other than 0, at most ${dollars(p.max)} either way.`
        : `The rate must be a whole number of cents from 0 to ${dollars(p.max)}.`,
  },
  PAYMENT_MONTH_INVALID: {
    category: 'validation',
    field: 'month',
    message: (p: { month: string }) => `“${p.month}” is not a month: give it as YYYY-MM, for example 2024-05.`,
  },
  PAYMENT_MONTH_NOT_OVER: {
    category: 'validation',
    field: 'month',
    message: (p: { month: string }) => `${p.month} is not over yet: its list can be generated from the first day of the next month (UTC).`,
  },
  PAYMENT_RATE_MISSING: {
    category: 'validation',
    field: 'program',
    message: (p: { program: string; kinds: string[] }) =>
      `Set the ${programName(p.program)} rate for ${p.kinds.join(', ')} first: creations of ${p.kinds.length === 1 ? 'that kind' : 'those kinds'} are in this month. Nothing was generated.`,
  },
  PAYMENT_LIST_EXISTS: {
    category: 'conflict',
    message: (p: { month: string; program: string; id: number | null }) =>
      `The ${programName(p.program)} list for ${p.month} was generated already${p.id ? ` (list ${p.id})` : ''}: open it, or refresh it while it is a draft.`,
    extensions: (p) => ({ payment_list_id: p.id }),
  },
  PAYMENT_LIST_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Payment list ${p.id} was not found.` },
  PAYMENT_LIST_LOCKED: {
    category: 'conflict',
    message: (p: { id: number }) => `Payment list ${p.id} is paid and locked: put corrections on a later month’s draft list as adjustments that name it.`,
  },
  PAYMENT_LIST_NOT_DRAFT: {
    category: 'conflict',
    message: (p: { id: number; action: 'approve' | 'change' }) =>
      p.action === 'approve' ? `Payment list ${p.id} is approved already.` : `Payment list ${p.id} is approved: reopen it as a draft to change it.`,
  },
  PAYMENT_LIST_ALREADY_PAID: {
    category: 'conflict',
    message: (p: { id: number; reference: string; paidOn: string }) => `Payment list ${p.id} was paid already on ${p.paidOn} (reference ${p.reference}); it cannot be paid twice.`,
  },
  PAYMENT_LIST_NOT_APPROVED: {
    category: 'conflict',
    message: (p: { id: number; action: 'pay' | 'reopen' }) =>
      p.action === 'pay' ? `Payment list ${p.id} is a draft: approve it before paying it.` : `Payment list ${p.id} is a draft already.`,
  },
  PAYMENT_LIST_NEGATIVE: {
    category: 'validation',
    message: (p: { id: number; members: string[] }) =>
      `Payment list ${p.id} cannot be approved: ${p.members.join(', ')} would be paid less than nothing. Spread the deduction over later months.`,
  },
  PAYMENT_REFERENCE_INVALID: {
    category: 'validation',
    field: 'payment_reference',
    message: (p: { empty: boolean }) =>
      p.empty ? 'The payment reference is required.' : `The payment reference may have at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters.`,
  },
  PAYMENT_PAID_ON_INVALID: {
    category: 'validation',
    field: 'paid_on',
    message: (p: { value: string; why: 'missing' | 'future' | 'before_month' }) =>
      p.why === 'future'
        ? `The payment date ${p.value} is in the future: record a payment once it is made.`
        : p.why === 'before_month'
          ? `The payment date ${p.value} is before the list’s month ended.`
          : 'The payment date is required, as YYYY-MM-DD.',
  },
  PAYMENT_REASON_INVALID: {
    category: 'validation',
    field: 'reason',
    message: (p: { empty: boolean }) =>
      p.empty ? 'Every adjustment needs a reason.' : `The reason may have at most ${MAX_ADJUSTMENT_REASON_LENGTH} characters.`,
  },
  PAYMENT_MEMBER_NOT_FOUND: {
    category: 'validation',
    field: 'member_id',
    message: (p: { id: number }) => `There is no member ${p.id} to adjust the payment of.`,
  },
  PAYMENT_CORRECTS_INVALID: {
    category: 'validation',
    field: 'corrects_payment_list_id',
    message: (p: { id: number; why: 'missing' | 'not_paid' | 'not_earlier' }) =>
      p.why === 'missing'
        ? `Payment list ${p.id} was not found.`
        : p.why === 'not_paid'
          ? `Payment list ${p.id} is not paid: only a paid list is corrected by an adjustment; change a draft directly.`
          : `Payment list ${p.id} is not of an earlier month: a correction goes on a later month’s list.`,
  },
  PAYMENT_ADJUSTMENT_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Adjustment ${p.id} was not found.` },
  PAYMENT_STATEMENT_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Payment statement ${p.id} was not found.` },
});
export type PaymentErrorCode = ErrorCodeOf<typeof paymentError>;
