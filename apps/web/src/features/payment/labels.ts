import { isPaymentProgram, PAYMENT_LIST_STATUSES, PAYMENT_PROGRAMS, type PaymentListStatus, type PaymentProgram } from '@corner/domain';

/** A program as the API names it, as the key of its label under "payments.programs" (the server only sends known ones). */
export function programKey(program: string): PaymentProgram {
  return isPaymentProgram(program) ? program : PAYMENT_PROGRAMS[0];
}

/** A list's status as the key of its label under "payments.status". */
export function statusKey(status: string): PaymentListStatus {
  return (PAYMENT_LIST_STATUSES as readonly string[]).includes(status) ? (status as PaymentListStatus) : 'DRAFT';
}
