import { isPaymentProgram, PAYMENT_LIST_STATUSES, type PaymentListStatus, type PaymentProgram } from '@corner/domain';
import { PAYMENTS_LINK } from './links';
import { positiveIntParam } from '../../ui/search-params';

/**
 * The typed search parameters of /staff/payments (shareable links, STYLE rule 6): the lists'
 * filters and page, and the list open in the drawer.
 */
export interface PaymentsParams {
  program: PaymentProgram | null;
  status: PaymentListStatus | null;
  /** 1-based. */
  page: number;
  list: number | null;
}

export const DEFAULT_PAYMENTS_PARAMS: PaymentsParams = { program: null, status: null, page: 1, list: null };

/** Lists per page. */
export const PAYMENTS_PAGE_SIZE = 12;

/** Reads `?program=&status=&page=&list=`; anything malformed falls back to the default. */
export function readPaymentsParams(params: URLSearchParams): PaymentsParams {
  const program = params.get('program') ?? '';
  const status = params.get('status') ?? '';
  return {
    program: isPaymentProgram(program) ? program : null,
    status: (PAYMENT_LIST_STATUSES as readonly string[]).includes(status) ? (status as PaymentListStatus) : null,
    page: positiveIntParam(params.get('page')) ?? 1,
    list: positiveIntParam(params.get('list')),
  };
}

/** The parameters without their defaults, so the plain page has a plain URL. */
export function writePaymentsParams(params: Partial<PaymentsParams>): URLSearchParams {
  const out = new URLSearchParams();
  if (params.program) out.set('program', params.program);
  if (params.status) out.set('status', params.status);
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  if (params.list) out.set('list', String(params.list));
  return out;
}

/** The page's path with its parameters, e.g. "/staff/payments?list=4". */
export function paymentsUrl(params: Partial<PaymentsParams> = {}): string {
  const query = writePaymentsParams(params).toString();
  return query ? `${PAYMENTS_LINK.to}?${query}` : PAYMENTS_LINK.to;
}
