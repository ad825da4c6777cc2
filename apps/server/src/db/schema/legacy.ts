import { boolean, index, integer, jsonb, numeric, pgSchema, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns';
import { members } from './member';

/**
 * The older submission system. In production it is a separate MySQL/MariaDB database
 * (LEGACY_DATABASE_URL); by default it is this `legacy` schema inside the portal's own database.
 */
export const legacy = pgSchema('legacy');

export const legacyItems = legacy.table(
  'items',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    game: integer('game').notNull().default(4),
    publish_date: timestamp('publish_date', { withTimezone: true }),
    published: boolean('published').notNull().default(false),
    status: text('status').notNull(),
    is_hidden: boolean('is_hidden').notNull().default(false),
    reports: integer('reports').notNull().default(0),
    uploads: integer('uploads').notNull().default(0),
    categories: text('categories').array().notNull(),
    creator_id: integer('creator_id').notNull(),
    creator_name: text('creator_name').notNull(),
    images: jsonb('images').notNull().default([]),
  },
  (t) => [
    index().on(t.creator_id),
    index().on(t.title),
    // Legacy items are found by a phrase anywhere in the title (trigram, migration 0007).
    index('legacy_items_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('legacy_items_creator_name_trgm_idx').using('gin', t.creator_name.op('gin_trgm_ops')),
  ],
);

/** Payment lists: what creators are paid for a period. */
export const paymentLists = pgTable('payment_lists', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  period_start: timestamp('period_start', { withTimezone: true }).notNull(),
  period_end: timestamp('period_end', { withTimezone: true }).notNull(),
  status: text('status').notNull().default('OPEN'),
  member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const paymentListEntries = pgTable(
  'payment_list_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    payment_list_id: integer('payment_list_id')
      .notNull()
      .references(() => paymentLists.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    note: text('note'),
    ...createdAt,
  },
  (t) => [index().on(t.payment_list_id), index().on(t.member_id)],
);
