import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from './columns';
import { members } from './member';
import { submissions } from './submission';

/**
 * A submission file. Each replacement adds a row to file_versions; `version` is the newest,
 * `published_version` the one visitors download. Deleted files keep their rows (deleted_at).
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    filename: text('filename').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    mimetype: text('mimetype').notNull(),
    /** What the first bytes say the file is (sims4-package, tray-item, image, zip, ...). */
    kind: text('kind'),
    version: integer('version').notNull().default(1),
    published_version: integer('published_version'),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    ...timestamps,
    ...deletedAt,
  },
  (t) => [index().on(t.submission_id), index().on(t.member_id), index().on(t.sha256), index().on(t.filename)],
);

export const fileVersions = pgTable(
  'file_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    mimetype: text('mimetype').notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    ...createdAt,
  },
  (t) => [uniqueIndex('file_versions_file_version_key').on(t.file_id, t.version), index().on(t.sha256)],
);

export const fileLogs = pgTable(
  'file_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details'),
    ...createdAt,
  },
  (t) => [index().on(t.file_id, t.created_at)],
);

/** A staff basket bundles chosen files into one zip in the background. */
export const staffBaskets = pgTable(
  'staff_baskets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull().default('PENDING'),
    error: text('error'),
    url: text('url'),
    filename: text('filename'),
    num_files_to_add: integer('num_files_to_add').notNull().default(0),
    num_files_added: integer('num_files_added').notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.member_id)],
);

export const staffBasketFiles = pgTable(
  'staff_basket_files',
  {
    staff_basket_id: integer('staff_basket_id')
      .notNull()
      .references(() => staffBaskets.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staff_basket_id, t.file_id] })],
);
