import { describe, expect, it } from 'vitest';
import { mergeChildren, moveChild, type SetChildValue } from './set-children';

const child = (id: number, name = `Item ${id}`): SetChildValue => ({ id, name, description: '', is_recolor: false, max_polycount: null });

describe('mergeChildren', () => {
  it('keeps the drafted order and fields, appends new children and drops removed ones', () => {
    const server = [child(1), child(2), child(3), child(4)];
    const draft = [child(3, 'Renamed'), child(1), child(9)];
    expect(mergeChildren(server, draft).map((c) => [c.id, c.name])).toEqual([
      [3, 'Renamed'],
      [1, 'Item 1'],
      [2, 'Item 2'],
      [4, 'Item 4'],
    ]);
  });

  it('shows the server list without a draft', () => {
    expect(mergeChildren([child(1)], undefined)).toEqual([child(1)]);
  });
});

describe('moveChild', () => {
  it('moves up and down within bounds', () => {
    expect(moveChild([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveChild([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveChild([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveChild([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
