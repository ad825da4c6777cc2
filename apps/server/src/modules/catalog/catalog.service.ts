import { escapeLike } from '../../db/sql';
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decodeRow, defineLoader, jsonRow, outer, type LoaderHost } from '../../db/loader';
import { anyOf, preparedQuery, type Placeholders } from '../../db/prepared';
import {
  attributeGroups,
  attributes,
  attributeTypes,
  categories,
  categoryAttributeGroups,
  collaborations,
  collections,
  rejectionCategories,
  rejectionReasons,
  submissions,
  themes,
} from '../../db/schema/index';
import { allowedCharactersMessage, CURRENT_GAME_VERSION } from '@corner/domain';
import { validationError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';

export type CategoryRow = typeof categories.$inferSelect;
export type AttributeRow = typeof attributes.$inferSelect;
export interface AttributeGroupRow {
  id: number;
  attribute_group_name: string;
  attribute_type_id: number;
  attribute_type_name: string;
  /** Present when the group is read through a category. */
  step_order: number | null;
}

/** Categories by name (case-insensitive, exact), id or parent; no argument lists the top level. */
export async function findCategories(
  db: Db,
  args: { name?: string | null; id?: number | null; parent_category_id?: number | null },
): Promise<CategoryRow[]> {
  const where: SQL[] = [];
  if (args.id != null) where.push(eq(categories.id, args.id));
  if (args.name != null) where.push(sql`lower(${categories.name}) = ${args.name.toLowerCase()}`);
  if (args.parent_category_id != null) where.push(eq(categories.parent_category_id, args.parent_category_id));
  if (where.length === 0) where.push(isNull(categories.parent_category_id));
  return db
    .select()
    .from(categories)
    .where(and(...where))
    .orderBy(asc(categories.ord), asc(categories.name));
}

export async function categoriesByParent(db: Db, parentIds: readonly number[]): Promise<CategoryRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .select()
    .from(categories)
    .where(inArray(categories.parent_category_id, [...parentIds]))
    .orderBy(asc(categories.ord), asc(categories.name));
}

const categoriesOfIds = preparedQuery((db, values: Placeholders<{ ids: number[] }>) => db.select().from(categories).where(anyOf(categories.id, values.ids)));

const categoriesById = defineLoader(async (db, ids: number[]) => {
  const rows = await categoriesOfIds(db, { ids });
  return new Map(rows.map((row) => [row.id, row]));
}, null);

/** A page of creations reads its rows' categories with its own statement (`Loader.preload`). */
export const categoryPreload = categoriesById.preload<{ category_id: number | null }>({
  name: 'category',
  keyOf: (s) => s.category_id,
  column: jsonRow(categories, sql`${categories.id} = ${outer(submissions.category_id)}`),
  decode: (json) => (json === null ? null : decodeRow(categories, json as Record<string, unknown>)),
});

/** A category by id, through the request's loader: a page of creations reads its categories in one query. */
export const loadCategory = (ctx: LoaderHost, id: number): Promise<CategoryRow | null> => categoriesById(ctx, id);

interface TreeNode {
  id: number;
  name: string;
  parent_category_id: number | null;
  attribute_groups: { id: number; attribute_group_name: string; attribute_type_id: number; step_order: number }[];
  children: TreeNode[];
}

/**
 * The whole category tree (three levels) with each category's attribute groups in step order, as
 * the JSON string clients expect from `categoryTree`. Clients drop the SET and CONTENT top nodes.
 */
export async function categoryTree(db: Db): Promise<string> {
  const all = await db.select().from(categories).orderBy(asc(categories.ord), asc(categories.name));
  const groups = await db
    .select({
      category_id: categoryAttributeGroups.category_id,
      id: attributeGroups.id,
      attribute_group_name: attributeGroups.attribute_group_name,
      attribute_type_id: attributeGroups.attribute_type_id,
      step_order: categoryAttributeGroups.step_order,
    })
    .from(categoryAttributeGroups)
    .innerJoin(attributeGroups, eq(attributeGroups.id, categoryAttributeGroups.attribute_group_id))
    .orderBy(asc(categoryAttributeGroups.step_order), asc(attributeGroups.id));
  const nodes = new Map<number, TreeNode>();
  for (const c of all) {
    nodes.set(c.id, { id: c.id, name: c.name, parent_category_id: c.parent_category_id, attribute_groups: [], children: [] });
  }
  for (const { category_id, ...g } of groups) nodes.get(category_id)?.attribute_groups.push(g);
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_category_id === null ? null : nodes.get(node.parent_category_id);
    (parent ? parent.children : roots).push(node);
  }
  return JSON.stringify(roots);
}

const groupColumns = {
  id: attributeGroups.id,
  attribute_group_name: attributeGroups.attribute_group_name,
  attribute_type_id: attributeGroups.attribute_type_id,
  attribute_type_name: attributeTypes.name,
};

/** Attribute groups, all or one by id. */
export async function findAttributeGroups(db: Db, id?: number | null): Promise<AttributeGroupRow[]> {
  const found = await db
    .select(groupColumns)
    .from(attributeGroups)
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributeGroups.attribute_type_id))
    .where(id != null ? eq(attributeGroups.id, id) : undefined)
    .orderBy(asc(attributeGroups.id));
  return found.map((g) => ({ ...g, step_order: null }));
}

/** A category's attribute groups in `step_order`. */
export async function attributeGroupsOfCategory(db: Db, categoryId: number): Promise<AttributeGroupRow[]> {
  return db
    .select({ ...groupColumns, step_order: categoryAttributeGroups.step_order })
    .from(categoryAttributeGroups)
    .innerJoin(attributeGroups, eq(attributeGroups.id, categoryAttributeGroups.attribute_group_id))
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributeGroups.attribute_type_id))
    .where(eq(categoryAttributeGroups.category_id, categoryId))
    .orderBy(asc(categoryAttributeGroups.step_order), asc(attributeGroups.id));
}

export async function attributesOfGroup(db: Db, groupId: number): Promise<AttributeRow[]> {
  return db.select().from(attributes).where(eq(attributes.attribute_group_id, groupId)).orderBy(asc(attributes.name));
}

/** Attributes whose name contains `nameLike` (case-insensitive), at most 100. */
export async function findAttributes(db: Db, nameLike?: string | null): Promise<AttributeRow[]> {
  const pattern = nameLike ? `%${escapeLike(nameLike)}%` : null;
  return db
    .select()
    .from(attributes)
    .where(pattern ? ilike(attributes.name, pattern) : undefined)
    .orderBy(asc(attributes.name), asc(attributes.id))
    .limit(100);
}

export type RejectionCategoryRow = typeof rejectionCategories.$inferSelect & {
  reasons: (typeof rejectionReasons.$inferSelect)[];
};

/** Rejection categories with their reasons, paged; `filter` matches category or reason names. */
export async function findRejectionCategories(
  db: Db,
  args: { first?: number | null; page?: number | null; filter?: string | null },
): Promise<Page<RejectionCategoryRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(args.first, args.page);
  const pattern = args.filter ? `%${escapeLike(args.filter)}%` : null;
  const where = pattern
    ? sql`(${rejectionCategories.name} ilike ${pattern} or exists (
        select 1 from ${rejectionReasons} r where r.rejection_category_id = ${rejectionCategories.id} and r.name ilike ${pattern}))`
    : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(rejectionCategories)
    .where(where);
  const cats = await db.select().from(rejectionCategories).where(where).orderBy(asc(rejectionCategories.name)).limit(limit).offset(offset);
  const reasons = cats.length
    ? await db
        .select()
        .from(rejectionReasons)
        .where(inArray(rejectionReasons.rejection_category_id, cats.map((c) => c.id)))
        .orderBy(asc(rejectionReasons.name))
    : [];
  const data = cats.map((c) => ({ ...c, reasons: reasons.filter((r) => r.rejection_category_id === c.id) }));
  return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage) };
}

export async function allThemes(db: Db) {
  return db.select({ id: themes.id, name: themes.name }).from(themes).orderBy(asc(themes.name));
}

type NamedTable = typeof collections | typeof collaborations;

/** Collections or collaborations whose name contains `name` (case-insensitive), for a game, at most 20. */
export async function searchNamed(db: Db, table: NamedTable, args: { name?: string | null; game?: number | null }) {
  const where: SQL[] = [];
  if (args.name?.trim()) where.push(ilike(table.name, `%${escapeLike(args.name.trim())}%`));
  if (args.game != null) where.push(eq(table.game, args.game));
  return db
    .select({ id: table.id, name: table.name, game: table.game })
    .from(table)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(table.name))
    .limit(20);
}

/**
 * Creates a collection or collaboration by name and game; an existing one with the same name
 * (case-insensitive) in that game is returned instead of a duplicate.
 */
export async function createNamed(db: Db, table: NamedTable, memberId: number, args: { name: string; game: number }, what: string) {
  const name = args.name.trim().replace(/\s+/g, ' ');
  const problems: string[] = [];
  if (!name) problems.push(`The ${what} needs a name.`);
  if (name.length > 100) problems.push(`The ${what} name must be 100 characters or fewer.`);
  const bad = allowedCharactersMessage('The name', name);
  if (bad) problems.push(bad);
  if (problems.length) throw validationError({ name: problems });
  if (!Number.isInteger(args.game) || args.game < 1 || args.game > CURRENT_GAME_VERSION) {
    throw validationError({ game: [`Game must be between 1 and ${CURRENT_GAME_VERSION}.`] });
  }
  const [existing] = await db
    .select({ id: table.id, name: table.name, game: table.game })
    .from(table)
    .where(and(eq(table.game, args.game), sql`lower(${table.name}) = ${name.toLowerCase()}`));
  if (existing) return existing;
  const [created] = await db
    .insert(table)
    .values({ name, game: args.game, member_id: memberId })
    .onConflictDoNothing()
    .returning({ id: table.id, name: table.name, game: table.game });
  return created ?? (await searchNamed(db, table, { name, game: args.game }))[0]!;
}
