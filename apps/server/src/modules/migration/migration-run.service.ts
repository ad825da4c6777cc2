import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { runProgress, type RunProgress } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { migrationItemResults, migrationRuns } from '../../db/schema/index';
import type { JobServices } from '../../jobs/job';
import { pageWindow, paginatorInfo, type Page } from '../../schema/page-size';
import { throughSource } from '../legacy/legacy.service';
import type { LegacyItemFilter } from '../legacy/legacy-source';
import { migrationError } from './migration.errors';
import { canReadMigrationRuns, canRunMigrations } from './migration.policy';
import { categoryMapping, migrateItems } from './migration.service';

/**
 * Staff bulk migration (issue 16, item 4): a run over a creator's items, an id range or everything,
 * worked by the `migration-run` job a batch at a time, in id order. The run's row is the truth:
 * its status (RUNNING, PAUSED, CANCELLED, DONE), its counts and its cursor (the last legacy id
 * handled) move in the same transaction as the items they count, so a run stopped any way (paused,
 * cancelled, its process killed) goes on exactly after what it finished, and no item is copied
 * twice (each has one bridge) or counted twice (each has one outcome per run).
 */

export const MIGRATION_RUN_JOB = 'migration-run';
/** A job works batches for this long, then hands over to a fresh job (so none runs for hours). */
const SLICE_MS = 30_000;
/** Most failures the downloadable report lists. */
export const MAX_REPORT_ROWS = 50_000;

export type MigrationRunRow = typeof migrationRuns.$inferSelect;

export interface MigrationScope {
  /** One creator's items (their member id). */
  memberId?: number | null;
  /** An inclusive id range. */
  fromId?: number | null;
  toId?: number | null;
}

export interface MigrationRunView extends MigrationRunRow {
  progress: RunProgress;
}

function filterOf(scope: MigrationScope): LegacyItemFilter {
  const filter: LegacyItemFilter = {};
  if (scope.memberId != null) filter.memberId = scope.memberId;
  if (scope.fromId != null) filter.fromId = scope.fromId;
  if (scope.toId != null) filter.toId = scope.toId;
  return filter;
}

function cleanScope(scope: MigrationScope): MigrationScope {
  const out: MigrationScope = {};
  for (const key of ['memberId', 'fromId', 'toId'] as const) {
    const value = scope[key];
    if (value == null) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw migrationError('MIGRATION_SCOPE_INVALID', { reason: 'Ids and member ids are whole numbers from 1.' });
    out[key] = value;
  }
  if (out.fromId != null && out.toId != null && out.fromId > out.toId) throw migrationError('MIGRATION_SCOPE_INVALID', { reason: 'The range’s first id is after its last.' });
  return out;
}

export function viewOf(run: MigrationRunRow, now = Date.now()): MigrationRunView {
  const runningMs = run.running_ms + (run.resumed_at ? now - run.resumed_at.getTime() : 0);
  return { ...run, progress: runProgress({ done: run.done + run.skipped, failed: run.failed, total: run.total, runningMs }) };
}

async function loadRun(db: DbOrTx, id: number, forUpdate = false): Promise<MigrationRunRow> {
  const query = db.select().from(migrationRuns).where(eq(migrationRuns.id, id));
  const [run] = forUpdate ? await query.for('update') : await query;
  if (!run) throw migrationError('MIGRATION_RUN_NOT_FOUND', { id });
  return run;
}

/**
 * Starts a bulk run (or a dry run, which only records what would happen). One run goes at a time:
 * another that is running or paused must be finished or cancelled first.
 */
export async function startMigrationRun(ctx: Context, input: { scope: MigrationScope; dryRun: boolean }): Promise<MigrationRunView> {
  if (!canRunMigrations(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  const scope = cleanScope(input.scope);
  const total = await throughSource(() => ctx.legacy.countItems(filterOf(scope)));
  const run = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('migration-runs'))`);
    const [active] = await tx.select({ id: migrationRuns.id }).from(migrationRuns).where(inArray(migrationRuns.status, ['RUNNING', 'PAUSED'])).limit(1);
    if (active) throw migrationError('MIGRATION_RUN_ACTIVE', { id: active.id });
    const [row] = await tx
      .insert(migrationRuns)
      .values({ scope, dry_run: input.dryRun, status: 'RUNNING', total, member_id: ctx.auth.member!.id, resumed_at: new Date() })
      .returning();
    return row!;
  });
  await sendRunJob(ctx, run.id);
  return viewOf(run);
}

async function sendRunJob(services: Pick<JobServices, 'jobs'>, runId: number): Promise<void> {
  await services.jobs.send(MIGRATION_RUN_JOB, { runId }, { singletonKey: `run-${runId}` });
}

/** Pauses a running run (it stops after the batch in hand), resumes a paused one, or cancels either. */
export async function changeMigrationRun(ctx: Context, id: number, action: string): Promise<MigrationRunView> {
  if (!canRunMigrations(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  if (action !== 'pause' && action !== 'resume' && action !== 'cancel') throw migrationError('MIGRATION_SCOPE_INVALID', { reason: 'The action is pause, resume or cancel.' });
  const run = await ctx.db.transaction(async (tx) => {
    const current = await loadRun(tx, id, true);
    const allowed = action === 'pause' ? ['RUNNING'] : action === 'resume' ? ['PAUSED'] : ['RUNNING', 'PAUSED'];
    if (!allowed.includes(current.status)) throw migrationError('MIGRATION_RUN_FINISHED', { id, status: current.status });
    const now = new Date();
    const ran = current.resumed_at ? now.getTime() - current.resumed_at.getTime() : 0;
    const set =
      action === 'resume'
        ? { status: 'RUNNING', resumed_at: now }
        : { status: action === 'pause' ? 'PAUSED' : 'CANCELLED', running_ms: current.running_ms + ran, resumed_at: null, ...(action === 'cancel' ? { finished_at: now } : {}) };
    const [row] = await tx.update(migrationRuns).set(set).where(eq(migrationRuns.id, id)).returning();
    return row!;
  });
  if (action === 'resume') await sendRunJob(ctx, id);
  return viewOf(run);
}

/** The runs, newest first. */
export async function migrationRunsPage(ctx: Context, paging: { first?: number | null; page?: number | null }): Promise<Page<MigrationRunView>> {
  if (!canReadMigrationRuns(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  const window = pageWindow(paging.first, paging.page);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(migrationRuns).orderBy(desc(migrationRuns.id)).limit(window.limit).offset(window.offset),
    ctx.db.$count(migrationRuns),
  ]);
  return { data: rows.map((r) => viewOf(r)), paginatorInfo: paginatorInfo(total, rows.length, window.perPage, window.currentPage) };
}

export async function migrationRun(ctx: Context, id: number): Promise<MigrationRunView> {
  if (!canReadMigrationRuns(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  return viewOf(await loadRun(ctx.db, id));
}

/** A run's failures (or a dry run's would-be failures) as CSV: legacy id, reason; at most MAX_REPORT_ROWS. */
export async function failureReport(ctx: Context, id: number): Promise<string> {
  if (!canReadMigrationRuns(ctx.auth)) throw migrationError('MIGRATION_RUNS_FORBIDDEN');
  await loadRun(ctx.db, id);
  const rows = await ctx.db
    .select({ id: migrationItemResults.legacy_item_id, outcome: migrationItemResults.outcome, reason: migrationItemResults.reason })
    .from(migrationItemResults)
    .where(and(eq(migrationItemResults.run_id, id), inArray(migrationItemResults.outcome, ['failed', 'would_fail'])))
    .orderBy(migrationItemResults.legacy_item_id)
    .limit(MAX_REPORT_ROWS);
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return ['legacy_item_id,outcome,reason', ...rows.map((r) => `${r.id},${r.outcome},${cell(r.reason ?? '')}`)].join('\n') + '\n';
}

/**
 * The job: works a run's batches from its cursor while it is RUNNING, for a slice of time, then
 * hands over to a new job. At the end the run is DONE. A batch interrupted by a killed process is
 * worked again by the next job (its items with an outcome of this run are left out).
 */
export async function workMigrationRun(services: JobServices, runId: number): Promise<{ status: string; handled: number }> {
  const db = services.database.db;
  const started = Date.now();
  const mapping = await categoryMapping(db);
  let handled = 0;
  for (;;) {
    const run = await loadRun(db, runId);
    if (run.status !== 'RUNNING') return { status: run.status, handled };
    if (Date.now() - started > SLICE_MS) {
      await sendRunJob(services, runId);
      return { status: 'RUNNING', handled };
    }
    const batch = await services.legacy.itemsAfter(run.cursor, services.config.MIGRATION_BATCH_SIZE, filterOf(run.scope as MigrationScope));
    if (batch.length === 0) {
      await db.transaction(async (tx) => {
        const current = await loadRun(tx, runId, true);
        if (current.status !== 'RUNNING') return;
        const now = new Date();
        const ran = current.resumed_at ? now.getTime() - current.resumed_at.getTime() : 0;
        await tx.update(migrationRuns).set({ status: 'DONE', finished_at: now, running_ms: current.running_ms + ran, resumed_at: null }).where(eq(migrationRuns.id, runId));
      });
      return { status: 'DONE', handled };
    }
    const outcomes = await migrateItems(services, batch, { actorId: run.member_id ?? 0, runId, dryRun: run.dry_run, mapping });
    handled += outcomes.length;
    // Let requests in between batches: on the embedded database every query runs on this thread,
    // and a loop of queries that never waits for I/O would hold the server until the run ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs left RUNNING whose row has not moved for MIGRATION_STALE_SECONDS (each batch moves it): their
 * job's process died, and pg-boss would only notice when the job expires. Each gets a job again;
 * should the old one still be alive after all, the run's row lock keeps the two from counting twice.
 */
export async function reviveMigrationRuns(services: JobServices): Promise<number[]> {
  const stale = new Date(Date.now() - services.config.MIGRATION_STALE_SECONDS * 1000);
  const running = await services.database.db
    .select({ id: migrationRuns.id })
    .from(migrationRuns)
    .where(and(eq(migrationRuns.status, 'RUNNING'), lt(migrationRuns.updated_at, stale)));
  for (const { id } of running) {
    await services.database.db.update(migrationRuns).set({ updated_at: new Date() }).where(eq(migrationRuns.id, id));
    await sendRunJob(services, id);
  }
  return running.map((r) => r.id);
}
