import { describe, expect, it } from 'vitest';
import { centsToInput, formatCents, formatDay, formatMonth } from './money';

describe('money on screen', () => {
  it('shows whole cents as US dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(-1999)).toBe('-$19.99');
  });

  it('puts cents into an input as plain dollars, and names months in UTC', () => {
    expect(centsToInput(1500)).toBe('15.00');
    expect(centsToInput(7)).toBe('0.07');
    expect(centsToInput(-250)).toBe('-2.50');
    expect(centsToInput(null)).toBe('');
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatDay('2026-10-05')).toBe('Oct 5, 2026');
  });
});
