import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributeGroups, attributes, attributeTypes, categories, searchDocuments, searchEntries, submissionAttributes, submissions, submissionThemes, themes } from '../../db/schema/index';
import { publishDue } from '../../jobs/publish.job';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { reindexStale } from './search.service';

/**
 * The site's search index (issue 17) on the default engine: a creation's document goes stale with
 * every status change that matters and the job writes it; only published creations are ever
 * answered; filters and facets on hand-built data; the staff operations and their refusals.
 */
const server = useTestServer();
type Who = { id: number; token: string };
let creator: Who;
let staff: Who;
let viewer: Who;

const SEARCH = `query ($query: String, $category_id: Int, $tag_ids: [Int!], $kind: String, $game: Int, $creator_id: Int, $exclusive: Boolean, $sort: String, $first: Int, $page: Int) {
  searchCreations(query: $query, category_id: $category_id, tag_ids: $tag_ids, kind: $kind, game: $game, creator_id: $creator_id, exclusive: $exclusive, sort: $sort, first: $first, page: $page) {
    data { id name kind game category_path tags themes creator_id creator_name exclusive thumbnail }
    paginatorInfo { total count currentPage lastPage }
    facets { categories { id name count } tags { id name count } }
  } }`;
const STATUS = `{ elasticSearchStatus { engine health { healthy detail } indexed stale failed last_run { id all total done remaining failed finished_at } failures { submission_id } } }`;
const past = () => new Date(Date.now() - 60_000).toISOString();

const services = () => ({ database: server.database, config: server.config });
const search = async (variables: Record<string, unknown>, token?: string) => {
  const res = await server.gql(SEARCH, variables, token ? { token } : {});
  expect(res.errors).toBeUndefined();
  return res.data!.searchCreations as { data: { id: number; name: string; [k: string]: unknown }[]; paginatorInfo: { total: number }; facets: { categories: { id: number; name: string; count: number }[]; tags: { id: number; name: string; count: number }[] } };
};
const ids = async (variables: Record<string, unknown>) => (await search(variables)).data.map((d) => d.id);
const asStaff = (query: string, variables: Record<string, unknown> = {}) => server.gql(query, variables, { token: staff.token });
const approve = async (id: number, publishAt: string) => {
  const res = await asStaff(`mutation ($id: Int!, $p: DateTime) { approveSubmission(id: $id, publish_at: $p) { id } }`, { id, p: publishAt });
  expect(res.errors).toBeUndefined();
};
const documentOf = async (id: number) => (await server.database.db.select().from(searchDocuments).where(eq(searchDocuments.submission_id, id)))[0];

beforeAll(async () => {
  const db = server.database.db;
  const make = async (roles: string[] = []) => {
    const m = await buildMember(db, { roles });
    return { id: m.id, token: await server.tokenFor(m.id) };
  };
  creator = await make();
  staff = await make([
    await buildRole(db, 'Search staff', [ADMIN_ACCESS, pagePermission('waiting', 'edit'), pagePermission('published', 'edit'), pagePermission('elastic-search', 'edit')]),
  ]);
  viewer = await make([await buildRole(db, 'Search viewer', [ADMIN_ACCESS, pagePermission('elastic-search', 'view')])]);
  // Whatever the migrations' and other seeds' creations were, start from an index that holds what is published now.
  await reindexStale(services());
});

describe('the stale and reindex rules', () => {
  it('indexes a creation when it is published, leaves it out once deleted (answered never again, even before the job), and back when restored', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED', name: 'Velvet Chaise Longue' });
    expect(await documentOf(id)).toBeUndefined();
    await approve(id, past());
    expect((await documentOf(id))!.stale_at).not.toBeNull();
    expect(await ids({ query: 'chaise' })).not.toContain(id);

    const work = await reindexStale(services());
    expect(work).toMatchObject({ finished: true, failed: 0 });
    expect(await documentOf(id)).toMatchObject({ stale_at: null, in_index: true, failed_at: null });
    expect(await ids({ query: 'velvet chaise' })).toEqual([id]);
    // Prefixes and typos.
    expect(await ids({ query: 'velvet cha' })).toEqual([id]);
    expect(await ids({ query: 'velvit chaise' })).toEqual([id]);

    const deleted = await asStaff('mutation ($id: Int!) { deleteSubmission(id: $id) }', { id });
    expect(deleted.errors).toBeUndefined();
    expect((await documentOf(id))!.stale_at).not.toBeNull();
    // The document is still in the engine, but the creation is deleted: it is not answered.
    expect(await server.database.db.select().from(searchEntries).where(eq(searchEntries.submission_id, id))).toHaveLength(1);
    expect(await ids({ query: 'velvet chaise' })).toEqual([]);
    await reindexStale(services());
    expect(await server.database.db.select().from(searchEntries).where(eq(searchEntries.submission_id, id))).toHaveLength(0);
    expect(await documentOf(id)).toMatchObject({ stale_at: null, in_index: false });

    const restored = await asStaff('mutation ($id: Int!) { restoreSubmission(id: $id) { id } }', { id });
    expect(restored.errors).toBeUndefined();
    await reindexStale(services());
    expect(await ids({ query: 'velvet chaise' })).toEqual([id]);
  });

  it('leaves a creation approved for a later date out until its date passes and the publish job records it', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED', name: 'Moonlit Gazebo' });
    await approve(id, new Date(Date.now() + 3_600_000).toISOString());
    await reindexStale(services());
    expect(await documentOf(id)).toMatchObject({ stale_at: null, in_index: false });
    expect(await ids({ query: 'gazebo' })).toEqual([]);

    // The date comes (moved back here), and the publish job records the publication: a logged change.
    await server.database.db.update(submissions).set({ publish_at: new Date(Date.now() - 1000) }).where(eq(submissions.id, id));
    expect((await publishDue(server.database.db)).published).toContain(id);
    expect((await documentOf(id))!.stale_at).not.toBeNull();
    await reindexStale(services());
    expect(await ids({ query: 'gazebo' })).toEqual([id]);
  });

  it('an edit of a published creation (staff rename it) is in the index after the next run', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED', name: 'Copper Kettle' });
    await approve(id, past());
    await reindexStale(services());
    const renamed = await asStaff('mutation ($id: Int!) { updateSubmissionProperties(id: $id, input: { name: "Copper Tea Kettle" }) { id name } }', { id });
    expect(renamed.errors).toBeUndefined();
    expect((await documentOf(id))!.stale_at).not.toBeNull();
    await reindexStale(services());
    expect((await search({ query: 'copper kettle' })).data).toEqual([expect.objectContaining({ id, name: 'Copper Tea Kettle' })]);
  });

  it('a change made while the job writes a document keeps it stale for the next run', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED', name: 'Racing Stripes Rug' });
    await approve(id, past());
    // The mark is moved on after the job read it: its write must not clear the newer one.
    const db = server.database.db;
    let moved = false;
    await reindexStale({
      config: server.config,
      database: {
        ...server.database,
        db: new Proxy(db, {
          get(target, key, receiver) {
            if (key === 'execute' && !moved) {
              moved = true;
              return async (...args: unknown[]) => {
                await target.update(searchDocuments).set({ stale_at: new Date(Date.now() + 5_000) }).where(eq(searchDocuments.submission_id, id));
                return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
              };
            }
            return Reflect.get(target, key, receiver);
          },
        }),
      },
    } as never, { budgetMs: 0 });
    expect(moved).toBe(true);
    expect((await documentOf(id))!.stale_at).not.toBeNull();
    await reindexStale(services());
    expect((await documentOf(id))!.stale_at).toBeNull();
  });
});

describe('searchCreations', () => {
  let top: number;
  let sofas: number;
  let lamps: number;
  let cosy: number;
  let retro: number;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    const db = server.database.db;
    [{ id: top }] = (await db.insert(categories).values({ name: 'Search Objects', game: 4 }).returning({ id: categories.id })) as [{ id: number }];
    [{ id: sofas }] = (await db.insert(categories).values({ name: 'Search Sofas', parent_category_id: top, game: 4 }).returning({ id: categories.id })) as [{ id: number }];
    [{ id: lamps }] = (await db.insert(categories).values({ name: 'Search Lamps', parent_category_id: top, game: 4 }).returning({ id: categories.id })) as [{ id: number }];
    await db.insert(attributeTypes).values({ id: 8, name: 'Tags' }).onConflictDoNothing();
    const [group] = await db.insert(attributeGroups).values({ attribute_group_name: 'Search styles', attribute_type_id: 8 }).returning({ id: attributeGroups.id });
    [{ id: cosy }, { id: retro }] = (await db
      .insert(attributes)
      .values([
        { attribute_group_id: group!.id, name: 'Cosy' },
        { attribute_group_id: group!.id, name: 'Retro' },
      ])
      .returning({ id: attributes.id })) as [{ id: number }, { id: number }];
    const [theme] = await db.insert(themes).values({ name: 'Search Seaside' }).returning({ id: themes.id });
    const other = await buildMember(db, { username: 'Pixel Patty Search' });

    const rows: [name: string, category: number, tags: number[], owner: number, exclusive: boolean, daysAgo: number][] = [
      ['Zephyr Sofa', sofas, [cosy], creator.id, true, 1],
      ['Zephyr Loveseat', sofas, [cosy, retro], other.id, false, 2],
      ['Zephyr Floor Lamp', lamps, [retro], creator.id, true, 3],
      ['Amber Zephyr Lamp', lamps, [], other.id, false, 4],
    ];
    for (const [name, category, tags, owner, exclusive, daysAgo] of rows) {
      const id = await buildSubmission(db, owner, { status: 'APPROVED', name, publish_at: new Date(Date.now() - daysAgo * 86_400_000) });
      await db.update(submissions).set({ category_id: category, tsr_exclusive: exclusive, keywords: 'zephyr search test' }).where(eq(submissions.id, id));
      if (tags.length) await db.insert(submissionAttributes).values(tags.map((attribute_id) => ({ submission_id: id, attribute_id })));
      made[name] = id;
    }
    await db.insert(submissionThemes).values({ submission_id: made['Zephyr Sofa']!, theme_id: theme!.id });
    // A draft and a deleted one with the same words are never answered.
    await buildSubmission(db, creator.id, { name: 'Zephyr Draft Sofa' });
    await buildSubmission(db, creator.id, { status: 'APPROVED', name: 'Zephyr Deleted Sofa', publish_at: new Date(Date.now() - 86_400_000), deleted_at: new Date() });

    // Built behind the log's back: staff reindex everything, and the job writes it.
    const run = await asStaff('mutation { updateElasticSearchEntries(all: true) { id all total done remaining finished_at } }');
    expect(run.errors).toBeUndefined();
    expect(run.data!.updateElasticSearchEntries).toMatchObject({ all: true, finished_at: null });
    expect(run.data!.updateElasticSearchEntries.total).toBeGreaterThanOrEqual(5);
    expect(run.data!.updateElasticSearchEntries.remaining).toBe(run.data!.updateElasticSearchEntries.total);
    await reindexStale(services());
    const status = await asStaff(STATUS);
    expect(status.data!.elasticSearchStatus.last_run).toMatchObject({ remaining: 0, failed: 0, finished_at: expect.any(String) });
    expect(status.data!.elasticSearchStatus.last_run.done).toBe(run.data!.updateElasticSearchEntries.total);
  });

  it('finds by text, any visitor, with exact totals; only published creations', async () => {
    const answer = await search({ query: 'zephyr', sort: 'name' });
    expect(answer.data.map((d) => d.name)).toEqual(['Amber Zephyr Lamp', 'Zephyr Floor Lamp', 'Zephyr Loveseat', 'Zephyr Sofa']);
    expect(answer.paginatorInfo.total).toBe(4);
    expect(answer.data.find((d) => d.name === 'Zephyr Sofa')).toMatchObject({ category_path: 'Search Objects › Search Sofas', tags: ['Cosy'], themes: ['Search Seaside'], exclusive: true, kind: 'mod', game: 4 });
  });

  it('filters by a category with its subcategories, by all of several tags, by creator and exclusivity', async () => {
    expect((await ids({ query: 'zephyr', category_id: top })).sort()).toEqual(Object.values(made).sort());
    expect((await ids({ query: 'zephyr', category_id: sofas })).sort()).toEqual([made['Zephyr Sofa'], made['Zephyr Loveseat']].sort());
    expect(await ids({ query: 'zephyr', tag_ids: [cosy, retro] })).toEqual([made['Zephyr Loveseat']]);
    expect((await ids({ query: 'zephyr', creator_id: creator.id })).sort()).toEqual([made['Zephyr Sofa'], made['Zephyr Floor Lamp']].sort());
    expect(await ids({ query: 'zephyr', exclusive: true, category_id: lamps })).toEqual([made['Zephyr Floor Lamp']]);
    expect(await ids({ query: 'zephyr', kind: 'lot' })).toEqual([]);
    expect(await ids({ query: 'zephyr', game: 3 })).toEqual([]);
  });

  it('counts facets over every match, not only the page, and orders newest first or by relevance', async () => {
    const answer = await search({ query: 'zephyr', first: 1, sort: 'newest' });
    expect(answer.data.map((d) => d.id)).toEqual([made['Zephyr Sofa']]);
    expect(answer.paginatorInfo).toMatchObject({ total: 4, count: 1, lastPage: 4 });
    expect(answer.facets.categories).toEqual(
      expect.arrayContaining([
        { id: top, name: 'Search Objects', count: 4 },
        { id: sofas, name: 'Search Sofas', count: 2 },
        { id: lamps, name: 'Search Lamps', count: 2 },
      ]),
    );
    expect(answer.facets.tags).toEqual([
      { id: cosy, name: 'Cosy', count: 2 },
      { id: retro, name: 'Retro', count: 2 },
    ]);
    // Relevance: the words side by side in the name first, though it is the older.
    const lamp = await search({ query: 'zephyr lamp' });
    expect(lamp.data.map((d) => d.name)).toEqual(['Amber Zephyr Lamp', 'Zephyr Floor Lamp']);
    expect((await search({ query: 'zephyr lamp', sort: 'newest' })).data.map((d) => d.name)).toEqual(['Zephyr Floor Lamp', 'Amber Zephyr Lamp']);
  });

  it('refuses bad input with a clear error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ query: 'x'.repeat(201) }, 'SEARCH_QUERY_TOO_LONG'],
      [{ sort: 'price' }, 'SEARCH_SORT_UNKNOWN'],
      [{ kind: 'set_item' }, 'SEARCH_KIND_UNKNOWN'],
      // Past the first 10,000 matches (a cluster's result window), on every engine alike.
      [{ first: 100, page: 101 }, 'SEARCH_PAGE_TOO_DEEP'],
    ];
    for (const [variables, code] of cases) {
      const res = await server.gql(SEARCH, variables);
      expect(res.errors![0]!.extensions!.code, code).toBe(code);
    }
    // The last page within the window is answered (empty here).
    expect((await search({ first: 100, page: 100 })).data).toEqual([]);
    // Words with nothing searchable in them find nothing, without an error.
    expect((await search({ query: '!!! ???' })).paginatorInfo.total).toBe(0);
  });
});

describe('the staff operations', () => {
  it('read the status with the view permission; reindex with the edit permission only', async () => {
    const status = await server.gql(STATUS, {}, { token: viewer.token });
    expect(status.errors).toBeUndefined();
    expect(status.data!.elasticSearchStatus).toMatchObject({ engine: 'postgres', health: { healthy: true, detail: expect.stringContaining('PostgreSQL') } });
    expect(status.data!.elasticSearchStatus.indexed).toBeGreaterThan(0);

    for (const token of [viewer.token, creator.token]) {
      const one = await server.gql('mutation { updateElasticSearchEntry(id: 1) { outcome } }', {}, { token });
      expect(one.errors![0]!.extensions!.category).toBe('authorization');
    }
    expect((await server.gql(STATUS, {}, { token: creator.token })).errors![0]!.extensions!.category).toBe('authorization');
    expect((await server.gql(STATUS, {})).errors).toBeDefined();
  });

  it('reindex one creation at once and say what became of it; refuse unknown ids and an empty list', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'APPROVED', name: 'Quartz Mirror', publish_at: new Date(Date.now() - 1000) });
    const one = await asStaff('mutation ($id: Int!) { updateElasticSearchEntry(id: $id) { submission_id outcome message } }', { id });
    expect(one.data!.updateElasticSearchEntry).toEqual({ submission_id: id, outcome: 'indexed', message: null });
    expect(await ids({ query: 'quartz mirror' })).toEqual([id]);
    const draft = await buildSubmission(server.database.db, creator.id, { name: 'Quartz Draft' });
    expect((await asStaff('mutation ($id: Int!) { updateElasticSearchEntry(id: $id) { outcome } }', { id: draft })).data!.updateElasticSearchEntry.outcome).toBe('removed');

    expect((await asStaff('mutation { updateElasticSearchEntry(id: 987654) { outcome } }')).errors![0]!.extensions!.code).toBe('SEARCH_CREATION_NOT_FOUND');
    expect((await asStaff('mutation { updateElasticSearchEntries(ids: []) { id } }')).errors![0]!.extensions!.code).toBe('SEARCH_NOTHING_CHOSEN');
    const unknown = await asStaff('mutation { updateElasticSearchEntries(ids: [987654, 987655]) { id } }');
    expect(unknown.errors![0]).toMatchObject({ message: 'There is no creation 987654, 987655.', extensions: { code: 'SEARCH_CREATION_NOT_FOUND' } });

    const listed = await asStaff('mutation ($ids: [Int!]) { updateElasticSearchEntries(ids: $ids) { all total remaining } }', { ids: [id, draft] });
    expect(listed.data!.updateElasticSearchEntries).toEqual({ all: false, total: 2, remaining: 2 });
    await reindexStale(services());
    const rows = await server.database.db.select().from(searchDocuments).where(inArray(searchDocuments.submission_id, [id, draft]));
    expect(rows.every((r) => r.stale_at === null)).toBe(true);
  });
});
