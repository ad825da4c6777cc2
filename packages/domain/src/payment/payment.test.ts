import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  isDay,
  isMonth,
  isMonthOver,
  isPayableCreation,
  monthOf,
  monthRange,
  monthsBefore,
  parseDollarsToCents,
  paymentListTransition,
  payableMonths,
  programOfRoles,
  programsBefore,
  sumCents,
} from './payment';

describe('months', () => {
  it('are UTC calendar months, end exclusive', () => {
    expect(monthRange('2024-02')).toEqual({ start: new Date('2024-02-01T00:00:00.000Z'), end: new Date('2024-03-01T00:00:00.000Z') });
    expect(monthRange('2024-12').end).toEqual(new Date('2025-01-01T00:00:00.000Z'));
    expect(monthOf(new Date('2024-02-29T23:59:59.999Z'))).toBe('2024-02');
    expect(monthOf(new Date('2024-03-01T00:00:00.000Z'))).toBe('2024-03');
    expect(monthsBefore('2024-01', 1)).toBe('2023-12');
    expect(monthsBefore('2024-01', -13)).toBe('2025-02');
  });

  it('are read strictly', () => {
    for (const ok of ['2024-01', '2030-12']) expect(isMonth(ok), ok).toBe(true);
    for (const bad of ['2024-13', '2024-1', '24-01', '2024-00', '1999-12', ' 2024-01', '2024-01-01']) expect(isMonth(bad), bad).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-2-01')).toBe(false);
  });

  it('are over at the next month’s first instant; the months offered are the twelve before this one', () => {
    expect(isMonthOver('2024-02', new Date('2024-02-29T23:59:59.999Z'))).toBe(false);
    expect(isMonthOver('2024-02', new Date('2024-03-01T00:00:00.000Z'))).toBe(true);
    expect(payableMonths(new Date('2024-01-15T00:00:00Z'), 3)).toEqual(['2023-12', '2023-11', '2023-10']);
  });
});

describe('what is paid', () => {
  const base = { status: 'APPROVED', tsr_exclusive: true, deleted_at: null, model_type: 'item', publish_at: new Date('2024-05-01T00:00:00.000Z') };
  it('an exclusive, approved, live creation of a payable kind published in the month', () => {
    expect(isPayableCreation(base, '2024-05')).toBe(true);
    expect(isPayableCreation({ ...base, publish_at: new Date('2024-05-31T23:59:59.999Z') }, '2024-05')).toBe(true);
    expect(isPayableCreation({ ...base, publish_at: new Date('2024-04-30T23:59:59.999Z') }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, publish_at: new Date('2024-06-01T00:00:00.000Z') }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, tsr_exclusive: false }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, tsr_exclusive: null }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, status: 'SUBMITTED' }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, deleted_at: new Date() }, '2024-05')).toBe(false);
    expect(isPayableCreation({ ...base, model_type: 'set_item' }, '2024-05')).toBe(false);
  });

  it('in one program: the first whose role the creator holds', () => {
    expect(programOfRoles(['Select artist'])).toBe('select_artist');
    expect(programOfRoles(['featured artist'])).toBe('featured_artist');
    expect(programOfRoles(['Featured artist', 'Select artist'])).toBe('select_artist');
    expect(programOfRoles(['Submissions'])).toBeNull();
    expect(programsBefore('featured_artist')).toEqual(['select_artist']);
    expect(programsBefore('select_artist')).toEqual([]);
  });
});

describe('the list’s lifecycle', () => {
  it('draft → approved → paid, approved back to draft; nothing leaves paid', () => {
    expect(paymentListTransition('approve', 'DRAFT')?.to).toBe('APPROVED');
    expect(paymentListTransition('reopen', 'APPROVED')?.to).toBe('DRAFT');
    expect(paymentListTransition('pay', 'APPROVED')?.to).toBe('PAID');
    expect(paymentListTransition('pay', 'DRAFT')).toBeNull();
    for (const action of ['approve', 'reopen', 'pay'] as const) expect(paymentListTransition(action, 'PAID')).toBeNull();
  });
});

describe('money in cents', () => {
  it('sums and prints without floats', () => {
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(sumCents([])).toBe(0);
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(-1999)).toBe('-19.99');
    // 0.1 + 0.2 in dollars would not be 0.3 as floats; in cents it is.
    expect(centsToDecimal(sumCents([10, 20]))).toBe('0.30');
  });

  it('reads dollars typed by a person as cents', () => {
    expect(parseDollarsToCents('12')).toBe(1200);
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents(' $1,234.05 ')).toBe(123405);
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('-4.25')).toBeNull();
    expect(parseDollarsToCents('-4.25', true)).toBe(-425);
    expect(parseDollarsToCents('-$4', true)).toBe(-400);
    for (const bad of ['', 'abc', '1.234', '1.2.3', '1e3', '.5']) expect(parseDollarsToCents(bad, true), bad).toBeNull();
  });
});
