import {
  isSearchable,
  isSearchableKind,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  SEARCH_SORTS,
  type SearchDocument,
  type SearchSort,
} from '@corner/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { attributes, categories, searchDocuments, searchIndexRuns, submissions } from '../../db/schema/index';
import type { JobServices } from '../../jobs/job';
import { pageWindow, paginatorInfo, type Page } from '../../schema/page-size';
import { searchDocumentsOf } from './search-document.service';
import type { SearchEngine, SearchHealth } from './search-engine';
import { searchEngineOf } from './search-engine.open';
import { searchError } from './search.errors';

/**
 * The site's search index (issue 17): which creations' documents are stale and their reindexing,
 * the public search, and the staff page's status and runs. A change to a creation marks its
 * document stale in the same transaction (the `logs` trigger, migration 0018); the search-index job
 * (every minute, and at once after staff ask) writes what is stale to the engine.
 */

export const SEARCH_INDEX_JOB = 'search-index';
/** Documents read and written per batch. */
export const SEARCH_INDEX_BATCH = 500;
/** How long one run of the job works before leaving the rest to the next. */
const SEARCH_INDEX_BUDGET_MS = 50_000;
/** At most this many creations reindexed by id at once. */
export const MAX_REINDEX_IDS = 1000;
/** Failures the staff page lists (the latest). */
const FAILURES_LISTED = 20;

/**
 * A stale mark as the database's own text, microseconds and all: a mark is cleared only if it is
 * still exactly the one read, and a JavaScript Date keeps milliseconds only.
 */
const staleText = sql<string | null>`${searchDocuments.stale_at}::text`;

/** Whether a run reindexes everything (its scope `{ all: true }`), rather than a list. */
const isRunOfEverything = sql<boolean>`coalesce((${searchIndexRuns.scope}->>'all')::boolean, false)`;

export type ReindexOutcome = 'indexed' | 'removed' | 'failed';

export interface ReindexResult {
  submissionId: number;
  outcome: ReindexOutcome;
  /** The engine's message when it failed. */
  message: string | null;
}

/**
 * Writes these creations' documents to the engine as they are now (published ones in, the rest out)
 * and records it. Each row's stale mark is cleared only if it is still the one read (`staleAt`), so
 * a change made meanwhile keeps it stale for the next batch. A batch the engine refuses is tried
 * one by one, so one bad document fails alone, with the engine's message.
 */
async function reindex(db: DbOrTx, engine: SearchEngine, ids: readonly number[], staleAt: ReadonlyMap<number, string | null>, now = new Date()): Promise<ReindexResult[]> {
  const { documents, absent } = await searchDocumentsOf(db, ids, now);
  const results: ReindexResult[] = [];
  const write = async (docs: readonly SearchDocument[], gone: readonly number[]) => {
    await engine.upsert(docs);
    await engine.remove(gone);
  };
  try {
    await write(documents, absent);
    for (const d of documents) results.push({ submissionId: d.submissionId, outcome: 'indexed', message: null });
    for (const id of absent) results.push({ submissionId: id, outcome: 'removed', message: null });
  } catch {
    for (const d of documents) results.push(await attempt(() => write([d], []), d.submissionId, 'indexed'));
    for (const id of absent) results.push(await attempt(() => write([], [id]), id, 'removed'));
  }
  await record(db, results, staleAt, now);
  return results;
}

async function attempt(write: () => Promise<void>, submissionId: number, outcome: ReindexOutcome): Promise<ReindexResult> {
  try {
    await write();
    return { submissionId, outcome, message: null };
  } catch (error) {
    return { submissionId, outcome: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Stores what became of each document: written or taken out, or failed with the message; then
 * clears each stale mark that is still the one read (a failed one too: staff retry it by hand).
 */
async function record(db: DbOrTx, results: readonly ReindexResult[], staleAt: ReadonlyMap<number, string | null>, now: Date) {
  if (results.length === 0) return;
  const at = now.toISOString();
  const outcomes = sql.join(
    results.map((r) => sql`(${r.submissionId}::int, ${r.outcome}::text, ${r.message}::text, ${staleAt.get(r.submissionId) ?? null}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${searchDocuments} as d (submission_id, indexed_at, in_index, failed_at, error)
    select v.id, case when v.outcome = 'failed' then null else ${at}::timestamptz end, v.outcome = 'indexed',
           case when v.outcome = 'failed' then ${at}::timestamptz end, v.message
    from (values ${outcomes}) as v(id, outcome, message, read_stale)
    where exists (select 1 from ${submissions} s where s.id = v.id)
    on conflict (submission_id) do update set
      indexed_at = coalesce(excluded.indexed_at, d.indexed_at),
      in_index = case when excluded.failed_at is null then excluded.in_index else d.in_index end,
      failed_at = excluded.failed_at,
      error = excluded.error`);
  await db.execute(sql`
    update ${searchDocuments} d set stale_at = null
    from (values ${outcomes}) as v(id, outcome, message, read_stale)
    where d.submission_id = v.id and d.stale_at is not distinct from v.read_stale`);
}

export interface StaleWork {
  /** Documents written or taken out. */
  done: number;
  failed: number;
  /** Whether nothing stale is left. */
  finished: boolean;
}

/** The job's work: what is stale, oldest mark first, batch after batch until none is left or the time is up. */
export async function reindexStale(services: Pick<JobServices, 'database' | 'config'>, options: { budgetMs?: number; now?: () => Date } = {}): Promise<StaleWork> {
  const db = services.database.db;
  const clock = options.now ?? (() => new Date());
  const started = Date.now();
  const engine = searchEngineOf(db, services.config);
  const work: StaleWork = { done: 0, failed: 0, finished: false };
  for (;;) {
    const stale = await db
      .select({ id: searchDocuments.submission_id, staleAt: staleText })
      .from(searchDocuments)
      .where(isNotNull(searchDocuments.stale_at))
      .orderBy(asc(searchDocuments.stale_at), asc(searchDocuments.submission_id))
      .limit(SEARCH_INDEX_BATCH);
    if (stale.length === 0) {
      work.finished = true;
      break;
    }
    const results = await reindex(
      db,
      engine,
      stale.map((s) => s.id),
      new Map(stale.map((s) => [s.id, s.staleAt])),
      clock(),
    );
    work.failed += results.filter((r) => r.outcome === 'failed').length;
    work.done += results.length;
    if (Date.now() - started >= (options.budgetMs ?? SEARCH_INDEX_BUDGET_MS)) break;
  }
  if (work.done > 0) await engine.flush();
  await finishRuns(db, engine);
  return work;
}

/**
 * Runs whose marked documents are all written are finished. When a run of everything finishes and
 * no other is under way, an engine that rebuilds beside its live copy switches searches to the new one.
 */
async function finishRuns(db: DbOrTx, engine: SearchEngine) {
  const finished = await db
    .update(searchIndexRuns)
    .set({ finished_at: sql`now()` })
    .where(
      and(
        isNull(searchIndexRuns.finished_at),
        sql`not exists (select 1 from ${searchDocuments} d where d.stale_at is not null and d.stale_at <= ${searchIndexRuns.marked_at})`,
      ),
    )
    .returning({ all: isRunOfEverything });
  if (!engine.finishRebuild || !finished.some((r) => r.all)) return;
  const [open] = await db
    .select({ id: searchIndexRuns.id })
    .from(searchIndexRuns)
    .where(and(isNull(searchIndexRuns.finished_at), isRunOfEverything))
    .limit(1);
  if (!open) await engine.finishRebuild();
}

/**
 * Marks every approved creation that has no search document yet: rows written without a log (the
 * demo data, imports) are not noticed by the `logs` trigger. Answers how many it marked.
 */
export async function markUnindexed(db: DbOrTx): Promise<number> {
  const marked = await rows<{ submission_id: number }>(
    db,
    sql`insert into ${searchDocuments} (submission_id, stale_at)
        select s.id, clock_timestamp() from ${submissions} s
        where s.status = 'APPROVED' and not exists (select 1 from ${searchDocuments} d where d.submission_id = s.id)
        on conflict (submission_id) do nothing
        returning submission_id`,
  );
  return marked.length;
}

/** Staff reindex one creation now and see what became of it. */
export async function reindexOne(ctx: Context, id: number): Promise<ReindexResult> {
  const [found] = await ctx.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id));
  if (!found) throw searchError('SEARCH_CREATION_NOT_FOUND', { ids: [id] });
  const [doc] = await ctx.db.select({ staleAt: staleText }).from(searchDocuments).where(eq(searchDocuments.submission_id, id));
  const engine = searchEngineOf(ctx.db, ctx.config);
  const [result] = await reindex(ctx.db, engine, [id], new Map([[id, doc?.staleAt ?? null]]));
  if (result!.outcome !== 'failed') await engine.flush();
  return result!;
}

export type SearchIndexRunRow = typeof searchIndexRuns.$inferSelect;

/**
 * Staff reindex a list of creations, or everything (every approved creation and every document the
 * index holds): they are marked stale with one mark, the job is sent, and the run's progress is
 * what of that mark is written (searchIndexRunProgress). Search keeps answering from what the index
 * holds meanwhile.
 */
export async function startReindex(ctx: Context, input: { ids?: readonly number[] | null; all?: boolean | null }): Promise<SearchIndexRunRow> {
  const all = input.all === true;
  const ids = [...new Set(input.ids ?? [])];
  if (!all && ids.length === 0) throw searchError('SEARCH_NOTHING_CHOSEN', {});
  if (!all && ids.length > MAX_REINDEX_IDS) throw searchError('SEARCH_TOO_MANY', { max: MAX_REINDEX_IDS });
  if (!all) {
    const known = new Set((await ctx.db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, ids))).map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw searchError('SEARCH_CREATION_NOT_FOUND', { ids: unknown });
  }
  // A cluster builds everything into a fresh index while searches go on answering from the live one.
  if (all) await searchEngineOf(ctx.db, ctx.config).beginRebuild?.();
  const run = await ctx.db.transaction(async (tx) => {
    const [{ now }] = (await rows<{ now: Date }>(tx, sql`select clock_timestamp() as now`)) as [{ now: Date }];
    const markedAt = new Date(now);
    const chosen = all
      ? sql`select id from ${submissions} where status = 'APPROVED' union select submission_id from ${searchDocuments} where in_index`
      : sql`select unnest(${sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]`})`;
    const marked = await rows<{ submission_id: number }>(
      tx,
      sql`insert into ${searchDocuments} (submission_id, stale_at)
          select id, ${markedAt.toISOString()}::timestamptz from (${chosen}) as c(id)
          on conflict (submission_id) do update set stale_at = excluded.stale_at
          returning submission_id`,
    );
    const [created] = await tx
      .insert(searchIndexRuns)
      .values({ scope: all ? { all: true } : { ids }, total: marked.length, marked_at: markedAt, member_id: ctx.auth.member!.id, finished_at: marked.length === 0 ? markedAt : null })
      .returning();
    return created!;
  });
  // At once rather than at the next minute; without a job queue (a process that works none) the cron still comes.
  await ctx.jobs.send(SEARCH_INDEX_JOB, {}).catch((error: unknown) => ctx.log.warn({ err: error, run: run.id }, 'Could not send the search-index job; its cron will work the run'));
  return run;
}

export interface SearchIndexRunProgress {
  run: SearchIndexRunRow;
  /** Of its documents, how many are written (or failed) and how many wait. */
  done: number;
  remaining: number;
  failed: number;
}

/** Where a run stands: what of its mark is still stale, and what failed since it began. */
export async function searchIndexRunProgress(db: DbOrTx, run: SearchIndexRunRow): Promise<SearchIndexRunProgress> {
  const failedSince = and(isNotNull(searchDocuments.failed_at), sql`${searchDocuments.failed_at} >= ${run.marked_at.toISOString()}::timestamptz`);
  const stillStale = and(isNotNull(searchDocuments.stale_at), lte(searchDocuments.stale_at, run.marked_at));
  const [[failed], left] = await Promise.all([
    db.select({ n: count() }).from(searchDocuments).where(failedSince),
    run.finished_at ? Promise.resolve([{ n: 0 }]) : db.select({ n: count() }).from(searchDocuments).where(stillStale),
  ]);
  const remaining = Math.min(left[0]!.n, run.total);
  return { run, done: run.total - remaining, remaining, failed: failed!.n };
}

export interface SearchIndexFailure {
  submissionId: number;
  name: string;
  failedAt: Date;
  message: string;
}

export interface SearchIndexStatus {
  engine: SearchEngine['engine'];
  health: SearchHealth;
  /** Documents the index holds. */
  indexed: number;
  /** Creations whose document waits to be written. */
  stale: number;
  /** Creations whose last write failed. */
  failed: number;
  /** When a document was last written. */
  lastIndexedAt: Date | null;
  lastRun: SearchIndexRunProgress | null;
  failures: SearchIndexFailure[];
}

/** The staff page's status: the engine and its health, the counts, the last run and the latest failures. */
export async function searchIndexStatus(ctx: Context): Promise<SearchIndexStatus> {
  const engine = searchEngineOf(ctx.db, ctx.config);
  const health = await engine.health().catch((error: unknown): SearchHealth => ({ healthy: false, detail: error instanceof Error ? error.message : String(error) }));
  const [[counts], [lastRun], failures] = await Promise.all([
    rows<{ indexed: number; stale: number; failed: number; last: Date | null }>(
      ctx.db,
      sql`select count(*) filter (where in_index)::int as indexed, count(*) filter (where stale_at is not null)::int as stale,
                 count(*) filter (where failed_at is not null)::int as failed, max(indexed_at) as last
          from ${searchDocuments}`,
    ),
    ctx.db.select().from(searchIndexRuns).orderBy(desc(searchIndexRuns.id)).limit(1),
    ctx.db
      .select({ submissionId: searchDocuments.submission_id, name: submissions.name, failedAt: searchDocuments.failed_at, message: searchDocuments.error })
      .from(searchDocuments)
      .innerJoin(submissions, eq(submissions.id, searchDocuments.submission_id))
      .where(isNotNull(searchDocuments.failed_at))
      .orderBy(desc(searchDocuments.failed_at))
      .limit(FAILURES_LISTED),
  ]);
  return {
    engine: engine.engine,
    health,
    indexed: counts!.indexed,
    stale: counts!.stale,
    failed: counts!.failed,
    lastIndexedAt: counts!.last ? new Date(counts!.last) : null,
    lastRun: lastRun ? await searchIndexRunProgress(ctx.db, lastRun) : null,
    failures: failures.map((f) => ({ submissionId: f.submissionId, name: f.name, failedAt: f.failedAt!, message: f.message ?? '' })),
  };
}

export interface SearchCreationsInput {
  query?: string | null;
  category_id?: number | null;
  tag_ids?: readonly number[] | null;
  kind?: string | null;
  game?: number | null;
  creator_id?: number | null;
  exclusive?: boolean | null;
  sort?: string | null;
  first?: number | null;
  page?: number | null;
}

export interface NamedFacet {
  id: number;
  name: string;
  count: number;
}

export interface SearchCreationsAnswer extends Page<SearchDocument> {
  facets: { categories: NamedFacet[]; tags: NamedFacet[] };
}

/**
 * The main site's search (`searchCreations`, no sign-in): the engine's answer, with the facets'
 * names. Only published creations are ever answered: the index holds only those, and the page is
 * checked against the creations as they are now, so one deleted or unpublished a moment ago (its
 * document not yet taken out) is left out.
 */
export async function searchCreations(ctx: Context, input: SearchCreationsInput): Promise<SearchCreationsAnswer> {
  const text = input.query?.trim() ?? '';
  if (text.length > MAX_QUERY_LENGTH) throw searchError('SEARCH_QUERY_TOO_LONG', {});
  const sort = (input.sort ?? 'relevance') as SearchSort;
  if (!SEARCH_SORTS.includes(sort)) throw searchError('SEARCH_SORT_UNKNOWN', { sort: input.sort ?? '' });
  if (input.kind != null && !isSearchableKind(input.kind)) throw searchError('SEARCH_KIND_UNKNOWN', { kind: input.kind });
  const { perPage, currentPage } = pageWindow(input.first, input.page);
  if (currentPage * perPage > MAX_SEARCH_RESULTS) throw searchError('SEARCH_PAGE_TOO_DEEP', { max: MAX_SEARCH_RESULTS });
  const answer = await searchEngineOf(ctx.db, ctx.config).search({
    text: text || null,
    categoryId: input.category_id,
    tagIds: input.tag_ids,
    kind: input.kind && isSearchableKind(input.kind) ? input.kind : null,
    game: input.game,
    creatorId: input.creator_id,
    exclusive: input.exclusive,
    sort,
    first: perPage,
    page: currentPage,
  });
  const [live, categoryNames, tagNames] = await Promise.all([
    stillSearchable(ctx.db, answer.documents.map((d) => d.submissionId)),
    namesOf(ctx.db, categories, answer.categories.map((f) => f.id)),
    namesOf(ctx.db, attributes, answer.tags.map((f) => f.id)),
  ]);
  const documents = answer.documents.filter((d) => live.has(d.submissionId));
  const named = (facets: { id: number; count: number }[], names: Map<number, string>) => facets.filter((f) => names.has(f.id)).map((f) => ({ ...f, name: names.get(f.id)! }));
  const total = answer.total - (answer.documents.length - documents.length);
  return {
    data: documents,
    paginatorInfo: paginatorInfo(total, documents.length, perPage, currentPage),
    facets: { categories: named(answer.categories, categoryNames), tags: named(answer.tags, tagNames) },
  };
}

async function stillSearchable(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: submissions.id, model_type: submissions.model_type, status: submissions.status, publish_at: submissions.publish_at, deleted_at: submissions.deleted_at })
    .from(submissions)
    .where(and(inArray(submissions.id, ids), isNull(submissions.deleted_at)));
  const now = new Date();
  return new Set(found.filter((s) => isSearchable(s, now)).map((s) => s.id));
}

async function namesOf(db: DbOrTx, table: typeof categories | typeof attributes, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(found.map((r) => [r.id, r.name]));
}
