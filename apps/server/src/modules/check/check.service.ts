import { and, eq, inArray, isNull } from 'drizzle-orm';
import { automaticChecks, type CheckedFile, type CheckInput, type CheckResult, type FileKind } from '@corner/domain';
import type { Context } from '../../context';
import { fileInspections, files, images, requiredItems } from '../../db/schema/index';
import type { PackageInspection } from '../game-file/inspect.reader';
import { usedContentOf } from '../game-file/used-content.service';
import { submissionForView, type SubmissionRow } from '../submission/submission.access';

/** The tray files whose used content the checks match against the site. */
const USES_CONTENT = { blueprint: 'blueprint', room: 'room', 'household-binary': 'householdbinary' } as const;

/**
 * The automatic checks of a creation (issue 15, packages/domain `automaticChecks`), from what the
 * server read of its live files, its pictures' sizes, and what its lot, room or household uses.
 * Whoever may view the creation may read them: the creator at step 5, staff on the review page.
 */
export async function checksOf(ctx: Context, submissionId: number): Promise<CheckResult[]> {
  return checksOfRow(ctx, await submissionForView(ctx, submissionId));
}

export async function checksOfRow(ctx: Context, s: SubmissionRow): Promise<CheckResult[]> {
  return automaticChecks(await checkInput(ctx, s));
}

async function checkInput(ctx: Context, s: SubmissionRow): Promise<CheckInput> {
  const live = await ctx.db
    .select({ id: files.id, filename: files.filename, kind: files.kind, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.submission_id, s.id), isNull(files.deleted_at)));
  const hashes = [...new Set(live.map((f) => f.sha256))];
  const inspections = new Map(
    (hashes.length === 0 ? [] : await ctx.db.select().from(fileInspections).where(inArray(fileInspections.sha256, hashes))).map((r) => [r.sha256, r] as const),
  );
  const checked: CheckedFile[] = live.map((f) => {
    const row = inspections.get(f.sha256);
    const state = !row ? 'pending' : row.status === 'read' ? 'read' : 'failed';
    const summary = row?.status === 'read' && row.format === 'package' ? (row.result as PackageInspection) : null;
    const withThumbnail = new Set(summary?.thumbnails.map((t) => t.instance) ?? []);
    return {
      filename: f.filename,
      kind: f.kind as FileKind | null,
      state,
      objects: summary?.objects.map((o) => ({ id: o.id, name: o.name, hasThumbnail: withThumbnail.has(o.id) })) ?? [],
    };
  });

  const pictures = await ctx.db
    .select({ filename: images.filename, width: images.width, height: images.height })
    .from(images)
    .where(and(eq(images.submission_id, s.id), isNull(images.deleted_at)));
  const required = await ctx.db.select({ type: requiredItems.type, download: requiredItems.download }).from(requiredItems).where(eq(requiredItems.submission_id, s.id));
  const requiredIds = new Set(required.filter((r) => r.type === 'id').map((r) => r.download));

  const used: CheckInput['used'] = { isPending: false, creations: [], unmatched: 0 };
  const seen = new Set<number>();
  for (const f of live) {
    const format = f.kind ? USES_CONTENT[f.kind as keyof typeof USES_CONTENT] : undefined;
    if (!format) continue;
    const content = await usedContentOf(ctx, f.id, format);
    if (content.state === 'pending') used.isPending = true;
    for (const item of content.found) {
      if (item.submission.id === s.id || seen.has(item.submission.id)) continue;
      seen.add(item.submission.id);
      used.creations.push({ id: item.submission.id, name: item.submission.name, isRequired: requiredIds.has(String(item.submission.id)) });
    }
    used.unmatched += content.notFound.length;
  }

  return {
    model_type: s.model_type,
    game_version: s.game_version,
    files: checked,
    images: pictures,
    used,
    hasUrlRequiredItems: required.some((r) => r.type === 'url'),
  };
}
