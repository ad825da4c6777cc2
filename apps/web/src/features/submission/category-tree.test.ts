import { describe, expect, it } from 'vitest';
import { categoryPath, isLeaf, loadCategoryTree, rootsForKind } from './category-tree';

const TREE = JSON.stringify([
  {
    id: 1,
    name: 'CONTENT',
    parent_category_id: null,
    attribute_groups: [],
    children: [
      {
        id: 2,
        name: 'Living Room',
        parent_category_id: 1,
        attribute_groups: [],
        children: [
          {
            id: 3,
            name: 'Sofas',
            parent_category_id: 2,
            attribute_groups: [
              { id: 9, attribute_group_name: 'Color', attribute_type_id: 1, step_order: 3 },
              { id: 1, attribute_group_name: 'Style', attribute_type_id: 8, step_order: 1 },
            ],
            children: [],
          },
        ],
      },
    ],
  },
  {
    id: 10,
    name: 'SET',
    parent_category_id: null,
    attribute_groups: [],
    children: [{ id: 11, name: 'Furniture Sets', parent_category_id: 10, attribute_groups: [], children: [{ id: 12, name: 'Kitchen Sets', attribute_groups: [], children: [] }] }],
  },
  { id: 20, name: 'Legacy', parent_category_id: null, attribute_groups: [], children: [] },
]);

describe('loadCategoryTree', () => {
  it('drops the SET and CONTENT top nodes: their children become the roots', () => {
    const roots = loadCategoryTree(TREE);
    expect(roots.map((r) => r.name)).toEqual(['Living Room', 'Furniture Sets', 'Legacy']);
    expect(roots.map((r) => r.section)).toEqual(['CONTENT', 'SET', null]);
    expect(roots[0]!.children[0]!.name).toBe('Sofas');
    expect(roots[0]!.children[0]!.section).toBe('CONTENT');
  });

  it('keeps attribute groups in step_order', () => {
    const sofas = loadCategoryTree(TREE)[0]!.children[0]!;
    expect(sofas.attribute_groups.map((g) => g.attribute_group_name)).toEqual(['Style', 'Color']);
  });

  it('gives an empty tree for broken JSON and skips malformed nodes', () => {
    expect(loadCategoryTree('{oops')).toEqual([]);
    expect(loadCategoryTree('{"a":1}')).toEqual([]);
    expect(loadCategoryTree(JSON.stringify([{ id: 'x' }, { id: 5, name: 'Ok' }])).map((r) => r.id)).toEqual([5]);
  });
});

describe('category helpers', () => {
  const roots = loadCategoryTree(TREE);

  it('offers a set the SET branch first, and every other kind the tree as it is', () => {
    expect(rootsForKind(roots, 'set').map((r) => r.name)).toEqual(['Furniture Sets', 'Living Room', 'Legacy']);
    expect(rootsForKind(roots, 'item').map((r) => r.name)).toEqual(['Living Room', 'Furniture Sets', 'Legacy']);
  });

  it('finds the path down to a category', () => {
    expect(categoryPath(roots, 12)?.map((n) => n.name)).toEqual(['Furniture Sets', 'Kitchen Sets']);
    expect(categoryPath(roots, 999)).toBeNull();
    expect(categoryPath(roots, null)).toBeNull();
  });

  it('knows a leaf', () => {
    expect(isLeaf(roots[0]!)).toBe(false);
    expect(isLeaf(roots[0]!.children[0]!)).toBe(true);
  });
});
