import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, files, images, legacyCategoryMappings, submissionBridges, submissions } from '../../db/schema/index';
import { insertLegacyRowsPostgres } from '../../seed/legacy';
import { buildMember } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { catalogHead, writePackage } from '../game-file/test-fixtures';

/**
 * A creator migrates their own legacy items (issue 16, item 3) through the API, on the embedded
 * legacy source with real legacy files: what is copied (fields, the mapped category, pictures and
 * files through storage, publish date and status), what is reported, idempotence, and refusals.
 */
const server = useTestServer();
const DAY = 86_400_000;

const LIST = `query { myLegacyItems(first: 20) { paginatorInfo { total } data { item { ID title } migration { state submission_id reason } } } }`;
const MIGRATE = `mutation ($ids: [Int!], $all: Boolean) { migrateLegacyItems(ids: $ids, all: $all) { legacy_item_id outcome submission_id reason } }`;

let artist: { id: number; token: string };
let stranger: { id: number; token: string };
let portalCategory: number;

async function gql(query: string, variables: Record<string, unknown>, token: string) {
  return server.gql(query, variables, { token });
}

beforeAll(async () => {
  const db = server.database.db;
  const a = await buildMember(db, { roles: ['Select artist'] });
  const s = await buildMember(db);
  artist = { id: a.id, token: await server.tokenFor(a.id) };
  stranger = { id: s.id, token: await server.tokenFor(s.id) };
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  portalCategory = category!.id;
  await insertLegacyRowsPostgres(db, {
    members: [
      { id: artist.id, username: 'Ari the elder', email: null },
      { id: stranger.id, username: 'Someone else', email: null },
    ],
    categories: [
      { id: 9001, parent_id: null, name: 'Old Kitchens', position: 0 },
      { id: 9002, parent_id: null, name: 'Old Misc', position: 1 },
    ],
    items: [
      { id: 7001, member_id: artist.id, title: 'Rustic Kitchen', description: 'A farmhouse kitchen.', keywords: 'kitchen', game: 3, status: 'published', publish_date: new Date(Date.now() - 400 * DAY), is_hidden: false, reports: 0, uploads: 10 },
      { id: 7002, member_id: artist.id, title: 'Half-done Chair', description: 'Never finished.', keywords: '', game: 4, status: 'pending', publish_date: null, is_hidden: false, reports: 0, uploads: 0 },
      { id: 7003, member_id: artist.id, title: 'Gone Lamp', description: 'Deleted.', keywords: '', game: 4, status: 'deleted', publish_date: null, is_hidden: false, reports: 0, uploads: 0 },
      { id: 7100, member_id: stranger.id, title: 'Not Yours', description: 'Someone else’s.', keywords: '', game: 4, status: 'published', publish_date: new Date(Date.now() - DAY), is_hidden: false, reports: 0, uploads: 0 },
    ],
    item_categories: [
      { item_id: 7001, category_id: 9001 },
      { item_id: 7001, category_id: 9002 },
    ],
    images: [
      { item_id: 7001, position: 0, filename: '7001.jpg' },
      { item_id: 7001, position: 1, filename: '7001_2.jpg' },
    ],
    files: [{ item_id: 7001, filename: 'RusticKitchen.package', filesize: 0, mimetype: 'application/octet-stream', version: 1 }],
  });
  await db.insert(legacyCategoryMappings).values({ legacy_category_id: 9001, category_id: portalCategory });
  // The legacy files: the first picture and the package exist (folder 7 = 7001 / 1000); the second picture is missing.
  const root = server.config.legacyFilesDir;
  fs.mkdirSync(path.join(root, 'images', '7'), { recursive: true });
  fs.mkdirSync(path.join(root, 'files', '7'), { recursive: true });
  fs.writeFileSync(path.join(root, 'images', '7', '7001.jpg'), await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#a0522d' } }).jpeg().toBuffer());
  fs.writeFileSync(path.join(root, 'files', '7', 'RusticKitchen.package'), writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x7001n, data: catalogHead(1, 2, 3) }]));
});

describe('a creator’s migration', () => {
  it('lists the creator’s items only, with their state, to members with the page permission', async () => {
    const listed = await gql(LIST, {}, artist.token);
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.myLegacyItems.data.map((r: { item: { ID: number }; migration: { state: string } }) => [r.item.ID, r.migration.state])).toEqual([
      [7003, 'not_migrated'],
      [7002, 'not_migrated'],
      [7001, 'not_migrated'],
    ]);
    const refused = await gql(LIST, {}, stranger.token);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses another member’s item and a member without the permission, and changes nothing', async () => {
    const before = await server.database.db.$count(submissions);
    const notYours = await gql(MIGRATE, { ids: [7001, 7100] }, artist.token);
    expect(notYours.errors?.[0]).toMatchObject({ message: 'Item 7100 is not yours to migrate: only their creator may.', extensions: { code: 'MIGRATION_NOT_YOURS' } });
    const noRole = await gql(MIGRATE, { ids: [7100] }, stranger.token);
    expect(noRole.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await server.database.db.$count(submissions)).toBe(before);
  });

  it('copies two items with their fields, mapped category, pictures and files, says what it left out, and never twice', async () => {
    const db = server.database.db;
    const res = await gql(MIGRATE, { ids: [7001, 7002] }, artist.token);
    expect(res.errors).toBeUndefined();
    const outcomes = res.data!.migrateLegacyItems as { legacy_item_id: number; outcome: string; submission_id: number }[];
    expect(outcomes.map((o) => [o.legacy_item_id, o.outcome])).toEqual([
      [7001, 'migrated'],
      [7002, 'migrated'],
    ]);
    const [kitchen] = await db.select().from(submissions).where(eq(submissions.id, outcomes[0]!.submission_id));
    expect(kitchen).toMatchObject({ member_id: artist.id, name: 'Rustic Kitchen', description: 'A farmhouse kitchen.', keywords: 'kitchen', game_version: 3, category_id: portalCategory, status: 'APPROVED' });
    expect(kitchen!.publish_at!.getTime()).toBeLessThan(Date.now() - 399 * DAY);
    expect(kitchen!.migration_result).toMatchObject({
      legacy_item_id: 7001,
      copied: { images: 1, files: 1, category: 'Old Kitchens' },
      not_copied: [
        { what: 'Categories', why: 'No portal category is mapped to “Old Misc”: staff map categories on the migration page.' },
        { what: 'Picture 7001_2.jpg', why: 'Its file is missing from the old site’s files.' },
      ],
    });
    const pictures = await db.select().from(images).where(eq(images.submission_id, kitchen!.id));
    expect(pictures.map((p) => [p.filename, p.width, p.height])).toEqual([['7001.jpg', 1024, 768]]);
    const downloads = await db.select().from(files).where(eq(files.submission_id, kitchen!.id));
    expect(downloads.map((f) => [f.filename, f.kind])).toEqual([['RusticKitchen.package', 'sims4-package']]);
    expect(downloads[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [chair] = await db.select().from(submissions).where(eq(submissions.id, outcomes[1]!.submission_id));
    expect(chair).toMatchObject({ status: 'CREATED', publish_at: null, category_id: null });

    // Again, and all of them: the two are skipped, the deleted one fails, nothing is copied twice.
    const again = await gql(MIGRATE, { all: true }, artist.token);
    expect(again.errors).toBeUndefined();
    expect(again.data!.migrateLegacyItems.map((o: { legacy_item_id: number; outcome: string }) => [o.legacy_item_id, o.outcome])).toEqual([
      [7001, 'skipped'],
      [7002, 'skipped'],
      [7003, 'failed'],
    ]);
    const bridges = await db.select().from(submissionBridges).where(inArray(submissionBridges.legacy_item_id, [7001, 7002, 7003]));
    expect(bridges).toHaveLength(2);
    const listed = await gql(LIST, {}, artist.token);
    expect(listed.data!.myLegacyItems.data.map((r: { item: { ID: number }; migration: unknown }) => [r.item.ID, r.migration])).toEqual([
      [7003, { state: 'failed', submission_id: null, reason: 'It was deleted on the old site.' }],
      [7002, { state: 'migrated', submission_id: outcomes[1]!.submission_id, reason: null }],
      [7001, { state: 'migrated', submission_id: outcomes[0]!.submission_id, reason: null }],
    ]);
  });
});
