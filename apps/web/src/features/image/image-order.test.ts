import { describe, expect, it } from 'vitest';
import { applyOrder, moveId, sameOrder } from './image-order';

describe('moveId', () => {
  it('moves an image one place earlier or later', () => {
    expect(moveId([10, 11, 12], 12, -1)).toEqual([10, 12, 11]);
    expect(moveId([10, 11, 12], 10, 1)).toEqual([11, 10, 12]);
  });

  it('stays put at either end and for an unknown id', () => {
    expect(moveId([10, 11, 12], 10, -1)).toEqual([10, 11, 12]);
    expect(moveId([10, 11, 12], 12, 1)).toEqual([10, 11, 12]);
    expect(moveId([10, 11, 12], 99, 1)).toEqual([10, 11, 12]);
  });
});

describe('applyOrder', () => {
  it('shows the server order when nothing was chosen', () => {
    expect(applyOrder([3, 1, 2], null)).toEqual([3, 1, 2]);
  });

  it('shows the chosen order before the server confirms it', () => {
    expect(applyOrder([1, 2, 3], [3, 1, 2])).toEqual([3, 1, 2]);
  });

  it('drops deleted images and puts new uploads at the end', () => {
    expect(applyOrder([1, 3, 4], [3, 2, 1])).toEqual([3, 1, 4]);
  });

  it('agrees with the server once it has the same order', () => {
    expect(sameOrder(applyOrder([2, 1], [2, 1]), [2, 1])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
