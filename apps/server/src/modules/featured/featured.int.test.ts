import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { featuredSubmissionItems, featuredSubmissions, logs } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

/** Featured lists, behind submissions:page-featured:view and :edit. */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
}
let creator: Caller;
/** The seeded Content manager: published and featured pages. */
let manager: Caller;
/** Reads featured lists, may not change them. */
let viewer: Caller;
/** The seeded Submissions role: every review page but not featured. */
let reviewer: Caller;

const LIST = 'id type index name publish_at created_at member { MemberID } submissions { id }';
const CREATE = `mutation ($type: String, $index: Int, $name: String, $publish_at: DateTime, $ids: [Int!]) {
  createFeaturedSubmission(type: $type, index: $index, name: $name, publish_at: $publish_at, submission_ids: $ids) { ${LIST} }
}`;
const UPDATE = `mutation ($id: Int!, $type: String, $index: Int, $name: String, $publish_at: DateTime, $ids: [Int!]) {
  updateFeaturedSubmission(id: $id, type: $type, index: $index, name: $name, publish_at: $publish_at, submission_ids: $ids) { ${LIST} }
}`;
const REORDER = `mutation ($id: Int!, $ids: [Int!]!) { reorderFeaturedSubmissions(id: $id, submission_ids: $ids) { ${LIST} } }`;
const DELETE = 'mutation ($id: Int!) { deleteFeaturedSubmission(id: $id) }';
const ONE = `query ($id: Int!) { featuredSubmissions(id: $id) { ${LIST} } }`;
const SEARCH = `query ($type: String, $first: Int, $page: Int) {
  featuredSubmissionsSearch(type: $type, first: $first, page: $page) { data { id type publish_at } paginatorInfo { count total hasMorePages } }
}`;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id) };
}

beforeAll(async () => {
  const viewerRole = await buildRole(server.database.db, 'Featured viewer (test)', [pagePermission('featured', 'view')]);
  creator = await caller();
  manager = await caller(['Content manager']);
  viewer = await caller([viewerRole]);
  reviewer = await caller(['Submissions']);
});

const day = 86_400_000;
const approved = (publishAt = new Date(Date.now() - day)) => buildSubmission(server.database.db, creator.id, { status: 'APPROVED', publish_at: publishAt });

function create(variables: Record<string, unknown>, token = manager.token) {
  return server.gql(CREATE, { type: 'homepage', index: 0, publish_at: new Date(Date.now() + day).toISOString(), ...variables }, { token });
}

async function logsOf(id: number) {
  return server.database.db.select().from(logs).where(and(eq(logs.entity, 'featured_submission'), eq(logs.entity_id, id))).orderBy(asc(logs.id));
}

describe('createFeaturedSubmission', () => {
  it('creates a list of published and scheduled creations in the given order; logged', async () => {
    const a = await approved();
    const b = await approved(new Date(Date.now() + 2 * day));
    const publishAt = '2030-01-02T10:00:00.000Z';
    const res = await create({ type: 'weekly', index: 2, name: 'Cosy kitchens', publish_at: publishAt, ids: [b, a] });
    expect(res.errors).toBeUndefined();
    const list = res.data!.createFeaturedSubmission;
    expect(list).toMatchObject({ type: 'weekly', index: 2, name: 'Cosy kitchens', publish_at: publishAt, member: { MemberID: manager.id }, submissions: [{ id: b }, { id: a }] });
    expect(await logsOf(list.id)).toMatchObject([
      { submission_id: null, member_id: manager.id, action: 'created', new_values: { type: 'weekly', index: 2, publish_at: publishAt, submission_ids: [b, a] } },
    ]);
  });

  it('needs type, index and publish_at: one validation error naming each missing one', async () => {
    const res = await server.gql(CREATE, { name: 'Nothing else' }, { token: manager.token });
    expect(res.errors?.[0]).toMatchObject({
      message: 'The type is required.',
      extensions: {
        category: 'validation',
        validation: { type: ['The type is required.'], index: ['The index is required.'], publish_at: ['The publish date (publish_at) is required.'] },
      },
    });
    const noDate = await create({ publish_at: null });
    expect(noDate.errors?.[0]).toMatchObject({
      message: 'The publish date (publish_at) is required.',
      extensions: { category: 'validation', validation: { publish_at: ['The publish date (publish_at) is required.'] } },
    });
    expect(Object.keys(noDate.errors![0]!.extensions!.validation!)).toEqual(['publish_at']);
    expect((await create({ type: '  ' })).errors?.[0]?.extensions?.validation).toEqual({ type: ['The type is required.'] });
    expect((await create({ index: -1 })).errors?.[0]?.extensions?.validation).toEqual({ index: ['The index must be 0 or more.'] });
    expect(await server.database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.name, 'Nothing else'))).toEqual([]);
  });

  it('refuses creations that are not approved, unknown or repeated, naming them', async () => {
    const ok = await approved();
    const draft = await buildSubmission(server.database.db, creator.id, { status: 'CREATED' });
    const deleted = await buildSubmission(server.database.db, creator.id, { status: 'APPROVED', publish_at: new Date(), deleted_at: new Date() });
    const res = await create({ ids: [ok, draft, deleted, 999_999, ok] });
    expect(res.errors?.[0]).toMatchObject({
      message: `Only approved or published creations can be featured, each once. Not found: 999999. Not approved: ${draft}, ${deleted}. Listed twice: ${ok}.`,
      extensions: { category: 'validation', code: 'FEATURED_SUBMISSIONS_INVALID', validation: { submission_ids: [expect.any(String)] } },
    });
  });

  it('refuses creators and staff without the featured page’s edit permission', async () => {
    for (const who of [creator, viewer, reviewer]) {
      const res = await create({ name: 'Refused' }, who.token);
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
    }
    expect((await create({ name: 'Refused' }, null as unknown as string)).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_SIGNED_IN' });
    expect(await server.database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.name, 'Refused'))).toEqual([]);
  });
});

describe('reading featured lists', () => {
  it('lists newest publish date first, by type, paged; one list by id', async () => {
    const type = `search-${Date.now()}`;
    const older = (await create({ type, publish_at: '2031-01-01T00:00:00.000Z' })).data!.createFeaturedSubmission;
    const newer = (await create({ type, publish_at: '2031-06-01T00:00:00.000Z' })).data!.createFeaturedSubmission;
    await create({ type: `${type}-other` });
    const res = await server.gql(SEARCH, { type }, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.featuredSubmissionsSearch.data.map((l: { id: number }) => l.id)).toEqual([newer.id, older.id]);
    const paged = await server.gql(SEARCH, { type, first: 1 }, { token: viewer.token });
    expect(paged.data!.featuredSubmissionsSearch).toMatchObject({ data: [{ id: newer.id }], paginatorInfo: { count: 1, total: 2, hasMorePages: true } });
    expect((await server.gql(ONE, { id: older.id }, { token: viewer.token })).data!.featuredSubmissions).toMatchObject({ id: older.id, type });
    expect((await server.gql(ONE, { id: 999_999 }, { token: viewer.token })).errors?.[0]).toMatchObject({ message: 'Featured list 999999 was not found.', extensions: { category: 'not_found' } });
    for (const who of [creator, reviewer]) {
      expect((await server.gql(SEARCH, {}, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
      expect((await server.gql(ONE, { id: older.id }, { token: who.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    }
  });
});

describe('changing featured lists', () => {
  it('updates the fields given, replaces the creations when given, logs what changed', async () => {
    const [a, b, c] = [await approved(), await approved(), await approved()];
    const list = (await create({ name: 'Before', ids: [a, b] })).data!.createFeaturedSubmission;
    const res = await server.gql(UPDATE, { id: list.id, name: 'After', index: 5 }, { token: manager.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateFeaturedSubmission).toMatchObject({ name: 'After', index: 5, type: 'homepage', submissions: [{ id: a }, { id: b }] });
    const replaced = await server.gql(UPDATE, { id: list.id, ids: [c, a] }, { token: manager.token });
    expect(replaced.data!.updateFeaturedSubmission.submissions).toEqual([{ id: c }, { id: a }]);
    expect((await logsOf(list.id)).slice(1)).toMatchObject([
      { action: 'updated', previous_values: { name: 'Before', index: 0 }, new_values: { name: 'After', index: 5 } },
      { action: 'updated', previous_values: { submission_ids: [a, b] }, new_values: { submission_ids: [c, a] } },
    ]);
    const cleared = await server.gql(UPDATE, { id: list.id, publish_at: null, type: null }, { token: manager.token });
    expect(cleared.errors?.[0]?.extensions?.validation).toEqual({ type: ['The type is required.'], publish_at: ['The publish date (publish_at) is required.'] });
    const draft = await buildSubmission(server.database.db, creator.id);
    expect((await server.gql(UPDATE, { id: list.id, ids: [draft] }, { token: manager.token })).errors?.[0]?.extensions).toMatchObject({ code: 'FEATURED_SUBMISSIONS_INVALID' });
    expect((await server.gql(UPDATE, { id: list.id, name: 'x' }, { token: viewer.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
  });

  it('reorders: the given order becomes ord; it must name each creation once', async () => {
    const [a, b, c] = [await approved(), await approved(), await approved()];
    const list = (await create({ ids: [a, b, c] })).data!.createFeaturedSubmission;
    const res = await server.gql(REORDER, { id: list.id, ids: [c, a, b] }, { token: manager.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.reorderFeaturedSubmissions.submissions).toEqual([{ id: c }, { id: a }, { id: b }]);
    const rows = await server.database.db
      .select({ submission_id: featuredSubmissionItems.submission_id, ord: featuredSubmissionItems.ord })
      .from(featuredSubmissionItems)
      .where(eq(featuredSubmissionItems.featured_submission_id, list.id))
      .orderBy(asc(featuredSubmissionItems.ord));
    expect(rows).toEqual([{ submission_id: c, ord: 0 }, { submission_id: a, ord: 1 }, { submission_id: b, ord: 2 }]);
    expect((await logsOf(list.id)).at(-1)).toMatchObject({ action: 'reordered', previous_values: { submission_ids: [a, b, c] }, new_values: { submission_ids: [c, a, b] } });

    const wrong = await server.gql(REORDER, { id: list.id, ids: [c, c, 999_999] }, { token: manager.token });
    expect(wrong.errors?.[0]).toMatchObject({
      message: `The new order must list each creation of this featured list exactly once. Missing: ${a}, ${b}. Not in this list: 999999. Listed twice: ${c}.`,
      extensions: { category: 'validation', code: 'FEATURED_ORDER_MISMATCH' },
    });
    expect((await server.gql(REORDER, { id: list.id, ids: [a, b, c] }, { token: reviewer.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    expect((await server.gql(ONE, { id: list.id }, { token: viewer.token })).data!.featuredSubmissions.submissions).toEqual([{ id: c }, { id: a }, { id: b }]);
  });

  it('deletes a list (logged with what it held); others may not', async () => {
    const a = await approved();
    const list = (await create({ ids: [a] })).data!.createFeaturedSubmission;
    expect((await server.gql(DELETE, { id: list.id }, { token: viewer.token })).errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    expect(await server.gql(DELETE, { id: list.id }, { token: manager.token })).toEqual({ data: { deleteFeaturedSubmission: true } });
    expect(await server.database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, list.id))).toEqual([]);
    expect((await logsOf(list.id)).map((l) => l.action)).toEqual(['created', 'deleted']);
    expect((await logsOf(list.id))[1]).toMatchObject({ previous_values: { submission_ids: [a] } });
  });
});
