// The site's search at a million published creations (issue 17).
//
// On the PostgreSQL server: a fresh database migrated with the product's migrations and seeded with
// the demo data (its categories and tags), then filled by generate_series (GENERATE_SEARCH below)
// with BENCH_SEARCH_ROWS published creations (default 1,000,000) of 20,000 creators: names of two
// or three words (each field drawn by its own hash of the row number, so no two are correlated), a description, keywords on a third, a leaf category, two tags each, a theme on a
// third, a picture each. Then everything is reindexed through the product's own path (every
// creation marked as staff's "reindex everything" marks it, then the search-index job's work until
// nothing is stale), and that time is reported.
//
// Each case is `searchCreations` over HTTP to the real app (buildApp, rate limits off) as a visitor
// sends it: text and two filters, sorted by relevance, 24 a page. The baseline, timed alternately in
// the same run, is what a person writes without the index: one plain SQL statement over the same
// published creations with ILIKE '%word%' on name, keywords and description for every word and
// the same filters, its page by newest and its total. Before timing, each answer is checked: a
// total above none where the words are real, and every creation on the page published and within
// the filters.
//
// Goal: p95 ≤ 50 ms, and ≥ 50× faster than the ILIKE scan. The long run is here, never in CI.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { markUnindexed, reindexStale } from '../apps/server/src/modules/search/search.service';
import { describeError, idsAfter, preparePostgres, type Prepared } from './databases';
import { markdownTable, sampleStats, textTable, timeAlternately, type Bench } from './harness';
import { ADJECTIVES, array, HANDLE_ENDS, HANDLES, KEYWORDS, NOUNS } from './lists.bench';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_SEARCH_ITERATIONS ?? 20);
const WARMUP = 2;
const PAGE = 24;
const GOAL_MS = 50;
const GOAL_SPEEDUP = 50;

const PHRASES = ['Made to match the rest of the set.', 'Comes in twelve swatches.', 'Perfect for a small starter home.', 'Low poly and game friendly.', 'Inspired by a seaside holiday.', 'Works with the base game.', 'Includes a matching end table.', 'Hand painted textures.'];
const ROOMS = ['living room', 'bedroom', 'kitchen', 'garden', 'nursery', 'study', 'bathroom', 'dining room'];

/** The generated creations, on top of the demo seed: ids continue after the demo's. */
export function GENERATE_SEARCH(rows: number, base: { member: number; submission: number; image: number }): string {
  const m0 = base.member;
  const s0 = base.submission;
  const creators = 20_000;
  return `
insert into members (id, username, email)
  select ${m0} + g, (${array(HANDLES)})[1 + g % ${HANDLES.length}] || (${array(HANDLE_ENDS)})[1 + (g / ${HANDLES.length}) % ${HANDLE_ENDS.length}] || g,
    'search-bench-' || g || '@corner.test' from generate_series(1, ${creators}) g;
select setval(pg_get_serial_sequence('members', 'id'), ${m0 + creators});

create temporary table bench_leaves as
  select array_agg(id order by id) as ids from categories c where not exists (select 1 from categories k where k.parent_category_id = c.id);
create temporary table bench_tags as select array_agg(id order by id) as ids from attributes;
create temporary table bench_themes as select array_agg(id order by id) as ids from themes;

insert into submissions (id, member_id, status, model_type, model_id, name, description, keywords, category_id, game_version, tsr_exclusive, publish_at, created_at, updated_at)
select ${s0} + g, ${m0} + 1 + h[1] % ${creators}, 'APPROVED',
  (array['item','item','item','set','lot','room','sim','mod'])[1 + h[2] % 8], ${s0} + g,
  (${array(ADJECTIVES)})[1 + h[3] % ${ADJECTIVES.length}] || ' ' || (${array(NOUNS)})[1 + h[4] % ${NOUNS.length}]
    || case when h[5] % 3 = 0 then ' ' || (g % 10000) else '' end,
  'A ' || lower((${array(ADJECTIVES)})[1 + h[6] % ${ADJECTIVES.length}]) || ' piece for your ' || (${array(ROOMS)})[1 + h[7] % ${ROOMS.length}] || '. '
    || (${array(PHRASES)})[1 + h[8] % ${PHRASES.length}],
  case when h[5] % 3 = 1 then (${array(KEYWORDS)})[1 + h[9] % ${KEYWORDS.length}] || ', ' || (${array(KEYWORDS)})[1 + h[10] % ${KEYWORDS.length}] else '' end,
  (select ids[1 + h[11] % cardinality(ids)] from bench_leaves),
  case h[12] % 10 when 0 then 2 when 1 then 3 else 4 end,
  h[13] % 7 = 0,
  now() - make_interval(days => 1 + h[14] % 1826, secs => h[15] % 86400),
  now() - make_interval(days => 1900 + g % 100), now() - make_interval(days => 1 + g % 1826)
from generate_series(1, ${rows}) g,
  lateral (select array_agg(abs(hashtext(g || '-' || k))) as h from generate_series(1, 15) k) r;
select setval(pg_get_serial_sequence('submissions', 'id'), ${s0 + rows});

insert into submission_attributes (submission_id, attribute_id)
  select ${s0} + g, (select ids[1 + abs(hashtext(g || '-t1')) % cardinality(ids)] from bench_tags) from generate_series(1, ${rows}) g
  union select ${s0} + g, (select ids[1 + abs(hashtext(g || '-t2')) % cardinality(ids)] from bench_tags) from generate_series(1, ${rows}) g;
insert into submission_themes (submission_id, theme_id)
  select ${s0} + g, (select ids[1 + abs(hashtext(g || '-th')) % cardinality(ids)] from bench_themes) from generate_series(1, ${rows}) g
  where g % 3 = 0 and (select cardinality(ids) from bench_themes) > 0;
insert into images (id, submission_id, member_id, ord, filename, mimetype, filesize, width, height, sha256, storage_key)
  select ${base.image} + s.id - ${s0}, s.id, s.member_id, 0, 'picture-' || s.id || '.jpg', 'image/jpeg', 180000, 1024, 768,
    md5(s.id::text) || md5(s.id::text), 'bench/' || s.id || '.jpg'
  from submissions s where s.id > ${s0};
select setval(pg_get_serial_sequence('images', 'id'), ${base.image + rows});
`;
}

interface Case {
  label: string;
  variables: { query: string; category_id?: number; tag_ids?: number[]; kind?: string; game?: number; exclusive?: boolean };
  /** Whether the index must find some (every case here: a typo too, which ILIKE misses). */
  expectMatches: boolean;
}

interface Timed {
  label: string;
  product: { p50: number; p95: number };
  ilike: { p50: number; p95: number };
  total: number;
  ilikeTotal: number;
}

interface Result {
  label: string;
  rows: number;
  generateSeconds: number;
  reindexSeconds: number;
  indexed: number;
  cases: Timed[];
}

const SEARCH = `query ($query: String, $category_id: Int, $tag_ids: [Int!], $kind: String, $game: Int, $exclusive: Boolean, $first: Int) {
  searchCreations(query: $query, category_id: $category_id, tag_ids: $tag_ids, kind: $kind, game: $game, exclusive: $exclusive, first: $first) {
    data { id name kind game category_id exclusive }
    paginatorInfo { total }
    facets { categories { id count } tags { id count } }
  } }`;

/** The baseline: ILIKE over the published creations with the same filters, a page by newest and the total. */
function ilikeQuery(c: Case, subtree: number[]): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [`s.status = 'APPROVED'`, `s.deleted_at is null`, `s.publish_at <= now()`];
  for (const word of c.variables.query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    params.push(`%${word}%`);
    where.push(`(s.name ilike $${params.length} or s.keywords ilike $${params.length} or s.description ilike $${params.length})`);
  }
  const v = c.variables;
  if (v.category_id !== undefined) {
    params.push(subtree);
    where.push(`s.category_id = any($${params.length}::int[])`);
  }
  for (const tag of v.tag_ids ?? []) {
    params.push(tag);
    where.push(`exists (select 1 from submission_attributes a where a.submission_id = s.id and a.attribute_id = $${params.length})`);
  }
  if (v.kind !== undefined) {
    params.push(v.kind);
    where.push(`s.model_type = $${params.length}`);
  }
  if (v.game !== undefined) {
    params.push(v.game);
    where.push(`s.game_version = $${params.length}`);
  }
  if (v.exclusive !== undefined) {
    params.push(v.exclusive);
    where.push(`coalesce(s.tsr_exclusive, false) = $${params.length}`);
  }
  const w = where.join(' and ');
  return {
    text: `select (select coalesce(array_agg(id), '{}') from (select s.id from submissions s where ${w} order by s.publish_at desc, s.id desc limit ${PAGE}) p) as ids,
                  (select count(*)::int from submissions s where ${w}) as total`,
    params,
  };
}

async function measure(prepared: Prepared, rows: number): Promise<Result> {
  const { database } = prepared;
  let started = performance.now();
  const base = await idsAfter(database, { member: 'members', submission: 'submissions', image: 'images' });
  await database.exec(GENERATE_SEARCH(rows, base));
  await database.exec('vacuum analyze');
  const generateSeconds = (performance.now() - started) / 1000;
  console.log(`${prepared.label}: generated ${rows.toLocaleString('en')} published creations in ${generateSeconds.toFixed(0)} s`);

  // Reindex everything through the product's path: mark, then the job's work until nothing is stale.
  started = performance.now();
  const marked = await markUnindexed(database.db);
  let indexed = 0;
  for (;;) {
    const work = await reindexStale({ database, config: prepared.config }, { budgetMs: 60_000 });
    indexed += work.done;
    console.log(`  reindexed ${indexed.toLocaleString('en')} of ${marked.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    assert.equal(work.failed, 0, 'no document failed');
    if (work.finished) break;
  }
  const reindexSeconds = (performance.now() - started) / 1000;
  await database.exec('vacuum analyze search_entries');
  const [{ n: held } = { n: 0 }] = await database.query<{ n: number }>(`select count(*)::int as n from search_entries`);
  assert.ok(held >= rows, `the index holds every generated creation (${held} of ${rows})`);

  // The filters: the category with the most creations below it (its subcategories'), a tag, a kind, a game.
  const [parent] = await database.query<{ id: number; subtree: number[] }>(
    `with recursive below(top, id) as (select id, id from categories union all select b.top, c.id from below b join categories c on c.parent_category_id = b.id)
     select b.top as id, array_agg(distinct b.id) as subtree, count(s.id) as n
     from below b left join submissions s on s.category_id = b.id
     where exists (select 1 from categories c where c.parent_category_id = b.top)
     group by b.top order by n desc, b.top limit 1`,
  );
  const [tag] = await database.query<{ id: number }>(`select attribute_id as id from submission_attributes group by 1 order by count(*) desc limit 1 offset 3`);
  assert.ok(parent && tag, 'the demo seed has categories with subcategories and tags');
  const cases: Case[] = [
    { label: '“velvet sofa”, a category with its subcategories, kind item', variables: { query: 'velvet sofa', category_id: parent.id, kind: 'item' }, expectMatches: true },
    { label: '“modern lamp”, a tag, game 4', variables: { query: 'modern lamp', tag_ids: [tag.id], game: 4 }, expectMatches: true },
    { label: '“cozy” (a prefix of many), exclusive, kind item', variables: { query: 'cozy', exclusive: true, kind: 'item' }, expectMatches: true },
    { label: '“garden bedroom”, a category, game 4 (words in description and keywords)', variables: { query: 'garden bedroom', category_id: parent.id, game: 4 }, expectMatches: true },
    { label: '“vintge chair” (a typo), kind item, game 4', variables: { query: 'vintge chair', kind: 'item', game: 4 }, expectMatches: true },
  ];

  const config = { ...prepared.config, RATE_LIMIT_SEARCHES_PER_MINUTE: 0, RATE_LIMIT_UPLOADS_PER_MINUTE: 0, RATE_LIMIT_HEAVY_PER_MINUTE: 0 };
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
  const search = async (variables: Case['variables']) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: SEARCH, variables: { ...variables, first: PAGE } }) });
    const body = (await response.json()) as { data?: { searchCreations: { data: { id: number; kind: string; game: number; category_id: number | null; exclusive: boolean }[]; paginatorInfo: { total: number } } }; errors?: unknown[] };
    if (!response.ok || body.errors?.length) throw new Error(`searchCreations: ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
    return body.data!.searchCreations;
  };

  try {
    const results: Timed[] = [];
    for (const c of cases) {
      const baseline = ilikeQuery(c, parent.subtree);
      const ilike = async () => (await database.query<{ ids: number[]; total: number }>(baseline.text, baseline.params))[0]!;
      // Both answer before anything is timed, and the index's answer keeps to the filters.
      const answer = await search(c.variables);
      const truth = await ilike();
      if (c.expectMatches) assert.ok(answer.paginatorInfo.total > 0, `${c.label}: the index finds creations`);
      assert.equal(answer.data.length, Math.min(PAGE, answer.paginatorInfo.total), `${c.label}: a full page`);
      const ids = answer.data.map((d) => d.id);
      const kept: { n: number }[] = await database.query<{ n: number }>(
        `select count(*)::int as n from submissions s where s.id = any($1::int[]) and s.status = 'APPROVED' and s.publish_at <= now() and s.deleted_at is null
           and ($2::int[] is null or s.category_id = any($2::int[])) and ($3::int is null or exists (select 1 from submission_attributes a where a.submission_id = s.id and a.attribute_id = $3))
           and ($4::text is null or s.model_type = $4) and ($5::int is null or s.game_version = $5) and ($6::boolean is null or coalesce(s.tsr_exclusive, false) = $6)`,
        [ids, c.variables.category_id === undefined ? null : parent.subtree, c.variables.tag_ids?.[0] ?? null, c.variables.kind ?? null, c.variables.game ?? null, c.variables.exclusive ?? null],
      );
      assert.equal(kept[0]!.n, ids.length, `${c.label}: every creation found is published and within the filters`);
      const { a: productMs, b: ilikeMs } = await timeAlternately(() => search(c.variables), ilike, ITERATIONS, WARMUP);
      const timed: Timed = { label: c.label, product: sampleStats(productMs), ilike: sampleStats(ilikeMs), total: answer.paginatorInfo.total, ilikeTotal: truth.total };
      console.log(`  ${c.label}: product p95 ${timed.product.p95.toFixed(1)} ms (${timed.total} found), ILIKE p95 ${timed.ilike.p95.toFixed(0)} ms (${timed.ilikeTotal} found)`);
      results.push(timed);
    }
    const [{ version } = { version: '?' }] = await database.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
    return { label: `${prepared.label} (PostgreSQL ${version})`, rows, generateSeconds, reindexSeconds, indexed: held, cases: results };
  } finally {
    await app.close();
  }
}

/** Why the goal is missed where it is (read off EXPLAIN ANALYZE on the bench's data, 2026-11-26). */
const WHERE_TIME_GOES =
  "Where the time of “velvet sofa” goes (EXPLAIN ANALYZE on the same data): the GIN lookup of the words alone takes 2.5 ms; each filter matching a large share of the index (the top category holds nearly every creation, a kind three in eight) adds about 3 ms to it; fetching and ranking the 779 matches, the total and both facets take 3 ms more; the rest is the request (the words table lookup, the page's rows, the names of the facets, GraphQL and HTTP). The ILIKE baseline is a parallel sequential scan, 0.2 to 1 s: 50× means 4 to 20 ms for every search, whatever its number of matches, with an exact total and exact facets. Searches that match thousands (“cozy”, “garden bedroom”) spend their time on the matches themselves (each is read for its date, rank, categories and tags); the engine for a site whose searches are mostly like that is the cluster on SEARCH_URL, whose facets come from column stores. “garden bedroom” (EXPLAIN ANALYZE, 2026-11-27, with its timing overhead): the GIN lookup of its four keys 25 ms, then its 12,206 matches read from 11,456 pages of the table (672 MB, against the server's 128 MB of shared buffers) 40 ms with their ranks; the total, the page and both facets over them take the rest.";

/** How the engine got here, measured by this bench on 2026-11-26 (PostgreSQL server, 1M published creations, p95). */
const BEFORE =
  'Earlier versions, by this bench: separate GIN indexes on the category and tag arrays, a trigram index on names for typos, and four ' +
  'statements over the matches (page, total, two facets): 128, 160, 551, 918 and 177 ms (the five searches below, in order), 0–6× the ILIKE ' +
  'scan. Filters as tokens in the one vector, typos through a words table and one pass over the matches: 33, 31, 43, 163 and 42 ms. ' +
  'The last word as a prefix made GIN merge every key it starts (14.7 ms of index scan for “velvet sofa:*” against 2.4 ms for “velvet sofa”); ' +
  'it is now looked up through its completions in the words table: 24, 19, 31, 76 and 26 ms. Then no transaction around a search and ' +
  'its three small reads after it at once: 19, 13, 24, 62 and 16 ms (p50, 2026-11-26). Then relevance by `ts_rank` instead of ' +
  '`ts_rank_cd` and facets unnested in the select list instead of a lateral function scan per match: the statement of “garden bedroom” ' +
  'alone, 12 runs of each version alternating in psql on 2026-11-27, 81 ms → 58 ms (medians; `ts_rank` 13 ms of it, the facets 10 ms). ' +
  'The table below was measured after that change, on a slower machine than the 2026-11-26 run (the same ILIKE scans took 1.2–1.6× as long).';

export const bench: Bench = {
  name: 'The site’s search at a million published creations',
  async run() {
    const pg = await preparePostgres();
    let result: Result | string;
    if (typeof pg === 'string') result = `PostgreSQL server: skipped (${pg})`;
    else {
      try {
        result = await measure(pg, ROWS);
      } catch (error) {
        result = `PostgreSQL server: failed (${describeError(error)})`;
        console.error(error);
      } finally {
        await pg.cleanup();
      }
    }
    const heading = '## The site’s search at a million published creations (`bench/search.bench.ts`)';
    const method =
      '`searchCreations` as a visitor sends it (over HTTP, no sign-in, 24 a page, sorted by relevance, with facets), on the default engine ' +
      '(PostgreSQL full-text search in the portal’s database), against what a person writes without the index: one plain SQL statement with ' +
      "ILIKE '%word%' over name, keywords and description for every word and the same filters, its page by newest and its total. " +
      `Timed alternately, ${ITERATIONS} calls each after ${WARMUP} of each to warm up, after a check that the index's page is published and within the filters.`;
    if (typeof result === 'string') return { markdown: [heading, '', method, '', result].join('\n'), text: result };
    const head = ['search', 'found', 'product p50 ms', 'product p95 ms', 'ILIKE p95 ms', 'ILIKE ÷ product', 'goal', 'met'];
    let allMet = true;
    const tableRows = result.cases.map((t) => {
      const speedup = t.ilike.p95 / t.product.p95;
      const met = t.product.p95 <= GOAL_MS && speedup >= GOAL_SPEEDUP;
      allMet &&= met;
      return [
        t.label,
        `${t.total.toLocaleString('en')} (ILIKE ${t.ilikeTotal.toLocaleString('en')})`,
        t.product.p50.toFixed(1),
        t.product.p95.toFixed(1),
        t.ilike.p95.toFixed(0),
        `${speedup.toFixed(0)}×`,
        `≤ ${GOAL_MS} ms, ≥ ${GOAL_SPEEDUP}×`,
        met ? 'yes' : '**no**',
      ];
    });
    const intro =
      `**${result.label}**, ${result.rows.toLocaleString('en')} published creations (generated in ${result.generateSeconds.toFixed(0)} s). ` +
      `Reindexing everything (marked as staff’s “reindex everything” marks it, then the search-index job’s batches of 500 until nothing is stale): ` +
      `**${result.indexed.toLocaleString('en')} documents in ${result.reindexSeconds.toFixed(0)} s** (${(result.indexed / result.reindexSeconds).toFixed(0)} a second).`;
    const verdict = `Goal (p95 ≤ ${GOAL_MS} ms and ≥ ${GOAL_SPEEDUP}× faster than the ILIKE scan, every search): **${allMet ? 'met' : 'not met'}**.`;
    const markdown = [heading, '', method, '', BEFORE, '', intro, '', markdownTable(head, tableRows), '', verdict, '', WHERE_TIME_GOES].join('\n');
    const text = [intro.replace(/\*\*/g, ''), textTable(head, tableRows.map((r) => r.map((c) => c.replace(/\*\*/g, '')))), verdict.replace(/\*\*/g, '')].join('\n');
    return { markdown, text };
  },
};
