import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { LegacyItemRef } from '../legacy/legacy.schema';
import * as creator from './creator-migration.service';
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
