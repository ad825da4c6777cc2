import { describe, expect, it } from 'vitest';
import { niceMax } from './line-chart';

describe('niceMax', () => {
  it('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(230)).toBe(500);
    expect(niceMax(1000)).toBe(1000);
  });
});
