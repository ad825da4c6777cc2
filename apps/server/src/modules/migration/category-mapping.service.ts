import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import { categories, legacyCategoryMappings } from '../../db/schema/index';
import { writeLog } from '../log/log.service';
import { legacyCategoryPaths, throughSource } from '../legacy/legacy.service';
import { migrationError } from './migration.errors';
import { canReadMigrationRuns, canRunMigrations } from './migration.policy';

export interface CategoryMappingRow {
  legacy_category_id: number;
  legacy_path: string;
  category_id: number | null;
}

/** Every legacy category with the portal category it maps to (null: unmapped, reported by migrations). */
export async function categoryMappings(ctx: Context): Promise<CategoryMappingRow[]> {
  if (!canReadMigrationRuns(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  const tree = await throughSource(() => ctx.legacy.categories());
  const pathOf = legacyCategoryPaths(tree);
  const mapped = new Map((await ctx.db.select().from(legacyCategoryMappings)).map((m) => [m.legacy_category_id, m.category_id]));
  return tree.map((c) => ({ legacy_category_id: c.id, legacy_path: pathOf(c), category_id: mapped.get(c.id) ?? null })).sort((a, b) => a.legacy_path.localeCompare(b.legacy_path));
}

/** Maps a legacy category to a portal category (null: unmaps it). Logged. */
export async function setCategoryMapping(ctx: Context, legacyCategoryId: number, categoryId: number | null): Promise<CategoryMappingRow[]> {
  if (!canRunMigrations(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(legacyCategoryMappings).where(eq(legacyCategoryMappings.legacy_category_id, legacyCategoryId));
    if (categoryId === null) await tx.delete(legacyCategoryMappings).where(eq(legacyCategoryMappings.legacy_category_id, legacyCategoryId));
    else {
      const [exists] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
      if (!exists) throw migrationError('MIGRATION_CATEGORY_NOT_FOUND', { id: categoryId });
      await tx
        .insert(legacyCategoryMappings)
        .values({ legacy_category_id: legacyCategoryId, category_id: categoryId, member_id: ctx.auth.member!.id })
        .onConflictDoUpdate({ target: legacyCategoryMappings.legacy_category_id, set: { category_id: categoryId, member_id: ctx.auth.member!.id } });
    }
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'legacy_category_mapping',
      entity_id: legacyCategoryId,
      action: 'updated',
      previous_values: { category_id: before?.category_id ?? null },
      new_values: { category_id: categoryId },
    });
  });
  return categoryMappings(ctx);
}
