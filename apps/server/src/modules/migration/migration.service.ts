import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  classifyFile,
  MIGRATION_REFUSALS,
  migrationRefusal,
  planMigration,
  type FileKind,
  type MigrationNote,
  type MigrationPlan,
  type MigrationResult,
} from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { images, legacyCategoryMappings, logs, members, migrationItemResults, migrationRuns, newItems, submissionBridges, submissions } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { JobServices } from '../../jobs/job';
import { readFirstBytes, type StoredObject } from '../../storage/index';
import { StoredUpload } from '../../storage/upload';
import { claimUpload, releaseUnusedUploads } from '../file/blob.service';
import { askForInspection, insertSubmissionFile } from '../file/file.service';
import { inspectImage } from '../image/image.service';
import type { LegacyItemDetail } from '../legacy/legacy-source';
import type { SubmissionRow } from '../submission/submission.access';
import { migrationError } from './migration.errors';

/**
 * Copying legacy items into creations (issue 16; decisions.md, "Migration"). The creator's own
 * migration and the staff's bulk runs share `migrateItems`: what is copied is the domain's
 * `planMigration`; pictures and files go through storage with their hashes; each item's creation,
 * its bridge to the legacy id (unique: an item is never migrated twice), its `migration_result`,
 * its log entry and its outcome are written in one transaction, with the run's counts.
 */

export type ItemOutcomeKind = 'migrated' | 'skipped' | 'failed' | 'would_migrate' | 'would_fail';

export interface ItemOutcome {
  legacy_item_id: number;
  outcome: ItemOutcomeKind;
  submission_id: number | null;
  reason: string | null;
}

export interface MigrateOptions {
  /** Who migrates: the creator, or the staff member who started the run. */
  actorId: number;
  runId: number | null;
  dryRun: boolean;
  mapping: ReadonlyMap<number, number>;
}

/** The staff's category mapping: legacy category id → portal category id. */
export async function categoryMapping(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ from: legacyCategoryMappings.legacy_category_id, to: legacyCategoryMappings.category_id }).from(legacyCategoryMappings);
  return new Map(rows.map((r) => [r.from, r.to]));
}

/** One item ready to be written: its plan, and its pictures and files already in storage. */
interface Prepared {
  item: LegacyItemDetail;
  plan: MigrationPlan;
  images: { upload: StoredUpload; mimetype: string; width: number; height: number; position: number }[];
  files: { upload: StoredUpload; kind: FileKind }[];
  notes: MigrationNote[];
}

/**
 * Migrates `items` (ids ascending). For a run, items it already handled (they have an outcome of the
 * run: a batch started again after its process died) are left out, so that counts stay exact. Items
 * with pictures or files are written one per transaction, after their media are stored; the rest,
 * with the refusals, in one transaction with the run's cursor, so a batch of plain items costs a
 * handful of statements whatever its size.
 */
export async function migrateItems(services: JobServices, items: readonly LegacyItemDetail[], options: MigrateOptions): Promise<ItemOutcome[]> {
  const db = services.database.db;
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const handled = options.runId === null ? new Set<number>() : await handledInRun(db, options.runId, ids);
  const todo = items.filter((i) => !handled.has(i.id));
  const bridged = await bridgesOf(db, todo.map((i) => i.id));
  const creators = new Set(
    (await db.select({ id: members.id }).from(members).where(inArray(members.id, [...new Set(todo.map((i) => i.creator.memberId))]))).map((m) => m.id),
  );

  const decided: ItemOutcome[] = [];
  const plain: Prepared[] = [];
  const withMedia: LegacyItemDetail[] = [];
  for (const item of todo) {
    const refusal = migrationRefusal(item);
    const reason = refusal ? MIGRATION_REFUSALS[refusal] : !creators.has(item.creator.memberId) ? `Its creator (member ${item.creator.memberId}) has no account on the portal.` : null;
    if (bridged.has(item.id)) decided.push({ legacy_item_id: item.id, outcome: 'skipped', submission_id: bridged.get(item.id)!, reason: 'It was migrated before.' });
    else if (reason) decided.push({ legacy_item_id: item.id, outcome: options.dryRun ? 'would_fail' : 'failed', submission_id: null, reason });
    else if (options.dryRun) decided.push({ legacy_item_id: item.id, outcome: 'would_migrate', submission_id: null, reason: null });
    else if (item.images.length > 0 || item.files.length > 0) withMedia.push(item);
    else plain.push({ item, plan: planMigration(item, options.mapping), images: [], files: [], notes: [] });
  }

  const fromMedia: ItemOutcome[] = [];
  for (const item of withMedia) {
    const prepared: Prepared = { item, plan: planMigration(item, options.mapping), ...(await copyMedia(services, item)) };
    const uploads = [...prepared.images.map((i) => i.upload), ...prepared.files.map((f) => f.upload)];
    try {
      const written = await db.transaction(async (tx) => write(tx, services, [prepared], [], options, null));
      fromMedia.push(...written);
      if (written.some((o) => o.outcome === 'migrated')) {
        if (prepared.files.length > 0) await askForInspection(services.jobs, services.log);
      } else await releaseUnusedUploads(db, services.storage, uploads, services.log);
    } catch (error) {
      await releaseUnusedUploads(db, services.storage, uploads, services.log);
      throw error;
    }
  }
  // The plain items and every decided outcome in one transaction, which moves the run's cursor past the batch.
  const written = await db.transaction(async (tx) => write(tx, services, plain, decided, options, Math.max(...ids)));
  return [...fromMedia, ...written].sort((a, b) => a.legacy_item_id - b.legacy_item_id);
}

/** Legacy ids with a bridge, and their creation. */
async function bridgesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ legacy: submissionBridges.legacy_item_id, submission: submissionBridges.submission_id }).from(submissionBridges).where(inArray(submissionBridges.legacy_item_id, [...ids]));
  return new Map(rows.map((r) => [r.legacy, r.submission]));
}

async function handledInRun(db: DbOrTx, runId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: migrationItemResults.legacy_item_id })
    .from(migrationItemResults)
    .where(and(eq(migrationItemResults.run_id, runId), inArray(migrationItemResults.legacy_item_id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/**
 * In one transaction: the creations of `prepared` (multi-row inserts), their bridges (an item
 * another migration bridged meanwhile is skipped and its creation dropped again), pictures, files,
 * `migration_result`, log entries and outcomes; `decided` outcomes (skips, refusals, dry runs)
 * recorded beside them; and the run's counts, with its cursor moved to `cursor` when given.
 */
async function write(tx: DbOrTx, services: JobServices, prepared: Prepared[], decided: ItemOutcome[], options: MigrateOptions, cursor: number | null): Promise<ItemOutcome[]> {
  if (options.runId !== null) {
    // One writer per run at a time: a second job working the same batch (a retry racing a run
    // thought dead) waits here, then finds the items counted and leaves them.
    await tx.select({ id: migrationRuns.id }).from(migrationRuns).where(eq(migrationRuns.id, options.runId)).for('update');
    const counted = await handledInRun(tx, options.runId, [...prepared.map((p) => p.item.id), ...decided.map((d) => d.legacy_item_id)]);
    prepared = prepared.filter((p) => !counted.has(p.item.id));
    decided = decided.filter((d) => !counted.has(d.legacy_item_id));
  }
  const outcomes = [...decided];
  if (prepared.length > 0) {
    const kinds = await tx.insert(newItems).values(prepared.map(() => ({}))).returning({ id: newItems.id });
    const now = new Date();
    const resultOf = (p: Prepared): MigrationResult => ({
      legacy_item_id: p.item.id,
      migrated_at: now.toISOString(),
      by: { member_id: options.actorId, run_id: options.runId },
      copied: {
        fields: ['title', 'description', 'keywords', 'game', ...(p.plan.publish_at ? ['publish date'] : [])],
        images: p.images.length,
        files: p.files.length,
        category: p.plan.category_id === null ? null : (p.item.categories.find((c) => options.mapping.get(c.id) === p.plan.category_id)?.name ?? null),
      },
      not_copied: [...p.plan.notCopied, ...p.notes],
    });
    const rows = await tx
      .insert(submissions)
      .values(
        prepared.map((p, n) => ({
          member_id: p.item.creator.memberId,
          model_type: 'item' as const,
          model_id: kinds[n]!.id,
          name: p.plan.name,
          description: p.plan.description,
          keywords: p.plan.keywords,
          game_version: p.plan.game_version,
          category_id: p.plan.category_id,
          status: p.plan.status,
          was_submitted: p.plan.status === 'APPROVED',
          publish_at: p.plan.publish_at,
          // What the scheduled-publication job would record for a date that has passed.
          published_at: p.plan.publish_at && p.plan.publish_at <= now ? p.plan.publish_at : null,
          moderator_id: p.plan.status === 'APPROVED' ? options.actorId : null,
          migration_result: resultOf(p),
          created_at: p.item.createdAt,
        })),
      )
      .returning();
    const bridged = await tx
      .insert(submissionBridges)
      .values(rows.map((s, n) => ({ submission_id: s.id, legacy_item_id: prepared[n]!.item.id })))
      .onConflictDoNothing({ target: submissionBridges.legacy_item_id })
      .returning({ legacy: submissionBridges.legacy_item_id });
    const won = new Set(bridged.map((b) => b.legacy));
    const lost = rows.filter((_, n) => !won.has(prepared[n]!.item.id));
    if (lost.length > 0) {
      // Another migration of the same item committed first: this one keeps nothing of its own.
      await tx.delete(submissions).where(inArray(submissions.id, lost.map((s) => s.id)));
      await tx.delete(newItems).where(inArray(newItems.id, lost.map((s) => s.model_id)));
      const theirs = await bridgesOf(tx, lost.map((s) => prepared[rows.indexOf(s)]!.item.id));
      for (const [legacy, submission] of theirs) outcomes.push({ legacy_item_id: legacy, outcome: 'skipped', submission_id: submission, reason: 'It was migrated before.' });
    }
    const logEntries: (typeof logs.$inferInsert)[] = [];
    for (const [n, s] of rows.entries()) {
      const p = prepared[n]!;
      if (!won.has(p.item.id)) continue;
      if (p.images.length > 0 || p.files.length > 0) await writeMedia(tx, services, s, p, options.actorId);
      logEntries.push({ submission_id: s.id, member_id: options.actorId, entity: 'submission', entity_id: s.id, action: 'migrated', previous_values: null, new_values: { legacy_item_id: p.item.id, run_id: options.runId, status: s.status } });
      outcomes.push({ legacy_item_id: p.item.id, outcome: 'migrated', submission_id: s.id, reason: null });
    }
    if (logEntries.length > 0) await tx.insert(logs).values(logEntries);
  }
  if (outcomes.length > 0) {
    await tx.insert(migrationItemResults).values(outcomes.map((o) => ({ run_id: options.runId, ...o })));
  }
  if (options.runId !== null && (outcomes.length > 0 || cursor !== null)) {
    const count = (...kinds: ItemOutcomeKind[]) => outcomes.filter((o) => kinds.includes(o.outcome)).length;
    await tx
      .update(migrationRuns)
      .set({
        done: sql`${migrationRuns.done} + ${count('migrated', 'would_migrate')}`,
        failed: sql`${migrationRuns.failed} + ${count('failed', 'would_fail')}`,
        skipped: sql`${migrationRuns.skipped} + ${count('skipped')}`,
        ...(cursor === null ? {} : { cursor: sql`greatest(${migrationRuns.cursor}, ${cursor})` }),
      })
      .where(eq(migrationRuns.id, options.runId));
  }
  return outcomes;
}

/** The pictures and files of one migrated item, as rows of its creation (their content is claimed under the lock). */
async function writeMedia(tx: DbOrTx, services: JobServices, s: SubmissionRow, p: Prepared, actorId: number): Promise<void> {
  for (const [n, image] of p.images.entries()) {
    await claimUpload(tx, services.storage, image.upload, () => migrationError('MIGRATION_CONTENT_LOST', { filename: image.upload.filename }));
    await tx.insert(images).values({
      submission_id: s.id,
      member_id: s.member_id,
      ord: n + 1,
      filename: image.upload.filename,
      mimetype: image.mimetype,
      filesize: image.upload.size,
      width: image.width,
      height: image.height,
      sha256: image.upload.sha256,
      storage_key: image.upload.key,
    });
  }
  for (const file of p.files) {
    await claimUpload(tx, services.storage, file.upload, () => migrationError('MIGRATION_CONTENT_LOST', { filename: file.upload.filename }));
    const { upload } = file;
    await insertSubmissionFile(tx, {
      submission: s,
      actorId,
      content: { filename: upload.filename, size: upload.size, sha256: upload.sha256, key: upload.key, firstBytes: upload.firstBytes },
      kind: file.kind,
      details: { migrated_from: p.item.id },
    });
  }
}

/**
 * Stores a legacy item's pictures and files (in the position order of its pictures): each one the
 * portal would accept is stored and checked as an upload would be; a missing file, a picture that
 * is not one, a file too large or of no kind the portal takes is left out with a note.
 */
async function copyMedia(services: JobServices, item: LegacyItemDetail): Promise<Pick<Prepared, 'images' | 'files' | 'notes'>> {
  const notes: MigrationNote[] = [];
  const out: Pick<Prepared, 'images' | 'files'> = { images: [], files: [] };
  const stored: StoredObject[] = [];
  const store = async (kind: 'image' | 'file', filename: string, max: number): Promise<StoredUpload | null> => {
    const media = await services.legacy.openMedia(kind, item.id, filename);
    const label = kind === 'image' ? `Picture ${filename}` : `File ${filename}`;
    if (!media) {
      notes.push({ what: label, why: 'Its file is missing from the old site’s files.' });
      return null;
    }
    if (media.size > max) {
      media.stream.destroy();
      notes.push({ what: label, why: `It is larger than the portal accepts (${Math.round(max / 1024 / 1024)} MB).` });
      return null;
    }
    const object = await services.storage.put(media.stream);
    stored.push(object);
    const head = await readFirstBytes(services.storage, object.key, object.size);
    return new StoredUpload(filename, 'application/octet-stream', object.size, object.sha256, object.key, head, object.created);
  };
  try {
    for (const image of [...item.images].sort((a, b) => a.position - b.position || a.id - b.id)) {
      const upload = await store('image', image.filename, services.config.MAX_IMAGE_BYTES);
      if (!upload) continue;
      try {
        out.images.push({ upload, position: image.position, ...(await inspectImage(services.storage, upload)) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        notes.push({ what: `Picture ${image.filename}`, why: error.message });
      }
    }
    for (const file of item.files) {
      const upload = await store('file', file.filename, services.config.MAX_FILE_BYTES);
      if (!upload) continue;
      const kind = classifyFile(upload.firstBytes, file.filename);
      if (kind === null || kind === 'image') notes.push({ what: `File ${file.filename}`, why: 'It is not a kind of file the portal accepts for download.' });
      else out.files.push({ upload, kind });
    }
  } catch (error) {
    await releaseUnusedUploads(services.database.db, services.storage, stored, services.log);
    throw error;
  }
  // What was stored but not kept (refused pictures and files) goes again.
  const kept = new Set([...out.images.map((i) => i.upload.key), ...out.files.map((f) => f.upload.key)]);
  await releaseUnusedUploads(services.database.db, services.storage, stored.filter((s) => !kept.has(s.key)), services.log);
  return { ...out, notes };
}
