import type { Config } from '../config';
import type { Logger } from '../context';
import type { Database } from '../db/client';
import { referencedSha256s, removeUnusedContent } from '../modules/file/blob.service';
import { sha256OfBlobKey, TEMPORARY_MAX_AGE_MS, type Storage } from '../storage/index';
import { defineJob } from './job';

export const STORAGE_SWEEP_JOB = 'storage-sweep';
/** Every hour, at 41 minutes past: off the hour, away from the nightly maintenance. */
export const STORAGE_SWEEP_CRON = '41 * * * *';
/**
 * Content no row uses is removed only once it is this old: a request stores its uploads before
 * its operation inserts the row, and a direct upload is promoted before it is registered.
 */
export const UNUSED_CONTENT_MIN_AGE_MS = 24 * 3_600_000;
/** A staged direct upload is kept this long after its link expired, so a registration under way can finish. */
const STAGED_GRACE_MS = 3_600_000;
/** Content keys looked up in one query. */
const BATCH = 500;

export interface StorageSweepResult {
  /** Content keys no row used, removed. */
  contents: number;
  /** Staged direct uploads never registered (or markers of registered ones), removed. */
  uploads: number;
  /** Temporary files and unfinished multipart uploads of interrupted writes, removed. */
  temporary: number;
  /** Keys whose removal failed (logged; the next sweep tries again). */
  failed: number;
}

/**
 * Removes what storage holds that nothing will use: content keys that no image, file, file version,
 * zip bundle or attachment references and that were last written over a day ago; staged direct
 * uploads older than DIRECT_UPLOAD_TTL_SECONDS + 1 hour; and what interrupted writes left. Each
 * content key is removed under the same per-sha256 lock as releaseUnusedUploads, after checking
 * again under it, so a row being inserted with that content at the same moment keeps it.
 * Ages come from storage's own modification times; `now` is the sweep's idea of the present.
 */
export async function runStorageSweep(
  services: { database: Database; storage: Storage; config: Pick<Config, 'DIRECT_UPLOAD_TTL_SECONDS'>; log: Logger },
  now = new Date(),
): Promise<StorageSweepResult> {
  const { database, storage, config, log } = services;
  const result: StorageSweepResult = { contents: 0, uploads: 0, temporary: 0, failed: 0 };

  const contentBefore = new Date(now.getTime() - UNUSED_CONTENT_MIN_AGE_MS);
  let batch: string[] = [];
  const flush = async () => {
    const used = await referencedSha256s(database.db, batch);
    for (const sha256 of batch) {
      if (used.has(sha256)) continue;
      try {
        if (await removeUnusedContent(database.db, storage, sha256, contentBefore)) result.contents += 1;
      } catch (error) {
        result.failed += 1;
        log.error({ err: error, sha256 }, 'Could not remove unused content');
      }
    }
    batch = [];
  };
  for await (const object of storage.list('blobs/')) {
    if (object.modifiedAt >= contentBefore) continue;
    batch.push(sha256OfBlobKey(object.key));
    if (batch.length >= BATCH) await flush();
  }
  await flush();

  const stagedBefore = new Date(now.getTime() - config.DIRECT_UPLOAD_TTL_SECONDS * 1000 - STAGED_GRACE_MS);
  for await (const object of storage.list('uploads/')) {
    if (object.modifiedAt >= stagedBefore) continue;
    try {
      await storage.delete(object.key);
      result.uploads += 1;
    } catch (error) {
      result.failed += 1;
      log.error({ err: error, key: object.key }, 'Could not remove a stale direct upload');
    }
  }

  result.temporary = await storage.removeTemporary(new Date(now.getTime() - TEMPORARY_MAX_AGE_MS));
  return result;
}

/**
 * The hourly storage sweep. "stately": at most one sweep waits and one runs, however long a sweep
 * of a large bucket takes; a sweep that fails is not retried, the next hour's is.
 */
export const storageSweepJob = defineJob<object>({
  name: STORAGE_SWEEP_JOB,
  cron: STORAGE_SWEEP_CRON,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 6 * 3600 },
  async handle({ database, storage, config, log }) {
    const removed = await runStorageSweep({ database, storage, config, log });
    if (removed.contents + removed.uploads + removed.temporary + removed.failed > 0) log.info(removed, 'Storage sweep done');
    return removed;
  },
});
