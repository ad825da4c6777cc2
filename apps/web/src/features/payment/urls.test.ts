import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENTS_PARAMS, paymentsUrl, readPaymentsParams, writePaymentsParams } from './urls';

describe('payments page URL', () => {
  it('reads and writes its filters, page and open list; drops defaults and nonsense', () => {
    const params = { program: 'featured_artist' as const, status: 'PAID' as const, page: 2, list: 7 };
    expect(readPaymentsParams(writePaymentsParams(params))).toEqual(params);
    expect(paymentsUrl()).toBe('/staff/payments');
    expect(paymentsUrl({ list: 4 })).toBe('/staff/payments?list=4');
    expect(readPaymentsParams(new URLSearchParams('program=gold&status=paid&page=0&list=x'))).toEqual(DEFAULT_PAYMENTS_PARAMS);
  });
});
