import { describe, expect, it } from 'vitest';
import { waitEstimate, WAIT_ESTIMATE_DAYS } from './wait-estimate';

const days = (perDay: number, active = WAIT_ESTIMATE_DAYS) => Array.from({ length: WAIT_ESTIMATE_DAYS }, (_, i) => (i < active ? perDay : 0));

describe('waitEstimate', () => {
  it('gives a range of whole days from the last four weeks’ pace', () => {
    // 2 decisions a day: number 6 waits 6 / 3 = 2 days at a busy pace, 6 / 1.5 = 4 at a slow one.
    expect(waitEstimate(6, days(2))).toEqual({ position: 6, days: { low: 2, high: 4 }, decisions: 56 });
    // Always at least a day, and never a range that runs backwards.
    expect(waitEstimate(1, days(20))!.days).toEqual({ low: 1, high: 1 });
  });

  it('counts the quiet days of the window in the pace', () => {
    // 28 decisions over 7 active days of 28: a pace of 1 a day, not 4.
    expect(waitEstimate(3, days(4, 7)).days).toEqual({ low: 2, high: 4 });
  });

  it('gives no estimate with too few decisions, or decisions on too few days', () => {
    expect(waitEstimate(2, days(0)).days).toBeNull();
    expect(waitEstimate(2, [9, ...new Array(27).fill(0)]).days).toBeNull();
    expect(waitEstimate(2, [20, 20, 0, 0, ...new Array(24).fill(0)]).days).toBeNull();
  });
});
