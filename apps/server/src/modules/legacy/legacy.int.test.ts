import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, pagePermission } from '@corner/domain';
import { logs, submissionBridges } from '../../db/schema/index';
import { insertLegacyRowsPostgres } from '../../seed/legacy';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

/**
 * The archive (SPEC 2: /staff/archived, page-file-management): search, one item with its pictures,
 * files, categories and the creation it became, and edits written to the legacy source and logged.
 * On the embedded legacy source (the default engine); the source itself is covered on both engines
 * by legacy-source.contract.int.test.ts.
 */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
}
let staff: Caller;
let viewer: Caller;
let manager: Caller;
let creator: Caller;
let owner: Caller;

const DAY = 86_400_000;
const past = new Date(Date.now() - 30 * DAY);
let jpeg: Buffer;

const ITEM_FIELDS = `ID title description keywords game publishDate published status isHidden reports uploads creator creatorId
  categories { id name } images { id position filename url } files { id filename filesize url } thumbnail migratedTo { id name }`;
const ONE = `query ($id: Int!) { legacyItem(id: $id) { ${ITEM_FIELDS} } }`;
const SEARCH = `query ($id: Int, $title: String, $creator: String, $creatorId: Int, $game: Int, $status: String, $isHidden: Boolean, $first: Int, $page: Int) {
  legacyItemsSearch(id: $id, title: $title, creator: $creator, creatorId: $creatorId, game: $game, status: $status, isHidden: $isHidden, first: $first, page: $page) {
    data { ID title creator status isHidden game }
    paginatorInfo { count currentPage lastPage total hasMorePages }
  }
}`;
const UPDATE = `mutation ($id: Int!, $title: String, $description: String, $categoryIds: [Int!], $isHidden: Boolean, $status: String) {
  updateLegacyItem(id: $id, title: $title, description: $description, categoryIds: $categoryIds, isHidden: $isHidden, status: $status) { ${ITEM_FIELDS} }
}`;
const CATEGORIES = '{ legacyCategories { id parentId name position path } }';

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id) };
}

const item = (id: number, fields: Record<string, unknown>) => ({
  id,
  member_id: owner.id,
  title: `Item ${id}`,
  description: '',
  keywords: '',
  game: 4,
  status: 'published',
  publish_date: past,
  is_hidden: false,
  reports: 0,
  uploads: 0,
  ...fields,
});

beforeAll(async () => {
  const db = server.database.db;
  staff = await caller(['Submissions']);
  viewer = await caller([await buildRole(db, 'Archive viewer (test)', [pagePermission('file-management', 'view')])]);
  manager = await caller(['Content manager']);
  creator = await caller();
  owner = await caller();
  await insertLegacyRowsPostgres(db, {
    members: [
      { id: owner.id, username: 'Legacy Lou', email: null },
      { id: 990_001, username: 'Old Olga', email: null },
    ],
    categories: [
      { id: 1, parent_id: null, name: 'Objects', position: 0 },
      { id: 2, parent_id: 1, name: 'Seating', position: 0 },
      { id: 3, parent_id: 2, name: 'Sofas', position: 0 },
      { id: 4, parent_id: null, name: 'Build', position: 1 },
    ],
    items: [
      item(4501, { title: 'Velvet Armchair (classic)', description: 'Buttoned.', keywords: 'velvet', reports: 2, uploads: 99 }),
      item(4502, { title: 'Hidden Velvet Lamp', is_hidden: true }),
      item(4503, { title: 'Pending Oak Table', status: 'pending', publish_date: null, game: 2 }),
      item(12045, { title: 'Olga’s Apartment', member_id: 990_001, game: 3 }),
    ],
    item_categories: [
      { item_id: 4501, category_id: 3 },
      { item_id: 4502, category_id: 1 },
    ],
    images: [
      { item_id: 4501, position: 0, filename: '4501.jpg' },
      { item_id: 4501, position: 1, filename: '4501_2.jpg' },
      { item_id: 4502, position: 0, filename: '4502.png' },
    ],
    files: [{ item_id: 4501, filename: 'VelvetArmchair.package', filesize: 12, mimetype: 'application/octet-stream', version: 1 }],
  });
  // Pictures in the ID/1000 layout; 4501_2.jpg is left missing on purpose.
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a05070' } }).jpeg().toBuffer();
  const dir = server.config.legacyFilesDir;
  fs.mkdirSync(path.join(dir, 'images', '4'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'images', '4', '4501.jpg'), jpeg);
  fs.writeFileSync(path.join(dir, 'images', '4', '4502.png'), await sharp(jpeg).png().toBuffer());
  fs.mkdirSync(path.join(dir, 'files', '4'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'files', '4', 'VelvetArmchair.package'), 'DBPF bytes!!');
});

async function logsOf(id: number) {
  return server.database.db.select().from(logs).where(and(eq(logs.entity, 'legacy_item'), eq(logs.entity_id, id))).orderBy(asc(logs.id));
}

describe('legacyItemsSearch', () => {
  const search = async (variables: Record<string, unknown>, token = staff.token) => {
    const res = await server.gql(SEARCH, variables, { token });
    expect(res.errors).toBeUndefined();
    return res.data!.legacyItemsSearch;
  };
  const ids = async (variables: Record<string, unknown>) => (await search(variables)).data.map((i: { ID: number }) => i.ID);

  it('finds items by id, title, creator, creator id, game, status and hidden, newest first, with an exact total', async () => {
    expect(await ids({})).toEqual([12045, 4503, 4502, 4501]);
    expect(await ids({ id: 4502 })).toEqual([4502]);
    expect(await ids({ title: 'velvet' })).toEqual([4502, 4501]);
    expect(await ids({ title: '  VELVET arm ' })).toEqual([4501]);
    expect(await ids({ creator: 'olga' })).toEqual([12045]);
    expect(await ids({ creatorId: owner.id })).toEqual([4503, 4502, 4501]);
    expect(await ids({ game: 2 })).toEqual([4503]);
    expect(await ids({ status: 'pending' })).toEqual([4503]);
    expect(await ids({ isHidden: true })).toEqual([4502]);
    expect(await ids({ title: 'velvet', isHidden: false })).toEqual([4501]);
    // Blank text is no condition.
    expect(await ids({ title: ' ', creator: '' })).toEqual([12045, 4503, 4502, 4501]);
    const page = await search({ first: 3, page: 2 });
    expect(page).toEqual({ data: [{ ID: 4501, title: 'Velvet Armchair (classic)', creator: 'Legacy Lou', status: 'published', isHidden: false, game: 4 }], paginatorInfo: { count: 1, currentPage: 2, lastPage: 2, total: 4, hasMorePages: false } });
  });

  it('refuses a status or game the old system does not have, with a clear message', async () => {
    const status = await server.gql(SEARCH, { status: 'approved' }, { token: staff.token });
    expect(status.errors?.[0]).toMatchObject({
      message: '“approved” is not a status of the older submission system. Choose one of: draft, pending, published, unpublished, rejected, deleted.',
      extensions: { code: 'LEGACY_STATUS_INVALID', category: 'validation' },
    });
    const game = await server.gql(SEARCH, { game: 5 }, { token: staff.token });
    expect(game.errors?.[0]).toMatchObject({ extensions: { code: 'LEGACY_GAME_INVALID' } });
  });

  it('is for staff of the file-management page (view is enough); others are refused', async () => {
    expect((await search({}, viewer.token)).paginatorInfo.total).toBe(4);
    for (const who of [creator, manager]) {
      const res = await server.gql(SEARCH, {}, { token: who.token });
      expect(res.errors?.[0]).toMatchObject({ message: 'not-authorized', extensions: { category: 'authorization' } });
    }
    const anonymous = await server.gql(SEARCH, {});
    expect(anonymous.errors?.[0]?.extensions?.reason).toBe('You need to sign in to do this.');
  });
});

describe('legacyItem', () => {
  it('reads one item with its pictures (signed addresses by ID/1000), files, categories and creator', async () => {
    const res = await server.gql(ONE, { id: 4501 }, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    const found = res.data!.legacyItem;
    expect(found).toMatchObject({
      ID: 4501,
      title: 'Velvet Armchair (classic)',
      description: 'Buttoned.',
      keywords: 'velvet',
      game: 4,
      publishDate: past.toISOString(),
      published: true,
      status: 'published',
      isHidden: false,
      reports: 2,
      uploads: 99,
      creator: 'Legacy Lou',
      creatorId: owner.id,
      categories: [{ id: 3, name: 'Sofas' }],
      files: [{ filename: 'VelvetArmchair.package', filesize: 12 }],
      migratedTo: null,
    });
    expect(found.images.map((i: { filename: string }) => i.filename)).toEqual(['4501.jpg', '4501_2.jpg']);
    expect(found.images[0].url).toMatch(/^\/legacy\/4\/4501\.jpg\?expires=\d+&signature=/);
    expect(found.thumbnail).toBe(found.images[0].url);
    expect(found.files[0].url).toMatch(new RegExp(`^/legacy/4/4501/files/${found.files[0].id}\\?expires=`));
  });

  it('names the creation it was migrated to, when there is one', async () => {
    const submissionId = await buildSubmission(server.database.db, owner.id, { name: 'Velvet Armchair (migrated)', status: 'APPROVED', publish_at: past });
    await server.database.db.insert(submissionBridges).values({ submission_id: submissionId, legacy_item_id: 12045 });
    const res = await server.gql(ONE, { id: 12045 }, { token: staff.token });
    expect(res.data!.legacyItem).toMatchObject({ ID: 12045, creator: 'Old Olga', migratedTo: { id: submissionId, name: 'Velvet Armchair (migrated)' }, images: [], thumbnail: null });
  });

  it('says clearly when there is no such item, and refuses members without the archive', async () => {
    const missing = await server.gql(ONE, { id: 777 }, { token: staff.token });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Archived item 777 was not found in the older submission system.',
      extensions: { code: 'LEGACY_ITEM_NOT_FOUND', category: 'not_found' },
    });
    // The web app shows its own "no such item" for this code.
    expect(missing.errors?.[0]?.extensions?.code).toBe(API_ERROR.legacyItemNotFound);
    expect((await server.gql(ONE, { id: 4501 }, { token: creator.token })).errors?.[0]?.message).toBe('not-authorized');
  });

  it('lists the category tree in tree order with each path', async () => {
    const res = await server.gql(CATEGORIES, {}, { token: viewer.token });
    expect(res.data!.legacyCategories).toEqual([
      { id: 1, parentId: null, name: 'Objects', position: 0, path: 'Objects' },
      { id: 2, parentId: 1, name: 'Seating', position: 0, path: 'Objects › Seating' },
      { id: 3, parentId: 2, name: 'Sofas', position: 0, path: 'Objects › Seating › Sofas' },
      { id: 4, parentId: null, name: 'Build', position: 1, path: 'Build' },
    ]);
  });
});

describe('the legacy picture and download routes', () => {
  const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('serves a picture by its signed address from folder ID/1000, and the fallback picture when its file is missing', async () => {
    const found = (await server.gql(ONE, { id: 4501 }, { token: staff.token })).data!.legacyItem;
    const picture = await get(found.images[0].url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(jpeg)).toBe(true);
    const missing = await get(found.images[1].url);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('image/png');
    expect((await sharp(missing.rawPayload).metadata()).width).toBe(640);
    const download = await get(found.files[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="VelvetArmchair.package"');
    expect(download.body).toBe('DBPF bytes!!');
  });

  it('lets anyone see a live item’s pictures; a hidden one’s only with a signature or the token of staff or its creator', async () => {
    expect((await get('/legacy/4/4501.jpg')).statusCode).toBe(200);
    expect((await get('/legacy/4/4501.jpg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/legacy/4/4502.png')).statusCode).toBe(403);
    expect((await get('/legacy/4/4502.png', creator.token)).statusCode).toBe(403);
    expect((await get('/legacy/4/4502.png', owner.token)).statusCode).toBe(200);
    expect((await get('/legacy/4/4502.png', viewer.token)).headers['content-type']).toBe('image/png');
    expect((await get('/legacy/4/4502.png?expires=9999999999&signature=forged')).statusCode).toBe(403);
    // A name of another folder, of no row, or with a path answers the fallback.
    for (const url of ['/legacy/5/4501.jpg', '/legacy/4/4509.jpg', '/legacy/4/..%2F4%2F4501.jpg', '/legacy/4/notes.txt']) {
      const res = await get(url);
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ url, status: 404, type: 'image/png' });
    }
    // Downloads of an item that is not live need a signature or a token.
    expect((await get('/legacy/4/4501/files/999999')).statusCode).toBe(404);
  });
});

describe('updateLegacyItem', () => {
  it('changes title, description, categories, hidden and status in the legacy source, and logs what changed', async () => {
    const res = await server.gql(
      UPDATE,
      { id: 4503, title: '  Oak Dining Table ', description: 'Seats six.', categoryIds: [3, 4, 3], isHidden: true, status: 'published' },
      { token: staff.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateLegacyItem).toMatchObject({
      ID: 4503,
      title: 'Oak Dining Table',
      description: 'Seats six.',
      isHidden: true,
      status: 'published',
      categories: [{ id: 4, name: 'Build' }, { id: 3, name: 'Sofas' }],
    });
    // Written to the legacy source: read back through it.
    expect(await server.legacy.item(4503)).toMatchObject({ title: 'Oak Dining Table', isHidden: true, status: 'published', categories: [{ id: 4 }, { id: 3 }] });
    expect(await logsOf(4503)).toMatchObject([
      {
        member_id: staff.id,
        submission_id: null,
        action: 'updated',
        previous_values: { title: 'Pending Oak Table', description: '', category_ids: [], categories: [], is_hidden: false, status: 'pending' },
        new_values: { title: 'Oak Dining Table', description: 'Seats six.', category_ids: [3, 4], categories: ['Build', 'Sofas'], is_hidden: true, status: 'published' },
      },
    ]);
    // One field alone; the rest stays. Changing nothing writes no log entry.
    await server.gql(UPDATE, { id: 4503, isHidden: false }, { token: staff.token });
    expect(await server.legacy.item(4503)).toMatchObject({ title: 'Oak Dining Table', isHidden: false, categories: [{ id: 4 }, { id: 3 }] });
    await server.gql(UPDATE, { id: 4503, title: 'Oak Dining Table', status: 'published' }, { token: staff.token });
    expect((await logsOf(4503)).map((l) => l.new_values)).toEqual([expect.objectContaining({ title: 'Oak Dining Table' }), { is_hidden: false }]);
  });

  it('refuses bad input with a clear message and changes nothing already saved', async () => {
    const before = await server.legacy.item(4501);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'LEGACY_TITLE_REQUIRED', 'The title is required.'],
      [{ title: 'x'.repeat(256) }, 'LEGACY_TITLE_TOO_LONG', 'The title may have at most 255 characters.'],
      [{ status: 'approved', title: 'Changed' }, 'LEGACY_STATUS_INVALID', '“approved” is not a status of the older submission system. Choose one of: draft, pending, published, unpublished, rejected, deleted.'],
      [{ title: 'Changed', categoryIds: [3, 404, 405] }, 'LEGACY_CATEGORY_NOT_FOUND', 'These categories do not exist in the older submission system: 404, 405.'],
    ];
    for (const [variables, code, message] of cases) {
      const res = await server.gql(UPDATE, { id: 4501, ...variables }, { token: staff.token });
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code, category: 'validation' } });
    }
    const missing = await server.gql(UPDATE, { id: 777, title: 'Nobody' }, { token: staff.token });
    expect(missing.errors?.[0]?.extensions?.code).toBe('LEGACY_ITEM_NOT_FOUND');
    expect(await server.legacy.item(4501)).toEqual(before);
    expect(await logsOf(4501)).toEqual([]);
  });

  it('needs the edit permission of the file-management page', async () => {
    for (const who of [viewer, manager, creator]) {
      const res = await server.gql(UPDATE, { id: 4501, title: 'Not mine' }, { token: who.token });
      expect(res.errors?.[0]?.message).toBe('not-authorized');
    }
    expect((await server.legacy.item(4501))!.title).toBe('Velvet Armchair (classic)');
  });
});

describe('the content search dialog’s legacy half', () => {
  it('gives live items with their thumbnail, which anyone may load', async () => {
    const res = await server.gql('query ($p: String!) { searchSubmissionDependencies(phrase: $p) { legacy_items { ID thumbnail } } }', { p: 'velvet' }, { token: creator.token });
    const [found] = res.data!.searchSubmissionDependencies.legacy_items;
    expect(found.ID).toBe(4501);
    expect((await server.app.inject({ method: 'GET', url: found.thumbnail })).statusCode).toBe(200);
  });
});
