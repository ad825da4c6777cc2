import type { SearchDocument } from '@corner/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { buildMember } from '../../test/factories';
import { buildSearchDocument } from '../../test/search-documents';
import type { SearchEngine, SearchQuery } from './search-engine';
import { clusterSearchEngine, type ClusterAdmin, type ClusterFlavor } from './search-engine.cluster';
import { clusterTransport } from './search-engine.open';
import { postgresSearchEngine } from './search-engine.postgres';

/**
 * The search engine's contract (search-engine.ts): ONE test body, run against every engine. The
 * PostgreSQL engine always runs, on this file's own test database (PGlite, or the PostgreSQL server
 * when the run is on it). A cluster runs when SEARCH_TEST_URL (or SEARCH_URL) names one, with
 * SEARCH_TEST_CLUSTER (or SEARCH_CLUSTER) saying whether it is elasticsearch (the default) or
 * opensearch, in an index made for the run and dropped after; otherwise the run says plainly that
 * it did not run.
 */

interface EngineUnderTest {
  name: string;
  /** Why it cannot run here, when it cannot. */
  unavailable?: string;
  open(): Promise<{ engine: SearchEngine; close(): Promise<void> }>;
}

const clusterUrl = process.env.SEARCH_TEST_URL ?? process.env.SEARCH_URL;
const clusterFlavor = (process.env.SEARCH_TEST_CLUSTER ?? process.env.SEARCH_CLUSTER ?? 'elasticsearch') as ClusterFlavor;

const ENGINES: EngineUnderTest[] = [
  {
    name: 'PostgreSQL',
    async open() {
      const database: Database = await createTestDatabase();
      // Its documents belong to creations of the portal's own database.
      const member = await buildMember(database.db);
      await database.db.execute(sql`delete from search_entries`);
      await database.db.execute(sql`insert into submissions (id, member_id, model_type, model_id, name)
        select g, ${member.id}, 'item', g, 'Contract ' || g from unnest(${`{${DOCUMENT_IDS.join(',')}}`}::int[]) g
        on conflict (id) do nothing`);
      return { engine: postgresSearchEngine(database.db), close: () => database.close() };
    },
  },
  {
    name: `an ${clusterFlavor === 'opensearch' ? 'OpenSearch' : 'Elasticsearch'} cluster`,
    unavailable: clusterUrl ? undefined : 'no cluster is named (set SEARCH_TEST_URL, and SEARCH_TEST_CLUSTER=opensearch for OpenSearch)',
    async open() {
      const transport = clusterTransport(clusterUrl!, clusterFlavor);
      const engine: SearchEngine & ClusterAdmin = clusterSearchEngine(transport, { index: `corner-contract-${process.pid}-${Date.now()}` });
      return {
        engine,
        close: async () => {
          await engine.drop();
          await transport.close();
        },
      };
    },
  },
];

/** Every id the tests write. */
const DOCUMENT_IDS = [1, 2, 3, 4, 5, 6, 7, 900, 910, 911];
const DAY = 86_400_000;
const base = Date.UTC(2026, 5, 1, 12, 0, 0, 0);

const doc = (id: number, fields: Partial<SearchDocument> = {}): SearchDocument =>
  buildSearchDocument(id, {
    categoryId: 3,
    categoryIds: [1, 2, 3],
    categoryPath: 'Objects › Seating › Sofas',
    creatorId: 100,
    creatorName: 'Ada Builder',
    publishAt: new Date(base - id * DAY),
    ...fields,
  });

/** The hand-built index every read test looks at; writes use documents of their own (ids from 900). */
const FIXTURE: SearchDocument[] = [
  doc(1, { name: 'Velvet Sofa', description: 'A deep sofa for the living room.', tagIds: [10, 11], tags: ['Maxis Match', 'Recolor'], themes: ['Cottage'], exclusive: true, thumbnailPath: '/images/1/picture.jpg', earlyAccessUntil: new Date(base + 7 * DAY) }),
  doc(2, { name: 'velvet armchair', categoryId: 4, categoryIds: [1, 2, 4], categoryPath: 'Objects › Seating › Armchairs', tagIds: [10], tags: ['Maxis Match'] }),
  doc(3, { name: 'Oak Table', kind: 'set', game: 3, categoryId: 5, categoryIds: [5], categoryPath: 'Build', creatorId: 101, creatorName: 'Bob Carpenter', description: 'Matching the velvet sofa.' }),
  doc(4, { name: 'Garden Bench', keywords: 'outdoor, velvet cushions', tagIds: [11], tags: ['Recolor'], creatorId: 101, creatorName: 'Bob Carpenter' }),
  doc(5, { name: 'Sunny Cottage', kind: 'lot', categoryId: null, categoryIds: [], categoryPath: '', tagIds: [12], tags: ['Base Game'], themes: ['Rustic'] }),
  doc(6, { name: 'The Grand Hall', kind: 'room', exclusive: true, creatorId: 102, creatorName: 'Velvetine' }),
  doc(7, { name: 'Zebra Rug', publishAt: new Date(base - 1 * DAY) }),
];

const ids = (answer: { documents: SearchDocument[] }) => answer.documents.map((d) => d.submissionId);
const q = (fields: Partial<SearchQuery>): SearchQuery => ({ sort: 'relevance', first: 50, page: 1, ...fields });

describe.each(ENGINES)('search engine contract: $name', (under) => {
  if (under.unavailable) {
    console.warn(`\n  The search engine contract did NOT run on ${under.name}: ${under.unavailable}.\n`);
    it.skip(`did NOT run on ${under.name}: ${under.unavailable}`, () => {});
    return;
  }
  let engine: SearchEngine;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ engine, close } = await under.open());
    await engine.upsert(FIXTURE);
    await engine.flush();
  }, 60_000);
  afterAll(async () => close?.());

  const search = (fields: Partial<SearchQuery>) => engine.search(q(fields));

  it('answers whether it is healthy, with a line for staff', async () => {
    const health = await engine.health();
    expect(health.healthy).toBe(true);
    expect(health.detail.length).toBeGreaterThan(10);
    // A size reads as the portal writes sizes elsewhere ("88 KB"), not as PostgreSQL prints it ("88 kB").
    if (engine.engine === 'postgres') expect(health.detail).toMatch(/index takes \d+(\.\d)? (bytes|KB|MB|GB)\.$/);
  });

  it('gives back every field of a document as written', async () => {
    const [found] = (await search({ text: 'velvet sofa', creatorId: 100, exclusive: true })).documents;
    expect(found).toEqual(FIXTURE[0]);
  });

  it('finds documents by every word, the last also as a prefix, stems and all', async () => {
    expect(ids(await search({ text: 'velvet sofa' }))).toContain(1);
    expect(ids(await search({ text: 'velvet sof' }))).toContain(1);
    expect(ids(await search({ text: 'sofas' }))).toEqual(expect.arrayContaining([1, 3]));
    expect(ids(await search({ text: 'velvet table' }))).toEqual([3]);
    expect(ids(await search({ text: 'zebra armchair' }))).toEqual([]);
    // Stop words neither narrow nor empty a search.
    expect(ids(await search({ text: 'the velvet sofa' }))).toContain(1);
    // Punctuation alone is no word: nothing matches.
    expect((await search({ text: '!!! ???' })).total).toBe(0);
  });

  it('looks in keywords, creator, category, tags, themes and description', async () => {
    expect(ids(await search({ text: 'cushions' }))).toEqual([4]);
    expect(ids(await search({ text: 'carpenter' })).sort()).toEqual([3, 4]);
    expect(ids(await search({ text: 'armchairs' }))).toEqual([2]);
    expect(ids(await search({ text: 'base game' }))).toEqual([5]);
    expect(ids(await search({ text: 'rustic' }))).toEqual([5]);
    expect(ids(await search({ text: 'living room' }))).toEqual([1]);
  });

  it('forgives a typo in the name', async () => {
    expect(ids(await search({ text: 'velvit sofa' }))).toContain(1);
    expect(ids(await search({ text: 'garden bensh' }))).toContain(4);
  });

  it('ranks a match in the name above one in the description or keywords', async () => {
    const found = ids(await search({ text: 'velvet' }));
    expect(found.slice(0, 2).sort()).toEqual([1, 2]);
    expect([...found].sort()).toEqual([1, 2, 3, 4, 6]);
  });

  it('filters by category with its subcategories, all of the tags, kind, game, creator and exclusivity', async () => {
    expect(ids(await search({ categoryId: 2, sort: 'newest' }))).toEqual([7, 1, 2, 4, 6]);
    expect(ids(await search({ categoryId: 4 }))).toEqual([2]);
    expect(ids(await search({ tagIds: [10, 11] }))).toEqual([1]);
    expect(ids(await search({ tagIds: [11], sort: 'newest' }))).toEqual([1, 4]);
    expect(ids(await search({ kind: 'lot' }))).toEqual([5]);
    expect(ids(await search({ game: 3 }))).toEqual([3]);
    expect(ids(await search({ creatorId: 101, sort: 'newest' }))).toEqual([3, 4]);
    expect(ids(await search({ exclusive: true, sort: 'newest' }))).toEqual([1, 6]);
    expect(ids(await search({ exclusive: false, text: 'velvet', kind: 'item', sort: 'newest' }))).toEqual([2, 4]);
  });

  it('orders by newest, by name regardless of case, and by newest when there are no words', async () => {
    expect(ids(await search({ sort: 'newest' }))).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(ids(await search({ sort: 'name' }))).toEqual([4, 3, 5, 6, 2, 1, 7]);
    expect(ids(await search({ sort: 'relevance' }))).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('pages with an exact total, and counts facets over every match, the largest first', async () => {
    const second = await search({ sort: 'newest', first: 3, page: 2 });
    expect(ids(second)).toEqual([3, 4, 5]);
    expect(second.total).toBe(7);
    expect(ids(await search({ sort: 'newest', first: 3, page: 4 }))).toEqual([]);
    expect(second.categories).toEqual([
      { id: 1, count: 5 },
      { id: 2, count: 5 },
      { id: 3, count: 4 },
      { id: 4, count: 1 },
      { id: 5, count: 1 },
    ]);
    expect(second.tags).toEqual([
      { id: 10, count: 2 },
      { id: 11, count: 2 },
      { id: 12, count: 1 },
    ]);
    // "velvet" is also the start of the creator Velvetine's name.
    const narrowed = await search({ text: 'velvet', first: 1 });
    expect(narrowed.total).toBe(5);
    expect(narrowed.tags).toEqual([
      { id: 10, count: 2 },
      { id: 11, count: 2 },
    ]);
  });

  it('replaces a document written again, takes one out, and ignores ids it does not hold', async () => {
    await engine.upsert([doc(900, { name: 'Quartz Lamp' })]);
    await engine.flush();
    const before = await engine.count();
    await engine.upsert([doc(900, { name: 'Onyx Lamp', tagIds: [13], tags: ['Glow'] })]);
    await engine.flush();
    expect(await engine.count()).toBe(before);
    expect(ids(await search({ text: 'quartz' }))).toEqual([]);
    expect(ids(await search({ text: 'onyx lamp', tagIds: [13] }))).toEqual([900]);
    await engine.remove([900, 987654]);
    await engine.flush();
    expect(await engine.count()).toBe(before - 1);
    expect(ids(await search({ text: 'onyx' }))).toEqual([]);
  });

  it('while everything is rebuilt, answers from what it held; then from what was rewritten', async () => {
    if (!engine.beginRebuild || !engine.finishRebuild) {
      expect(engine.finishRebuild).toBeUndefined();
      return;
    }
    await engine.upsert([doc(910, { name: 'Obsolete Chair' }), doc(911, { name: 'Kept Chair' })]);
    await engine.flush();
    await engine.beginRebuild();
    await engine.beginRebuild();
    await engine.upsert([...FIXTURE, doc(911, { name: 'Kept Chair Renamed' })]);
    await engine.flush();
    expect(ids(await search({ text: 'obsolete chair' }))).toEqual([910]);
    expect(ids(await search({ text: 'renamed' }))).toEqual([911]);
    await engine.finishRebuild();
    expect(ids(await search({ text: 'obsolete chair' }))).toEqual([]);
    expect(ids(await search({ text: 'kept chair renamed' }))).toEqual([911]);
    expect(await engine.count()).toBe(FIXTURE.length + 1);
    expect((await engine.health()).detail).not.toMatch(/building/);
  });
});
