import { sql } from 'drizzle-orm';
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

/**
 * A zip built in the background from chosen file versions: a creation's download zip
 * (`kind = 'submission'`, made by generateZipFileForSubmission) or a staff basket (`kind = 'basket'`).
 * `status` PENDING, BUILDING, READY or FAILED; the zip itself is content in storage (`storage_key`).
 * `fingerprint` names the exact file versions inside, so an unchanged creation's zip is reused.
 */
export const zipBundles = pgTable(
  'zip_bundles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Who asked for it; only they and staff may fetch it. */
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    error: text('error'),
    filename: text('filename').notNull(),
    fingerprint: text('fingerprint'),
    num_files_to_add: integer('num_files_to_add').notNull().default(0),
    num_files_added: integer('num_files_added').notNull().default(0),
    filesize: bigint('filesize', { mode: 'number' }),
    sha256: text('sha256'),
    storage_key: text('storage_key'),
    ...timestamps,
  },
  (t) => [index().on(t.member_id), index().on(t.submission_id, t.fingerprint), index().on(t.sha256)],
);

/** The file versions a zip bundle holds, in the order they are added. */
export const zipBundleFiles = pgTable(
  'zip_bundle_files',
  {
    zip_bundle_id: integer('zip_bundle_id')
      .notNull()
      .references(() => zipBundles.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ord: integer('ord').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zip_bundle_id, t.file_id] })],
);

/**
 * What the game-file readers found in a content, once per sha256 (identical bytes are read once,
 * whichever file or version holds them). `reader_version` is bumped when the readers learn more, and
 * older rows are read again. `status`: `read`, or `failed` with the reader's error code and message
 * ("the index is damaged at byte N"); `result` is the reader's answer, ids as 16-digit hex strings.
 */
export const fileInspections = pgTable(
  'file_inspections',
  {
    sha256: text('sha256').primaryKey(),
    /** What the content is: package, trayitem, householdbinary, blueprint, room, tray-image, other. */
    format: text('format').notNull(),
    status: text('status').notNull(),
    result: jsonb('result'),
    error_code: text('error_code'),
    error_message: text('error_message'),
    reader_version: integer('reader_version').notNull(),
    /** Milliseconds the reading took, for the operations page and the budget's tuning. */
    duration_ms: integer('duration_ms').notNull(),
    ...createdAt,
  },
  // The CAS parts packages define, for matching what a household's sims wear to creations on the site.
  // Migration 0014 adds statistics on the same expression (file_inspections_cas_parts_stats), which
  // drizzle cannot declare: without them the planner misjudges the partial index's selectivity.
  (t) => [index('file_inspections_cas_parts_idx').using('gin', sql`(${t.result} -> 'casPartIds')`).where(sql`${t.format} = 'package'`)],
);

/**
 * Every resource of a package content, once per sha256, written with its inspection: the keys
 * (`tttttttt:gggggggg:iiiiiiiiiiiiiiii`), unpacked sizes and content fingerprints of its live
 * resources, in key order, as `[key, size, hash]` (hash null when not read). Two versions of a package
 * are compared through it (what changed in an update); nothing else reads it, so a large list never
 * weighs on the inspection's other readers. `resources` is null for a package with more than 50,000
 * resources: then only `total` and the inspection's counts per kind compare.
 */
export const packageResources = pgTable('package_resources', {
  sha256: text('sha256')
    .primaryKey()
    .references(() => fileInspections.sha256, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
  resources: jsonb('resources'),
  ...createdAt,
});
