import { Worker } from 'node:worker_threads';
import { desc, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Logger } from '../../context';
import type { Database, DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { fromExcluded } from '../../db/sql';
import { fileInspections, fileVersions, packageResources } from '../../db/schema/index';
import { syncFoundObjectGuids } from '../file/object-guid.service';
import { gameFileError } from './game-file.errors';
import type { PackageResource } from '@corner/domain';
import { READER_VERSION, type Inspection, type PackageInspection } from './inspect.reader';
import { resourceKind } from './resource-types.constants';
import type { ListedResource, ResourceList } from './resource-list.reader';
import type { DecodedThumbnail } from './thumbnail.reader';
import type { InspectAnswer, InspectRequest } from './inspect.worker';

export { INSPECT_FILES_JOB } from '../file/file.service';
/** Every minute the job looks for contents not inspected yet; uploads need not send anything. */
export const INSPECT_FILES_CRON = '* * * * *';
/** A content whose reading takes longer is given up (its worker is ended) and recorded as failed. */
export const INSPECT_TIME_BUDGET_MS = 30_000;
/** The worker's heap: a content that needs more ends it, and is recorded as failed. */
export const INSPECT_MEMORY_BUDGET_MB = 256;
/** Contents read per run of the job. */
export const INSPECT_BATCH = 100;

export type InspectionRow = typeof fileInspections.$inferSelect;

/** What reading stored contents on demand needs: the database, the storage's configuration, a log. */
export interface GameFileServices {
  database: Database;
  config: Config;
  log: Logger;
}

export interface PendingContent {
  sha256: string;
  storage_key: string;
  filename: string;
}

/**
 * Contents that no inspection of this reader version covers: one per sha256, under the name of its
 * newest file version (the name tells a tray file's role).
 */
export async function pendingContents(db: DbOrTx, limit = INSPECT_BATCH): Promise<PendingContent[]> {
  return rows<PendingContent>(
    db,
    sql`select * from (select distinct on (v.sha256) v.sha256, v.storage_key, v.filename from file_versions v
      left join ${fileInspections} i on i.sha256 = v.sha256
      where i.sha256 is null or i.reader_version < ${READER_VERSION}
      order by v.sha256, v.id desc) p limit ${limit}`,
  );
}

/** The inspection of a content, or null when it has not been read yet. */
export async function inspectionOf(db: DbOrTx, sha256: string): Promise<InspectionRow | null> {
  const [row] = await db.select().from(fileInspections).where(sql`${fileInspections.sha256} = ${sha256}`);
  return row ?? null;
}

/** The inspections of some contents (those read so far), by sha256. */
export async function inspectionsOf(db: DbOrTx, hashes: readonly string[]): Promise<Map<string, InspectionRow>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(fileInspections).where(inArray(fileInspections.sha256, unique));
  return new Map(rows.map((r) => [r.sha256, r]));
}

/** A package content's resources as its inspection listed them; `resources` null past the list's cap. */
export interface PackageResourceList {
  total: number;
  resources: ListedResource[] | null;
}

/** The resource lists of some package contents, by sha256 (absent until their inspection of this reader version). */
export async function packageResourcesOf(db: DbOrTx, hashes: readonly string[]): Promise<Map<string, PackageResourceList>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(packageResources).where(inArray(packageResources.sha256, unique));
  return new Map(rows.map((r) => [r.sha256, { total: r.total, resources: r.resources as ListedResource[] | null }]));
}

/**
 * A package content as an update's diff compares it: `pending` until the inspection of this reader
 * version is stored (the job reads it within the minute), `failed` with the reader's message, `other`
 * for a content that is not a package, else its summary and its resources with their kinds.
 */
export type PackageContent =
  | { state: 'pending' }
  | { state: 'failed'; message: string }
  | { state: 'other' }
  | { state: 'read'; summary: PackageInspection; total: number; resources: PackageResource[] | null };

/**
 * The package contents of some sha256s, as PackageContent, by sha256. A package read by the
 * inspection job but never compared yet has its resources listed now, in the requests' worker
 * (fingerprinting reads every resource, so the routine inspection leaves it to the diffs that need
 * it), and the list is stored for the next diff.
 */
export async function packageContentsOf(services: GameFileServices, hashes: readonly string[]): Promise<Map<string, PackageContent>> {
  const db = services.database.db;
  const [inspections, lists] = await Promise.all([inspectionsOf(db, hashes), packageResourcesOf(db, hashes)]);
  const out = new Map<string, PackageContent>();
  const unlisted: string[] = [];
  for (const sha256 of new Set(hashes)) {
    const row = inspections.get(sha256);
    if (!row || row.reader_version < READER_VERSION) out.set(sha256, { state: 'pending' });
    else if (row.status !== 'read') out.set(sha256, { state: 'failed', message: row.error_message ?? 'The file could not be read.' });
    else if (row.format !== 'package') out.set(sha256, { state: 'other' });
    else if (!lists.has(sha256)) unlisted.push(sha256);
  }
  for (const [sha256, listed] of await listResourcesNow(services, unlisted)) {
    if (listed.ok) lists.set(sha256, listed.resources);
    else out.set(sha256, { state: 'failed', message: listed.message });
  }
  for (const sha256 of new Set(hashes)) {
    const list = lists.get(sha256);
    if (out.has(sha256) || !list) continue;
    const resources = list.resources?.map(([key, size, hash]): PackageResource => ({ key, kind: resourceKind(Number.parseInt(key.slice(0, 8), 16)), size, hash })) ?? null;
    out.set(sha256, { state: 'read', summary: inspections.get(sha256)!.result as PackageInspection, total: list.total, resources });
  }
  return out;
}

/** Lists the resources of some inspected packages in the requests' worker, one after the other, and stores each list. */
async function listResourcesNow(services: GameFileServices, hashes: readonly string[]): Promise<Map<string, ResourcesOutcome>> {
  const out = new Map<string, ResourcesOutcome>();
  if (hashes.length === 0) return out;
  const db = services.database.db;
  const keys = await db
    .selectDistinctOn([fileVersions.sha256], { sha256: fileVersions.sha256, storage_key: fileVersions.storage_key })
    .from(fileVersions)
    .where(inArray(fileVersions.sha256, [...hashes]))
    .orderBy(fileVersions.sha256, desc(fileVersions.id));
  for (const { sha256, storage_key } of keys) {
    const listed = await onDemand(services, (inspector) => inspector.resources(storage_key));
    out.set(sha256, listed);
    if (listed.ok) await db.insert(packageResources).values({ sha256, total: listed.resources.total, resources: listed.resources.resources }).onConflictDoNothing();
  }
  return out;
}

/** What one content may cost: wall time, and the worker's heap. */
export interface Budget {
  timeMs: number;
  memoryMb: number;
}

type Failure = { ok: false; code: string; message: string };
type Outcome = { ok: true; inspection: Inspection } | Failure;
type ScanOutcome = { ok: true; ids: string[] } | Failure;
type ThumbnailOutcome = { ok: true; thumbnail: DecodedThumbnail | null } | Failure;
type ResourcesOutcome = { ok: true; resources: ResourceList } | Failure;

/**
 * One worker thread reading contents one after the other, each within the time and memory budget.
 * A content over budget, or one that makes the worker fail, ends the worker; the next content
 * starts a new one.
 */
class Inspector {
  private worker: Worker | null = null;

  constructor(
    private readonly storageConfig: Config,
    private readonly log: Logger,
    private readonly budget: Budget,
  ) {}

  private start(): Worker {
    // inspect.worker.mjs registers the server's TypeScript loader (tsx) in the thread first.
    const worker = new Worker(new URL('./inspect.worker.mjs', import.meta.url), {
      workerData: storageConfigOf(this.storageConfig),
      resourceLimits: { maxOldGenerationSizeMb: this.budget.memoryMb, maxYoungGenerationSizeMb: Math.min(32, this.budget.memoryMb) },
    });
    worker.unref();
    return worker;
  }

  inspect(request: { key: string; filename: string }): Promise<Outcome> {
    return this.run({ task: 'inspect', ...request }, request.filename) as Promise<Outcome>;
  }

  scan(key: string, knownHighs: Uint32Array): Promise<ScanOutcome> {
    return this.run({ task: 'scan', key, knownHighs }, key) as Promise<ScanOutcome>;
  }

  thumbnail(key: string, instance: string): Promise<ThumbnailOutcome> {
    return this.run({ task: 'thumbnail', key, instance }, key) as Promise<ThumbnailOutcome>;
  }

  resources(key: string): Promise<ResourcesOutcome> {
    return this.run({ task: 'resources', key }, key) as Promise<ResourcesOutcome>;
  }

  private run(request: InspectRequest, label: string): Promise<InspectAnswer> {
    const worker = (this.worker ??= this.start());
    return new Promise<InspectAnswer>((resolve) => {
      const done = (outcome: InspectAnswer, stop: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (stop) {
          this.worker = null;
          void worker.terminate();
        }
        resolve(outcome);
      };
      const failed = (error: ReturnType<typeof gameFileError>) => ({ ok: false as const, code: error.code, message: error.message });
      const over = (budget: 'time' | 'memory') => failed(gameFileError('GAME_FILE_OVER_BUDGET', { budget }));
      const unreadable = () => failed(gameFileError('GAME_FILE_UNREADABLE', {}));
      const onMessage = (answer: InspectAnswer) => done(answer, false);
      const onError = (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return done(over('memory'), true);
        this.log.error({ err: error, file: label }, 'Inspecting a file failed');
        done(unreadable(), true);
      };
      const onExit = () => done(unreadable(), true);
      const timer = setTimeout(() => done(over('time'), true), this.budget.timeMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

/** A scan a request waits on: given up after this long, and answered with GAME_FILE_OVER_BUDGET. */
export const SCAN_TIME_BUDGET_MS = 15_000;

/** The worker of the scans requests wait on, one per configuration, taking one scan at a time. */
const scanners = new WeakMap<Config, { inspector: Inspector; queue: Promise<unknown>; idle?: NodeJS.Timeout }>();
/** A scan worker no request used for this long is ended (it holds a V8 heap of its own). */
const SCANNER_IDLE_MS = 60_000;

/** Runs `work` on the worker of the requests of this configuration, after the ones before it. */
function onDemand<T>(services: { config: Config; log: Logger }, work: (inspector: Inspector) => Promise<T>): Promise<T> {
  let scanner = scanners.get(services.config);
  if (!scanner) {
    scanner = { inspector: new Inspector(services.config, services.log, { timeMs: SCAN_TIME_BUDGET_MS, memoryMb: INSPECT_MEMORY_BUDGET_MB }), queue: Promise.resolve() };
    scanners.set(services.config, scanner);
  }
  const current = scanner;
  clearTimeout(current.idle);
  const result = current.queue.then(() => work(current.inspector));
  const queued = result.catch(() => undefined);
  current.queue = queued;
  void queued.then(() => {
    // The last request is done: the worker ends unless another comes within the minute.
    if (current.queue === queued) current.idle = setTimeout(() => void current.inspector.close(), SCANNER_IDLE_MS).unref();
  });
  return result;
}

/**
 * The ids a stored .blueprint or .room may use whose upper 32 bits are among `knownHighs`, read in
 * the inspection worker (never on the event loop: a hostile file costs the worker, within its time
 * and memory budget, not the server). The caller matches them against the ids it knows.
 */
export function scanStoredContent(services: { config: Config; log: Logger }, key: string, knownHighs: Uint32Array): Promise<ScanOutcome> {
  return onDemand(services, (inspector) => inspector.scan(key, knownHighs));
}

/** A catalog object's thumbnail in a stored package (16-digit hex instance), read in the requests' worker. */
export function thumbnailOfStoredPackage(services: { config: Config; log: Logger }, key: string, instance: string): Promise<ThumbnailOutcome> {
  return onDemand(services, (inspector) => inspector.thumbnail(key, instance));
}

/**
 * Reads one content now, for a request that waits (SPEC 7 getPackageDataFromUploadedFile), on the
 * requests' worker within SCAN_TIME_BUDGET_MS, and stores the answer as the job would. A content
 * over that budget is not recorded: the job reads it later with its own, larger budget.
 */
export async function inspectNow(services: GameFileServices, content: PendingContent): Promise<void> {
  const started = performance.now();
  const outcome = await onDemand(services, (inspector) => inspector.inspect({ key: content.storage_key, filename: content.filename }));
  if (!outcome.ok && outcome.code === 'GAME_FILE_OVER_BUDGET') return;
  await storeInspections(services.database.db, [{ sha256: content.sha256, outcome, started, ended: performance.now() }]);
}

/** Contents stored per transaction by the job (a content read but not stored yet is read again after a crash). */
const STORE_BATCH = 25;

/**
 * Stores what reading some contents found (one row each, in one transaction), and gives the
 * creations holding them the GUIDs they define.
 */
async function storeInspections(db: DbOrTx, read: readonly { sha256: string; outcome: Outcome; started: number; ended: number }[]): Promise<void> {
  if (read.length === 0) return;
  const values = read.map(({ sha256, outcome, started, ended }) => ({
    sha256,
    ...(outcome.ok
      ? { format: outcome.inspection.format, status: 'read', result: outcome.inspection.result, error_code: null, error_message: null }
      : { format: 'other', status: 'failed', result: null, error_code: outcome.code, error_message: outcome.message }),
    reader_version: READER_VERSION,
    duration_ms: Math.round(ended - started),
  }));
  const hashes = read.map((r) => r.sha256);
  await db.transaction(async (tx) => {
    await tx
      .insert(fileInspections)
      .values(values)
      .onConflictDoUpdate({
        target: fileInspections.sha256,
        set: { ...fromExcluded(['format', 'status', 'result', 'error_code', 'error_message', 'reader_version', 'duration_ms']), created_at: sql`now()` },
      });
    // A content read again keeps no resource list from an older reading: the next diff lists it again.
    await tx.delete(packageResources).where(inArray(packageResources.sha256, hashes));
  });
  // The creations whose files hold these contents gain the object GUIDs they define.
  const packages = read.filter((r) => r.outcome.ok && r.outcome.inspection.format === 'package').map((r) => r.sha256);
  await syncFoundObjectGuids(db, { sha256s: packages });
}

function storageConfigOf(config: Config) {
  const { filesDir, STORAGE_URL, SIGNED_URL_TTL_SECONDS, URL_SIGNING_SECRET, DATA_DIR } = config;
  return { filesDir, STORAGE_URL, SIGNED_URL_TTL_SECONDS, URL_SIGNING_SECRET, DATA_DIR };
}

/**
 * Reads every content not inspected yet (up to `limit`), in a worker thread, and stores what was
 * found, or why it could not be read, once per sha256. Returns how many were read and how many failed.
 */
export async function inspectPendingFiles(
  services: GameFileServices,
  options: { limit?: number; budget?: Budget } = {},
) {
  const { database, config, log } = services;
  const pending = await pendingContents(database.db, options.limit ?? INSPECT_BATCH);
  // `sha256s`: the contents read or refused in this run, whose creations' review flags may change.
  const tally = { read: 0, failed: 0, sha256s: [] as string[] };
  if (pending.length === 0) return tally;
  const inspector = new Inspector(config, log, options.budget ?? { timeMs: INSPECT_TIME_BUDGET_MS, memoryMb: INSPECT_MEMORY_BUDGET_MB });
  // Stored a few at a time: one transaction per STORE_BATCH contents, not one per content.
  const read: Parameters<typeof storeInspections>[1][number][] = [];
  const flush = async () => {
    await storeInspections(database.db, read);
    for (const r of read) {
      tally[r.outcome.ok ? 'read' : 'failed'] += 1;
      tally.sha256s.push(r.sha256);
    }
    read.length = 0;
  };
  try {
    for (const content of pending) {
      const started = performance.now();
      const outcome = await inspector.inspect({ key: content.storage_key, filename: content.filename });
      read.push({ sha256: content.sha256, outcome, started, ended: performance.now() });
      if (read.length >= STORE_BATCH) await flush();
    }
    await flush();
  } finally {
    await inspector.close();
  }
  return tally;
}
