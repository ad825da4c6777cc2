import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyEngines, type LegacyEngineUnderTest } from '../../test/legacy-engines';
import type { LegacyRows } from './legacy-rows';
import { LegacySourceError, type LegacyItemDetail, type LegacySource } from './legacy-source';

/**
 * The legacy source's contract: ONE test body, run against every engine (legacy-source.ts). The
 * embedded one runs on this file's own test database; MariaDB on the server at 127.0.0.1:3306 (or
 * LEGACY_TEST_MARIADB_URL) in a database made for the run and dropped after. When no MariaDB
 * answers, the run says so plainly and counts the MariaDB half as skipped; under CI=true it fails.
 */

const DAY = 86_400_000;
const now = Date.now();
const past = new Date(now - 30 * DAY);
const longAgo = new Date(now - 3000 * DAY);
const future = new Date(now + 7 * DAY);

const item = (id: number, fields: Partial<LegacyRows['items'][number]>): LegacyRows['items'][number] => ({
  id,
  member_id: 1,
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

/** The items every read test looks at (ids 1001–1099); writes use items of their own. */
const FIXTURE: Partial<LegacyRows> = {
  members: [
    { id: 1, username: 'Ada Oldtimer', email: 'ada@old.example' },
    { id: 2, username: 'Bob_Builder', email: null },
    { id: 3, username: '100% Sims', email: null },
  ],
  categories: [
    { id: 1, parent_id: null, name: 'Objects', position: 0 },
    { id: 2, parent_id: 1, name: 'Seating', position: 0 },
    { id: 3, parent_id: 2, name: 'Sofas', position: 0 },
    { id: 4, parent_id: 2, name: 'Armchairs', position: 1 },
    { id: 5, parent_id: null, name: 'Build', position: 1 },
  ],
  items: [
    item(1001, { title: 'Velvet Sofa', description: 'A deep sofa.', keywords: 'sofa, velvet', game: 4, publish_date: past, reports: 2, uploads: 120 }),
    item(1002, { title: 'Velvet Armchair', game: 3, publish_date: future }),
    item(1003, { title: 'Oak Table', member_id: 2, game: 2, status: 'pending', publish_date: null }),
    item(1004, { title: 'Oak_Chair', member_id: 2, status: 'unpublished', publish_date: longAgo, is_hidden: true }),
    item(1005, { title: '50% off Lamp', member_id: 3, publish_date: longAgo, is_hidden: true }),
    item(1006, { title: 'Orphan Rug', member_id: 77, publish_date: longAgo }),
    item(1007, { title: 'Brick Wall', status: 'deleted', publish_date: null }),
    item(2500, { title: 'Garden Velvet Bench', member_id: 2, game: 4, status: 'rejected', publish_date: null }),
  ],
  item_categories: [
    { item_id: 1001, category_id: 3 },
    { item_id: 1001, category_id: 1 },
    { item_id: 1002, category_id: 4 },
  ],
  images: [
    { item_id: 1001, position: 1, filename: '1001_2.jpg' },
    { item_id: 1001, position: 0, filename: '1001.jpg' },
    { item_id: 2500, position: 0, filename: '2500.png' },
  ],
  files: [
    { item_id: 1001, filename: 'VelvetSofa.package', filesize: 1234, mimetype: 'application/octet-stream', version: 2 },
    { item_id: 1001, filename: 'VelvetSofa-extra.package', filesize: 10, mimetype: 'application/octet-stream', version: 1 },
  ],
};
const READ_IDS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 2500];

const idsOf = (items: { id: number }[]) => items.map((i) => i.id);

async function refusal(promise: Promise<unknown>): Promise<LegacySourceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LegacySourceError);
  return error as LegacySourceError;
}

const engines = await legacyEngines();

describe.each(engines)('legacy source contract: $name', (engine) => {
  if (engine.unavailable) {
    if (process.env.CI === 'true') {
      it(`runs on ${engine.name} (CI provides it)`, () => {
        throw new Error(`The legacy source contract could not run on ${engine.name}: ${engine.unavailable}. CI must provide it.`);
      });
    } else {
      console.warn(`\n  The legacy source contract did NOT run on ${engine.name}: ${engine.unavailable}. Start one (or set LEGACY_TEST_MARIADB_URL) to run it.\n`);
      it.skip(`did NOT run on ${engine.name}: ${engine.unavailable}`, () => {});
    }
    return;
  }
  let e: LegacyEngineUnderTest;
  let source: LegacySource;

  beforeAll(async () => {
    e = await engine.open();
    source = e.source;
    await e.load(FIXTURE);
    fs.mkdirSync(path.join(e.filesDir, 'images', '1'), { recursive: true });
    fs.writeFileSync(path.join(e.filesDir, 'images', '1', '1001.jpg'), 'jpeg bytes');
    fs.mkdirSync(path.join(e.filesDir, 'files', '1'), { recursive: true });
    fs.writeFileSync(path.join(e.filesDir, 'files', '1', 'VelvetSofa.package'), 'DBPF package');
  });
  afterAll(async () => {
    await e?.close();
  });

  it('names its engine', () => {
    expect(source.engine).toBe(engine.name);
  });

  describe('searchItems and countItems', () => {
    const search = (filter: Parameters<LegacySource['searchItems']>[0], paging?: Parameters<LegacySource['searchItems']>[1]) =>
      source.searchItems({ toId: 9999, ...filter }, paging).then((p) => idsOf(p.data));

    it('lists every item newest first with its creator, or oldest first', async () => {
      expect(await search({})).toEqual([...READ_IDS].reverse());
      expect(await search({}, { order: 'id_asc' })).toEqual(READ_IDS);
      const page = await source.searchItems({ id: 1001 });
      expect(page.data).toEqual([
        {
          id: 1001,
          title: 'Velvet Sofa',
          description: 'A deep sofa.',
          keywords: 'sofa, velvet',
          game: 4,
          status: 'published',
          publishDate: past,
          isHidden: false,
          reports: 2,
          uploads: 120,
          creator: { memberId: 1, name: 'Ada Oldtimer' },
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        },
      ]);
      // An item whose creator has no members row keeps its member id.
      expect((await source.searchItems({ id: 1006 })).data[0]!.creator).toEqual({ memberId: 77, name: null });
    });

    it('orders by publish date, newest first and undated last', async () => {
      expect(await search({}, { order: 'publish_date_desc' })).toEqual([1002, 1001, 1004, 1005, 1006, 1003, 1007, 2500]);
    });

    it('finds a phrase anywhere in the title or the creator’s name, whatever its case, taking % and _ literally', async () => {
      expect(await search({ title: 'velvet' })).toEqual([2500, 1002, 1001]);
      expect(await search({ title: 'VELVET SO' })).toEqual([1001]);
      expect(await search({ title: '%' })).toEqual([1005]);
      expect(await search({ title: 'k_c' })).toEqual([1004]);
      expect(await search({ creator: 'oldtim' })).toEqual([1007, 1002, 1001]);
      expect(await search({ creator: 'b_b' })).toEqual([2500, 1004, 1003]);
      expect(await search({ creator: '100%' })).toEqual([1005]);
      expect(await search({ phrase: 'bob' })).toEqual([2500, 1004, 1003]);
      expect(await search({ phrase: 'velvet' })).toEqual([2500, 1002, 1001]);
      expect(await search({ phrase: 'nothing like it' })).toEqual([]);
    });

    it('filters by id, game, status, hidden, live, creator id and id range; all conditions together', async () => {
      expect(await search({ id: 1003 })).toEqual([1003]);
      expect(await search({ id: 4242 })).toEqual([]);
      expect(await search({ game: 2 })).toEqual([1003]);
      expect(await search({ game: 3 })).toEqual([1002]);
      expect(await search({ status: 'pending' })).toEqual([1003]);
      expect(await search({ status: ['deleted', 'rejected'] })).toEqual([2500, 1007]);
      expect(await search({ status: [] })).toEqual([]);
      expect(await search({ isHidden: true })).toEqual([1005, 1004]);
      expect(await search({ published: true })).toEqual([1006, 1005, 1001]);
      expect(await search({ published: false })).toEqual([2500, 1007, 1004, 1003, 1002]);
      expect(await search({ memberId: 2 })).toEqual([2500, 1004, 1003]);
      expect(await search({ fromId: 1003, toId: 1005 })).toEqual([1005, 1004, 1003]);
      expect(await search({ title: 'velvet', game: 4, isHidden: false, published: true, memberId: 1 })).toEqual([1001]);
      expect(await source.countItems({ published: true, isHidden: false, toId: 9999 })).toBe(2);
      expect(await source.countItems({ memberId: 2, toId: 9999 })).toBe(3);
    });

    it('pages with an exact total in the paginator shape', async () => {
      const second = await source.searchItems({ toId: 9999 }, { first: 3, page: 2 });
      expect(idsOf(second.data)).toEqual([1005, 1004, 1003]);
      expect(second.paginatorInfo).toEqual({ count: 3, currentPage: 2, firstItem: 4, lastItem: 6, hasMorePages: true, lastPage: 3, perPage: 3, total: 8, totalIsExact: true });
      const last = await source.searchItems({ toId: 9999 }, { first: 3, page: 3 });
      expect(last.paginatorInfo).toMatchObject({ count: 2, firstItem: 7, lastItem: 8, hasMorePages: false });
      const beyond = await source.searchItems({ toId: 9999 }, { first: 3, page: 9 });
      expect(beyond.data).toEqual([]);
      expect(beyond.paginatorInfo).toMatchObject({ count: 0, total: 8, firstItem: null });
      // `first` is capped at 100 and at least 1.
      expect((await source.searchItems({}, { first: 0 })).paginatorInfo.perPage).toBe(1);
      expect((await source.searchItems({}, { first: 1000 })).paginatorInfo.perPage).toBe(100);
    });
  });

  describe('item and items', () => {
    it('reads one item with its pictures by position, files by id, categories by name, and its creator', async () => {
      const found = await source.item(1001);
      expect(found).toMatchObject({ id: 1001, title: 'Velvet Sofa', creator: { memberId: 1, name: 'Ada Oldtimer' } });
      expect(found!.images).toEqual([
        { id: expect.any(Number), itemId: 1001, position: 0, filename: '1001.jpg' },
        { id: expect.any(Number), itemId: 1001, position: 1, filename: '1001_2.jpg' },
      ]);
      expect(found!.files).toEqual([
        { id: expect.any(Number), itemId: 1001, filename: 'VelvetSofa.package', filesize: 1234, mimetype: 'application/octet-stream', version: 2, createdAt: expect.any(Date) },
        { id: expect.any(Number), itemId: 1001, filename: 'VelvetSofa-extra.package', filesize: 10, mimetype: 'application/octet-stream', version: 1, createdAt: expect.any(Date) },
      ]);
      expect(found!.files[0]!.id).toBeLessThan(found!.files[1]!.id);
      expect(found!.categories).toEqual([
        { id: 1, name: 'Objects' },
        { id: 3, name: 'Sofas' },
      ]);
      expect(await source.item(1003)).toMatchObject({ images: [], files: [], categories: [] });
      expect(await source.item(4242)).toBeNull();
    });

    it('reads several in the order asked, each once, leaving out ids without an item, in a fixed number of statements', async () => {
      const before = e.statements();
      const found = await source.items([2500, 4242, 1002, 1001, 1002]);
      expect(e.statements() - before).toBeLessThanOrEqual(4);
      expect(idsOf(found)).toEqual([2500, 1002, 1001]);
      expect(found[0]!.images.map((i) => i.filename)).toEqual(['2500.png']);
      expect(found[1]!.categories).toEqual([{ id: 4, name: 'Armchairs' }]);
      expect(await source.items([])).toEqual([]);
    });
  });

  describe('itemsAfter', () => {
    const BULK_FROM = 100_001;
    const BULK = 1_250;

    beforeAll(async () => {
      const ids = Array.from({ length: BULK }, (_, i) => BULK_FROM + i);
      await e.load({
        items: ids.map((id) => item(id, { title: `Bulk ${id}`, member_id: id % 5 === 0 ? 2 : 1 })),
        item_categories: ids.map((id) => ({ item_id: id, category_id: 3 })),
        images: ids.map((id) => ({ item_id: id, position: 0, filename: `${id}.jpg` })),
        files: ids.filter((id) => id % 2 === 0).map((id) => ({ item_id: id, filename: `${id}.package`, filesize: id, mimetype: 'application/octet-stream', version: 1 })),
      });
    });

    it('streams every item in id order, in batches, each with its details, in the same few statements per batch', async () => {
      const seen: LegacyItemDetail[] = [];
      let after = 0;
      const perBatch: number[] = [];
      for (;;) {
        const before = e.statements();
        const batch = await source.itemsAfter(after, 500, { fromId: BULK_FROM });
        perBatch.push(e.statements() - before);
        if (batch.length === 0) break;
        seen.push(...batch);
        after = batch.at(-1)!.id;
      }
      expect(seen.map((i) => i.id)).toEqual(Array.from({ length: BULK }, (_, i) => BULK_FROM + i));
      expect(perBatch.slice(0, -1).every((n) => n <= 4)).toBe(true);
      const even = seen.find((i) => i.id === BULK_FROM + 1)!;
      expect(even).toMatchObject({ title: `Bulk ${BULK_FROM + 1}`, categories: [{ id: 3, name: 'Sofas' }], images: [{ filename: `${BULK_FROM + 1}.jpg` }], files: [{ filename: `${BULK_FROM + 1}.package` }] });
      expect(seen.find((i) => i.id === BULK_FROM)!.files).toEqual([]);
    });

    it('narrows to a creator or an id range (inclusive) and keeps to the batch size', async () => {
      const creators = await source.itemsAfter(0, 1000, { memberId: 2, fromId: BULK_FROM });
      expect(creators).toHaveLength(BULK / 5);
      expect(creators.every((i) => i.creator.memberId === 2)).toBe(true);
      const range = await source.itemsAfter(BULK_FROM + 9, 100, { toId: BULK_FROM + 12 });
      expect(idsOf(range)).toEqual([BULK_FROM + 10, BULK_FROM + 11, BULK_FROM + 12]);
      expect(idsOf(await source.itemsAfter(1000, 3))).toEqual([1001, 1002, 1003]);
      expect(await source.itemsAfter(BULK_FROM + BULK, 10)).toEqual([]);
    });
  });

  describe('updateItem', () => {
    beforeAll(async () => {
      await e.load({
        items: [item(3001, { title: 'Before', description: 'Old words.' }), item(3002, {}), item(3003, {})],
        item_categories: [{ item_id: 3001, category_id: 1 }],
      });
    });

    it('changes title, description, categories, hidden flag and status, and answers the item before and after', async () => {
      const earlier = (await source.item(3001))!;
      let hooked: { before: LegacyItemDetail; after: LegacyItemDetail; portalTx: unknown } | null = null;
      const change = await source.updateItem(
        3001,
        { title: 'After', description: 'New words.', categoryIds: [4, 3, 4], isHidden: true, status: 'unpublished' },
        { beforeCommit: async (c, portalTx) => void (hooked = { ...c, portalTx }) },
      );
      expect(change.before).toEqual(earlier);
      expect(change.after).toMatchObject({ id: 3001, title: 'After', description: 'New words.', isHidden: true, status: 'unpublished', categories: [{ id: 4, name: 'Armchairs' }, { id: 3, name: 'Sofas' }] });
      expect(change.after.updatedAt.getTime()).toBeGreaterThanOrEqual(earlier.updatedAt.getTime());
      expect(await source.item(3001)).toEqual(change.after);
      expect(hooked!.after).toEqual(change.after);
      // The embedded engine hands its portal transaction to the hook; MariaDB has none to give.
      expect(hooked!.portalTx === null).toBe(engine.name === 'mariadb');
    });

    it('changes only the fields given; an empty category list takes every category away', async () => {
      await source.updateItem(3002, { status: 'pending' });
      expect(await source.item(3002)).toMatchObject({ title: 'Item 3002', status: 'pending', isHidden: false });
      await source.updateItem(3001, { categoryIds: [] });
      expect(await source.item(3001)).toMatchObject({ title: 'After', categories: [] });
    });

    it('refuses an unknown item or unknown categories, and then changes nothing of it', async () => {
      expect(await refusal(source.updateItem(4242, { title: 'x' }))).toMatchObject({ code: 'ITEM_NOT_FOUND', ids: [4242] });
      const before = await source.item(3003);
      expect(await refusal(source.updateItem(3003, { title: 'Half done', categoryIds: [3, 998, 999] }))).toMatchObject({ code: 'CATEGORY_NOT_FOUND', ids: [998, 999] });
      expect(await source.item(3003)).toEqual(before);
    });

    it('writes nothing when the hook before commit throws', async () => {
      const before = await source.item(3003);
      const failing = source.updateItem(3003, { title: 'Never', categoryIds: [5] }, { beforeCommit: async () => Promise.reject(new Error('log failed')) });
      await expect(failing).rejects.toThrow('log failed');
      expect(await source.item(3003)).toEqual(before);
    });
  });

  describe('writePublications (sync back)', () => {
    const FROM = 200_001;
    const MANY = 1_500;
    beforeAll(async () => {
      await e.load({ items: Array.from({ length: MANY }, (_, i) => item(FROM + i, { status: 'pending', publish_date: null })) });
    });

    it('writes status, publish date and hidden of many items at once, counting only those that changed; the same call again changes none', async () => {
      const date = new Date(Math.floor(now / 1000) * 1000 - 5 * DAY);
      const rows = Array.from({ length: MANY }, (_, i) => ({ id: FROM + i, status: i % 3 === 0 ? 'pending' : 'published', publishDate: i % 3 === 0 ? null : date, isHidden: i % 7 === 0 && i % 3 === 0 }));
      const expected = rows.filter((r) => !(r.status === 'pending' && r.publishDate === null && !r.isHidden)).map((r) => r.id);
      const first = await source.writePublications([...rows, { id: 4242, status: 'published', publishDate: date, isHidden: false }]);
      expect(first).toEqual({ changed: expected.length, changedIds: expected, missingIds: [4242] });
      expect(await source.item(FROM + 1)).toMatchObject({ status: 'published', publishDate: date, isHidden: false });
      expect(await source.item(FROM)).toMatchObject({ status: 'pending', publishDate: null, isHidden: true });
      const again = await source.writePublications(rows);
      expect(again).toEqual({ changed: 0, changedIds: [], missingIds: [] });
      // A date moved, a date cleared, a flag turned: three changes.
      const third = await source.writePublications([
        { id: FROM + 1, status: 'published', publishDate: new Date(date.getTime() + DAY), isHidden: false },
        { id: FROM + 2, status: 'unpublished', publishDate: null, isHidden: false },
        { id: FROM + 4, status: 'published', publishDate: date, isHidden: true },
        { id: FROM + 5, status: 'published', publishDate: date, isHidden: false },
      ]);
      expect(third).toEqual({ changed: 3, changedIds: [FROM + 1, FROM + 2, FROM + 4], missingIds: [] });
      expect(await source.writePublications([])).toEqual({ changed: 0, changedIds: [], missingIds: [] });
    });

    it('writes nothing when the hook before commit throws', async () => {
      const before = await source.item(FROM + 10);
      const failing = source.writePublications([{ id: FROM + 10, status: 'deleted', publishDate: null, isHidden: true }], {
        beforeCommit: async (result) => {
          expect(result.changed).toBe(1);
          throw new Error('log failed');
        },
      });
      await expect(failing).rejects.toThrow('log failed');
      expect(await source.item(FROM + 10)).toEqual(before);
    });
  });

  describe('the category tree', () => {
    it('reads the tree by parent, position and id', async () => {
      expect(await source.categories()).toEqual([
        { id: 1, parentId: null, name: 'Objects', position: 0 },
        { id: 5, parentId: null, name: 'Build', position: 1 },
        { id: 2, parentId: 1, name: 'Seating', position: 0 },
        { id: 3, parentId: 2, name: 'Sofas', position: 0 },
        { id: 4, parentId: 2, name: 'Armchairs', position: 1 },
      ]);
    });

    it('applies inserts, renames and moves in order, counting only real changes; again, it changes nothing', async () => {
      const changes = [
        { kind: 'insert', id: 50, parentId: 5, name: 'Walls' },
        { kind: 'insert', id: 51, parentId: 50, name: 'Brick', position: 4 },
        { kind: 'insert', parentId: 1, name: 'Lighting' },
        { kind: 'rename', id: 2, name: 'Seats' },
        { kind: 'rename', id: 3, name: 'Sofas' },
        { kind: 'move', id: 4, parentId: 1 },
        { kind: 'move', id: 3, parentId: 2, position: 0 },
      ] as const;
      const result = await source.applyCategoryChanges(changes);
      expect(result.insertedIds.slice(0, 2)).toEqual([50, 51]);
      const lighting = result.insertedIds[2]!;
      expect(lighting).toBeGreaterThan(51);
      expect(result).toMatchObject({ renamed: 1, moved: 1 });
      const tree = await source.categories();
      expect(tree).toEqual(
        expect.arrayContaining([
          { id: 50, parentId: 5, name: 'Walls', position: 0 },
          { id: 51, parentId: 50, name: 'Brick', position: 4 },
          { id: lighting, parentId: 1, name: 'Lighting', position: 1 },
          { id: 2, parentId: 1, name: 'Seats', position: 0 },
          { id: 4, parentId: 1, name: 'Armchairs', position: 2 },
          { id: 3, parentId: 2, name: 'Sofas', position: 0 },
        ]),
      );
      // The same renames and moves again change nothing.
      expect(await source.applyCategoryChanges(changes.filter((c) => c.kind !== 'insert'))).toEqual({ insertedIds: [], renamed: 0, moved: 0 });
      // An insert without an id after inserts with their own gets a free one.
      const next = await source.applyCategoryChanges([{ kind: 'insert', parentId: null, name: 'Mods' }]);
      expect(next.insertedIds[0]).toBeGreaterThan(lighting);
      // Items read the new names.
      expect((await source.item(1002))!.categories).toEqual([{ id: 4, name: 'Armchairs' }]);
    });

    it('refuses unknown ids, taken ids and cycles, and then applies none of the list', async () => {
      const before = await source.categories();
      expect(await refusal(source.applyCategoryChanges([{ kind: 'rename', id: 2, name: 'Changed' }, { kind: 'rename', id: 999, name: 'x' }]))).toMatchObject({ code: 'CATEGORY_NOT_FOUND', ids: [999] });
      expect(await refusal(source.applyCategoryChanges([{ kind: 'insert', parentId: 998, name: 'x' }]))).toMatchObject({ code: 'CATEGORY_NOT_FOUND', ids: [998] });
      expect(await refusal(source.applyCategoryChanges([{ kind: 'insert', id: 3, parentId: null, name: 'x' }]))).toMatchObject({ code: 'CATEGORY_EXISTS', ids: [3] });
      expect(await refusal(source.applyCategoryChanges([{ kind: 'move', id: 1, parentId: 3 }]))).toMatchObject({ code: 'CATEGORY_CYCLE', ids: [1] });
      expect(await refusal(source.applyCategoryChanges([{ kind: 'move', id: 2, parentId: 2 }]))).toMatchObject({ code: 'CATEGORY_CYCLE', ids: [2] });
      expect(await source.categories()).toEqual(before);
      const failing = source.applyCategoryChanges([{ kind: 'insert', id: 70, parentId: null, name: 'Rolled back' }], { beforeCommit: () => Promise.reject(new Error('log failed')) });
      await expect(failing).rejects.toThrow('log failed');
      expect(await source.categories()).toEqual(before);
    });
  });

  describe('openMedia', () => {
    it('reads a picture or a download from folder ID/1000; a missing file or a name with a path is null', async () => {
      const picture = await source.openMedia('image', 1001, '1001.jpg');
      expect(picture!.size).toBe(10);
      expect((await buffer(picture!.stream)).toString()).toBe('jpeg bytes');
      const download = await source.openMedia('file', 1001, 'VelvetSofa.package');
      expect((await buffer(download!.stream)).toString()).toBe('DBPF package');
      expect(await source.openMedia('image', 1001, '1001_2.jpg')).toBeNull();
      expect(await source.openMedia('image', 2001, '1001.jpg')).toBeNull();
      expect(await source.openMedia('image', 1001, '../1/1001.jpg')).toBeNull();
      expect(await source.openMedia('file', 1001, '..')).toBeNull();
    });
  });

  describe('close', () => {
    it('lets go of the engine’s connections: MariaDB refuses calls after it; the embedded engine leaves the portal’s database open', async () => {
      await source.close();
      if (engine.name === 'mariadb') await expect(source.countItems({})).rejects.toThrow();
      else expect(await source.countItems({ id: 1001 })).toBe(1);
    });
  });
});
