import { describe, expect, it } from 'vitest';
import { diffFields, diffIds, diffOrder, diffResources, resourceChanged, type PackageResource } from './update-diff';

const res = (instance: number, hash: string | null, size = 10, type = '319e4f1d', kind = 'catalogObject'): PackageResource => ({
  key: `${type}:00000000:${instance.toString(16).padStart(16, '0')}`,
  kind,
  size,
  hash,
});

describe('diffResources', () => {
  it('finds resources added, removed and changed by key, and counts the unchanged', () => {
    const before = [res(1, 'a'), res(2, 'b'), res(3, 'c', 40, '220557da', 'stringTable')];
    const after = [res(1, 'a'), res(3, 'c2', 44, '220557da', 'stringTable'), res(4, 'd'), res(5, 'e', 8, '3c1af1f2', 'thumbnail')];
    const diff = diffResources(before, after);
    expect(diff).toMatchObject({ added: 2, removed: 1, changed: 1, unchanged: 1 });
    expect(diff.listedAdded.map((r) => r.key)).toEqual(['319e4f1d:00000000:0000000000000004', '3c1af1f2:00000000:0000000000000005']);
    expect(diff.listedRemoved).toEqual([{ key: '319e4f1d:00000000:0000000000000002', kind: 'catalogObject', before: 10, after: null }]);
    expect(diff.listedChanged).toEqual([{ key: '220557da:00000000:0000000000000003', kind: 'stringTable', before: 40, after: 44 }]);
    expect(diff.kinds).toEqual([
      { kind: 'catalogObject', added: 1, removed: 1, changed: 0 },
      { kind: 'stringTable', added: 0, removed: 0, changed: 1 },
      { kind: 'thumbnail', added: 1, removed: 0, changed: 0 },
    ]);
  });

  it('sees no change between identical lists, whatever their order', () => {
    const list = [res(1, 'a'), res(2, 'b'), res(3, 'c')];
    expect(diffResources(list, [...list].reverse())).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 3, kinds: [] });
  });

  it('compares sizes when a side has no fingerprint', () => {
    expect(resourceChanged(res(1, null, 10), res(1, 'x', 10))).toBe(false);
    expect(resourceChanged(res(1, null, 10), res(1, 'x', 11))).toBe(true);
    // The same size with other content is a change when both sides have a fingerprint.
    expect(resourceChanged(res(1, 'x', 10), res(1, 'y', 10))).toBe(true);
  });

  it('keeps exact counts but lists at most the limit of each, in key order', () => {
    const before = Array.from({ length: 5000 }, (_, i) => res(i, `h${i}`));
    const after = [...before.slice(2500).map((r, i) => (i < 1000 ? { ...r, hash: 'new' } : r)), ...Array.from({ length: 3000 }, (_, i) => res(10_000 + i, 'n'))];
    const diff = diffResources(before, after, 25);
    expect(diff).toMatchObject({ added: 3000, removed: 2500, changed: 1000, unchanged: 1500 });
    expect(diff.listedAdded).toHaveLength(25);
    expect(diff.listedRemoved).toHaveLength(25);
    expect(diff.listedChanged).toHaveLength(25);
    expect(diff.listedRemoved[0]!.key).toBe('319e4f1d:00000000:0000000000000000');
    expect(diff.listedAdded.map((r) => r.key)).toEqual([...diff.listedAdded.map((r) => r.key)].sort());
  });

  it('takes a key listed twice once', () => {
    expect(diffResources([], [res(1, 'a'), res(1, 'b')])).toMatchObject({ added: 1, listedAdded: [{ before: null, after: 10 }] });
  });
});

describe('diffIds', () => {
  it('names the objects added and removed, keeping a known name', () => {
    const diff = diffIds(
      [{ id: '0000000000000001', name: 'Bed' }, { id: '0000000000000002', name: 'Old swatch' }],
      [{ id: '0000000000000001', name: 'Bed' }, { id: '0000000000000003', name: null }, { id: '0000000000000003', name: 'Velvet swatch' }],
    );
    expect(diff).toEqual({
      added: 1,
      removed: 1,
      listedAdded: [{ id: '0000000000000003', name: 'Velvet swatch' }],
      listedRemoved: [{ id: '0000000000000002', name: 'Old swatch' }],
    });
  });

  it('counts all and lists up to the limit', () => {
    const after = Array.from({ length: 300 }, (_, i) => ({ id: i.toString(16).padStart(16, '0'), name: null }));
    const diff = diffIds([], after, 10);
    expect(diff.added).toBe(300);
    expect(diff.listedAdded.map((o) => o.id)).toEqual(after.slice(0, 10).map((o) => o.id));
  });
});

describe('diffFields', () => {
  const ORDER = ['name', 'description', 'polycount', 'can_be_shared', 'tags', 'notes'];

  it('lists changed text, numbers, flags and lists in the given order', () => {
    const changes = diffFields(
      { name: 'Velvet Bed', description: 'Soft.', polycount: 1200, can_be_shared: true, tags: ['Modern', 'Blue'], notes: null },
      { name: 'Velvet Canopy Bed', description: 'Soft.', polycount: 1500, can_be_shared: false, tags: ['Blue', 'Velvet'], notes: '' },
      ORDER,
    );
    expect(changes).toEqual([
      { field: 'name', type: 'text', before: 'Velvet Bed', after: 'Velvet Canopy Bed', added: [], removed: [] },
      { field: 'polycount', type: 'number', before: '1200', after: '1500', added: [], removed: [] },
      { field: 'can_be_shared', type: 'flag', before: 'true', after: 'false', added: [], removed: [] },
      { field: 'tags', type: 'list', before: null, after: null, added: ['Velvet'], removed: ['Modern'] },
    ]);
  });

  it('leaves out fields whose approved value is not known, and empty text that stayed empty', () => {
    expect(diffFields({ notes: '  ' }, { name: 'New', notes: null }, ORDER)).toEqual([]);
  });

  it('tells a value that became empty', () => {
    expect(diffFields({ description: 'Soft.' }, { description: '' }, ORDER)).toEqual([
      { field: 'description', type: 'text', before: 'Soft.', after: null, added: [], removed: [] },
    ]);
  });
});

describe('diffOrder', () => {
  it('finds images added and removed, and whether the others moved', () => {
    expect(diffOrder([1, 2, 3], [1, 2, 3, 4])).toEqual({ added: [4], removed: [], reordered: false });
    expect(diffOrder([1, 2, 3], [2, 3])).toEqual({ added: [], removed: [1], reordered: false });
    expect(diffOrder([1, 2, 3], [3, 1, 2, 5])).toEqual({ added: [5], removed: [], reordered: true });
  });
});
