import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { cleanFilename } from '@corner/domain';
import type { AuthState, Context, Logger } from '../../context';
import type { Database, DbOrTx } from '../../db/client';
import { fileVersions, files, submissions, zipBundleFiles, zipBundles } from '../../db/schema/index';
import { AuthorizationCode, refuse } from '../../errors';
import type { Storage, StoredObject } from '../../storage/index';
import { loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { releaseUnusedUploads } from './blob.service';
import { ZIP_BUILD_MESSAGES, zipBundleError } from './zip-bundle.errors';
import { canFetchBundle, canZipSubmission } from './zip-bundle.policy';
import { writeZip, zipEntryNames, ZipEntryError, type ZipEntrySource } from './zip-writer';

export type ZipBundleRow = typeof zipBundles.$inferSelect;
export type ZipBundleStatus = 'PENDING' | 'BUILDING' | 'READY' | 'FAILED';

/** The pg-boss queue that builds bundles (jobs/zip-bundle.job.ts). */
export const ZIP_BUNDLE_JOB = 'zip-bundle';
/** A builder writes its progress at most this often (a progress bar moves without a write per chunk). */
export const PROGRESS_INTERVAL_MS = 250;
/** A builder touches its bundle at least this often, even while one large file streams. */
export const HEARTBEAT_MS = 5_000;
/**
 * A BUILDING bundle untouched for this long has lost its builder (the process died): it is
 * reported FAILED when read, and a re-run of its job may start it over.
 */
export const STALE_AFTER_MS = 60_000;

/** Kinds whose content is compressed already: stored as they are, deflating them only costs time. */
const STORED_KINDS = new Set(['zip', 'ts4script', 'image', 'tray-image']);
const STORED_MIMETYPES = /^(image\/|application\/(zip|x-zip-compressed|gzip|x-7z-compressed|x-rar-compressed)$)/;

/** One file version that goes into a zip, with what naming and compressing it needs. */
interface BundleEntry {
  file_id: number;
  version: number;
  sha256: string;
  storage_key: string;
  filesize: number;
  created_at: Date;
  /** The file's own name (the version's when an older version than the newest is chosen). */
  filename: string;
  kind: string | null;
  mimetype: string;
}

const entryColumns = {
  file_id: files.id,
  version: fileVersions.version,
  sha256: fileVersions.sha256,
  storage_key: fileVersions.storage_key,
  filesize: fileVersions.filesize,
  created_at: fileVersions.created_at,
  newest: files.version,
  file_name: files.filename,
  version_name: fileVersions.filename,
  kind: files.kind,
  mimetype: fileVersions.mimetype,
};
type EntryRow = Omit<BundleEntry, 'filename'> & { newest: number; file_name: string; version_name: string };

function toEntry({ newest, file_name, version_name, ...row }: EntryRow): BundleEntry {
  // The same name the file route answers for this version.
  return { ...row, filename: row.version === newest ? file_name : version_name };
}

/** The path a bundle is served at (http/media-routes.ts); signed URLs sign exactly this. */
export function bundlePath(b: Pick<ZipBundleRow, 'id' | 'filename'>): string {
  return `/bundles/${b.id}/${encodeURIComponent(b.filename)}`;
}

/** A signed download URL once READY, else null. */
export function zipBundleUrl(ctx: Context, bundle: ZipBundleRow): string | null {
  return bundle.status === 'READY' && bundle.storage_key ? ctx.urlSigner.sign(bundlePath(bundle)) : null;
}

/** Whether someone may follow and download a bundle (`canFetchBundle`), reading its creation's owner only when that decides. */
export async function mayFetchBundle(db: DbOrTx, auth: AuthState, bundle: ZipBundleRow): Promise<boolean> {
  if (canFetchBundle(auth, bundle, null)) return true;
  if (bundle.submission_id === null || bundle.kind === 'basket') return false;
  const [s] = await db.select({ member_id: submissions.member_id }).from(submissions).where(eq(submissions.id, bundle.submission_id));
  return canFetchBundle(auth, bundle, s?.member_id ?? null);
}

/** Names for entries, in order: the files' names, made safe and unique. */
function namesOf(entries: readonly BundleEntry[]): string[] {
  return zipEntryNames(
    entries.map((e) => e.filename),
    (i) => `file-${entries[i]!.file_id}`,
  );
}

/**
 * What a zip holds, as one hash: each file, its version and content, and its name in the zip
 * (a renamed file makes a new zip too). Equal fingerprints mean byte-for-byte equal entries.
 */
function fingerprintOf(entries: readonly BundleEntry[]): string {
  const names = namesOf(entries);
  const parts = entries.map((e, i) => [e.file_id, e.version, e.sha256, names[i]!] as const).sort((a, b) => a[0] - b[0]);
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** `Modern Chair Set` -> `modern-chair-set`: a download name that works everywhere. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'creation';
}

function isStale(bundle: ZipBundleRow, now = new Date()): boolean {
  return bundle.status === 'BUILDING' && bundle.updated_at.getTime() < now.getTime() - STALE_AFTER_MS;
}

/** A bundle whose builder died is FAILED from now on (its job, if retried, then leaves it alone). */
async function settled(db: DbOrTx, bundle: ZipBundleRow): Promise<ZipBundleRow> {
  if (!isStale(bundle)) return bundle;
  const [row] = await db
    .update(zipBundles)
    .set({ status: 'FAILED', error: ZIP_BUILD_MESSAGES.interrupted(), updated_at: new Date() })
    .where(and(eq(zipBundles.id, bundle.id), eq(zipBundles.status, 'BUILDING'), lt(zipBundles.updated_at, new Date(Date.now() - STALE_AFTER_MS))))
    .returning();
  if (row) return row;
  const [current] = await db.select().from(zipBundles).where(eq(zipBundles.id, bundle.id));
  return current ?? bundle;
}

/** Sends the bundle's build job; when that fails, the bundle is FAILED and the caller told so. */
async function startBuild(ctx: Context, bundle: ZipBundleRow): Promise<void> {
  let jobId: string | null = null;
  try {
    jobId = await ctx.jobs.send(ZIP_BUNDLE_JOB, { id: bundle.id }, { retryLimit: 1 });
  } catch (error) {
    ctx.log.error({ err: error, zipBundleId: bundle.id }, 'Could not start building a zip');
  }
  if (jobId) return;
  await ctx.db
    .update(zipBundles)
    .set({ status: 'FAILED', error: ZIP_BUILD_MESSAGES.failed(), updated_at: new Date() })
    .where(eq(zipBundles.id, bundle.id));
  throw zipBundleError('ZIP_BUNDLE_NOT_STARTED', {});
}

async function insertBundle(
  tx: DbOrTx,
  values: { member_id: number; kind: 'submission' | 'basket'; submission_id: number | null; filename: (id: number) => string },
  entries: readonly BundleEntry[],
): Promise<ZipBundleRow> {
  const [inserted] = await tx
    .insert(zipBundles)
    .values({
      member_id: values.member_id,
      kind: values.kind,
      submission_id: values.submission_id,
      // The default names hold the new row's id: set right below, in the same transaction.
      filename: 'bundle.zip',
      fingerprint: fingerprintOf(entries),
      num_files_to_add: entries.length,
    })
    .returning();
  const [row] = await tx
    .update(zipBundles)
    .set({ filename: values.filename(inserted!.id) })
    .where(eq(zipBundles.id, inserted!.id))
    .returning();
  await tx.insert(zipBundleFiles).values(entries.map((e, ord) => ({ zip_bundle_id: row!.id, file_id: e.file_id, version: e.version, ord })));
  return row!;
}

/**
 * A creation's download zip: each live file at its published version where one is set, else its
 * newest, named by the file's name. Its owner and staff may ask. When the creation is unchanged
 * since a zip was made, that zip is answered (READY at once, or still being built) and no new job
 * runs; otherwise a new bundle starts PENDING and a `zip-bundle` job builds it.
 */
export async function generateZipFileForSubmission(ctx: Context, submissionId: number): Promise<ZipBundleRow> {
  const s = await loadSubmission(ctx.db, submissionId);
  if (!canZipSubmission(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  const me = ctx.auth.member!;

  const { bundle, isNew } = await ctx.db.transaction(async (tx) => {
    // Two clicks at once make one zip.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`zip-bundle:submission:${s.id}`}, 0))`);
    const entries = await submissionEntries(tx, s);
    if (entries.length === 0) throw zipBundleError('ZIP_BUNDLE_NO_FILES', {});
    const fingerprint = fingerprintOf(entries);
    const earlier = await tx
      .select()
      .from(zipBundles)
      .where(
        and(
          eq(zipBundles.submission_id, s.id),
          eq(zipBundles.kind, 'submission'),
          eq(zipBundles.fingerprint, fingerprint),
          inArray(zipBundles.status, ['PENDING', 'BUILDING', 'READY']),
        ),
      )
      .orderBy(desc(zipBundles.id));
    for (const candidate of earlier) {
      if (candidate.status === 'READY') {
        // Content removed from storage (by hand, a lost bucket) is not answered as ready.
        if (candidate.storage_key && (await ctx.storage.exists(candidate.storage_key))) return { bundle: candidate, isNew: false };
      } else if ((await settled(tx, candidate)).status !== 'FAILED') {
        return { bundle: candidate, isNew: false };
      }
    }
    const row = await insertBundle(
      tx,
      { member_id: me.id, kind: 'submission', submission_id: s.id, filename: () => `${slugOf(s.name)}-${s.id}.zip` },
      entries,
    );
    return { bundle: row, isNew: true };
  });
  if (isNew) await startBuild(ctx, bundle);
  return bundle;
}

/** A creation's live files at the version a download gives: published where set, else newest. */
async function submissionEntries(db: DbOrTx, s: SubmissionRow): Promise<BundleEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(files)
    .innerJoin(
      fileVersions,
      and(eq(fileVersions.file_id, files.id), eq(fileVersions.version, sql`coalesce(${files.published_version}, ${files.version})`)),
    )
    .where(and(eq(files.submission_id, s.id), isNull(files.deleted_at)))
    .orderBy(asc(files.created_at), asc(files.id));
  return rows.map(toEntry);
}

/**
 * Bundles chosen files (1 to BASKET_MAX_FILES, each id once) into one zip in the background, each
 * at its newest version. Deleted files may be chosen too: staff gather files to inspect them, and
 * deleted ones keep their content. `filename` is cleaned and made to end in `.zip`; without one the
 * basket is `basket-<id>.zip`.
 */
export async function createStaffBasket(ctx: Context, fileIds: number[], filename: string | null): Promise<ZipBundleRow> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) throw zipBundleError('STAFF_BASKET_EMPTY', {});
  const max = ctx.config.BASKET_MAX_FILES;
  if (ids.length > max) throw zipBundleError('STAFF_BASKET_TOO_MANY_FILES', { count: ids.length, max });
  const rows = await ctx.db
    .select(entryColumns)
    .from(files)
    .innerJoin(fileVersions, and(eq(fileVersions.file_id, files.id), eq(fileVersions.version, files.version)))
    .where(inArray(files.id, ids));
  const byId = new Map(rows.map((r) => [r.file_id, toEntry(r)]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw zipBundleError('STAFF_BASKET_FILES_NOT_FOUND', { ids: missing });
  const entries = ids.map((id) => byId.get(id)!);

  const chosen = cleanFilename(filename ?? '').replace(/^\.+/, '');
  const name = (id: number) => (!chosen ? `basket-${id}.zip` : /\.zip$/i.test(chosen) ? chosen : `${chosen}.zip`);
  const bundle = await ctx.db.transaction((tx) =>
    insertBundle(tx, { member_id: ctx.auth.member!.id, kind: 'basket', submission_id: null, filename: name }, entries),
  );
  await startBuild(ctx, bundle);
  return bundle;
}

/** A staff basket, whoever made it, and how far its zip has come (the policy checked file-management view). */
export async function staffBasket(ctx: Context, id: number): Promise<ZipBundleRow> {
  const [bundle] = await ctx.db
    .select()
    .from(zipBundles)
    .where(and(eq(zipBundles.id, id), eq(zipBundles.kind, 'basket')));
  if (!bundle) throw zipBundleError('STAFF_BASKET_NOT_FOUND', { id });
  return settled(ctx.db, bundle);
}

/** A bundle the caller may follow (see mayFetchBundle); other creators are refused. */
export async function zipBundle(ctx: Context, id: number): Promise<ZipBundleRow> {
  const [bundle] = await ctx.db.select().from(zipBundles).where(eq(zipBundles.id, id));
  if (!bundle) throw zipBundleError('ZIP_BUNDLE_NOT_FOUND', { id });
  if (!(await mayFetchBundle(ctx.db, ctx.auth, bundle))) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
  return settled(ctx.db, bundle);
}

/** What the build job needs: no request, the process's services. */
export interface BuildServices {
  database: Database;
  storage: Storage;
  log: Logger;
}

/**
 * The `zip-bundle` job: claims the bundle (PENDING, or BUILDING with a dead builder: it starts
 * over from nothing), streams each version from storage into a zip that streams into storage,
 * writes progress as it goes, and ends READY with the zip's key, size and sha256, or FAILED with a
 * message a person understands. A failed build keeps no content. Answers what became of the bundle;
 * never throws for a failed build (asking again makes a new bundle; retrying would repeat the failure).
 */
export async function buildZipBundle(services: BuildServices, id: number): Promise<{ id: number; status: string }> {
  const { database, storage, log } = services;
  const db = database.db;
  const now = new Date();
  const [claimed] = await db
    .update(zipBundles)
    .set({ status: 'BUILDING', num_files_added: 0, error: null, updated_at: now })
    .where(
      and(
        eq(zipBundles.id, id),
        or(
          eq(zipBundles.status, 'PENDING'),
          and(eq(zipBundles.status, 'BUILDING'), lt(zipBundles.updated_at, new Date(now.getTime() - STALE_AFTER_MS))),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    // Finished, failed, or being built by a live builder (this job expired and was retried meanwhile).
    const [row] = await db.select({ status: zipBundles.status }).from(zipBundles).where(eq(zipBundles.id, id));
    return { id, status: row?.status ?? 'MISSING' };
  }

  const fail = async (message: string, error?: unknown) => {
    log.error({ err: error, zipBundleId: id }, `Zip ${id} failed: ${message}`);
    await db
      .update(zipBundles)
      .set({ status: 'FAILED', error: message, updated_at: new Date() })
      .where(and(eq(zipBundles.id, id), eq(zipBundles.status, 'BUILDING')));
    return { id, status: 'FAILED' };
  };

  let entries: BundleEntry[];
  try {
    const rows = await db
      .select(entryColumns)
      .from(zipBundleFiles)
      .innerJoin(files, eq(files.id, zipBundleFiles.file_id))
      .innerJoin(fileVersions, and(eq(fileVersions.file_id, zipBundleFiles.file_id), eq(fileVersions.version, zipBundleFiles.version)))
      .where(eq(zipBundleFiles.zip_bundle_id, id))
      .orderBy(asc(zipBundleFiles.ord));
    entries = rows.map(toEntry);
  } catch (error) {
    return fail(ZIP_BUILD_MESSAGES.failed(), error);
  }
  // Files removed for good since the bundle was asked for (their rows cascade away).
  if (entries.length === 0) return fail(ZIP_BUILD_MESSAGES.failed());
  if (entries.length !== claimed.num_files_to_add) {
    await db.update(zipBundles).set({ num_files_to_add: entries.length }).where(eq(zipBundles.id, id));
  }

  const names = namesOf(entries);
  const sources: ZipEntrySource[] = entries.map((e, i) => ({
    name: names[i]!,
    size: e.filesize,
    mtime: e.created_at,
    compress: !(STORED_KINDS.has(e.kind ?? '') || STORED_MIMETYPES.test(e.mimetype)),
    open: () => storage.get(e.storage_key),
  }));
  const progress = progressWriter(db, id, log);
  let stored: StoredObject;
  try {
    stored = await writeZip(sources, (zip) => storage.put(zip), { onProgress: progress.set });
  } catch (error) {
    await progress.stop();
    if (error instanceof ZipEntryError) return fail(ZIP_BUILD_MESSAGES.unreadable(entries[sources.indexOf(error.entry)]!.filename), error);
    return fail(ZIP_BUILD_MESSAGES.notStored(), error);
  }
  await progress.stop();

  const [done] = await db
    .update(zipBundles)
    .set({
      status: 'READY',
      num_files_added: entries.length,
      storage_key: stored.key,
      sha256: stored.sha256,
      filesize: stored.size,
      error: null,
      updated_at: new Date(),
    })
    .where(and(eq(zipBundles.id, id), eq(zipBundles.status, 'BUILDING')))
    .returning({ id: zipBundles.id });
  if (done) return { id, status: 'READY' };
  // Someone declared this build dead meanwhile (it stalled past STALE_AFTER_MS): keep nothing.
  await releaseUnusedUploads(db, storage, [stored], log);
  const [row] = await db.select({ status: zipBundles.status }).from(zipBundles).where(eq(zipBundles.id, id));
  return { id, status: row?.status ?? 'MISSING' };
}

/**
 * Writes num_files_added at most every PROGRESS_INTERVAL_MS, and touches the bundle every
 * HEARTBEAT_MS even without progress, so readers can tell a live builder from a dead one. Writes
 * only while the bundle is still BUILDING; a failed write is logged (the next one catches up).
 */
function progressWriter(db: DbOrTx, id: number, log: Logger) {
  let added = 0;
  let written = 0;
  let lastWrite = Date.now();
  let inFlight: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (inFlight || (added === written && Date.now() - lastWrite < HEARTBEAT_MS)) return;
    const n = added;
    inFlight = db
      .update(zipBundles)
      .set({ num_files_added: n, updated_at: new Date() })
      .where(and(eq(zipBundles.id, id), eq(zipBundles.status, 'BUILDING')))
      .then(
        () => {
          written = n;
        },
        (error: unknown) => log.warn({ err: error, zipBundleId: id }, 'Could not write zip progress'),
      )
      .finally(() => {
        lastWrite = Date.now();
        inFlight = null;
      });
  }, PROGRESS_INTERVAL_MS);
  return {
    set: (n: number) => {
      added = n;
    },
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
