import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fileVersions, files, images } from '../../db/schema/index';
import type { AppError } from '../../errors';
import type { StoredUpload } from '../../http/upload';
import type { Logger } from '../../context';
import type { Storage } from '../../storage/index';

/**
 * Stored content is shared by every row with the same sha256 (images, files, file versions), and a
 * request stores its uploads before its operation runs. Content a request stored that no row ends
 * up using (a refused or failed operation) is removed again right after the request. A transaction
 * lock per sha256 orders that removal against a row about to use the same content: the remover
 * sees the row, or the row's transaction sees the content gone and asks for the upload again.
 */
async function lockContent(tx: DbOrTx, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
}

/** Inside the transaction that inserts a row using `upload`: locks its content and makes sure it is still there. */
export async function claimUpload(tx: DbOrTx, storage: Storage, upload: StoredUpload, lost: () => AppError): Promise<void> {
  await lockContent(tx, upload.sha256);
  if (!(await storage.exists(upload.key))) throw lost();
}

/** How many rows use this content. */
async function references(tx: DbOrTx, sha256: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`(select count(*) from ${images} where ${eq(images.sha256, sha256)})
        + (select count(*) from ${files} where ${eq(files.sha256, sha256)})
        + (select count(*) from ${fileVersions} where ${eq(fileVersions.sha256, sha256)})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** After a request: removes the content it stored new that no row uses. Failures are logged, never thrown. */
export async function releaseUnusedUploads(db: Db, storage: Storage, uploads: readonly StoredUpload[], log: Logger): Promise<void> {
  for (const upload of uploads) {
    if (!upload.created) continue;
    try {
      await db.transaction(async (tx) => {
        await lockContent(tx, upload.sha256);
        if ((await references(tx, upload.sha256)) === 0) await storage.delete(upload.key);
      });
    } catch (error) {
      log.error({ err: error, key: upload.key }, 'Could not remove an unused upload');
    }
  }
}
