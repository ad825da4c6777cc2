import { beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { useTestServer } from '../../test/server';

const server = useTestServer();
let token: string;
let staffToken: string;

beforeAll(async () => {
  token = await server.tokenFor((await buildMember(server.database.db)).id);
  staffToken = await server.tokenFor((await buildMember(server.database.db, { roles: ['Submissions'] })).id);
});

interface TreeNode {
  id: number;
  name: string;
  attribute_groups: { attribute_type_id: number; step_order: number }[];
  children: TreeNode[];
}

describe('categories', () => {
  it('lists the top level, children by parent, and one by name', async () => {
    const top = await server.gql('{ categories { id name parent_category_id } }', {}, { token });
    expect(top.data!.categories.map((c: { name: string }) => c.name)).toEqual(['CONTENT', 'SET']);
    const content = top.data!.categories[0];
    const second = await server.gql('query ($p: Int) { categories(parent_category_id: $p) { name parent { name } } }', { p: content.id }, { token });
    expect(second.data!.categories.length).toBeGreaterThan(5);
    expect(second.data!.categories[0].parent.name).toBe('CONTENT');
    const sofas = await server.gql('{ categories(name: "sofas") { name parent { name } attribute_groups { attribute_group_name step_order attribute_type { attribute_type_id } } } }', {}, { token });
    expect(sofas.data!.categories).toHaveLength(1);
    const groups = sofas.data!.categories[0].attribute_groups as { step_order: number; attribute_type: { attribute_type_id: number } }[];
    expect(groups.map((g) => g.step_order)).toEqual([...groups.map((g) => g.step_order)].sort((a, b) => a - b));
    expect(groups.some((g) => g.attribute_type.attribute_type_id === 8)).toBe(true);
  });

  it('categoryTree is a JSON string of three levels; every leaf offers a tag group', async () => {
    const res = await server.gql<{ categoryTree: string }>('{ categoryTree }', {}, { token });
    const tree = JSON.parse(res.data!.categoryTree) as TreeNode[];
    expect(tree.map((n) => n.name)).toEqual(['CONTENT', 'SET']);
    const leaves = tree.flatMap((t) => t.children.flatMap((c) => c.children));
    expect(leaves.length).toBeGreaterThan(50);
    for (const leaf of leaves) {
      expect(leaf.children).toEqual([]);
      expect(leaf.attribute_groups.some((g) => g.attribute_type_id === 8), leaf.name).toBe(true);
      const orders = leaf.attribute_groups.map((g) => g.step_order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });
});

describe('attributes', () => {
  it('attributeGroups lists groups with their attributes; by id finds one', async () => {
    const all = await server.gql('{ attributeGroups { id attribute_group_name attribute_type { attribute_type_id name } attributes { id name } } }', {}, { token });
    const groups = all.data!.attributeGroups as { id: number; attribute_type: { attribute_type_id: number; name: string }; attributes: unknown[] }[];
    const tags = groups.filter((g) => g.attribute_type.attribute_type_id === 8);
    expect(tags.length).toBeGreaterThan(3);
    expect(tags[0]!.attribute_type.name).toBe('Tags');
    const one = await server.gql('query ($id: Int) { attributeGroups(id: $id) { id } }', { id: groups[1]!.id }, { token });
    expect(one.data!.attributeGroups).toEqual([{ id: groups[1]!.id }]);
  });

  it('attributes(nameLike) matches case-insensitively and treats % literally', async () => {
    const res = await server.gql('{ attributes(nameLike: "ROOM") { name } }', {}, { token });
    const names = res.data!.attributes.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Living Room', 'Bedroom', 'Bathroom']));
    expect(names.every((n: string) => n.toLowerCase().includes('room'))).toBe(true);
    expect((await server.gql('{ attributes(nameLike: "%") { name } }', {}, { token })).data!.attributes).toEqual([]);
  });
});

describe('rejectionCategories', () => {
  const Q = `query ($first: Int, $page: Int, $filter: String) { rejectionCategories(first: $first, page: $page, filter: $filter) {
    data { name reasons { name description tags games } }
    paginatorInfo { count currentPage firstItem hasMorePages lastItem lastPage perPage total } } }`;

  it('pages with Lighthouse paginator info', async () => {
    const p1 = await server.gql(Q, { first: 3, page: 1 }, { token: staffToken });
    expect(p1.data!.rejectionCategories.paginatorInfo).toEqual({
      count: 3, currentPage: 1, firstItem: 1, hasMorePages: true, lastItem: 3, lastPage: 2, perPage: 3, total: 4,
    });
    const p2 = await server.gql(Q, { first: 3, page: 2 }, { token: staffToken });
    expect(p2.data!.rejectionCategories.paginatorInfo).toMatchObject({ count: 1, firstItem: 4, lastItem: 4, hasMorePages: false });
    expect(p2.data!.rejectionCategories.data[0].reasons[0]).toMatchObject({ games: [4], tags: expect.any(Array) });
  });

  it('filters by category or reason name', async () => {
    const res = await server.gql(Q, { filter: 'mesh' }, { token: staffToken });
    expect(res.data!.rejectionCategories.data.map((c: { name: string }) => c.name)).toEqual(['Files']);
  });

  it('is for staff: a creator is refused', async () => {
    const res = await server.gql(Q, {}, { token });
    expect(res.errors![0]!.extensions).toMatchObject({ category: 'authorization', reason: 'You do not have permission to do this.' });
  });
});
