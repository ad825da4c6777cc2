// The automatic checks and the possible-copies lookup of issue 15, each against a baseline of the same run.
//
//   1. Checks: a Sims 4 item with BENCH_CHECKS_FILES files (default 50: packages and one script mod)
//      whose packages hold BENCH_CHECKS_OBJECTS catalog objects in all (default 5,000), each with an
//      English name and a thumbnail, and BENCH_CHECKS_IMAGES pictures (default 10). The packages are
//      built in code, stored, and read by the inspection job (its worker thread), so the stored
//      inspections are the product's own. Then its creator asks the checks over HTTP as the web app
//      does (`submissionProperties { ...AutomaticChecks }`, the web app's fragment), against the same
//      request without the checks (`submissionProperties { id name }`: HTTP, the token, GraphQL and
//      the creation's row). BENCH_CHECKS_RUNS requests each (default 50), alternately, one at a
//      time, on PGlite and on the PostgreSQL server. Goal: checks p95 ≤ 200 ms.
//   2. Possible copies (`duplicatesOf`) on the PostgreSQL server, in a database of its own
//      (BENCH_CHECKS_DATABASE, default `bench_checks`, migrated and seeded as bench/databases.ts does,
//      dropped at the end) filled by generate_series: BENCH_CHECKS_STORED live files with distinct
//      sha256 (default 1,000,000), each read as a package defining one object id (as many
//      object_guids rows) and, for a third, two CAS parts, over creations of 5 files by 20,000
//      members. BENCH_CHECKS_LOOKUPS creations (default 300), every other one holding a copy of
//      another member's package and a typed object id of another member's, are looked up once each
//      against a trivial indexed select (one creation's row by id), alternately. Goal: p95 ≤ 10 ms.
//      Before timing, every answer is checked against what the data holds, and each statement the
//      lookup sends is explained (EXPLAIN ANALYZE) to show which index it uses.
//      The planner takes no statistics from the expression of a partial index (the GIN index on CAS
//      parts); when the migrations give that expression none of its own, the bench creates them ad hoc
//      (for the run only) and times again.
// The checks on the PostgreSQL server run in the same database, after the million rows are there.
// BENCH_CHECKS_DATABASE, BENCH_CHECKS_PORT (default 3751) and BENCH_CHECKS_KEEP_DATABASE=1 (leave the
// database for a look at its plans; the next run drops it) change where it runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { PERSISTED_OPERATIONS_FILE } from '../apps/server/src/http/persisted-operations';
import { fileInspections, files, images, newItems, submissions } from '../apps/server/src/db/schema/index';
import { duplicatesOf, type DuplicateMatch } from '../apps/server/src/modules/check/duplicate.service';
import { catalogHead, sampleJpeg, writePackage, writeStbl, writeZipArchive, type FixtureResource } from '../apps/server/src/modules/game-file/fixture-writers';
import { READER_VERSION } from '../apps/server/src/modules/game-file/inspect.reader';
import { inspectPendingFiles } from '../apps/server/src/modules/game-file/inspection.service';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { storeDemoFiles } from '../apps/server/src/seed/files';
import { LocalDiskStorage } from '../apps/server/src/storage/local-disk';
import { buildMember } from '../apps/server/src/test/factories';
import { describeError, idsAfter, preparePglite, preparePostgres, type Prepared } from './databases';
import { markdownTable, sampleStats, timeAlternately, type Bench } from './harness';

const FILES = Number(process.env.BENCH_CHECKS_FILES ?? 50);
const OBJECTS = Number(process.env.BENCH_CHECKS_OBJECTS ?? 5000);
const IMAGES = Number(process.env.BENCH_CHECKS_IMAGES ?? 10);
const RUNS = Number(process.env.BENCH_CHECKS_RUNS ?? 50);
const STORED = Number(process.env.BENCH_CHECKS_STORED ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_CHECKS_LOOKUPS ?? 300);
const DATABASE = process.env.BENCH_CHECKS_DATABASE ?? 'bench_checks';
/** The app listens here (the benches' range of ports). */
const PORT = Number(process.env.BENCH_CHECKS_PORT ?? 3751);
const WARMUP = 5;
const GOAL_CHECKS_MS = 200;
const GOAL_LOOKUP_MS = 10;
/** Files and object ids per generated creation. */
const PER_CREATION = 5;
const MEMBERS = 20_000;

const T = { COBJ: 0x319e4f1d, OBJD: 0xc0db5ae7, STBL: 0x220557da, THUMB: 0x3c1af1f2 };
const log = { error: (obj: unknown, msg?: string) => console.error(msg, obj), warn: () => {}, info: () => {}, debug: () => {} } as never;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => fmt(n, n < 10 ? 2 : 1);
const load = () => fmt(os.loadavg()[0] ?? 0, 1);

/** An object definition as the game writes its frame (version 2, the property table right after), with no properties. */
function objectDefinition(): Uint8Array {
  const bytes = new Uint8Array(64);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 2, true);
  view.setUint32(2, 6, true);
  return bytes;
}

/** A package of `count` catalog objects from number `first`: each a catalog entry, an object definition, a thumbnail and its two texts. */
function catalogPackage(fileNo: number, first: number, count: number, thumbnail: Uint8Array): Uint8Array {
  const resources: FixtureResource[] = [];
  const texts: { key: number; text: string }[] = [];
  for (let n = first; n < first + count; n += 1) {
    const id = 0x0b3c_0000_0000_0000n | BigInt(n + 1);
    const nameKey = 0x1000_0000 + n * 2;
    resources.push({ type: T.COBJ, group: 0, instance: id, data: catalogHead(nameKey, nameKey + 1, 100 + (n % 900)) });
    resources.push({ type: T.OBJD, group: 0, instance: id, data: objectDefinition() });
    resources.push({ type: T.THUMB, group: 0, instance: id, data: thumbnail });
    texts.push({ key: nameKey, text: `Velvet Armchair ${n + 1}` }, { key: nameKey + 1, text: `A velvet armchair in swatch ${n + 1}, for reading corners.` });
  }
  // The English string table (locale 00 in the instance's top byte), compressed as the game's tools write it.
  resources.push({ type: T.STBL, group: 0, instance: BigInt(fileNo + 1), data: writeStbl(texts), compression: 'zlib' });
  return writePackage(resources);
}

/** The creation whose checks are timed: a Sims 4 item with its files stored and read, and its pictures. */
async function buildCheckedCreation(database: Database, config: Config): Promise<{ id: number; memberId: number; objects: number }> {
  const db = database.db;
  const member = await buildMember(db, { username: `Bench checks creator ${process.pid}` });
  const [item] = await db.insert(newItems).values({}).returning({ id: newItems.id });
  const [creation] = await db
    .insert(submissions)
    .values({ member_id: member.id, model_type: 'item', model_id: item!.id, name: 'Velvet Armchair Collection', description: 'Every swatch of the velvet armchair.' })
    .returning({ id: submissions.id });
  const id = creation!.id;

  const thumbnail = await sampleJpeg(104, 148);
  const packages = FILES > 1 ? FILES - 1 : FILES;
  const made: { filename: string; bytes: Uint8Array }[] = [];
  let next = 0;
  for (let p = 0; p < packages; p += 1) {
    const count = Math.floor(OBJECTS / packages) + (p < OBJECTS % packages ? 1 : 0);
    made.push({ filename: `VelvetArmchair_${String(p + 1).padStart(2, '0')}.package`, bytes: catalogPackage(p, next, count, thumbnail) });
    next += count;
  }
  if (FILES > 1) made.push({ filename: 'VelvetArmchair_Swatches.ts4script', bytes: writeZipArchive([{ name: 'velvet_armchair/__init__.pyc', data: new Uint8Array([0x55, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0]) }]) });
  await storeDemoFiles(db, new LocalDiskStorage(config.filesDir), { submissionId: id, memberId: member.id }, made);
  await db.insert(images).values(
    Array.from({ length: IMAGES }, (_, ord) => ({
      submission_id: id,
      member_id: member.id,
      ord,
      filename: `armchair-${ord + 1}.jpg`,
      mimetype: 'image/jpeg',
      filesize: 180_000,
      width: 1024,
      height: 768,
      sha256: `${ord}`.padStart(64, 'a'),
      storage_key: `bench/armchair-${ord + 1}.jpg`,
    })),
  );

  // The inspection job reads every package (in its worker thread) and stores what it found.
  await inspectPendingFiles({ database, config, log }, { limit: FILES + 100 });
  const hashes = (await db.select({ sha256: files.sha256 }).from(files).where(eq(files.submission_id, id))).map((f) => f.sha256);
  const read = await db.select({ status: fileInspections.status }).from(fileInspections).where(inArray(fileInspections.sha256, hashes));
  assert.equal(read.filter((r) => r.status === 'read').length, FILES, 'the inspection job read every file of the creation');
  return { id, memberId: member.id, objects: next };
}

interface ChecksResult {
  label: string;
  load: string;
  checks: { p50: number; p95: number };
  baseline: { p50: number; p95: number };
  select: { p50: number; p95: number };
  bytes: number;
  outcomes: string;
  objects: number;
  /** The possible copies of the same creation (its 50 hashes and 5,000 object ids), PostgreSQL server only. */
  duplicates?: { p50: number; p95: number; matches: number };
}

/** Times the checks of the built creation over HTTP, against the same request without them. */
async function measureChecks(prepared: Prepared, config: Config, label: string): Promise<ChecksResult> {
  const { database } = prepared;
  const creation = await buildCheckedCreation(database, config);
  const token = await createSession(database.db, creation.memberId, 24, { ip: '127.0.0.1', userAgent: 'corner-bench' });
  const app = await buildApp({ config: { ...config, RATE_LIMIT_SEARCHES_PER_MINUTE: 0, RATE_LIMIT_UPLOADS_PER_MINUTE: 0, RATE_LIMIT_HEAVY_PER_MINUTE: 0 }, database, serveWeb: false, logger: false });
  await app.listen({ host: '127.0.0.1', port: PORT });
  try {
    // The fragment exactly as the web app sends it (step 5 and the review page), from its persisted documents.
    const documents = Object.values(JSON.parse(fs.readFileSync(PERSISTED_OPERATIONS_FILE, 'utf8')) as Record<string, string>);
    const fragment = documents.map((d) => /fragment AutomaticChecks on SubmissionProperties \{[\s\S]*?\n\}/.exec(d)?.[0]).find(Boolean);
    assert.ok(fragment, 'the web app asks the checks through its AutomaticChecks fragment');
    const checksDocument = `query BenchChecks($id: Int!) { submissionProperties(id: $id) { id ...AutomaticChecks } }\n${fragment}`;
    const baselineDocument = `query BenchCreation($id: Int!) { submissionProperties(id: $id) { id name } }`;
    let bytes = 0;
    const send = async (query: string) => {
      const response = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables: { id: creation.id } }),
      });
      const text = await response.text();
      const body = JSON.parse(text) as { data?: { submissionProperties: { automatic_checks?: { id: string; outcome: string; message: string }[] } }; errors?: unknown[] };
      if (!response.ok || body.errors?.length) throw new Error(`${response.status} ${text.slice(0, 300)}`);
      bytes = text.length;
      return body.data!.submissionProperties;
    };

    // The answer is what the creation holds before anything is timed.
    const checks = (await send(checksDocument)).automatic_checks!;
    const byId = new Map(checks.map((c) => [c.id, c]));
    for (const id of ['gameFiles', 'gameMatches', 'catalogNames', 'catalogThumbnails', 'imageSize']) assert.equal(byId.get(id)?.outcome, 'pass', `${id}: ${byId.get(id)?.message}`);
    assert.match(byId.get('catalogNames')!.message, new RegExp(`\\(${creation.objects}\\)`), 'the checks saw every catalog object');
    const checksBytes = bytes;

    const timingLoad = load();
    const { a: checksMs, b: baselineMs } = await timeAlternately(() => send(checksDocument), () => send(baselineDocument), RUNS, WARMUP);
    const selectMs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await database.db.select().from(submissions).where(eq(submissions.id, creation.id));
      selectMs.push(performance.now() - t);
    }
    let duplicates: ChecksResult['duplicates'];
    if (database.kind === 'postgres') {
      const [row] = await database.db.select().from(submissions).where(eq(submissions.id, creation.id));
      const samples: number[] = [];
      let matches = 0;
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const t = performance.now();
        matches = (await duplicatesOf(database.db, row!)).length;
        if (i >= WARMUP) samples.push(performance.now() - t);
      }
      duplicates = { ...sampleStats(samples), matches };
    }
    return {
      label,
      load: timingLoad,
      checks: sampleStats(checksMs),
      baseline: sampleStats(baselineMs),
      select: sampleStats(selectMs),
      bytes: checksBytes,
      outcomes: checks.map((c) => `${c.id} ${c.outcome}`).join(', '),
      objects: creation.objects,
      ...(duplicates ? { duplicates } : {}),
    };
  } finally {
    await app.close();
  }
}

/** A 16-digit id from a number, scattered (an odd multiplier modulo 2^60 is a bijection, so ids stay distinct). */
const scatteredId = (n: string) => `lpad(to_hex((${n})::bigint * 2654435761 % 1152921504606846976), 16, '0')`;
const contentHash = (n: string) => `encode(sha256(('bench-content-' || (${n}))::bytea), 'hex')`;

/**
 * The stored million: members, creations of PER_CREATION files each (every 50th creation deleted,
 * every 97th file deleted), each file's content read as a package defining one object id (its
 * object_guids row) and, for every third file, two CAS parts. Ids continue after the demo's.
 */
export function GENERATE_STORED(stored: number, base: { member: number; submission: number; file: number }): string {
  const { member: m0, submission: s0, file: f0 } = base;
  const creations = Math.ceil(stored / PER_CREATION);
  const creationOf = (g: string) => `(((${g}) - 1) / ${PER_CREATION} + 1)`;
  return `
insert into members (id, username, email)
  select ${m0} + g, 'Checks creator ' || g, 'checks-' || g || '@corner.test' from generate_series(1, ${MEMBERS}) g;
select setval(pg_get_serial_sequence('members', 'id'), ${m0 + MEMBERS});

insert into submissions (id, member_id, status, model_type, model_id, name, publish_at, deleted_at)
  select ${s0} + c, ${m0} + 1 + c % ${MEMBERS}, case when c % 10 < 8 then 'APPROVED' else 'CREATED' end, 'item', ${s0} + c,
    'Stored creation ' || c, case when c % 10 < 8 then now() - make_interval(days => c % 1500) end, case when c % 50 = 0 then now() end
  from generate_series(1, ${creations}) c;
select setval(pg_get_serial_sequence('submissions', 'id'), ${s0 + creations});

insert into files (id, submission_id, member_id, filename, filesize, mimetype, kind, version, published_version, sha256, storage_key, deleted_at)
  select ${f0} + g, ${s0} + ${creationOf('g')}, ${m0} + 1 + ${creationOf('g')} % ${MEMBERS}, 'part-' || g || '.package', 100000 + g % 5000,
    'application/octet-stream', 'sims4-package', 1, 1, ${contentHash('g')}, 'bench/' || g, case when g % 97 = 0 then now() end
  from generate_series(1, ${stored}) g;
select setval(pg_get_serial_sequence('files', 'id'), ${f0 + stored});

insert into file_inspections (sha256, format, status, result, reader_version, duration_ms)
  select ${contentHash('g')}, 'package', 'read',
    jsonb_build_object(
      'objectDefinitionIds', jsonb_build_array(${scatteredId('g')}),
      'objects', jsonb_build_array(jsonb_build_object('id', ${scatteredId('g')}, 'name', 'Stored object ' || g, 'description', null, 'price', 100)),
      'thumbnails', '[]'::jsonb,
      'casPartIds', case when g % 3 = 0 then jsonb_build_array(${scatteredId(`2 * g + ${2 * stored}`)}, ${scatteredId(`2 * g + ${2 * stored} + 1`)}) else '[]'::jsonb end),
    ${READER_VERSION}, 5
  from generate_series(1, ${stored}) g;

insert into object_guids (submission_id, file_id, object_guid)
  select ${s0} + ${creationOf('g')}, ${f0} + g, ${scatteredId('g')} from generate_series(1, ${stored}) g;
`;
}

interface Probe {
  creation: number;
  /** The file (its number g) another member's creation copies from, and the creation a typed id is copied from; null for a creation with nothing copied. */
  copies: { file: number; typedFrom: number } | null;
}

/** The looked-up creations, spread over the data; every other one copies a package (with CAS parts) and a typed id of other members' creations. */
function probes(stored: number, count: number): Probe[] {
  const creations = Math.ceil(stored / PER_CREATION);
  const step = Math.max(50, Math.floor(creations / count / 50) * 50);
  const out: Probe[] = [];
  // A small run looks fewer creations up: one in 50 at most.
  for (let k = 0; k < Math.min(count, Math.floor((creations - 13) / step) + 1); k += 1) {
    // c % 50 = 10: never a deleted creation, nor its next two (deleted ones are c % 50 = 0).
    const c = 10 + k * step;
    if (k % 2 === 1) {
      out.push({ creation: c, copies: null });
      continue;
    }
    // A live file of the next creation (another member's) that defines CAS parts (g % 3 = 0).
    const first = c * PER_CREATION + 1;
    const file = Array.from({ length: PER_CREATION }, (_, i) => first + i).find((g) => g % 3 === 0 && g % 97 !== 0);
    out.push({ creation: c, copies: file === undefined || c + 2 > creations ? null : { file, typedFrom: c + 2 } });
  }
  return out;
}

/** The copies of the probes: a file with another member's content (and the object id it defines, as the inspection gives it), and a typed object id. */
function GENERATE_COPIES(list: Probe[], base: { member: number; submission: number; file: number }, stored: number): string {
  const { member: m0, submission: s0, file: f0 } = base;
  const copying = list.filter((p) => p.copies);
  if (copying.length === 0) return '';
  const values = copying.map((p, i) => `(${p.creation}, ${p.copies!.file}, ${p.copies!.typedFrom}, ${f0 + stored + i + 1})`).join(', ');
  return `
create temporary table bench_copies (creation int, file int, typed_from int, copy_id int) on commit drop;
insert into bench_copies values ${values};
insert into files (id, submission_id, member_id, filename, filesize, mimetype, kind, version, published_version, sha256, storage_key)
  select copy_id, ${s0} + creation, ${m0} + 1 + creation % ${MEMBERS}, 'my-copy-' || file || '.package', 100000, 'application/octet-stream',
    'sims4-package', 1, 1, ${contentHash('file')}, 'bench/copy-' || file
  from bench_copies;
select setval(pg_get_serial_sequence('files', 'id'), ${f0 + stored + copying.length});
insert into object_guids (submission_id, file_id, object_guid)
  select ${s0} + creation, copy_id, ${scatteredId('file')} from bench_copies
  union all select ${s0} + creation, null, ${scatteredId(`(typed_from - 1) * ${PER_CREATION} + 1`)} from bench_copies;
`;
}

interface PlanLine {
  statement: string;
  access: string;
  ms: number;
}

/** The statements one lookup sends, each explained with EXPLAIN ANALYZE on the same parameters: which scans and indexes. */
async function explainLookup(url: string, row: typeof submissions.$inferSelect): Promise<PlanLine[]> {
  const statements: { sql: string; params: unknown[] }[] = [];
  const traced = await openDatabase({ url, poolSize: 1, onQuery: (sql, params) => statements.push({ sql, params }) });
  try {
    await duplicatesOf(traced.db, row);
    const out: PlanLine[] = [];
    for (const s of [...statements]) {
      const [explained] = await traced.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(`explain (analyze, format json) ${s.sql}`, s.params);
      const plan = explained!['QUERY PLAN'];
      const scans: string[] = [];
      const walk = (node: PlanNode) => {
        if (node['Node Type'].startsWith('Gather')) scans.push(`${node['Node Type']} (${node['Workers Launched'] ?? 0} parallel workers)`);
        if (node['Relation Name'] || node['Index Name']) {
          // What the planner expected of an index against what it found: a wrong guess is what makes a plan go astray.
          const rows = node['Index Name'] ? ` (estimated ${fmt(node['Plan Rows'])} rows, found ${fmt(node['Actual Rows'] * node['Actual Loops'])})` : '';
          scans.push(`${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${rows}`);
        }
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan[0]!.Plan);
      out.push({ statement: describeStatement(s.sql), access: [...new Set(scans)].join('; ') || 'no table', ms: plan[0]!['Execution Time'] });
    }
    return out;
  } finally {
    await traced.close();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Workers Launched'?: number;
  Plans?: PlanNode[];
}

/** A short name for a statement of the lookup, from its SQL. */
function describeStatement(text: string): string {
  const from = /\bfrom\s+"?(\w+)"?/i.exec(text)?.[1] ?? '?';
  if (/casPartIds'\) \?\|/.test(text)) return 'creations defining the CAS parts (GIN ?|)';
  if (/jsonb_array_elements_text/.test(text)) return "this creation's CAS parts (its inspections)";
  if (from === 'files' && /inner join "submissions"/i.test(text)) return "other members' files with the same sha256";
  if (from === 'files') return "this creation's live files";
  if (from === 'object_guids' && /inner join/i.test(text)) return "other members' creations defining its object ids";
  if (from === 'object_guids') return "this creation's object ids";
  if (from === 'submissions') return 'the creations found';
  return from;
}

interface LookupTiming {
  /** As migrated, or with what the bench added. */
  variant: string;
  load: string;
  product: { p50: number; p95: number; mean: number };
  select: { p50: number; p95: number; mean: number };
  plans: PlanLine[];
}

interface LookupResult {
  label: string;
  stored: { files: number; hashes: number; objectIds: number; inspections: number; casParts: number; creations: number };
  generateSeconds: number;
  lookups: number;
  copying: number;
  timings: LookupTiming[];
  /** Whether the migrations gave the planner statistics on the CAS parts' expression. */
  hasStatistics: boolean;
}

/** The lookups on the generated million, checked against the data, explained, then timed. */
async function measureLookups(prepared: Prepared): Promise<{ lookups: LookupResult; base: { member: number; submission: number; file: number } }> {
  const { database } = prepared;
  const started = performance.now();
  const base = await idsAfter(database, { member: 'members', submission: 'submissions', file: 'files' });
  await database.exec(GENERATE_STORED(STORED, base));
  const list = probes(STORED, LOOKUPS);
  const copies = GENERATE_COPIES(list, base, STORED);
  if (copies) await database.exec(`begin; ${copies} commit;`);
  await database.exec('vacuum analyze');
  const generateSeconds = (performance.now() - started) / 1000;
  const [stored] = await database.query<LookupResult['stored']>(
    `select (select count(*) from files where deleted_at is null)::int as files, (select count(distinct sha256) from files)::int as hashes,
            (select count(*) from object_guids)::int as "objectIds", (select count(*) from file_inspections)::int as inspections,
            (select count(*) from file_inspections where jsonb_array_length(result -> 'casPartIds') > 0)::int * 2 as "casParts",
            (select count(*) from submissions)::int as creations`,
  );
  console.log(`${prepared.label}: generated in ${generateSeconds.toFixed(0)} s:`, stored);

  const ids = list.map((p) => base.submission + p.creation);
  const rowsById = new Map((await database.db.select().from(submissions).where(inArray(submissions.id, ids))).map((r) => [r.id, r] as const));
  const rows = ids.map((id) => rowsById.get(id)!);
  // Each answer is what the data holds: nothing for a creation that copies nothing; for a copy, the
  // file, its object id and the typed one, and its two CAS parts, each with the other member's creation.
  for (const [i, p] of list.entries()) {
    const found = await duplicatesOf(database.db, rows[i]!);
    if (!p.copies) {
      assert.deepEqual(found, [], `creation ${ids[i]} copies nothing`);
      continue;
    }
    const source = base.submission + Math.floor((p.copies.file - 1) / PER_CREATION) + 1;
    const typed = base.submission + p.copies.typedFrom;
    const tally = (kind: DuplicateMatch['kind']) => found.filter((m) => m.kind === kind).map((m) => m.other?.id);
    assert.deepEqual(tally('file'), [source], `creation ${ids[i]}: the copied file`);
    assert.deepEqual(tally('object').sort(), [source, typed].sort(), `creation ${ids[i]}: the copied and the typed object id`);
    assert.deepEqual(tally('cas_part'), [source, source], `creation ${ids[i]}: the copied CAS parts`);
  }

  const probe = rows[Math.max(0, list.findIndex((p) => p.copies))]!;
  const timed = async (variant: string): Promise<LookupTiming> => {
    const plans = await explainLookup(prepared.config.DATABASE_URL!, probe);
    let a = 0;
    let b = 0;
    const timingLoad = load();
    const { a: productMs, b: selectMs } = await timeAlternately(
      () => duplicatesOf(database.db, rows[a++ % rows.length]!),
      () => database.db.select().from(submissions).where(eq(submissions.id, ids[b++ % ids.length]!)),
      rows.length,
      Math.min(20, rows.length),
    );
    return { variant, load: timingLoad, product: sampleStats(productMs), select: sampleStats(selectMs), plans };
  };
  const timings = [await timed('as migrated')];
  // The planner takes no statistics from a partial index's expression, so without statistics of
  // their own on `result -> 'casPartIds'` it guesses that 1 % of the inspections match a CAS part id.
  // When the migrations give it none, the bench adds them here, for this run only, and times again.
  const [{ has } = { has: false }] = await database.query<{ has: boolean }>(CAS_PART_STATISTICS_EXIST);
  if (!has) {
    await database.exec(`create statistics ${AD_HOC_STATISTICS} on ((result -> 'casPartIds')) from file_inspections; analyze file_inspections`);
    timings.push(await timed(`with statistics on \`file_inspections (result -> 'casPartIds')\` created ad hoc by the bench (not in the migrations)`));
  }
  return {
    base,
    lookups: {
      label: prepared.label,
      stored: stored!,
      generateSeconds,
      lookups: rows.length,
      copying: list.filter((p) => p.copies).length,
      timings,
      hasStatistics: has,
    },
  };
}

const AD_HOC_STATISTICS = 'bench_checks_cas_parts_stats';

/** Whether the planner has statistics on the CAS parts' expression: an extended statistics object on an expression of file_inspections, or a non-partial expression index. */
const CAS_PART_STATISTICS_EXIST = `
  select exists (select 1 from pg_statistic_ext where stxrelid = 'file_inspections'::regclass and stxexprs is not null)
      or exists (select 1 from pg_index where indrelid = 'file_inspections'::regclass and indexprs is not null and indpred is null) as has`;

const HEADING = '## Automatic checks and possible copies (`bench/checks.bench.ts`)';

export const bench: Bench = {
  name: 'Automatic checks and possible copies',
  async run() {
    const checks: (ChecksResult | string)[] = [];
    let lookups: LookupResult | string;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-checks-'));
    try {
      const lite = await preparePglite();
      try {
        const [{ version } = { version: '?' }] = await lite.database.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
        checks.push(await measureChecks(lite, lite.config, `${lite.label}, PostgreSQL ${version}, demo data`));
      } finally {
        await lite.cleanup();
      }

      const pg = await preparePostgres({ name: DATABASE });
      if (typeof pg === 'string') {
        checks.push(`PostgreSQL server: skipped (${pg})`);
        lookups = `skipped (${pg})`;
      } else {
        try {
          const [{ version } = { version: '?' }] = await pg.database.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
          const label = `${pg.label}, PostgreSQL ${version}, database \`${DATABASE}\``;
          const measured = await measureLookups({ ...pg, label });
          lookups = measured.lookups;
          // The checks on the server, beside the million: storage of its own in a temporary DATA_DIR.
          const config = loadConfig({ DATA_DIR: work, DATABASE_URL: pg.config.DATABASE_URL, LOG_LEVEL: 'silent' });
          checks.push(await measureChecks(pg, config, `${label}, after the ${fmt(STORED)} stored files`));
        } catch (error) {
          console.error(error);
          lookups = `failed (${describeError(error)})`;
          checks.push(`PostgreSQL server: failed (${describeError(error)})`);
        } finally {
          // BENCH_CHECKS_KEEP_DATABASE=1 leaves the database for a look at its plans (the next run drops it).
          if (process.env.BENCH_CHECKS_KEEP_DATABASE === '1') await pg.database.close();
          else await pg.cleanup();
        }
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
    return report(checks, lookups);
  },
};

function report(checks: (ChecksResult | string)[], lookups: LookupResult | string): { markdown: string; text: string } {
  const measured = checks.filter((c): c is ChecksResult => typeof c !== 'string');
  const checksHead = ['engine', 'request', 'p50 ms', 'p95 ms', 'p95 ÷ baseline p95', 'goal', 'met'];
  const checksRows = measured.flatMap((c) => [
    [c.label, `checks: \`submissionProperties { ...AutomaticChecks }\` (${fmt(c.bytes / 1024, 1)} KB)`, ms(c.checks.p50), ms(c.checks.p95), `${fmt(c.checks.p95 / c.baseline.p95, 1)}×`, `p95 ≤ ${GOAL_CHECKS_MS} ms`, c.checks.p95 <= GOAL_CHECKS_MS ? 'yes' : '**no**'],
    [c.label, 'baseline: `submissionProperties { id name }`', ms(c.baseline.p50), ms(c.baseline.p95), '1.0×', '', ''],
    [c.label, 'reference: the creation’s row by id (SQL, in process)', ms(c.select.p50), ms(c.select.p95), `${fmt(c.select.p95 / c.baseline.p95, 2)}×`, '', ''],
    ...(c.duplicates
      ? [[c.label, `reference: \`duplicatesOf\` of this creation (${FILES} hashes, ${fmt(c.objects)} object ids; ${c.duplicates.matches} matches)`, ms(c.duplicates.p50), ms(c.duplicates.p95), `${fmt(c.duplicates.p95 / c.baseline.p95, 1)}×`, '', '']]
      : []),
  ]);
  const checksMet = measured.length > 0 && measured.every((c) => c.checks.p95 <= GOAL_CHECKS_MS);
  const skipped = checks.filter((c): c is string => typeof c === 'string');

  const lines: string[] = [
    HEADING,
    '',
    `**Checks.** A Sims 4 item with ${FILES} files (${FILES > 1 ? FILES - 1 : FILES} packages${FILES > 1 ? ' and a script mod' : ''}) whose packages hold ` +
      `${fmt(OBJECTS)} catalog objects in all, each with an English name and a thumbnail, and ${IMAGES} pictures of 1024×768. The packages are built in code, ` +
      'stored, and read by the inspection job, so the stored inspections are the product’s own. Its creator asks the checks over HTTP as the web app does ' +
      '(the web app’s `AutomaticChecks` fragment on `submissionProperties`), against the same request without the checks as the baseline; ' +
      `${RUNS} requests each after ${WARMUP} warm-up ones, alternately, one at a time. Every check passed (checked before timing).`,
    '',
    markdownTable(checksHead, checksRows),
    '',
    ...measured.map((c) => `- ${c.label}: load average ${c.load} at the start of the timing; outcomes: ${c.outcomes}.`),
    ...skipped.map((s) => `- ${s}`),
    '',
    `Goal (all checks of a creation with ${FILES} files and ${fmt(OBJECTS)} objects, p95 ≤ ${GOAL_CHECKS_MS} ms): **${checksMet ? 'met' : 'not met'}**${measured.length > 0 ? ` (${measured.map((c) => `${ms(c.checks.p95)} ms`).join(', ')})` : ''}.`,
    '',
  ];
  if (typeof lookups === 'string') {
    lines.push(`**Possible copies** on the PostgreSQL server: ${lookups}.`);
  } else {
    const l = lookups;
    const lookupHead = ['query', 'p50 ms', 'p95 ms', 'mean ms', 'p95 ÷ baseline p95', 'goal', 'met'];
    const lookupRows = l.timings.flatMap((t) => [
      [`product, ${t.variant}: \`duplicatesOf\` (${l.lookups} creations, one lookup each)`, ms(t.product.p50), ms(t.product.p95), ms(t.product.mean), `${fmt(t.product.p95 / t.select.p95, 1)}×`, `p95 ≤ ${GOAL_LOOKUP_MS} ms`, t.product.p95 <= GOAL_LOOKUP_MS ? 'yes' : '**no**'],
      [`baseline, ${t.variant}: one creation’s row by id (Drizzle, same pool)`, ms(t.select.p50), ms(t.select.p95), ms(t.select.mean), '1.0×', '', ''],
    ]);
    const asMigrated = l.timings[0]!;
    const met = asMigrated.product.p95 <= GOAL_LOOKUP_MS;
    const planRows = l.timings.flatMap((t, i) =>
      (i === 0 ? t.plans : t.plans.filter((p) => p.statement.startsWith('creations defining the CAS parts'))).map((p) => [i === 0 ? p.statement : `${p.statement}, ${t.variant}`, p.access, fmt(p.ms, 2)]),
    );
    lines.push(
      `**Possible copies** (\`duplicatesOf\`) on ${l.label}, migrated with the product’s migrations and filled with generate_series in ${l.generateSeconds.toFixed(0)} s: ` +
        `${fmt(l.stored.files)} live files (${fmt(l.stored.hashes)} distinct sha256), ${fmt(l.stored.inspections)} inspections defining ${fmt(l.stored.objectIds)} object ids ` +
        `(object_guids rows) and ${fmt(l.stored.casParts)} CAS parts, over ${fmt(l.stored.creations)} creations of ${PER_CREATION} files by ${fmt(MEMBERS)} members. ` +
        `${l.lookups} creations of ${PER_CREATION} files and ${PER_CREATION} object ids, each looked up once, ${l.copying} of them holding a copy of another member’s package ` +
        '(with two CAS parts) and a typed object id of another member’s: each answer was checked against the data before timing. ' +
        'Alternately with the baseline, one at a time, after 20 warm-up lookups.',
      '',
      markdownTable(lookupHead, lookupRows),
      '',
      ...l.timings.map((t) => `- ${t.variant}: load average ${t.load} at the start of the timing.`),
      '',
      'The statements of one lookup (a creation with copies), each with EXPLAIN ANALYZE on its own parameters:',
      '',
      markdownTable(['statement', 'scans', 'execution ms'], planRows),
      '',
      ...(l.hasStatistics
        ? []
        : [
            'The planner takes no statistics from a partial index’s expression, and the migrations give `result -> \'casPartIds\'` no other, so the planner guesses ' +
              'that 1 % of the inspections define one of the CAS parts looked up (the estimate of `file_inspections_cas_parts_idx` above): it plans parallel workers, ' +
              'or a hash join over every file, for a lookup that finds a row or two. Statistics on the expression (`create statistics … on ((result -> \'casPartIds\')) from file_inspections`, ' +
              'PostgreSQL 14 and later, a migration) or the GIN index without its `where format = \'package\'` give it the real figure.',
            '',
          ]),
      `Goal (the lookup against ${fmt(STORED)} stored object ids and content hashes, p95 ≤ ${GOAL_LOOKUP_MS} ms): **${met ? 'met' : 'not met'}** as migrated (${ms(asMigrated.product.p95)} ms)` +
        (l.timings[1] ? `; ${l.timings[1].product.p95 <= GOAL_LOOKUP_MS ? 'met' : 'not met'} with the ad hoc statistics (${ms(l.timings[1].product.p95)} ms).` : '.'),
    );
  }
  const markdown = lines.join('\n');
  return { markdown, text: markdown.replace(/\*\*/g, '').replace(/`/g, '') };
}
