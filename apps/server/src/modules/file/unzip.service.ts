import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq } from 'drizzle-orm';
import { UNZIP_MESSAGES, type SkippedEntry } from '@corner/domain';
import { jobContext, type Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fileLogs, files } from '../../db/schema/index';
import { AppError } from '../../errors';
import { StoredUpload } from '../../storage/upload';
import type { JobServices } from '../../jobs/job';
import { checkCanEdit, loadSubmission, beginEdit } from '../submission/submission.access';
import { BlobNotFoundError, type StoredObject } from '../../storage/index';
import { claimUpload, releaseUnusedUploads } from './blob.service';
import { fileError } from './file.errors';
import type { FileRow } from './file-read.service';
import { askForInspection, insertSubmissionFile, logFileChange } from './file.service';
import { unpackZip, ZipRefusal, type Unpacked } from './unzip-reader';

/** What unzipSubmissionFile answers (as a JSON string). */
export interface UnzipAnswer {
  status: 'ok' | 'error' | 'pending';
  message: string;
  /** The new files' ids, when ok. */
  files?: number[];
}

/** The job's queue name. */
export const UNZIP_JOB = 'unzip';

/** What the unzip job is sent: the zip file and who asked (their rights are read again when it runs). */
export interface UnzipJobData {
  id: number;
  memberId: number;
}

/** One job per zip file at a time: a second click follows the job the first one started. */
function singletonKey(fileId: number): string {
  return `file-${fileId}`;
}

/** What the zip's 'unzipped' history entry records, so a later call or a retried job can answer the same. */
interface UnzippedDetails {
  filename: string;
  files: number[];
  skipped: SkippedEntry[];
}

/**
 * Unpacks a zip file of a creation into its files, through the 'unzip' job, and waits up to
 * UNZIP_WAIT_SECONDS for it: `ok` with the new files, `error` with why the zip was refused (or that
 * it failed), or `pending` while the job still runs (calling again follows the same job).
 * The caller must be allowed to edit the creation now, as for deleting a file; the file must be a
 * zip that is not deleted. A zip unpacked already answers as it did then.
 */
export async function unzipSubmissionFile(ctx: Context, fileId: number): Promise<UnzipAnswer> {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file || file.submission_id === null) throw fileError('FILE_NOT_FOUND', { id: fileId });
  // Access before anything about the file, so a stranger learns nothing from the answer.
  await checkCanEdit(ctx, file.submission_id);
  if (file.deleted_at) {
    const done = await unzippedAnswer(ctx.db, file);
    if (done) return done;
    throw fileError('FILE_NOT_FOUND', { id: fileId });
  }
  if (file.kind !== 'zip') throw fileError('FILE_NOT_A_ZIP', { filename: file.filename });

  const jobId = await startJob(ctx, file);
  if (!jobId) {
    // The job finished between looking and sending: its result is in the file's history.
    const [now] = await ctx.db.select().from(files).where(eq(files.id, fileId));
    const done = now ? await unzippedAnswer(ctx.db, now) : null;
    return done ?? { status: 'error', message: UNZIP_MESSAGES.failed() };
  }
  const status = await ctx.jobs.wait(UNZIP_JOB, jobId, ctx.config.UNZIP_WAIT_SECONDS * 1000);
  if (!status || status.state === 'failed' || status.state === 'cancelled') return { status: 'error', message: UNZIP_MESSAGES.failed() };
  if (status.state !== 'completed') return { status: 'pending', message: UNZIP_MESSAGES.pending(file.filename) };
  return isAnswer(status.output) ? status.output : { status: 'error', message: UNZIP_MESSAGES.failed() };
}

/**
 * The unfinished unzip job of this file, or a new one; null when the zip was unpacked in between.
 * The zip's row, locked while looking and sending, makes two clicks at once take turns: the second
 * finds the first one's job (waiting or running) instead of sending another.
 */
async function startJob(ctx: Context, file: FileRow): Promise<string | null> {
  const key = singletonKey(file.id);
  const data: UnzipJobData = { id: file.id, memberId: ctx.auth.member!.id };
  const started = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ deleted_at: files.deleted_at }).from(files).where(eq(files.id, file.id)).for('update');
    if (!current || current.deleted_at) return null;
    const running = await ctx.jobs.findUnfinished(UNZIP_JOB, key, tx);
    if (running) return { id: running, sent: false };
    const sent = await ctx.jobs.send(UNZIP_JOB, data, { singletonKey: key, tx });
    return sent ? { id: sent, sent: true } : null;
  });
  if (started?.sent) ctx.jobs.wake(UNZIP_JOB);
  return started?.id ?? null;
}

function isAnswer(value: unknown): value is UnzipAnswer {
  const v = value as UnzipAnswer | null;
  return !!v && (v.status === 'ok' || v.status === 'error') && typeof v.message === 'string';
}

/** The answer of a zip that was unpacked already, from its history; null when it never was. */
async function unzippedAnswer(db: DbOrTx, zip: FileRow): Promise<UnzipAnswer | null> {
  const [log] = await db
    .select({ details: fileLogs.details })
    .from(fileLogs)
    .where(and(eq(fileLogs.file_id, zip.id), eq(fileLogs.action, 'unzipped')))
    .orderBy(desc(fileLogs.id))
    .limit(1);
  if (!log) return null;
  const details = log.details as UnzippedDetails;
  return { status: 'ok', message: UNZIP_MESSAGES.unpacked(details.filename, details.files.length, details.skipped), files: details.files };
}

/**
 * The job: unpacks the zip into files of its creation, all or nothing. Refusals (a hostile or
 * damaged zip, the creation no longer editable) complete the job with `{status: 'error'}`;
 * unexpected faults throw, so pg-boss tries again. Safe to run twice: a zip already unpacked
 * answers with the files it made.
 */
export async function runUnzipJob(services: JobServices, data: UnzipJobData): Promise<UnzipAnswer> {
  const db = services.database.db;
  const [zip] = await db.select().from(files).where(eq(files.id, data.id));
  if (!zip || zip.submission_id === null) return { status: 'error', message: fileError('FILE_NOT_FOUND', { id: data.id }).message };
  if (zip.deleted_at) return (await unzippedAnswer(db, zip)) ?? { status: 'error', message: fileError('FILE_NOT_FOUND', { id: zip.id }).message };
  if (zip.kind !== 'zip') return { status: 'error', message: UNZIP_MESSAGES.notAZip(zip.filename) };

  const actor = await jobContext(services, data.memberId);
  const stored: StoredObject[] = [];
  let committed = false;
  let tmp: string | null = null;
  try {
    // Refuse early, before any work, when the asker may no longer change the creation.
    await checkCanEdit(actor, zip.submission_id);
    tmp = await copyToTemp(services, zip);
    const unpacked = await unpackZip(tmp, services.storage, limitsOf(services), (s) => stored.push(s));
    if (unpacked.entries.length === 0) return { status: 'error', message: UNZIP_MESSAGES.nothingAccepted(zip.filename, unpacked.skipped) };
    const { answer, fresh } = await commit(actor, zip, unpacked);
    if (fresh) await askForInspection(services.jobs, services.log);
    committed = fresh;
    return answer;
  } catch (error) {
    if (error instanceof ZipRefusal) return { status: 'error', message: UNZIP_MESSAGES.refused(zip.filename, error.reason) };
    if (error instanceof BlobNotFoundError) return { status: 'error', message: UNZIP_MESSAGES.gone(zip.filename) };
    // Someone's rights or the creation's state changed: a person can act on these words.
    if (error instanceof AppError) return { status: 'error', message: String(error.extensions.reason ?? error.message) };
    services.log.error({ err: error, fileId: zip.id }, 'Unzipping failed; the job will be tried again while retries remain');
    throw error;
  } finally {
    if (tmp) await fs.rm(tmp, { force: true });
    // Content this run stored new that no row uses (a refusal or a fault part-way) goes again.
    if (!committed) await releaseUnusedUploads(db, services.storage, stored.map((s) => asUpload(s)), services.log);
  }
}

function limitsOf(services: JobServices) {
  const c = services.config;
  return { maxEntries: c.UNZIP_MAX_ENTRIES, maxTotalBytes: c.UNZIP_MAX_TOTAL_BYTES, maxRatio: c.UNZIP_MAX_RATIO, maxFileBytes: c.MAX_FILE_BYTES };
}

function asUpload(s: StoredObject, filename = ''): StoredUpload {
  return new StoredUpload(filename, 'application/octet-stream', s.size, s.sha256, s.key, new Uint8Array(), s.created);
}

/**
 * One transaction: lock the creation, claim each entry's content, insert the files, soft-delete
 * the zip with its history. The creation is locked before the zip is looked at again, so two runs
 * of the same job (a retry racing a run thought dead) end with one set of files.
 */
async function commit(actor: Context, zip: FileRow, unpacked: Unpacked): Promise<{ answer: UnzipAnswer; fresh: boolean }> {
  const submissionId = zip.submission_id!;
  const actorId = actor.auth.member!.id;
  return actor.db.transaction(async (tx) => {
    await loadSubmission(tx, submissionId, { forUpdate: true });
    const [current] = await tx.select().from(files).where(eq(files.id, zip.id)).for('update');
    if (!current) throw fileError('FILE_NOT_FOUND', { id: zip.id });
    if (current.deleted_at) {
      // Another run got there first; what this one stored is released by the caller.
      const done = await unzippedAnswer(tx, current);
      if (done) return { answer: done, fresh: false };
      throw fileError('FILE_NOT_FOUND', { id: zip.id });
    }
    // Takes a REJECTED creation of its owner back to CREATED, in this transaction.
    const submission = await beginEdit(actor, submissionId, tx);
    const created: number[] = [];
    for (const e of unpacked.entries) {
      const upload = asUpload(e.stored, e.filename);
      // Gone content (removed by a sweep racing this run) is a fault worth another try, not a refusal.
      await claimUpload(tx, actor.storage, upload, () => {
        throw new Error(`Unpacked content ${e.stored.key} vanished before it was kept.`);
      });
      const file = await insertSubmissionFile(tx, {
        submission,
        actorId,
        content: { filename: e.filename, size: e.stored.size, sha256: e.stored.sha256, key: e.stored.key, firstBytes: e.firstBytes },
        kind: e.kind,
        details: { unzipped_from: zip.id, entry: e.path },
      });
      created.push(file.id);
    }
    await tx.update(files).set({ deleted_at: new Date() }).where(eq(files.id, zip.id));
    const details: UnzippedDetails = { filename: zip.filename, files: created, skipped: unpacked.skipped };
    await logFileChange(tx, {
      fileId: zip.id,
      submissionId: submission.id,
      actorId,
      action: 'unzipped',
      details,
      previous: { filename: zip.filename, version: zip.version },
      next: { files: created, skipped: unpacked.skipped.length },
    });
    const answer: UnzipAnswer = { status: 'ok', message: UNZIP_MESSAGES.unpacked(zip.filename, created.length, unpacked.skipped), files: created };
    return { answer, fresh: true };
  });
}

/** Temp copies older than this were left by a process that died (no job runs this long). */
const STALE_TEMP_MS = 24 * 3_600_000;

/**
 * The zip as a local file (yauzl reads at random offsets; storage gives a stream). Under
 * DATA_DIR/tmp/unzip, named after this machine and process, so copies left by a process that died
 * are removed by the next job on this machine (another machine's only once they are old).
 */
async function copyToTemp(services: JobServices, zip: FileRow): Promise<string> {
  const dir = path.join(services.config.DATA_DIR, 'tmp', 'unzip');
  await fs.mkdir(dir, { recursive: true });
  await removeLeftovers(dir);
  const tmp = path.join(dir, `${tempPrefix()}${crypto.randomUUID()}.zip`);
  try {
    await pipeline(await services.storage.get(zip.storage_key), createWriteStream(tmp, { flags: 'wx' }));
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  return tmp;
}

const host = os.hostname().replace(/[^a-zA-Z0-9.]/g, '_');

/** `host~pid~`: whose temp copy a file is. */
function tempPrefix(): string {
  return `${host}~${process.pid}~`;
}

async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir)) {
    const [nameHost, pidText] = name.split('~');
    const pid = Number(pidText);
    const deadHere = nameHost === host && pid !== process.pid && !isAlive(pid);
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && (deadHere || Date.now() - stat.mtimeMs > STALE_TEMP_MS)) await fs.rm(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
