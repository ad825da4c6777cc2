import { bigint, boolean, index, integer, pgSchema, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns';

/**
 * The older submission system's own tables (DESIGN section 8). In production they live in a separate
 * MySQL/MariaDB database (LEGACY_DATABASE_URL, the same tables: modules/legacy/legacy-mariadb.sql.ts);
 * by default in this `legacy` schema inside the portal's own database. Only the legacy source
 * (modules/legacy/legacy-source.postgres.ts) reads and writes them; everything else goes through it.
 */
export const legacy = pgSchema('legacy');

/** The old system's members; `id` is the member id the portal's members carry too (matched by it). */
export const legacyMembers = legacy.table(
  'members',
  {
    id: integer('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    ...createdAt,
  },
  // Items are found by a phrase anywhere in their creator's name (trigram, migration 0015).
  (t) => [index('legacy_members_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops'))],
);

/** The old category tree: each category under its parent (null at the top), in `position` order. */
export const legacyCategories = legacy.table(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parent_id: integer('parent_id').references((): AnyPgColumn => legacyCategories.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index().on(t.parent_id, t.position)],
);

/** The old system's items. Ids are the old system's own (never assigned here). */
export const legacyItems = legacy.table(
  'items',
  {
    id: integer('id').primaryKey(),
    member_id: integer('member_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    game: integer('game').notNull().default(4),
    status: text('status').notNull(),
    publish_date: timestamp('publish_date', { withTimezone: true }),
    is_hidden: boolean('is_hidden').notNull().default(false),
    reports: integer('reports').notNull().default(0),
    uploads: integer('uploads').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.member_id, t.id),
    index().on(t.publish_date),
    // Legacy items are found by a phrase anywhere in the title (trigram).
    index('legacy_items_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Ids per bucket of legacy.item_counts: a deep page of the archive is found within one bucket. */
export const LEGACY_COUNT_BUCKET = 10_000;

/**
 * How many legacy items sit in each bucket of (id range of LEGACY_COUNT_BUCKET ids, game, status,
 * hidden): a rollup kept exact by statement triggers on legacy.items (migration 0027), so the
 * archive's total and its deep pages are found from a few thousand rows instead of a million
 * items. Only the embedded legacy source (legacy-source.postgres.ts) reads it.
 */
export const legacyItemCounts = legacy.table(
  'item_counts',
  {
    /** `id / LEGACY_COUNT_BUCKET` of the bucket's items. */
    bucket: integer('bucket').notNull(),
    game: integer('game').notNull(),
    status: text('status').notNull(),
    is_hidden: boolean('is_hidden').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.game, t.status, t.is_hidden] })],
);

/** Which categories an item is in. */
export const legacyItemCategories = legacy.table(
  'item_categories',
  {
    item_id: integer('item_id')
      .notNull()
      .references(() => legacyItems.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => legacyCategories.id),
  },
  (t) => [primaryKey({ columns: [t.item_id, t.category_id] }), index().on(t.category_id)],
);

/** An item's pictures; the file is `{filename}` in folder ID/1000 (SPEC 7) of the legacy files. */
export const legacyImages = legacy.table(
  'images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    item_id: integer('item_id')
      .notNull()
      .references(() => legacyItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    filename: text('filename').notNull(),
    ...createdAt,
  },
  (t) => [index().on(t.item_id, t.position)],
);

/** An item's downloads; the file is `{filename}` in folder ID/1000 of the legacy files' `files/`. */
export const legacyFiles = legacy.table(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    item_id: integer('item_id')
      .notNull()
      .references(() => legacyItems.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull().default(0),
    mimetype: text('mimetype').notNull().default('application/octet-stream'),
    version: integer('version').notNull().default(1),
    ...createdAt,
  },
  (t) => [index().on(t.item_id)],
);
