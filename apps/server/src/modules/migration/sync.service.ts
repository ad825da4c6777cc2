import { asc, eq, gt } from 'drizzle-orm';
import { categorySyncPlan, legacyPublicationOf, type CategorySyncChange } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { categories, legacyCategoryMappings, logs, submissionBridges, submissions } from '../../db/schema/index';
import type { JobServices } from '../../jobs/job';
import { throughSource } from '../legacy/legacy.service';
import type { LegacyCategoryChange } from '../legacy/legacy-source';
import { migrationError } from './migration.errors';
import { canRunMigrations } from './migration.policy';

/**
 * Sync back (issue 16, item 5): the portal writes to the older system what it decides about
 * bridged creations (status, publish date, hidden), and its category tree. Both are idempotent:
 * only what differs is written, and a second run changes nothing. Each change is logged.
 */

export const LEGACY_SYNC_JOB = 'legacy-sync';
/** Bridged creations read and written per legacy transaction. */
const SYNC_BATCH = 1000;

export interface SyncResult {
  checked: number;
  changed: number;
  /** Bridged legacy ids the old system no longer has. */
  missing: number[];
}

/** Writes status, publish date and hidden of every bridged creation to its legacy item (on demand and every minute). */
export async function syncToOldSubmissionSystem(services: JobServices, actorId: number | null): Promise<SyncResult> {
  const db = services.database.db;
  const result: SyncResult = { checked: 0, changed: 0, missing: [] };
  for (let after = 0; ; ) {
    const rows = await db
      .select({ legacy: submissionBridges.legacy_item_id, id: submissions.id, status: submissions.status, publish_at: submissions.publish_at, deleted_at: submissions.deleted_at })
      .from(submissionBridges)
      .innerJoin(submissions, eq(submissions.id, submissionBridges.submission_id))
      .where(gt(submissionBridges.legacy_item_id, after))
      .orderBy(asc(submissionBridges.legacy_item_id))
      .limit(SYNC_BATCH);
    if (rows.length === 0) return result;
    after = rows.at(-1)!.legacy;
    const submissionOf = new Map(rows.map((r) => [r.legacy, r.id]));
    const publications = rows.map((r) => ({ id: r.legacy, ...legacyPublicationOf(r) }));
    const byId = new Map(publications.map((p) => [p.id, p]));
    const written = await throughSource(() =>
      services.legacy.writePublications(publications, {
        beforeCommit: async (done, portalTx) => {
          if (done.changedIds.length === 0) return;
          await (portalTx ?? db).insert(logs).values(
            done.changedIds.map((id) => {
              const p = byId.get(id)!;
              return {
                submission_id: submissionOf.get(id)!,
                member_id: actorId,
                entity: 'legacy_item',
                entity_id: id,
                action: 'synced',
                previous_values: null,
                new_values: { status: p.status, publish_date: p.publishDate?.toISOString() ?? null, is_hidden: p.isHidden },
              };
            }),
          );
        },
      }),
    );
    result.checked += rows.length;
    result.changed += written.changed;
    result.missing.push(...written.missingIds);
  }
}

/** The on-demand sync, for staff who run migrations. */
export async function syncNow(ctx: Context): Promise<SyncResult> {
  if (!canRunMigrations(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  return syncToOldSubmissionSystem(ctx, ctx.auth.member!.id);
}

export interface CategorySyncReport {
  dryRun: boolean;
  changes: (CategorySyncChange & { path: string })[];
  inserted: number;
  renamed: number;
  moved: number;
}

/**
 * Writes the portal's category tree to the legacy categories: each portal category is linked to the
 * legacy category mapped to it (the lowest id when several are), and a portal category with none is
 * inserted, then mapped to it so the next sync finds it. With `dryRun` it only reports the inserts,
 * renames and moves it would make.
 */
export async function syncCategoriesToOldSubmissionSystem(ctx: Context, dryRun: boolean): Promise<CategorySyncReport> {
  if (!canRunMigrations(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  const portal = await ctx.db.select({ id: categories.id, parentId: categories.parent_category_id, name: categories.name, position: categories.ord }).from(categories);
  const legacy = await throughSource(() => ctx.legacy.categories());
  const linked = await portalToLegacy(ctx.db, new Set(legacy.map((c) => c.id)));
  const plan = categorySyncPlan(portal, legacy, linked);
  const names = new Map(portal.map((c) => [c.id, c]));
  const pathOf = (id: number | null): string => {
    const parts: string[] = [];
    for (let at = id; at !== null && parts.length < 50; at = names.get(at)?.parentId ?? null) parts.unshift(names.get(at)?.name ?? '?');
    return parts.join(' › ');
  };
  const report: CategorySyncReport = {
    dryRun,
    changes: plan.map((c) => ({ ...c, path: pathOf(c.portalId) })),
    inserted: plan.filter((c) => c.kind === 'insert').length,
    renamed: plan.filter((c) => c.kind === 'rename').length,
    moved: plan.filter((c) => c.kind === 'move').length,
  };
  if (dryRun || plan.length === 0) return report;

  // New legacy ids for the inserts, so later changes of the same batch can name them.
  let next = Math.max(0, ...legacy.map((c) => c.id)) + 1;
  const legacyIdOf = new Map(linked);
  for (const c of plan) if (c.kind === 'insert') legacyIdOf.set(c.portalId, next++);
  const parentOf = (portalParent: number | null) => (portalParent === null ? null : legacyIdOf.get(portalParent)!);
  const changes: LegacyCategoryChange[] = plan.map((c) =>
    c.kind === 'insert'
      ? { kind: 'insert', id: legacyIdOf.get(c.portalId)!, parentId: parentOf(c.parentPortalId), name: c.name, position: c.position }
      : c.kind === 'rename'
        ? { kind: 'rename', id: c.legacyId, name: c.name }
        : { kind: 'move', id: c.legacyId, parentId: parentOf(c.parentPortalId), position: c.position },
  );
  const member = ctx.auth.member!.id;
  await throughSource(() =>
    ctx.legacy.applyCategoryChanges(changes, {
      beforeCommit: async (_result, portalTx) => {
        const tx = portalTx ?? ctx.db;
        const inserted = plan.filter((c) => c.kind === 'insert');
        if (inserted.length > 0) {
          await tx
            .insert(legacyCategoryMappings)
            .values(inserted.map((c) => ({ legacy_category_id: legacyIdOf.get(c.portalId)!, category_id: c.portalId, member_id: member })))
            .onConflictDoNothing();
        }
        await tx.insert(logs).values({
          submission_id: null,
          member_id: member,
          entity: 'legacy_category',
          entity_id: null,
          action: 'synced',
          previous_values: null,
          new_values: { inserted: report.inserted, renamed: report.renamed, moved: report.moved },
        });
      },
    }),
  );
  return report;
}

/** Each portal category's legacy category: the lowest legacy id mapped to it that still exists. */
async function portalToLegacy(db: DbOrTx, existing: ReadonlySet<number>): Promise<Map<number, number>> {
  const rows = await db.select().from(legacyCategoryMappings).orderBy(asc(legacyCategoryMappings.legacy_category_id));
  const out = new Map<number, number>();
  for (const r of rows) if (existing.has(r.legacy_category_id) && !out.has(r.category_id)) out.set(r.category_id, r.legacy_category_id);
  return out;
}
