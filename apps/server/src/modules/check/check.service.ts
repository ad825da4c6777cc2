import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { automaticChecks, UNDER_REVIEW, type CheckedFile, type CheckInput, type CheckResult, type FileKind } from '@corner/domain';
import { jobContext, type Context } from '../../context';
import type { JobServices } from '../../jobs/job';
import { conditionSql } from '../../db/queue.sql';
import { fileInspections, files, images, members, newItems, requiredItems, setItems, submissions } from '../../db/schema/index';
import { writeLog } from '../log/log.service';
import { reviewError } from '../review/review.errors';
import { duplicatesOf, type DuplicateMatch } from './duplicate.service';
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
      // A package read before meshes were counted (reader version 6) waits for the job to read it again.
      meshes: summary ? (summary.meshes ?? null) : [],
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
    declaredPolycount: await declaredPolycountOf(ctx, s),
  };
}

/** The polycount a creator gave: an item's or a set item's maximum polycount where set, else the creation's polycount. */
async function declaredPolycountOf(ctx: Context, s: SubmissionRow): Promise<number | null> {
  const table = s.model_type === 'item' ? newItems : s.model_type === 'set_item' ? setItems : null;
  if (!table) return s.polycount;
  const [row] = await ctx.db.select({ max: table.max_polycount }).from(table).where(eq(table.id, s.model_id));
  return row?.max ?? s.polycount;
}

/** The flags the review queues keep per creation (submissions.possible_duplicate, fast_track). */
export interface ReviewFlags {
  possible_duplicate: boolean;
  fast_track: boolean;
}

/**
 * Works out a creation's review flags and stores them when they changed (issue 15):
 * possible_duplicate when it meets another member's creation (duplicate.service), fast_track when
 * its creator is trusted and every automatic check passes (no warning, nothing still being read).
 * `known` passes what the caller already computed. The stored flags never move updated_at, which
 * orders the queues.
 */
export async function refreshReviewFlags(ctx: Context, s: SubmissionRow, known: { checks?: CheckResult[]; matches?: DuplicateMatch[] } = {}): Promise<ReviewFlags> {
  const matches = known.matches ?? (await duplicatesOf(ctx.db, s));
  const isTrusted = await isCreatorTrusted(ctx, s.member_id);
  const checks = isTrusted ? (known.checks ?? (await checksOfRow(ctx, s))) : [];
  const flags: ReviewFlags = { possible_duplicate: matches.length > 0, fast_track: isTrusted && checks.length > 0 && checks.every((c) => c.outcome === 'pass') };
  if (flags.possible_duplicate !== s.possible_duplicate || flags.fast_track !== s.fast_track) {
    await ctx.db.update(submissions).set({ ...flags, updated_at: sql`${submissions.updated_at}` }).where(eq(submissions.id, s.id));
  }
  return flags;
}

/** The possible copies of a creation for a reviewer, its stored flag brought up to date on the way. */
export async function duplicatesForReview(ctx: Context, s: SubmissionRow): Promise<DuplicateMatch[]> {
  const matches = await duplicatesOf(ctx.db, s);
  if (matches.length > 0 !== s.possible_duplicate) await refreshReviewFlags(ctx, s, { matches });
  return matches;
}

/** Creations whose review flags matter (domain UNDER_REVIEW, compiled as the queues' conditions are). */
const underReview = () => conditionSql(UNDER_REVIEW, new Date());

/**
 * After the inspection job read some contents: the flags of every creation under review that holds
 * one of them, each worked out as its creator (who may read the files).
 */
export async function refreshFlagsOfContents(services: JobServices, sha256s: readonly string[]): Promise<number> {
  if (sha256s.length === 0) return 0;
  const holders = await services.database.db
    .selectDistinct({ submission: submissions })
    .from(submissions)
    .innerJoin(files, eq(files.submission_id, submissions.id))
    .where(and(inArray(files.sha256, [...sha256s]), isNull(files.deleted_at), underReview()));
  for (const { submission } of holders) {
    const ctx = await jobContext(services, submission.member_id);
    await refreshReviewFlags(ctx, submission);
  }
  return holders.length;
}

/**
 * Staff mark a creator as trusted, or no longer (issue 15): logged, reversible, and it never
 * approves anything. Their creations under review have their fast-track flag worked out again.
 */
export async function setCreatorTrusted(ctx: Context, memberId: number, trusted: boolean): Promise<boolean> {
  const [member] = await ctx.db.select({ id: members.id, is_trusted: members.is_trusted }).from(members).where(eq(members.id, memberId));
  if (!member) throw reviewError('REVIEW_MEMBER_NOT_FOUND', { id: memberId });
  if (member.is_trusted === trusted) return trusted;
  await ctx.db.transaction(async (tx) => {
    await tx.update(members).set({ is_trusted: trusted }).where(eq(members.id, memberId));
    await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'member', entity_id: memberId, action: trusted ? 'trusted' : 'untrusted', previous_values: { is_trusted: member.is_trusted }, new_values: { is_trusted: trusted } });
  });
  const theirs = await ctx.db.select().from(submissions).where(and(eq(submissions.member_id, memberId), underReview()));
  for (const s of theirs) await refreshReviewFlags(ctx, s);
  return trusted;
}

export async function isCreatorTrusted(ctx: Context, memberId: number): Promise<boolean> {
  const [member] = await ctx.db.select({ is_trusted: members.is_trusted }).from(members).where(eq(members.id, memberId));
  return member?.is_trusted ?? false;
}

/** How many creations under review carry each flag, for the staff overview. */
export async function reviewFlagCounts(ctx: Context): Promise<{ possibleDuplicates: number; fastTrack: number }> {
  const [row] = await ctx.db
    .select({
      possibleDuplicates: sql<number>`count(*) filter (where ${submissions.possible_duplicate})::int`,
      fastTrack: sql<number>`count(*) filter (where ${submissions.fast_track})::int`,
    })
    .from(submissions)
    .where(and(or(submissions.possible_duplicate, submissions.fast_track), underReview()));
  return row ?? { possibleDuplicates: 0, fastTrack: 0 };
}
