import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { conversationAttachments, fileVersions, files, images, zipBundles } from '../../db/schema/index';
import type { AppError } from '../../errors';
import type { StoredUpload } from '../../storage/upload';
import type { Logger } from '../../context';
import { blobKey, type Storage } from '../../storage/index';

/**
 * Stored content is shared by every row with the same sha256 (images, files, file versions, zip
 * bundles, message attachments), and a request stores its uploads before its operation runs.
 * Content a request stored that no row ends up using (a refused or failed operation) is removed
 * again right after the request; content nothing uses for a day is removed by the storage sweep.
 * A transaction lock per sha256 orders every removal against a row about to use the same content:
 * the remover sees the row, or the row's transaction sees the content gone and asks for the upload again.
 */
async function lockContent(tx: DbOrTx, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
}

/** Inside the transaction that inserts a row using `upload`: locks its content and makes sure it is still there. */
export async function claimUpload(tx: DbOrTx, storage: Storage, upload: StoredUpload, lost: () => AppError): Promise<void> {
  await lockContent(tx, upload.sha256);
  if (!(await storage.exists(upload.key))) throw lost();
}

/**
 * Every column through which a row uses stored content, written once for the count under the lock
 * and for the sweep's batch look-up. Message attachments name their content by key only.
 */
const CONTENT_REFERENCES: { matches: (sha256s: string[]) => SQL; select: (sha256s: string[]) => SQL; all: SQL }[] = [
  ...[images.sha256, files.sha256, fileVersions.sha256, zipBundles.sha256].map((column) => ({
    matches: (sha256s: string[]) => sql`exists (select 1 from ${column.table} where ${inArray(column, sha256s)})`,
    select: (sha256s: string[]) => sql`select ${column} as sha256 from ${column.table} where ${inArray(column, sha256s)}`,
    all: sql`select ${column} as sha256 from ${column.table}`,
  })),
  {
    matches: (sha256s: string[]) => sql`exists (select 1 from ${conversationAttachments} where ${inArray(conversationAttachments.storage_key, sha256s.map(blobKey))})`,
    select: (sha256s: string[]) =>
      sql`select right(${conversationAttachments.storage_key}, 64) as sha256 from ${conversationAttachments} where ${inArray(conversationAttachments.storage_key, sha256s.map(blobKey))}`,
    all: sql`select right(${conversationAttachments.storage_key}, 64) as sha256 from ${conversationAttachments}`,
  },
];

/** Whether any row uses this content. */
async function isReferenced(tx: DbOrTx, sha256: string): Promise<boolean> {
  const [row] = await tx
    .select({ used: sql<boolean>`${sql.join(CONTENT_REFERENCES.map((r) => r.matches([sha256])), sql` or `)}` })
    .from(sql`(select 1) as one`);
  return row?.used ?? true;
}

/** Which of these sha256s some row uses (one query for a batch; the sweep re-checks each under its lock). */
export async function referencedSha256s(db: DbOrTx, sha256s: string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const found = await rows<{ sha256: string }>(db, sql.join(CONTENT_REFERENCES.map((r) => r.select(sha256s)), sql` union `));
  return new Set(found.map((r) => r.sha256));
}

/** Every sha256 some row uses: what a backup's files must hold (backup/). */
export async function allReferencedSha256s(db: DbOrTx): Promise<Set<string>> {
  const found = await rows<{ sha256: string }>(db, sql.join(CONTENT_REFERENCES.map((r) => r.all), sql` union `));
  return new Set(found.map((r) => r.sha256));
}

/**
 * After a request (or a job that stored content): removes the content it stored new that no row
 * uses. Failures are logged, never thrown.
 */
export async function releaseUnusedUploads(
  db: Db,
  storage: Storage,
  uploads: readonly Pick<StoredUpload, 'sha256' | 'key' | 'created'>[],
  log: Logger,
): Promise<void> {
  for (const upload of uploads) {
    if (!upload.created) continue;
    try {
      await db.transaction(async (tx) => {
        await lockContent(tx, upload.sha256);
        if (!(await isReferenced(tx, upload.sha256))) await storage.delete(upload.key);
      });
    } catch (error) {
      log.error({ err: error, key: upload.key }, 'Could not remove an unused upload');
    }
  }
}

/**
 * The sweep's removal of one content key: under the content's lock, only when no row uses it and
 * storage still says it was last written before `olderThan` (a put or promote of the same content
 * since the sweep looked makes it young again). True when it was removed.
 */
export async function removeUnusedContent(db: Db, storage: Storage, sha256: string, olderThan: Date): Promise<boolean> {
  const key = blobKey(sha256);
  return db.transaction(async (tx) => {
    await lockContent(tx, sha256);
    if (await isReferenced(tx, sha256)) return false;
    const info = await storage.stat(key);
    if (!info || info.modifiedAt >= olderThan) return false;
    await storage.delete(key);
    return true;
  });
}
