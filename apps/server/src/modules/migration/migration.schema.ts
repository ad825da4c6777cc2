import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { LegacyItemRef } from '../legacy/legacy.schema';
import * as mappingService from './category-mapping.service';
import * as creator from './creator-migration.service';
import * as runs from './migration-run.service';
import * as sync from './sync.service';
import type { ItemOutcome } from './migration.service';

const MigrationStateRef = builder.objectRef<creator.MigrationState>('LegacyMigrationState').implement({
  description: 'Where a legacy item’s migration stands for its creator.',
  fields: (t) => ({
    state: t.exposeString('state', { description: 'not_migrated, migrated or failed.' }),
    submission_id: t.int({ nullable: true, description: 'The creation it became (migrated).', resolve: (s) => (s.state === 'migrated' ? s.submission_id : null) }),
    reason: t.string({ nullable: true, description: 'Why it could not be migrated (failed).', resolve: (s) => (s.state === 'failed' ? s.reason : null) }),
  }),
});

const OwnLegacyItemRef = builder.objectRef<creator.OwnLegacyItem>('OwnLegacyItem').implement({
  description: 'One of the signed-in creator’s items in the older submission system, with its migration.',
  fields: (t) => ({
    item: t.field({ type: LegacyItemRef, resolve: (i) => i }),
    migration: t.field({ type: MigrationStateRef, resolve: (i) => i.migration }),
  }),
});

export const MigrationOutcomeRef = builder.objectRef<ItemOutcome>('MigrationOutcome').implement({
  description: 'What migrating one legacy item came to.',
  fields: (t) => ({
    legacy_item_id: t.exposeInt('legacy_item_id'),
    outcome: t.exposeString('outcome', { description: 'migrated, skipped (migrated before), failed; in a dry run would_migrate or would_fail.' }),
    submission_id: t.exposeInt('submission_id', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  myLegacyItems: t.field({
    type: paginatorOf('OwnLegacyItem', OwnLegacyItemRef),
    description: 'The signed-in creator’s items in the older submission system, newest first, each with where its migration stands (/migrate).',
    authScopes: policy.view('migrate-submission'),
    args: { first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => creator.ownLegacyItems(ctx, a),
  }),
}));

builder.mutationFields((t) => ({
  migrateLegacyItems: t.field({
    type: [MigrationOutcomeRef],
    description: `The signed-in creator migrates some of their legacy items (\`ids\`, at most ${creator.MAX_MIGRATE_IDS}) or all of them (\`all\`). Each becomes a creation once, whatever is asked twice.`,
    authScopes: policy.edit('migrate-submission'),
    args: { ids: t.arg.intList(), all: t.arg.boolean() },
    resolve: (_r, a, ctx) => creator.migrateOwnLegacyItems(ctx, a.all ? null : (a.ids ?? [])),
  }),
}));

const RunScopeRef = builder.objectRef<runs.MigrationScope>('MigrationRunScope').implement({
  description: 'What a bulk run migrates: a creator’s items, an id range, or (all null) everything.',
  fields: (t) => ({
    memberId: t.int({ nullable: true, resolve: (s) => s.memberId ?? null }),
    fromId: t.int({ nullable: true, resolve: (s) => s.fromId ?? null }),
    toId: t.int({ nullable: true, resolve: (s) => s.toId ?? null }),
  }),
});

const MigrationRunRef = builder.objectRef<runs.MigrationRunView>('MigrationRun').implement({
  description: 'A staff bulk migration (or dry run) and its progress.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status', { description: 'RUNNING, PAUSED, CANCELLED or DONE.' }),
    dry_run: t.exposeBoolean('dry_run'),
    scope: t.field({ type: RunScopeRef, resolve: (r) => r.scope as runs.MigrationScope }),
    total: t.exposeInt('total', { description: 'Items in scope when it started.' }),
    done: t.exposeInt('done', { description: 'Migrated (in a dry run: would be).' }),
    failed: t.exposeInt('failed', { description: 'Could not be migrated (in a dry run: would not be).' }),
    skipped: t.exposeInt('skipped', { description: 'Migrated before, left as they are.' }),
    remaining: t.int({ resolve: (r) => r.progress.remaining }),
    per_second: t.float({ nullable: true, description: 'Items handled per second while running.', resolve: (r) => r.progress.perSecond }),
    seconds_left: t.int({ nullable: true, description: 'The estimate at that pace; null before there is one.', resolve: (r) => r.progress.secondsLeft }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true }),
    failure_report: t.string({
      description: `Its failures as CSV (legacy_item_id, outcome, reason), at most ${runs.MAX_REPORT_ROWS.toLocaleString('en')}.`,
      resolve: (r, _a, ctx) => runs.failureReport(ctx, r.id),
    }),
  }),
});

const CategoryMappingRef = builder.objectRef<mappingService.CategoryMappingRow>('LegacyCategoryMapping').implement({
  description: 'A legacy category and the portal category migrations give its items (null: not mapped).',
  fields: (t) => ({
    legacy_category_id: t.exposeInt('legacy_category_id'),
    legacy_path: t.exposeString('legacy_path'),
    category_id: t.exposeInt('category_id', { nullable: true }),
  }),
});

const SyncResultRef = builder.objectRef<sync.SyncResult>('LegacySyncResult').implement({
  fields: (t) => ({
    checked: t.exposeInt('checked', { description: 'Bridged creations looked at.' }),
    changed: t.exposeInt('changed', { description: 'Legacy items written (0 when all were already so).' }),
    missing: t.exposeIntList('missing', { description: 'Bridged legacy ids the old system no longer has.' }),
  }),
});

const CategoryChangeRef = builder.objectRef<sync.CategorySyncReport['changes'][number]>('LegacyCategorySyncChange').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'insert, rename or move.' }),
    path: t.exposeString('path', { description: 'The portal category’s path.' }),
    name: t.string({ resolve: (c) => (c.kind === 'move' ? '' : c.name) }),
    from: t.string({ nullable: true, description: 'A rename’s old name.', resolve: (c) => (c.kind === 'rename' ? c.from : null) }),
  }),
});

const CategorySyncReportRef = builder.objectRef<sync.CategorySyncReport>('LegacyCategorySyncReport').implement({
  fields: (t) => ({
    dry_run: t.boolean({ resolve: (r) => r.dryRun }),
    inserted: t.exposeInt('inserted'),
    renamed: t.exposeInt('renamed'),
    moved: t.exposeInt('moved'),
    changes: t.field({ type: [CategoryChangeRef], resolve: (r) => r.changes }),
  }),
});

builder.queryFields((t) => ({
  migrationRuns: t.field({
    type: paginatorOf('MigrationRun', MigrationRunRef),
    description: 'Staff bulk migrations, newest first.',
    authScopes: policy.view('submission-migration'),
    args: { first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => runs.migrationRunsPage(ctx, a),
  }),
  migrationRun: t.field({
    type: MigrationRunRef,
    authScopes: policy.view('submission-migration'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => runs.migrationRun(ctx, a.id),
  }),
  legacyCategoryMappings: t.field({
    type: [CategoryMappingRef],
    description: 'Every legacy category and the portal category it maps to.',
    authScopes: policy.view('submission-migration'),
    resolve: (_r, _a, ctx) => mappingService.categoryMappings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  startMigrationRun: t.field({
    type: MigrationRunRef,
    description: 'Starts a bulk migration of a creator’s items (memberId), an id range (fromId, toId) or everything; dryRun only reports. One run at a time.',
    authScopes: policy.edit('submission-migration'),
    args: { memberId: t.arg.int(), fromId: t.arg.int(), toId: t.arg.int(), dryRun: t.arg.boolean({ required: true }) },
    resolve: (_r, { dryRun, ...scope }, ctx) => runs.startMigrationRun(ctx, { scope, dryRun }),
  }),
  updateMigrationRun: t.field({
    type: MigrationRunRef,
    description: 'pause (after the batch in hand), resume or cancel a run.',
    authScopes: policy.edit('submission-migration'),
    args: { id: t.arg.int({ required: true }), action: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => runs.changeMigrationRun(ctx, a.id, a.action),
  }),
  setLegacyCategoryMapping: t.field({
    type: [CategoryMappingRef],
    description: 'Maps a legacy category to a portal category (null unmaps it). Logged.',
    authScopes: policy.edit('submission-migration'),
    args: { legacyCategoryId: t.arg.int({ required: true }), categoryId: t.arg.int() },
    resolve: (_r, a, ctx) => mappingService.setCategoryMapping(ctx, a.legacyCategoryId, a.categoryId ?? null),
  }),
  syncToOldSubmissionSystem: t.field({
    type: SyncResultRef,
    description: 'Writes status, publish date and hidden of bridged creations to the older system now (it also runs every minute). Idempotent, logged.',
    authScopes: policy.edit('submission-migration'),
    resolve: (_r, _a, ctx) => sync.syncNow(ctx),
  }),
  syncCategoriesToOldSubmissionSystem: t.field({
    type: CategorySyncReportRef,
    description: 'Writes the category tree to the older system’s categories; with dryRun only reports the inserts, renames and moves. Idempotent, logged.',
    authScopes: policy.edit('submission-migration'),
    args: { dryRun: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => sync.syncCategoriesToOldSubmissionSystem(ctx, a.dryRun),
  }),
}));
