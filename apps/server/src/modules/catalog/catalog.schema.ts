import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import { collaborations, collections } from '../../db/schema/index';
import * as catalog from './catalog.service';

export const AttributeRef = builder.objectRef<catalog.AttributeRow>('Attribute').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    attribute_group_id: t.exposeInt('attribute_group_id'),
  }),
});

const AttributeTypeRef = builder.objectRef<{ attribute_type_id: number; name: string }>('AttributeType').implement({
  description: 'The kind of an attribute group; 8 means tags.',
  fields: (t) => ({ attribute_type_id: t.exposeInt('attribute_type_id'), name: t.exposeString('name') }),
});

export const AttributeGroupRef = builder.objectRef<catalog.AttributeGroupRow>('AttributeGroup').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    attribute_group_name: t.exposeString('attribute_group_name'),
    attribute_type: t.field({
      type: AttributeTypeRef,
      resolve: (g) => ({ attribute_type_id: g.attribute_type_id, name: g.attribute_type_name }),
    }),
    step_order: t.exposeInt('step_order', { nullable: true, description: 'Order within a category; null outside one.' }),
    attributes: t.field({ type: [AttributeRef], resolve: (g, _a, ctx) => catalog.attributesOfGroup(ctx.db, g.id) }),
  }),
});

export const CategoryRef = builder.objectRef<catalog.CategoryRow>('Category');
CategoryRef.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    game: t.exposeInt('game'),
    parent_category_id: t.exposeInt('parent_category_id', { nullable: true }),
    parent: t.field({
      type: CategoryRef,
      nullable: true,
      resolve: (c, _a, ctx) => (c.parent_category_id === null ? null : catalog.loadCategory(ctx, c.parent_category_id)),
    }),
    children: t.field({ type: [CategoryRef], resolve: (c, _a, ctx) => catalog.categoriesByParent(ctx.db, [c.id]) }),
    attribute_groups: t.field({
      type: [AttributeGroupRef],
      description: 'The groups this category offers, in step_order.',
      resolve: (c, _a, ctx) => catalog.attributeGroupsOfCategory(ctx.db, c.id),
    }),
  }),
});

type Named = { id: number; name: string; game?: number };
export const ThemeRef = builder.objectRef<Named>('Theme').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
export const CollaborationRef = builder.objectRef<Named>('Collaboration').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), game: t.int({ resolve: (c) => c.game ?? 4 }) }),
});
export const CollectionRef = builder.objectRef<Named>('Collection').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), game: t.int({ resolve: (c) => c.game ?? 4 }) }),
});

const RejectionReasonRef = builder.objectRef<catalog.RejectionCategoryRow['reasons'][number]>('RejectionReason').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    tags: t.exposeStringList('tags'),
    games: t.exposeIntList('games'),
  }),
});

const RejectionCategoryRef = builder.objectRef<catalog.RejectionCategoryRow>('RejectionCategory').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    reasons: t.field({ type: [RejectionReasonRef], resolve: (c) => c.reasons }),
  }),
});

const RejectionCategoryPaginator = paginatorOf('RejectionCategory', RejectionCategoryRef);

builder.queryFields((t) => ({
  categories: t.field({
    type: [CategoryRef],
    description: 'Categories by name, id or parent; without arguments the top level.',
    authScopes: policy.signedIn,
    args: { name: t.arg.string(), id: t.arg.int(), parent_category_id: t.arg.int() },
    resolve: (_r, args, ctx) => catalog.findCategories(ctx.db, args),
  }),
  categoryTree: t.string({
    description: 'The whole category tree as a JSON string (three levels, attribute groups in step_order).',
    authScopes: policy.signedIn,
    resolve: (_r, _a, ctx) => catalog.categoryTree(ctx.db),
  }),
  attributeGroups: t.field({
    type: [AttributeGroupRef],
    authScopes: policy.signedIn,
    args: { id: t.arg.int() },
    resolve: (_r, args, ctx) => catalog.findAttributeGroups(ctx.db, args.id),
  }),
  attributes: t.field({
    type: [AttributeRef],
    description: 'Attributes whose name contains nameLike (case-insensitive), at most 100.',
    authScopes: policy.signedIn,
    args: { nameLike: t.arg.string() },
    resolve: (_r, args, ctx) => catalog.findAttributes(ctx.db, args.nameLike),
  }),
  rejectionCategories: t.field({
    type: RejectionCategoryPaginator,
    description: 'Rejection categories with their reasons; filter matches category or reason names.',
    authScopes: policy.view('waiting', 'rejected'),
    args: { first: t.arg.int(), page: t.arg.int(), filter: t.arg.string() },
    resolve: (_r, args, ctx) => catalog.findRejectionCategories(ctx.db, args),
  }),
  themes: t.field({
    type: [ThemeRef],
    description: 'Every theme a creation can belong to.',
    authScopes: policy.signedIn,
    resolve: (_r, _a, ctx) => catalog.allThemes(ctx.db),
  }),
}));

/** Collections and collaborations work alike: each has a search and a create that returns an existing namesake. */
const NAMED_LISTS = [
  { ref: CollectionRef, table: collections, one: 'collection', many: 'Collections', search: 'searchCollections', create: 'createCollection' },
  { ref: CollaborationRef, table: collaborations, one: 'collaboration', many: 'Collaborations', search: 'searchCollaborations', create: 'createCollaboration' },
] as const;

builder.queryFields((t) =>
  Object.fromEntries(
    NAMED_LISTS.map((list) => [
      list.search,
      t.field({
        type: [list.ref],
        description: `${list.many} whose name contains \`name\`, for a game (at most 20).`,
        authScopes: policy.signedIn,
        args: { name: t.arg.string(), game: t.arg.int() },
        resolve: (_r, a, ctx) => catalog.searchNamed(ctx.db, list.table, a),
      }),
    ]),
  ),
);

builder.mutationFields((t) =>
  Object.fromEntries(
    NAMED_LISTS.map((list) => [
      list.create,
      t.field({
        type: list.ref,
        description: `Creates a ${list.one} (or returns the one with that name in that game).`,
        authScopes: policy.signedIn,
        args: { game: t.arg.int({ required: true }), name: t.arg.string({ required: true }) },
        resolve: (_r, a, ctx) => catalog.createNamed(ctx.db, list.table, ctx.auth.member!.id, a, list.one),
      }),
    ]),
  ),
);
