import crypto from 'node:crypto';
import { and, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { legacyFileHashes, legacyHashSweep } from '../../db/schema/index';
import { fromExcluded } from '../../db/sql';
import type { JobServices } from '../../jobs/job';
import { throughSource } from '../legacy/legacy.service';
import type { LegacyFile, LegacyItemDetail } from '../legacy/legacy-source';
import { refreshFlagsOfContents } from './check.service';

/**
 * The content hashes of the older system's files (issue 15: "the same content hash as a legacy
 * item"). The old system keeps none, so a job sweeps its items in id order, reads each file it has
 * not read in that version (name, size, version) and keeps the sha256 in legacy_file_hashes. Where
 * the sweep stands is kept in legacy_hash_sweep, in the same transaction as the hashes it found, so
 * a sweep stopped any way goes on where it was. A finished sweep starts again after
 * LEGACY_HASH_RESWEEP_MS: files the old system gained or changed meanwhile are read then.
 */

export const LEGACY_FILE_HASH_JOB = 'legacy-file-hash';
/** Items read from the legacy source at once. */
export const LEGACY_HASH_BATCH = 200;
/** Files read (hashed) at once. */
const HASH_CONCURRENCY = 4;
/** How long a finished sweep rests before the next begins. */
export const LEGACY_HASH_RESWEEP_MS = 6 * 3_600_000;
/** How long one run of the job works before it leaves the rest to its next run. */
export const LEGACY_HASH_BUDGET_MS = 50_000;
const SWEEP_ID = 1;

export interface LegacyHashResult {
  /** Items looked at in this run. */
  items: number;
  /** Files read and hashed. */
  hashed: number;
  /** Files the old system lists but its folder lacks (kept with no hash; read again next sweep). */
  missing: number;
  /** Hash rows of files or items the old system no longer has, removed. */
  removed: number;
  /** Creations under review whose possible-duplicate flag was brought up to date. */
  flagged: number;
  /** Whether this run reached the end of the items (the sweep is finished). */
  finished: boolean;
  /** The sweep rested: the last one finished less than LEGACY_HASH_RESWEEP_MS ago. */
  resting: boolean;
}

/**
 * One run of the sweep: from where it stood, batch after batch, until the items end or `budgetMs`
 * passed. `restart` begins a new sweep from the first item even if the last finished lately
 * (staff's "hash the legacy files now", and tests).
 */
export async function hashLegacyFiles(services: JobServices, options: { budgetMs?: number; restart?: boolean; now?: () => number } = {}): Promise<LegacyHashResult> {
  const now = options.now ?? Date.now;
  const db = services.database.db;
  const started = now();
  const budget = options.budgetMs ?? LEGACY_HASH_BUDGET_MS;
  const result: LegacyHashResult = { items: 0, hashed: 0, missing: 0, removed: 0, flagged: 0, finished: false, resting: false };

  await db.insert(legacyHashSweep).values({ id: SWEEP_ID }).onConflictDoNothing();
  const [sweep] = await db.select().from(legacyHashSweep).where(eq(legacyHashSweep.id, SWEEP_ID));
  let cursor = options.restart ? 0 : sweep!.cursor;
  if (cursor === 0) {
    if (!options.restart && sweep!.finished_at && started - sweep!.finished_at.getTime() < LEGACY_HASH_RESWEEP_MS) return { ...result, resting: true };
    await db.update(legacyHashSweep).set({ cursor: 0, started_at: new Date(started) }).where(eq(legacyHashSweep.id, SWEEP_ID));
  }

  // Contents found, changed or gone: the creations under review that hold one have their flag worked out again.
  const touched = new Set<string>();
  for (;;) {
    const items = await throughSource(() => services.legacy.itemsAfter(cursor, LEGACY_HASH_BATCH));
    if (items.length === 0) {
      // Items past the last one (deleted at the end of the old system's list) are gone too.
      await db.transaction(async (tx) => {
        const gone = await tx.delete(legacyFileHashes).where(gt(legacyFileHashes.legacy_item_id, cursor)).returning({ sha256: legacyFileHashes.sha256 });
        result.removed += gone.length;
        for (const row of gone) if (row.sha256) touched.add(row.sha256);
        await tx.update(legacyHashSweep).set({ cursor: 0, finished_at: new Date(now()) }).where(eq(legacyHashSweep.id, SWEEP_ID));
      });
      result.finished = true;
      break;
    }
    const last = items.at(-1)!.id;
    const batch = await hashBatch(services, cursor, last, items);
    result.items += items.length;
    result.hashed += batch.hashed;
    result.missing += batch.missing;
    result.removed += batch.removed;
    for (const sha of batch.touched) touched.add(sha);
    cursor = last;
    if (now() - started >= budget) break;
  }
  result.flagged = await refreshFlagsOfContents(services, [...touched]);
  return result;
}

/** Hashes what is new or changed among the files of the items in (`after`, `last`], and stores it with the cursor at `last`. */
async function hashBatch(services: JobServices, after: number, last: number, items: readonly LegacyItemDetail[]) {
  const db = services.database.db;
  const files = items.flatMap((item) => item.files.map((file) => ({ file, memberId: item.creator.memberId })));
  const known = new Map(
    files.length === 0
      ? []
      : (
          await db
            .select()
            .from(legacyFileHashes)
            .where(
              inArray(
                legacyFileHashes.legacy_file_id,
                files.map((f) => f.file.id),
              ),
            )
        ).map((row) => [row.legacy_file_id, row] as const),
  );
  const changed = files.filter(({ file, memberId }) => {
    const row = known.get(file.id);
    return !row || row.sha256 === null || row.filename !== file.filename || row.filesize !== file.filesize || row.version !== file.version || row.legacy_item_id !== file.itemId || row.member_id !== memberId;
  });

  const hashes = new Map<number, string | null>();
  let hashed = 0;
  for (let i = 0; i < changed.length; i += HASH_CONCURRENCY) {
    await Promise.all(
      changed.slice(i, i + HASH_CONCURRENCY).map(async ({ file }) => {
        const row = known.get(file.id);
        // Only the owner or the item moved: the content is the one read before.
        const sameContent = row && row.sha256 !== null && row.filename === file.filename && row.filesize === file.filesize && row.version === file.version;
        if (sameContent) {
          hashes.set(file.id, row.sha256);
          return;
        }
        const sha256 = await hashOf(services, file);
        hashes.set(file.id, sha256);
        if (sha256 !== null) hashed += 1;
      }),
    );
  }

  const fileIds = files.map((f) => f.file.id);
  return db.transaction(async (tx) => {
    // Files the old system no longer lists for these items, and items of this id range it no longer has.
    const gone = await tx
      .delete(legacyFileHashes)
      .where(
        and(
          gt(legacyFileHashes.legacy_item_id, after),
          lte(legacyFileHashes.legacy_item_id, last),
          fileIds.length === 0 ? sql`true` : notInArray(legacyFileHashes.legacy_file_id, fileIds),
        ),
      )
      .returning({ sha256: legacyFileHashes.sha256 });
    if (changed.length > 0) {
      await tx
        .insert(legacyFileHashes)
        .values(
          changed.map(({ file, memberId }) => ({
            legacy_file_id: file.id,
            legacy_item_id: file.itemId,
            member_id: memberId,
            filename: file.filename,
            filesize: file.filesize,
            version: file.version,
            sha256: hashes.get(file.id) ?? null,
            hashed_at: new Date(),
          })),
        )
        .onConflictDoUpdate({
          target: legacyFileHashes.legacy_file_id,
          set: fromExcluded(['legacy_item_id', 'member_id', 'filename', 'filesize', 'version', 'sha256', 'hashed_at']),
        });
    }
    await tx.update(legacyHashSweep).set({ cursor: last }).where(eq(legacyHashSweep.id, SWEEP_ID));
    const read = changed.filter(({ file }) => hashes.get(file.id) != null);
    const touched = [...gone.map((g) => g.sha256), ...changed.map(({ file }) => known.get(file.id)?.sha256), ...read.map(({ file }) => hashes.get(file.id))];
    return { hashed, missing: changed.length - read.length, removed: gone.length, touched: touched.filter((sha): sha is string => typeof sha === 'string') };
  });
}

/** The sha256 of a legacy file's bytes, or null when its file is missing from the legacy folder. */
async function hashOf(services: JobServices, file: LegacyFile): Promise<string | null> {
  const content = await services.legacy.openMedia('file', file.itemId, file.filename);
  if (!content) return null;
  const hash = crypto.createHash('sha256');
  for await (const chunk of content.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
