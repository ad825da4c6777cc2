import { describe, expect, it } from 'vitest';
import { moveItem } from './move';

describe('moveItem', () => {
  it('moves an element forwards and backwards, the others closing up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 1, 2)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('returns a copy, unchanged for out-of-range or equal indexes', () => {
    const list = ['a', 'b'];
    const same = moveItem(list, 1, 1);
    expect(same).toEqual(list);
    expect(same).not.toBe(list);
    expect(moveItem(list, -1, 0)).toEqual(list);
    expect(moveItem(list, 0, 5)).toEqual(list);
  });
});
