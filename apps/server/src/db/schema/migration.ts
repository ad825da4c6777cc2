import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './catalog';
import { createdAt, timestamps } from './columns';
import { members } from './member';
import { submissions } from './submission';

/**
 * Migration from the older submission system (issue 16; modules/migration). The legacy rows live in
 * the legacy source (its own database in production); these tables are the portal's side: the
 * staff's category mapping, the bulk runs and what each item's migration came to.
 */

/** Which portal category each legacy category becomes; staff keep it on /staff/migrate/. */
export const legacyCategoryMappings = pgTable(
  'legacy_category_mappings',
  {
    legacy_category_id: integer('legacy_category_id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index().on(t.category_id)],
);

/**
 * A staff bulk migration: its scope (a creator, an id range, or everything), whether it only
 * reports (dry run), where it stands (RUNNING, PAUSED, CANCELLED, DONE), its counts, and `cursor`:
 * the last legacy id it handled, so that a run stopped any way (paused, or its process killed)
 * goes on after it. Counts and cursor move in the same transaction as the items they count.
 */
export const migrationRuns = pgTable(
  'migration_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    scope: jsonb('scope').notNull(),
    dry_run: boolean('dry_run').notNull().default(false),
    status: text('status').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Items already migrated before (by their creator or an earlier run): counted, not copied again. */
    skipped: integer('skipped').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    /** Milliseconds spent running (not paused), for the pace and the estimate. */
    running_ms: bigint('running_ms', { mode: 'number' }).notNull().default(0),
    /** When it last started running; null while paused or finished. */
    resumed_at: timestamp('resumed_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index().on(t.created_at)],
);

/**
 * What each item's migration came to: migrated (its creation), skipped (migrated before), failed
 * (why), and in dry runs what would happen. A creator's own migration has no run. The creator's list
 * shows the latest real outcome of each item; a run's report lists its failures.
 */
export const migrationItemResults = pgTable(
  'migration_item_results',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    run_id: integer('run_id').references(() => migrationRuns.id, { onDelete: 'cascade' }),
    legacy_item_id: integer('legacy_item_id').notNull(),
    outcome: text('outcome').notNull(),
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    reason: text('reason'),
    ...createdAt,
  },
  (t) => [index().on(t.legacy_item_id, t.id), index().on(t.run_id, t.outcome, t.id)],
);

/**
 * The content hash of every file of the older system's items (issue 15, duplicates): the old
 * system keeps none, so the legacy-file-hash job reads each file once and keeps its sha256 here,
 * with what identifies that version of it (name, size, version): a file changed in the old system
 * is read again. `sha256` is null when the file was missing. A creation whose file has the same
 * content as another member's legacy item is flagged as a possible copy.
 */
export const legacyFileHashes = pgTable(
  'legacy_file_hashes',
  {
    legacy_file_id: integer('legacy_file_id').primaryKey(),
    legacy_item_id: integer('legacy_item_id').notNull(),
    /** The legacy item's creator (the same member id as the portal's). */
    member_id: integer('member_id').notNull(),
    filename: text('filename').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    sha256: text('sha256'),
    hashed_at: timestamp('hashed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.sha256), index().on(t.legacy_item_id)],
);

/**
 * Where the legacy-file-hash job stands in its sweep of the old system's items (one row, id 1):
 * the last item id it handled, when the sweep began and when the last one finished. A sweep stopped
 * any way goes on after `cursor`; a finished one starts again once LEGACY_HASH_RESWEEP_MS passed.
 */
export const legacyHashSweep = pgTable('legacy_hash_sweep', {
  id: integer('id').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  started_at: timestamp('started_at', { withTimezone: true }),
  finished_at: timestamp('finished_at', { withTimezone: true }),
});
