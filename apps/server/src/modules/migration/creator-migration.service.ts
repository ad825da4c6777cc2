import { and, desc, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { migrationItemResults, submissionBridges } from '../../db/schema/index';
import type { Page } from '../../schema/page-size';
import { throughSource } from '../legacy/legacy.service';
import type { LegacyItem, LegacyItemDetail } from '../legacy/legacy-source';
import { canListOwnLegacyItems, canMigrateOwnItems } from './migration.policy';
import { migrationError } from './migration.errors';
import { categoryMapping, migrateItems, type ItemOutcome } from './migration.service';

/** Where a legacy item stands for its creator: not migrated, migrated (its creation), or failed (why). */
export type MigrationState = { state: 'not_migrated' } | { state: 'migrated'; submission_id: number } | { state: 'failed'; reason: string };

export interface OwnLegacyItem extends LegacyItem {
  migration: MigrationState;
}

/** Most items a creator migrates at once by id (all of them goes through `all`). */
export const MAX_MIGRATE_IDS = 100;
/** Items read from the legacy source per batch when migrating all of a creator's. */
const ALL_BATCH = 100;

/** The signed-in creator's legacy items, newest first, each with where its migration stands. */
export async function ownLegacyItems(ctx: Context, paging: { first?: number | null; page?: number | null }): Promise<Page<OwnLegacyItem>> {
  if (!canListOwnLegacyItems(ctx.auth)) throw migrationError('MIGRATION_FORBIDDEN');
  const me = ctx.auth.member!.id;
  const page = await throughSource(() => ctx.legacy.searchItems({ memberId: me }, paging));
  const states = await migrationStates(ctx.db, page.data.map((i) => i.id));
  return { ...page, data: page.data.map((item) => ({ ...item, migration: states.get(item.id) ?? { state: 'not_migrated' } })) };
}

/** Each item's state: its bridge if it has one, else the latest failure of a real (not dry) migration. */
export async function migrationStates(db: DbOrTx, ids: readonly number[]): Promise<Map<number, MigrationState>> {
  const out = new Map<number, MigrationState>();
  if (ids.length === 0) return out;
  const bridges = await db.select().from(submissionBridges).where(inArray(submissionBridges.legacy_item_id, [...ids]));
  for (const b of bridges) out.set(b.legacy_item_id, { state: 'migrated', submission_id: b.submission_id });
  const open = ids.filter((id) => !out.has(id));
  if (open.length > 0) {
    const failures = await db
      .selectDistinctOn([migrationItemResults.legacy_item_id], { id: migrationItemResults.legacy_item_id, outcome: migrationItemResults.outcome, reason: migrationItemResults.reason })
      .from(migrationItemResults)
      .where(and(inArray(migrationItemResults.legacy_item_id, open), inArray(migrationItemResults.outcome, ['failed', 'migrated', 'skipped'])))
      .orderBy(migrationItemResults.legacy_item_id, desc(migrationItemResults.id));
    for (const f of failures) if (f.outcome === 'failed') out.set(f.id, { state: 'failed', reason: f.reason ?? 'It could not be migrated.' });
  }
  return out;
}

/**
 * The creator migrates some of their legacy items (`ids`), or all of them (`ids` null). Items of
 * another member are refused before anything is done; each item is migrated once, whatever is
 * asked twice. Answers each item's outcome.
 */
export async function migrateOwnLegacyItems(ctx: Context, ids: readonly number[] | null): Promise<ItemOutcome[]> {
  if (!canMigrateOwnItems(ctx.auth)) throw migrationError('MIGRATION_FORBIDDEN');
  const me = ctx.auth.member!.id;
  const mapping = await categoryMapping(ctx.db);
  const options = { actorId: me, runId: null, dryRun: false, mapping };
  if (ids !== null) {
    const wanted = [...new Set(ids)].sort((a, b) => a - b);
    if (wanted.length === 0) throw migrationError('MIGRATION_NOTHING_CHOSEN');
    if (wanted.length > MAX_MIGRATE_IDS) throw migrationError('MIGRATION_TOO_MANY', { max: MAX_MIGRATE_IDS });
    const items = await throughSource(() => ctx.legacy.items(wanted));
    // An id that is not there, or not the creator's, is refused the same way: nothing is said of others' items.
    const notMine = wanted.filter((id) => !items.some((i) => i.id === id && i.creator.memberId === me));
    if (notMine.length > 0) throw migrationError('MIGRATION_NOT_YOURS', { ids: notMine });
    return migrateItems(ctx, items, options);
  }
  const outcomes: ItemOutcome[] = [];
  for (let after = 0; ; ) {
    const batch: LegacyItemDetail[] = await throughSource(() => ctx.legacy.itemsAfter(after, ALL_BATCH, { memberId: me }));
    if (batch.length === 0) break;
    outcomes.push(...(await migrateItems(ctx, batch, options)));
    after = batch.at(-1)!.id;
  }
  return outcomes;
}
