import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';
import { members } from './member';

/** Categories form a tree of up to three levels; top nodes SET and CONTENT are dropped by clients. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    parent_category_id: integer('parent_category_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    game: integer('game').notNull().default(4),
    ord: integer('ord').notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.parent_category_id), index().on(t.name)],
);

/** Attribute types; type 8 is "tags" (SPEC section 5). */
export const attributeTypes = pgTable('attribute_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const attributeGroups = pgTable('attribute_groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  attribute_group_name: text('attribute_group_name').notNull(),
  attribute_type_id: integer('attribute_type_id')
    .notNull()
    .references(() => attributeTypes.id),
  ...timestamps,
});

/** Which attribute groups a category offers, in the order the edit step shows them. */
export const categoryAttributeGroups = pgTable(
  'category_attribute_groups',
  {
    category_id: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    attribute_group_id: integer('attribute_group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    step_order: integer('step_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category_id, t.attribute_group_id] }), index().on(t.attribute_group_id)],
);

export const attributes = pgTable(
  'attributes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    attribute_group_id: integer('attribute_group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.attribute_group_id), index('attributes_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const themes = pgTable('themes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

/** Collaborations and collections are named per game; creators make them while editing. */
export const collaborations = pgTable(
  'collaborations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    game: integer('game').notNull(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('collaborations_game_name_key').on(t.game, sql`lower(${t.name})`)],
);

export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    game: integer('game').notNull(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('collections_game_name_key').on(t.game, sql`lower(${t.name})`)],
);

export const rejectionCategories = pgTable('rejection_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const rejectionReasons = pgTable(
  'rejection_reasons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    rejection_category_id: integer('rejection_category_id')
      .notNull()
      .references(() => rejectionCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    games: integer('games').array().notNull().default(sql`'{}'::int[]`),
    ...timestamps,
  },
  (t) => [index().on(t.rejection_category_id)],
);
