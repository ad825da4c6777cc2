// Lists, searches and the review page at a million creations (issue 19).
//
// For each engine, a fresh database migrated with the product's migrations and seeded with the demo
// data (for its staff accounts), then filled by generate_series (GENERATE_LISTS below): BENCH_LIST_ROWS
// creations (default 1,000,000 on the PostgreSQL server; BENCH_LIST_PGLITE_ROWS, default 100,000, on
// PGlite) with realistic names, keywords on a third, 20,000 creators, an image each, the tests, reports
// and update requests of the queues, as many legacy items (the archive's pages and a title search),
// one creator with 5,000 creations and one creation with 200 files, 300 images and 5,000 log entries.
//
// Every request goes over HTTP to the real app (buildApp, rate limits off), as the web app sends it:
// its persisted documents by hash, signed in as the demo Admin (or the creator). Before anything is
// timed, each answer is checked against a plain SQL query for the same page (its ids in order and its
// total). Then the product and the plain SQL are timed alternately, one at a time. The plain SQL is
// the baseline of the ratio: what a person writes without the product's rollup, indexes or loaders
// (`count(*)` for the total, `offset` for the page). For searches, "before" is the product's own
// statements on the day issue 19 was filed, without the trigram indexes (the goal's baseline: "50×
// faster than today's figures"), and "scan" the plain SQL with index scans off (a stricter reference).
//
// Goals: p95 ≤ 50 ms for every list page and search, ≤ 150 ms for the review page, the searches the
// issue timed ≥ 50× faster than before (the bench's own harder searches report theirs). The long run
// is here, never in CI.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { compactQueueCounts } from '../apps/server/src/modules/queue/queue.service';
import { describeError, idsAfter, preparePglite, preparePostgres, type Prepared } from './databases';
import { markdownTable, persistedHashes, sampleStats, textTable, timeAlternately, type Bench } from './harness';

const PG_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_LIST_PGLITE_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_LIST_ITERATIONS ?? 30);
const WARMUP = 3;
const BIG_CREATOR_ROWS = 5_000;
const GOAL_LIST_MS = 50;
const GOAL_REVIEW_MS = 150;
const GOAL_SEARCH_SPEEDUP = 50;

export const ADJECTIVES = ['Velvet', 'Modern', 'Rustic', 'Cozy', 'Vintage', 'Minimal', 'Boho', 'Nordic', 'Gothic', 'Retro', 'Elegant', 'Tiny', 'Grand', 'Coastal', 'Industrial', 'Pastel', 'Royal', 'Wild', 'Urban', 'Sunny', 'Misty', 'Golden', 'Ivory', 'Emerald', 'Crimson', 'Azure', 'Honey', 'Maple', 'Cedar', 'Willow'];
export const NOUNS = ['Chair', 'Sofa', 'Armchair', 'Table', 'Bed', 'Lamp', 'Rug', 'Shelf', 'Desk', 'Mirror', 'Dresser', 'Curtains', 'Kitchen', 'Bathroom', 'Bedroom', 'Cottage', 'Villa', 'Loft', 'Dress', 'Hair', 'Boots', 'Jacket', 'Earrings', 'Plant', 'Clock', 'Painting', 'Bookcase', 'Bench', 'Stool', 'Vase', 'Fireplace', 'Window', 'Door', 'Counter', 'Sink', 'Bathtub', 'Crib', 'Wardrobe', 'Sconce', 'Chandelier'];
export const KEYWORDS = ['living room', 'bedroom', 'kitchen', 'outdoor', 'kids', 'toddler', 'maxis match', 'alpha', 'recolor', 'mesh', 'base game', 'cottage living', 'get together', 'seasons', 'wood', 'metal', 'fabric', 'marble', 'glass', 'clutter'];
export const HANDLES = ['Pixel', 'Sim', 'Plumbob', 'Velvet', 'Moon', 'Sugar', 'Cozy', 'Dream', 'Star', 'Peach', 'Maple', 'Ocean', 'Ivy', 'Luna', 'Nova', 'Fern'];
export const HANDLE_ENDS = ['Witch', 'Builder', 'Crafts', 'Designs', 'Studio', 'Realm', 'Works', 'Nest', 'Garden', 'Atelier'];

export const array = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/**
 * The generated data, on top of the demo seed: ids continue after the demo's. Which of 1000 slices
 * a creation falls in decides its state, in the mix of bench/queue-counts.bench.ts (mostly
 * published; drafts, deleted and rejected ones; a few thousand in review).
 */
export function GENERATE_LISTS(rows: number, base: { member: number; submission: number; image: number; legacy: number }, bigCreator: number): string {
  const m0 = base.member;
  const s0 = base.submission;
  const creators = 20_000;
  const bigEvery = Math.max(1, Math.floor(rows / BIG_CREATOR_ROWS));
  return `
insert into members (id, username, email)
  select ${m0} + g, (${array(HANDLES)})[1 + g % ${HANDLES.length}] || (${array(HANDLE_ENDS)})[1 + (g / ${HANDLES.length}) % ${HANDLE_ENDS.length}] || g,
    'bench-' || g || '@corner.test' from generate_series(1, ${creators}) g;
insert into members (id, username, email) values (${bigCreator}, 'Prolific Plumbob', 'prolific@corner.test');
select setval(pg_get_serial_sequence('members', 'id'), ${bigCreator});

insert into submissions (id, member_id, status, model_type, model_id, name, keywords, category_id, publish_at, deleted_at, created_at, updated_at)
select ${s0} + g,
  case when g % ${bigEvery} = 0 then ${bigCreator} else ${m0} + 1 + g % ${creators} end,
  case when r < 60 then 'CREATED' when r < 63 then 'SUBMITTED' when r < 65 then 'TESTING'
       when r < 96 then 'APPROVED' when r < 126 then 'REJECTED' else 'APPROVED' end,
  case when g % 50 = 7 then 'set_item' else (array['item','item','item','set','lot','room','sim','mod'])[1 + g % 8] end,
  ${s0} + g,
  (${array(ADJECTIVES)})[1 + (g * 7) % ${ADJECTIVES.length}] || ' ' || (${array(NOUNS)})[1 + (g / 3) % ${NOUNS.length}]
    || case when g % 3 = 0 then ' ' || (g % 10000) else '' end,
  case when g % 3 = 1 then (${array(KEYWORDS)})[1 + g % ${KEYWORDS.length}] || ', ' || (${array(KEYWORDS)})[1 + (g / 7) % ${KEYWORDS.length}] end,
  (array(select id from categories order by id limit 5))[1 + g % 5],
  case when r < 65 or (r >= 96 and r < 126) then null
       when r < 66 then now() + make_interval(days => 1 + g % 30, secs => g % 86400)
       else now() - make_interval(days => g % 1826, secs => g % 86400) end,
  case when r >= 66 and r < 96 then now() - make_interval(days => g % 365, secs => g % 86400) end,
  now() - make_interval(days => g % 2000, secs => g % 86400), now() - make_interval(days => g % 1000, secs => (g * 13) % 86400)
from (select g, ((g::bigint * 7919) % 1000)::int as r from generate_series(1, ${rows}) g) x;
select setval(pg_get_serial_sequence('submissions', 'id'), ${s0 + rows});

insert into images (id, submission_id, member_id, ord, filename, mimetype, filesize, width, height, sha256, storage_key)
  select ${base.image} + s.id - ${s0}, s.id, s.member_id, 0, 'picture-' || s.id || '.jpg', 'image/jpeg', 180000, 1024, 768,
    md5(s.id::text) || md5(s.id::text), 'bench/' || s.id || '.jpg'
  from submissions s where s.id > ${s0};
select setval(pg_get_serial_sequence('images', 'id'), ${base.image + rows});

insert into tests (submission_id, status, test_result)
  select id, 'OPEN', null from submissions where id > ${s0} and status = 'SUBMITTED' and id % 3 = 0
  union all select id, 'IN_PROGRESS', null from submissions where id > ${s0} and status = 'TESTING'
  union all select id, 'OPEN', null from submissions where id > ${s0} and status = 'APPROVED' and publish_at > now() and id % 2 = 0
  union all select id, 'DONE', 'FAILED' from submissions where id > ${s0} and status = 'TESTING' and id % 4 = 0
  union all select id, 'DONE', 'FAILED' from submissions where id > ${s0} and status = 'SUBMITTED' and id % 5 = 0
  union all select id, 'DONE', 'PASSED' from submissions where id > ${s0} and status = 'APPROVED' and id % 5 = 0;
insert into reports (submission_id, type, deleted_at)
  select id, 'broken', null from submissions where id > ${s0} and status = 'APPROVED' and deleted_at is null and id % 300 = 0
  union all select id, 'broken', now() from submissions where id > ${s0} and status = 'APPROVED' and id % 120 = 0;
insert into update_requests (submission_id, member_id, message, status)
  select id, member_id, 'New version', 'PENDING' from submissions where id > ${s0} and status = 'APPROVED' and deleted_at is null and id % 250 = 0;

insert into legacy.members (id, username)
  select ${m0} + 1 + g, (${array(HANDLES)})[1 + g % ${HANDLES.length}] || 'Legacy' || g
  from generate_series(0, ${creators} - 1) g
  on conflict (id) do nothing;
insert into legacy.items (id, member_id, title, description, game, publish_date, status, is_hidden)
  select ${base.legacy} + g, ${m0} + 1 + g % ${creators},
    (${array(ADJECTIVES)})[1 + (g * 11) % ${ADJECTIVES.length}] || ' ' || (${array(NOUNS)})[1 + (g / 5) % ${NOUNS.length}] || ' ' || g,
    '', 2 + g % 3, now() - make_interval(days => 2000 + g % 3000), case when g % 10 <> 0 then 'published' else 'unpublished' end, g % 50 = 0
  from generate_series(1, ${rows}) g;
`;
}

/** The creation the review page opens: 200 files, 300 images and 5,000 log entries. */
export function GENERATE_REVIEWED(id: number, memberId: number): string {
  return `
insert into files (submission_id, member_id, filename, filesize, mimetype, kind, version, published_version, sha256, storage_key)
  select ${id}, ${memberId}, 'part-' || g || '.package', 100000 + g, 'application/octet-stream', 'sims4-package', 1, 1,
    md5(g::text) || md5(g::text), 'bench/file-' || g
  from generate_series(1, 200) g;
insert into images (submission_id, member_id, ord, filename, mimetype, filesize, width, height, sha256, storage_key)
  select ${id}, ${memberId}, g, 'shot-' || g || '.jpg', 'image/jpeg', 150000, 1024, 768, md5('i' || g) || md5('i' || g), 'bench/shot-' || g
  from generate_series(1, 300) g;
insert into logs (submission_id, member_id, entity, entity_id, action, previous_values, new_values, created_at)
  select ${id}, ${memberId}, 'submission', ${id}, 'update', jsonb_build_object('name', 'Old ' || g), jsonb_build_object('name', 'New ' || g),
    now() - make_interval(mins => g)
  from generate_series(1, 5000) g;
`;
}

interface Answer {
  /** The ids of the rows in order, and the total where the request has one. */
  ids: number[];
  total?: number;
  /** False when `total` is a lower bound (a text search counted up to a bound). */
  exact?: boolean;
}

interface Case {
  label: string;
  kind: 'list' | 'search' | 'review';
  /** The requests the web app sends for this screen (sent together, as the browser does). */
  requests: { operation: string; who: 'admin' | 'creator'; variables: Record<string, unknown> }[];
  /** What the product answered, from the first request's data. */
  read(data: Record<string, any>): Answer;
  /** The same answer from plain SQL (the baseline). */
  plain: string;
  plainParams: unknown[];
  /** Plain SQL with index scans off: the cost of the search before the trigram indexes. */
  scanReference?: boolean;
  /** The product's own statements when the issue was filed (searches): the goal's baseline. */
  before?: Before;
  /**
   * One of the searches the issue timed ("today's figures": a published queue's, every queue's, the
   * content search dialog's), which must be 50× faster than before. The others (a creator's name, a
   * common word, a legacy title) are the bench's own harder cases: held to the p95 goal, their
   * speed-up reported.
   */
  timedByIssue?: boolean;
}

/**
 * What the product ran for a search when issue 19 was filed (`f459665~1`): its statements, with $1
 * the pattern and $2 the caller, sent at once (a page and its count) or one after the other.
 */
interface Before {
  statements: string[];
  concurrent: boolean;
}

interface Timed {
  label: string;
  kind: Case['kind'];
  timedByIssue: boolean;
  product: { p50: number; p95: number };
  plain: { p50: number; p95: number };
  scan?: number;
  before?: number;
  found: number;
  total?: number;
  /** False when the product counted its matches only up to a bound (`total` is then a lower bound). */
  exact?: boolean;
}

interface EngineResult {
  label: string;
  /** The PostgreSQL server, whose figures the goals are for (PGlite's are reported beside them). */
  server: boolean;
  rows: number;
  generateSeconds: number;
  cases: Timed[];
}

const page = (data: Record<string, any>, field: string): Answer => ({
  ids: (data[field].data as { id: number }[]).map((r) => r.id),
  total: data[field].paginatorInfo?.total as number | undefined,
  exact: data[field].paginatorInfo?.totalIsExact as boolean | undefined,
});

/** `where` of a staff queue written by hand, for the plain SQL baselines. */
const LIVE = `s.deleted_at is null and s.model_type <> 'set_item'`;
const PUBLISHED = `${LIVE} and s.status = 'APPROVED' and s.publish_at <= now()`;

/** The content search dialog (5 creations, 5 legacy items) in plain SQL; $1 the pattern, $2 the caller. */
const CONTENT_SEARCH_PLAIN = `select array_cat(
          (select coalesce(array_agg(id), '{}') from (select s.id from submissions s where ${LIVE} and (s.status = 'APPROVED' and s.publish_at <= now() or s.member_id = $2)
            and (s.name ilike $1 or s.keywords ilike $1 or s.member_id in (select m.id from members m where m.username ilike $1)) order by s.publish_at desc, s.id limit 5) a),
          (select coalesce(array_agg(id), '{}') from (select i.id from legacy.items i where i.status = 'published' and i.publish_date <= now() and not i.is_hidden
            and (i.title ilike $1 or i.member_id = any(array(select lm.id from legacy.members lm where lm.username ilike $1)))
            order by i.publish_date desc nulls last, i.id limit 5) b)) as ids`;

/**
 * A staff queue's search as the product ran it when issue 19 was filed (`submission.search.ts` at
 * f459665~1): its page and its count at once, the creator's user name tested by a subquery for each
 * creation.
 */
function beforeQueueSearch(where: string, order: string): Before {
  const text = `(s.name ilike $1 or s.keywords ilike $1 or exists (select 1 from members m where m.id = s.member_id and m.username ilike $1))`;
  return {
    concurrent: true,
    statements: [`select s.* from submissions s where ${where} and ${text} order by ${order} limit 20 offset 0`, `select count(*)::int as n from submissions s where ${where} and ${text}`],
  };
}

/**
 * The content search dialog as the product ran it then (`dependency.service.ts` at f459665~1): five
 * creations, then five legacy items. The legacy items then carried their creator's name; here it is
 * looked up once in `legacy.members` (no cheaper way to ask today's tables).
 */
const BEFORE_CONTENT_SEARCH: Before = {
  concurrent: false,
  statements: [
    `select s.* from submissions s join members m on m.id = s.member_id where ${LIVE} and (s.status = 'APPROVED' and s.publish_at <= now() or s.member_id = $2)
       and (s.name ilike $1 or s.keywords ilike $1 or m.username ilike $1) order by s.publish_at desc, s.id asc limit 5`,
    `select i.* from legacy.items i where i.status = 'published' and i.publish_date <= now() and not i.is_hidden
       and (i.title ilike $1 or i.member_id in (select lm.id from legacy.members lm where lm.username ilike $1)) order by i.publish_date desc, i.id asc limit 5`,
  ],
};

function pagedPlain(where: string, order: string, first: number, pageNo: number, search?: boolean, from = 'submissions s'): string {
  const text = search
    ? ` and (s.name ilike $1 or s.keywords ilike $1 or s.member_id in (select m.id from members m where m.username ilike $1))`
    : '';
  return `with page as (select id from ${from} where ${where}${text} order by ${order} limit ${first} offset ${(pageNo - 1) * first}),
    total as (select count(*)::int as n from ${from} where ${where}${text})
    select (select coalesce(array_agg(id), '{}') from page) as ids, (select n from total) as total`;
}

async function buildCases(prepared: Prepared, rows: number, reviewedId: number, bigCreator: number): Promise<Case[]> {
  const { database } = prepared;
  const one = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params))[0]!;
  // Search phrases taken from the data, as a moderator types them: a name with its number, a rare
  // name in every queue, a creator's user name, and two common words (one in user names too, one in names only).
  const { name: exact } = await one<{ name: string }>(
    `select name from submissions s where ${PUBLISHED} and name ~ ' [0-9]+$' order by id offset ${Math.floor(rows / 300)} limit 1`,
  );
  const { name: rare } = await one<{ name: string }>(`select name from submissions s where ${LIVE} and name ~ ' [0-9]+$' order by id desc offset 7 limit 1`);
  const { username } = await one<{ username: string }>(`select username from members where email like 'bench-%' order by id offset 4242 limit 1`);
  const { title } = await one<{ title: string }>(`select title from legacy.items where status = 'published' and publish_date <= now() and not is_hidden order by id offset 4242 limit 1`);
  const { published } = await one<{ published: number }>(`select count(*)::int as published from submissions s where ${PUBLISHED}`);
  const lastPublishedPage = Math.max(1, Math.ceil(published / 20));
  const deepPage = Math.min(500, lastPublishedPage);
  // The slowest page to reach: the middle, as far from either end as a page can be.
  const middlePage = Math.max(1, Math.ceil(lastPublishedPage / 2));
  const phrase = (s: string) => `%${s.toLowerCase()}%`;
  const queue = (q: string, pageNo: number, search?: string) => ({
    operation: 'StaffQueue',
    who: 'admin' as const,
    variables: { queryParams: { queue: q, first: 20, page: pageNo, ...(search ? { search } : {}) }, countParams: { queue: q } },
  });
  // The archive of the older system (/staff/archived), newest first, as staff page through it.
  const { legacyItems } = await one<{ legacyItems: number }>(`select count(*)::int as "legacyItems" from legacy.items`);
  const archiveLast = Math.max(1, Math.ceil(legacyItems / 20));
  const archiveMiddle = Math.max(1, Math.ceil(archiveLast / 2));
  const archive = (label: string, variables: Record<string, unknown>, where: string, pageNo: number): Case => ({
    label: `archive, ${label}`,
    kind: 'list',
    requests: [{ operation: 'ArchiveSearch', who: 'admin', variables: { first: 20, page: pageNo, ...variables } }],
    read: (d) => ({
      ids: (d.legacyItemsSearch.data as { ID: number }[]).map((r) => r.ID),
      total: d.legacyItemsSearch.paginatorInfo.total as number,
      exact: d.legacyItemsSearch.paginatorInfo.totalIsExact as boolean,
    }),
    plain: pagedPlain(where, 'i.id desc', 20, pageNo, false, 'legacy.items i'),
    plainParams: [],
  });
  const published20 = `s.publish_at desc nulls last, s.id desc`;
  const updated20 = `s.updated_at desc, s.id desc`;
  const cases: Case[] = [
    { label: 'published queue, page 1', kind: 'list', requests: [queue('published', 1)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(PUBLISHED, published20, 20, 1), plainParams: [] },
    { label: `published queue, page ${deepPage}`, kind: 'list', requests: [queue('published', deepPage)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(PUBLISHED, published20, 20, deepPage), plainParams: [] },
    { label: `published queue, middle page (${middlePage}), the deepest from either end`, kind: 'list', requests: [queue('published', middlePage)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(PUBLISHED, published20, 20, middlePage), plainParams: [] },
    { label: `published queue, last page (${lastPublishedPage})`, kind: 'list', requests: [queue('published', lastPublishedPage)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(PUBLISHED, published20, 20, lastPublishedPage), plainParams: [] },
    { label: 'deleted queue, page 1', kind: 'list', requests: [queue('deleted', 1)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(`s.model_type <> 'set_item' and s.deleted_at is not null`, 's.deleted_at desc nulls last, s.id desc', 20, 1), plainParams: [] },
    { label: 'rejected queue, page 1', kind: 'list', requests: [queue('rejected', 1)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(`${LIVE} and s.status = 'REJECTED'`, updated20, 20, 1), plainParams: [] },
    { label: 'waiting queue, page 1', kind: 'list', requests: [queue('waiting', 1)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(`${LIVE} and s.status = 'SUBMITTED' and not exists (select 1 from tests t where t.submission_id = s.id and t.update_request_id is null and t.status in ('OPEN', 'IN_PROGRESS'))`, 's.updated_at asc, s.id asc', 20, 1), plainParams: [] },
    { label: 'all creations, page 1', kind: 'list', requests: [queue('all', 1)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(LIVE, updated20, 20, 1), plainParams: [] },
    { label: `published queue, search "${exact.toLowerCase()}"`, kind: 'search', requests: [queue('published', 1, exact.toLowerCase())], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(PUBLISHED, published20, 20, 1, true), plainParams: [phrase(exact)], scanReference: true, before: beforeQueueSearch(PUBLISHED, published20), timedByIssue: true },
    { label: `every queue, search "${rare}"`, kind: 'search', requests: [queue('all', 1, rare)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(LIVE, updated20, 20, 1, true), plainParams: [phrase(rare)], scanReference: true, before: beforeQueueSearch(LIVE, updated20), timedByIssue: true },
    { label: `every queue, search by creator "${username}"`, kind: 'search', requests: [queue('all', 1, username)], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(LIVE, updated20, 20, 1, true), plainParams: [phrase(username)], scanReference: true, before: beforeQueueSearch(LIVE, updated20) },
    { label: 'every queue, search a common word "velvet"', kind: 'search', requests: [queue('all', 1, 'velvet')], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(LIVE, updated20, 20, 1, true), plainParams: [phrase('velvet')], scanReference: true, before: beforeQueueSearch(LIVE, updated20) },
    { label: 'every queue, search a common word of names only "modern"', kind: 'search', requests: [queue('all', 1, 'modern')], read: (d) => page(d, 'newItemsSearch'), plain: pagedPlain(LIVE, updated20, 20, 1, true), plainParams: [phrase('modern')], scanReference: true, before: beforeQueueSearch(LIVE, updated20) },
    {
      label: `content search dialog, "${exact.toLowerCase()}"`,
      kind: 'search',
      requests: [{ operation: 'SearchSubmissionDependencies', who: 'admin', variables: { phrase: exact.toLowerCase() } }],
      read: (d) => ({ ids: [...d.searchSubmissionDependencies.submissions.map((r: { id: number }) => r.id), ...d.searchSubmissionDependencies.legacy_items.map((r: { ID: number }) => r.ID)] }),
      plain: CONTENT_SEARCH_PLAIN,
      plainParams: [phrase(exact)],
      scanReference: true,
      before: BEFORE_CONTENT_SEARCH,
      timedByIssue: true,
    },
    {
      label: `content search dialog, legacy title "${title.toLowerCase()}"`,
      kind: 'search',
      requests: [{ operation: 'SearchSubmissionDependencies', who: 'admin', variables: { phrase: title.toLowerCase() } }],
      read: (d) => ({ ids: [...d.searchSubmissionDependencies.submissions.map((r: { id: number }) => r.id), ...d.searchSubmissionDependencies.legacy_items.map((r: { ID: number }) => r.ID)] }),
      plain: CONTENT_SEARCH_PLAIN,
      plainParams: [phrase(title)],
      scanReference: true,
      before: BEFORE_CONTENT_SEARCH,
    },
    archive('page 1', {}, 'true', 1),
    archive(`middle page (${archiveMiddle})`, {}, 'true', archiveMiddle),
    archive(`last page (${archiveLast})`, {}, 'true', archiveLast),
    archive('one game, page 1', { game: 3 }, 'i.game = 3', 1),
    { ...archive('a title search of a common word "velvet"', { title: 'velvet' }, 'i.title ilike $1', 1), kind: 'search', plainParams: [phrase('velvet')] },
    ...[1, 100].map(
      (pageNo): Case => ({
        label: `a creator with ${BIG_CREATOR_ROWS.toLocaleString('en')} creations, own list page ${pageNo}`,
        kind: 'list',
        requests: [{ operation: 'MyItems', who: 'creator', variables: { queryParams: { queue: 'all', first: 20, page: pageNo } } }],
        read: (d) => page(d, 'myItemsSearch'),
        plain: pagedPlain(`s.member_id = ${bigCreator} and ${LIVE}`, updated20, 20, pageNo),
        plainParams: [],
      }),
    ),
    {
      label: 'review page: 200 files, 300 images, 5,000 log entries',
      kind: 'review',
      requests: [
        { operation: 'ReviewSubmission', who: 'admin', variables: { id: reviewedId } },
        { operation: 'SubmissionLogs', who: 'admin', variables: { submission_id: reviewedId, first: 15, page: 1 } },
        { operation: 'SubmissionTests', who: 'admin', variables: { submission_id: reviewedId } },
        { operation: 'SubmissionReports', who: 'admin', variables: { submission_id: reviewedId } },
        { operation: 'SubmissionUpdateRequests', who: 'admin', variables: { submission_id: reviewedId } },
        { operation: 'ReviewChecklist', who: 'admin', variables: { model_type: 'item' } },
        queue('published', 1),
      ],
      read: (d) => ({ ids: [...d.submissionProperties.files.map((f: { id: number }) => f.id), ...d.submissionProperties.images.map((i: { id: number }) => i.id)] }),
      plain: `select array_cat((select coalesce(array_agg(id order by id), '{}') from files where submission_id = $1 and deleted_at is null),
          (select coalesce(array_agg(id order by ord, id), '{}') from images where submission_id = $1 and deleted_at is null)) as ids,
        (select count(*)::int from logs where submission_id = $1) as logs,
        (select count(*) from (select * from logs where submission_id = $1 order by created_at desc limit 15) l) as page`,
      plainParams: [reviewedId],
    },
  ];
  return cases;
}

async function measure(prepared: Prepared, rows: number): Promise<EngineResult> {
  const { database } = prepared;
  const started = performance.now();
  const base = await idsAfter(database, { member: 'members', submission: 'submissions', image: 'images', legacy: 'legacy.items' });
  const bigCreator = base.member + 100_000;
  await database.exec(GENERATE_LISTS(rows, base, bigCreator));
  const [reviewed] = await database.query<{ id: number; member_id: number }>(
    `select id, member_id from submissions where id > $1 and status = 'APPROVED' and publish_at < now() and deleted_at is null and model_type = 'item' order by id limit 1`,
    [base.submission],
  );
  await database.exec(GENERATE_REVIEWED(reviewed!.id, reviewed!.member_id));
  await compactQueueCounts(database.db);
  await database.exec('vacuum analyze');
  const generateSeconds = (performance.now() - started) / 1000;
  console.log(`${prepared.label}: generated ${rows.toLocaleString('en')} creations in ${generateSeconds.toFixed(0)} s`);

  const config = { ...prepared.config, RATE_LIMIT_SEARCHES_PER_MINUTE: 0, RATE_LIMIT_UPLOADS_PER_MINUTE: 0, RATE_LIMIT_HEAVY_PER_MINUTE: 0 };
  const tokens = {
    admin: await createSession(database.db, (await database.query<{ id: number }>(`select id from members where email = 'admin@corner.test'`))[0]!.id, 24, { ip: '127.0.0.1', userAgent: 'corner-bench' }),
    creator: await createSession(database.db, bigCreator, 24, { ip: '127.0.0.1', userAgent: 'corner-bench' }),
  };
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
  const hashes = persistedHashes();
  const send = async (request: Case['requests'][number]) => {
    const hash = hashes.get(request.operation);
    assert.ok(hash, `the web app sends ${request.operation}`);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[request.who]}` },
      body: JSON.stringify({ operationName: request.operation, variables: request.variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
    });
    const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
    if (!response.ok || body.errors?.length) throw new Error(`${request.operation}: ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
    return body.data!;
  };

  try {
    const cases = await buildCases(prepared, rows, reviewed!.id, bigCreator);
    const results: Timed[] = [];
    for (const c of cases) {
      const product = async () => (await Promise.all(c.requests.map(send)))[0]!;
      const plain = async () => (await database.query<{ ids: number[]; total?: number; logs?: number }>(c.plain, c.plainParams.length === 1 && c.plain.includes('$2') ? [...c.plainParams, bigCreator] : c.plainParams))[0]!;
      // The same answer from both before anything is timed.
      const answer = c.read(await product());
      const truth = await plain();
      assert.deepEqual(answer.ids, truth.ids.map(Number), `${c.label}: the product's rows differ from plain SQL`);
      if (truth.total !== undefined && truth.total !== null) {
        if (answer.exact === false) assert.ok(answer.total! <= truth.total, `${c.label}: the product counted ${answer.total} as a lower bound, but there are only ${truth.total}`);
        else assert.equal(answer.total, truth.total, `${c.label}: the product's total differs from plain SQL`);
      }
      if (c.kind === 'review') assert.equal(truth.logs, 5000, 'the reviewed creation has its 5,000 log entries');
      const { a: productMs, b: plainMs } = await timeAlternately(product, plain, ITERATIONS, WARMUP);
      let scan: number | undefined;
      if (c.scanReference) {
        // The search before the trigram indexes: the same plain SQL with index scans off, twice.
        const samples: number[] = [];
        for (let i = 0; i < 2; i++) {
          await database.db.transaction(async (tx) => {
            for (const setting of ['enable_indexscan', 'enable_bitmapscan', 'enable_indexonlyscan']) await tx.execute(sql.raw(`set local ${setting} = off`));
            const t = performance.now();
            await tx.execute(sql.raw(inline(c.plain, [c.plainParams[0], bigCreator])));
            samples.push(performance.now() - t);
          });
        }
        scan = Math.min(...samples);
      }
      let before: number | undefined;
      if (c.before) {
        // The product's statements of the issue's day, with bitmap scans off: the trigram indexes
        // (read only through bitmaps) are out of their reach, as they did not exist. The faster of two.
        const { statements, concurrent } = c.before;
        const params = [c.plainParams[0], bigCreator];
        const run = (text: string) =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql.raw('set local enable_bitmapscan = off'));
            await tx.execute(sql.raw(inline(text, params)));
          });
        const samples: number[] = [];
        for (let i = 0; i < 2; i++) {
          const t = performance.now();
          if (concurrent) await Promise.all(statements.map(run));
          else for (const text of statements) await run(text);
          samples.push(performance.now() - t);
        }
        before = Math.min(...samples);
      }
      const timed: Timed = {
        label: c.label,
        kind: c.kind,
        timedByIssue: c.timedByIssue === true,
        product: sampleStats(productMs),
        plain: sampleStats(plainMs),
        scan,
        before,
        found: answer.ids.length,
        total: answer.total,
        exact: answer.exact,
      };
      console.log(
        `  ${c.label}: product p95 ${timed.product.p95.toFixed(1)} ms, plain SQL p95 ${timed.plain.p95.toFixed(1)} ms${scan ? `, scan ${scan.toFixed(0)} ms` : ''}${before ? `, before ${before.toFixed(0)} ms` : ''}`,
      );
      results.push(timed);
    }
    const [{ version } = { version: '?' }] = await database.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
    return { label: `${prepared.label} (PostgreSQL ${version})`, server: prepared.database.kind === 'postgres', rows, generateSeconds, cases: results };
  } finally {
    await app.close();
  }
}

/** A statement with its $1 (a text) and $2 (a number) written in, for `set local` in one transaction. */
function inline(text: string, [pattern, caller]: unknown[]): string {
  return text.replaceAll('$2', String(Number(caller))).replaceAll('$1', `'${String(pattern).replaceAll("'", "''")}'`);
}

/** The same bench on the code before the queue order indexes (migration 0008), for the record. */
const BEFORE =
  'Before the queue order indexes and the page method of `submission.search.ts` (this bench on 2026-11-25, PostgreSQL server, ' +
  '1M creations, medians): published page 1 519 ms, page 500 696 ms, last page 1,725 ms, deleted 145 ms, rejected 150 ms, all creations ' +
  '703 ms. The issue measured, before the trigram indexes: published page 1 2,419 ms, published with a search 5,756 ms, every queue ' +
  'with a search 13,878 ms, the content search dialog 3,977 ms.';

/**
 * The goal of a row. Issue 19 sets its goals for the PostgreSQL server at a million creations; "the
 * same bench at 100k rows on PGlite reports its figures beside them", so PGlite's rows have none.
 */
function goalOf(t: Timed, engine: EngineResult): { met: boolean; text: string } {
  if (!engine.server) return { met: true, text: 'reported' };
  if (t.kind === 'review') return { met: t.product.p95 <= GOAL_REVIEW_MS, text: `≤ ${GOAL_REVIEW_MS} ms` };
  if (t.kind === 'search' && t.timedByIssue) {
    // The issue's "today's figures" are medians (of 5 calls): the speed-up compares medians.
    const speedup = t.before ? t.before / t.product.p50 : 0;
    return { met: t.product.p95 <= GOAL_LIST_MS && speedup >= GOAL_SEARCH_SPEEDUP, text: `p95 ≤ ${GOAL_LIST_MS} ms, ≥ ${GOAL_SEARCH_SPEEDUP}× before` };
  }
  if (t.kind === 'search') return { met: t.product.p95 <= GOAL_LIST_MS, text: `p95 ≤ ${GOAL_LIST_MS} ms (speed-up reported)` };
  return { met: t.product.p95 <= GOAL_LIST_MS, text: `≤ ${GOAL_LIST_MS} ms` };
}

export const bench: Bench = {
  name: 'Lists and searches at a million creations',
  async run() {
    const engines: (EngineResult | string)[] = [];
    const pg = await preparePostgres();
    if (typeof pg === 'string') engines.push(`PostgreSQL server: skipped (${pg})`);
    else {
      try {
        engines.push(await measure(pg, PG_ROWS));
      } catch (error) {
        engines.push(`PostgreSQL server: failed (${describeError(error)})`);
        console.error(error);
      } finally {
        await pg.cleanup();
      }
    }
    if (PGLITE_ROWS > 0) {
      const lite = await preparePglite();
      try {
        engines.push(await measure(lite, PGLITE_ROWS));
      } catch (error) {
        engines.push(`PGlite: failed (${describeError(error)})`);
        console.error(error);
      } finally {
        await lite.cleanup();
      }
    }

    const ms = (n: number) => n.toFixed(1);
    const head = ['request', 'product p50 ms', 'product p95 ms', 'plain SQL p95 ms', 'plain ÷ product', 'before ms', 'before ÷ product p50', 'scan ms', 'scan ÷ product p95', 'goal', 'met'];
    const sections: string[] = [];
    const texts: string[] = [];
    let allMet = true;
    for (const engine of engines) {
      if (typeof engine === 'string') {
        sections.push(engine);
        texts.push(engine);
        allMet = false;
        continue;
      }
      const tableRows = engine.cases.map((t) => {
        const goal = goalOf(t, engine);
        allMet &&= goal.met;
        return [
          `${t.label} (${t.found} rows${t.total !== undefined ? ` of ${t.exact === false ? 'more than ' : ''}${(t.exact === false ? t.total - 1 : t.total).toLocaleString('en')}` : ''})`,
          ms(t.product.p50),
          ms(t.product.p95),
          ms(t.plain.p95),
          `${(t.plain.p95 / t.product.p95).toFixed(1)}×`,
          t.before ? t.before.toFixed(0) : '',
          t.before ? `${(t.before / t.product.p50).toFixed(0)}×` : '',
          t.scan ? t.scan.toFixed(0) : '',
          t.scan ? `${(t.scan / t.product.p95).toFixed(0)}×` : '',
          goal.text,
          engine.server ? (goal.met ? 'yes' : '**no**') : '',
        ];
      });
      const intro = `**${engine.label}**, ${engine.rows.toLocaleString('en')} creations and as many legacy items (generated in ${engine.generateSeconds.toFixed(0)} s):`;
      sections.push([intro, '', markdownTable(head, tableRows)].join('\n'));
      texts.push([intro.replace(/\*\*/g, ''), textTable(head, tableRows.map((r) => r.map((c) => c.replace(/\*\*/g, ''))))].join('\n'));
    }
    const missed = engines.flatMap((e) => (typeof e === 'string' ? [] : e.cases.filter((t) => !goalOf(t, e).met).map((t) => `${t.label} (${e.label.split(' (')[0]})`)));
    const verdict =
      `Goals, on the PostgreSQL server at a million creations (p95 ≤ ${GOAL_LIST_MS} ms for every list page and search, ≤ ${GOAL_REVIEW_MS} ms for the review page, the searches the issue timed ≥ ${GOAL_SEARCH_SPEEDUP}× faster than before; PGlite's figures are reported beside them): ` +
      `**${allMet ? 'met' : 'not all met'}**${missed.length ? `. Missed: ${missed.join('; ')}.` : '.'}`;
    const markdown = [
      '## Lists and searches at a million creations (`bench/lists.bench.ts`)',
      '',
      'Each screen as the web app asks for it (its persisted documents, over HTTP, as the demo Admin or the creator), against plain SQL for the same page ' +
        '(`count(*)` for the total, `offset` for the page) as the baseline, timed alternately after a check that both give the same rows and total. ' +
        'The "before" column is the goal\'s baseline, issue 19\'s "today\'s figures" measured in the same run: the statements the product itself ran for each ' +
        'search when the issue was filed (`submission.search.ts` and `dependency.service.ts` at f459665~1, a page and its count at once, the creator tested ' +
        'by a subquery per creation), with bitmap scans off so that the trigram indexes, which did not exist then, stay unused; the faster of two runs. ' +
        'Since then the queue order indexes (migration 0008) exist, which that baseline may use: it is a lower bound of what the product cost then ' +
        '(the issue measured 5,756 ms for a published search, 13,878 ms for every queue, 3,977 ms for the content search dialog, on its machine, over HTTP). ' +
        'The issue\'s figures are medians of 5 calls, so "before ÷ product p50" compares medians; the p95 goal is separate. ' +
        'The 50× goal is for the searches the issue timed (a published queue\'s, every queue\'s and the content search dialog\'s, each a name with its number); ' +
        'the bench\'s own harder searches (a creator\'s user name, two common words, a legacy title), which had no figure of the issue\'s day, are held to the p95 goal and their speed-up is reported. ' +
        'The "scan" column is a stricter reference, reported and not a goal: the plain SQL above with every index scan off (what a hand-written query ' +
        `costs without the trigram indexes), the faster of two runs. ${ITERATIONS} calls each. ` +
        'A text search matching more than 1,000 creations is counted up to there (the total says "more than 1,000"; docs/decisions.md, "Counting a search\'s matches"). ' +
        'The review page is every request the page sends on opening, sent together.',
      '',
      BEFORE,
      '',
      ...sections.flatMap((s) => [s, '']),
      verdict,
    ].join('\n');
    return { markdown, text: [...texts, verdict.replace(/\*\*/g, '')].join('\n\n') };
  },
};
