import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client';
import { categories, legacyCategories, legacyCategoryMappings, legacyFiles, legacyImages, legacyItemCategories, legacyItems, legacyMembers } from '../db/schema/index';
import { writeLegacyMedia } from '../modules/legacy/legacy-files';
import type { LegacyRows } from '../modules/legacy/legacy-rows';
import { demoFilesOf } from './files';
import { demoImage } from './images';

/**
 * The older submission system's demo data (DESIGN 9), written once here and used by both engines:
 * the embedded seed (`seedLegacyDemo`, into the `legacy` schema) and `npm run legacy:mariadb --
 * --demo` (scripts/legacy-mariadb.ts, into a MariaDB). Items of every game and status, hidden ones,
 * reported ones, owned by demo members (creator@corner.test owns several) and by old members who
 * never came to the portal; pictures drawn in code and written under the ID/1000 layout, one of
 * them missing on purpose so that the fallback picture shows; files the portal can read.
 */

const DAY = 86_400_000;

/** The old system's category tree (three levels, as SPEC 9 allows). Ids are fixed: items name them. */
export const LEGACY_DEMO_CATEGORIES: readonly { id: number; parentId: number | null; name: string }[] = [
  { id: 1, parentId: null, name: 'Objects' },
  { id: 10, parentId: 1, name: 'Living Room' },
  { id: 100, parentId: 10, name: 'Sofas' },
  { id: 101, parentId: 10, name: 'Armchairs' },
  { id: 11, parentId: 1, name: 'Kitchen & Dining' },
  { id: 110, parentId: 11, name: 'Kitchen' },
  { id: 111, parentId: 11, name: 'Dining' },
  { id: 12, parentId: 1, name: 'Bedroom' },
  { id: 120, parentId: 12, name: 'Beds' },
  { id: 13, parentId: 1, name: 'Lighting' },
  { id: 14, parentId: 1, name: 'Decor' },
  { id: 140, parentId: 14, name: 'Plants' },
  { id: 2, parentId: null, name: 'Build' },
  { id: 20, parentId: 2, name: 'Floors' },
  { id: 21, parentId: 2, name: 'Walls' },
  { id: 3, parentId: null, name: 'Lots' },
  { id: 30, parentId: 3, name: 'Residential Lots' },
  { id: 31, parentId: 3, name: 'Community Lots' },
  { id: 4, parentId: null, name: 'Sims' },
  { id: 40, parentId: 4, name: 'Households' },
  { id: 41, parentId: 4, name: 'Clothing' },
  { id: 5, parentId: null, name: 'Mods' },
  { id: 50, parentId: 5, name: 'Gameplay Mods' },
];

/**
 * Who owns the demo items: a portal demo member (by e-mail; the legacy member gets the portal
 * member's id, since the two are matched by member id) or an old member who never joined the portal
 * (fixed ids far above the portal's).
 */
export type LegacyDemoOwner = { email: string; username: string } | { id: number; username: string };

const CORA: LegacyDemoOwner = { email: 'creator@corner.test', username: 'Cora Creator' };
const ARI: LegacyDemoOwner = { email: 'artist@corner.test', username: 'Ari Artist' };
const OLD_TIMER: LegacyDemoOwner = { id: 90_001, username: 'OldTimer' };
const PIXEL_PATTY: LegacyDemoOwner = { id: 90_002, username: 'PixelPatty' };
const SIMS_GRANNY: LegacyDemoOwner = { id: 90_003, username: 'SimsGranny' };
export const LEGACY_DEMO_OWNERS: readonly LegacyDemoOwner[] = [CORA, ARI, OLD_TIMER, PIXEL_PATTY, SIMS_GRANNY];

/** What a demo picture and download show: the portal's demo kinds. */
type DemoKind = 'item' | 'lot' | 'sim' | 'mod';

export interface LegacyDemoItem {
  id: number;
  owner: LegacyDemoOwner;
  game: 2 | 3 | 4;
  status: 'draft' | 'pending' | 'published' | 'unpublished' | 'rejected' | 'deleted';
  title: string;
  description: string;
  keywords: string;
  /** Days from now of the publish date (negative: in the past); none for items never published. */
  publishInDays?: number;
  isHidden?: boolean;
  reports?: number;
  uploads?: number;
  categoryIds: number[];
  kind: DemoKind;
  /** How many pictures (1 to 3). */
  pictures: number;
  /** Pictures as PNG rather than JPEG (the old system took both). */
  png?: boolean;
  /** The position of a picture whose row exists but whose file does not (the fallback shows). */
  missingPicture?: number;
}

/** The demo items: every game, every status, hidden and reported ones, in several ID/1000 folders. */
export const LEGACY_DEMO_ITEMS: readonly LegacyDemoItem[] = [
  { id: 1204, owner: CORA, game: 2, status: 'published', publishInDays: -3650, uploads: 15_230, title: 'Retro Kitchen Counters', description: 'Formica counters and cabinets in four sixties colours, with matching bar stools.', keywords: 'kitchen, retro, counters', categoryIds: [110], kind: 'item', pictures: 2 },
  { id: 1205, owner: CORA, game: 2, status: 'published', publishInDays: -3600, isHidden: true, uploads: 4_410, title: 'Shag Carpet Floors', description: 'Six deep-pile carpets, hidden after a reader found a texture seam.', keywords: 'floors, carpet, seventies', categoryIds: [20], kind: 'item', pictures: 1 },
  { id: 2317, owner: CORA, game: 3, status: 'published', publishInDays: -2400, reports: 2, uploads: 8_902, title: 'Country Dining Chairs', description: 'Spindle-back chairs in oak and painted finishes, CASt-able cushions.', keywords: 'dining, chairs, country', categoryIds: [111], kind: 'item', pictures: 2 },
  { id: 2318, owner: CORA, game: 3, status: 'unpublished', publishInDays: -2300, uploads: 1_120, title: 'Gothic Wall Sconce', description: 'A wrought-iron sconce with a flickering candle; taken down by its creator.', keywords: 'lighting, gothic, sconce', categoryIds: [13], kind: 'item', pictures: 1 },
  { id: 4501, owner: CORA, game: 4, status: 'published', publishInDays: -900, uploads: 23_874, title: 'Velvet Armchair (classic)', description: 'A buttoned velvet armchair in twelve swatches, the original of the velvet set.', keywords: 'armchair, velvet, classic', categoryIds: [101], kind: 'item', pictures: 3, missingPicture: 1 },
  { id: 4502, owner: CORA, game: 4, status: 'pending', title: 'Boho Macrame Wall Hanging', description: 'A macrame hanging in three sizes and natural colours, waiting for review.', keywords: 'decor, boho, macrame', categoryIds: [14], kind: 'item', pictures: 1 },
  { id: 4503, owner: CORA, game: 4, status: 'published', publishInDays: 5, title: 'Autumn Orchard Lot', description: 'A farmhouse on a 30 by 20 lot with an apple orchard; scheduled for next week.', keywords: 'lot, farmhouse, orchard', categoryIds: [30], kind: 'lot', pictures: 2 },
  { id: 4504, owner: CORA, game: 4, status: 'rejected', title: 'Speedy Career Mod', description: 'Doubles promotion speed.', keywords: 'mod, career', categoryIds: [50], kind: 'mod', pictures: 1 },
  { id: 4505, owner: CORA, game: 4, status: 'draft', title: 'Untitled sofa', description: 'Work in progress.', keywords: '', categoryIds: [100], kind: 'item', pictures: 1 },
  { id: 5120, owner: ARI, game: 4, status: 'published', publishInDays: -400, reports: 1, uploads: 6_003, title: 'Seaside Bungalow', description: 'A two-bedroom bungalow with a veranda facing the sea, fully furnished.', keywords: 'lot, beach, bungalow', categoryIds: [30], kind: 'lot', pictures: 2 },
  { id: 5121, owner: ARI, game: 4, status: 'deleted', publishInDays: -300, uploads: 310, title: 'Neon Bar Stools', description: 'Chrome stools with neon rims; deleted at its creator’s request.', keywords: 'dining, neon, stools', categoryIds: [111], kind: 'item', pictures: 1 },
  { id: 5122, owner: ARI, game: 3, status: 'published', publishInDays: -1500, isHidden: true, reports: 4, uploads: 2_745, title: 'Art Deco Vanity', description: 'A mirrored vanity and stool; hidden while its reports are looked at.', keywords: 'bedroom, deco, vanity', categoryIds: [12], kind: 'item', pictures: 2 },
  { id: 7020, owner: OLD_TIMER, game: 2, status: 'published', publishInDays: -5000, uploads: 41_280, title: 'Victorian Four-Poster Bed', description: 'A carved four-poster with drapes, a classic of the old site.', keywords: 'bed, victorian, four-poster', categoryIds: [120], kind: 'item', pictures: 2, png: true },
  { id: 7021, owner: OLD_TIMER, game: 2, status: 'unpublished', publishInDays: -4800, uploads: 980, title: 'Pixel Garden Gnome', description: 'A cheeky gnome for the garden.', keywords: 'decor, garden, gnome', categoryIds: [14], kind: 'item', pictures: 1, png: true },
  { id: 12045, owner: PIXEL_PATTY, game: 3, status: 'published', publishInDays: -2000, uploads: 12_650, title: 'Sunset Boulevard Apartments', description: 'Six apartments over a corner café, for city worlds.', keywords: 'lot, apartments, city', categoryIds: [31], kind: 'lot', pictures: 3 },
  { id: 12046, owner: PIXEL_PATTY, game: 4, status: 'pending', title: 'Cherry Blossom Tree', description: 'A flowering cherry tree in three sizes with falling petals.', keywords: 'plants, tree, cherry', categoryIds: [140], kind: 'item', pictures: 1 },
  { id: 23001, owner: SIMS_GRANNY, game: 4, status: 'published', publishInDays: -100, uploads: 3_388, title: 'The Greenwood Household', description: 'A family of three gardeners with their own style and aspirations.', keywords: 'household, family, gardeners', categoryIds: [40], kind: 'sim', pictures: 2 },
  { id: 23002, owner: SIMS_GRANNY, game: 3, status: 'rejected', reports: 0, title: 'Cozy Knit Sweaters', description: 'Sweaters.', keywords: 'clothing, knit', categoryIds: [41], kind: 'item', pictures: 1 },
];

/** A demo picture's file name: `{id}.ext` first, then `{id}_{n}.ext` (the old system's naming). */
export function legacyPictureName(itemId: number, position: number, ext: 'jpg' | 'png'): string {
  return position === 0 ? `${itemId}.${ext}` : `${itemId}_${position + 1}.${ext}`;
}

/** The 16-hex-digit object id of a demo item's package (far from the portal demo's own ids). */
const objectIdOf = (itemId: number) => (0x1e6ac0000000n + BigInt(itemId)).toString(16).padStart(16, '0');

const memberIdOf = (owner: LegacyDemoOwner, portalIdOf: (email: string) => number) => ('email' in owner ? portalIdOf(owner.email) : owner.id);

/**
 * The demo as rows of the old system's tables. `portalIdOf` gives a portal demo member's id by
 * e-mail (the embedded seed reads them; the MariaDB script takes a fresh demo portal's: 1 to 6 in
 * DEMO_MEMBERS order). Files come from `downloadsOf` (their sizes are the rows' filesize).
 */
export function legacyDemoRows(portalIdOf: (email: string) => number, downloads: ReadonlyMap<number, readonly { filename: string; bytes: Uint8Array }[]>, now = Date.now()): LegacyRows {
  const members = LEGACY_DEMO_OWNERS.map((o) => ({
    id: memberIdOf(o, portalIdOf),
    username: o.username,
    email: 'email' in o ? o.email : `${o.username.toLowerCase()}@old.example`,
  }));
  const positions = new Map<number | null, number>();
  const categories = LEGACY_DEMO_CATEGORIES.map((c) => {
    const position = positions.get(c.parentId) ?? 0;
    positions.set(c.parentId, position + 1);
    return { id: c.id, parent_id: c.parentId, name: c.name, position };
  });
  const items = LEGACY_DEMO_ITEMS.map((i, n) => ({
    id: i.id,
    member_id: memberIdOf(i.owner, portalIdOf),
    title: i.title,
    description: i.description,
    keywords: i.keywords,
    game: i.game,
    status: i.status,
    publish_date: i.publishInDays === undefined ? null : new Date(now + i.publishInDays * DAY),
    is_hidden: i.isHidden ?? false,
    reports: i.reports ?? 0,
    uploads: i.uploads ?? 0,
    created_at: new Date(now + Math.min(i.publishInDays ?? -10, -10) * DAY - (n + 1) * 3_600_000),
  }));
  return {
    members,
    categories,
    items,
    item_categories: LEGACY_DEMO_ITEMS.flatMap((i) => i.categoryIds.map((category_id) => ({ item_id: i.id, category_id }))),
    images: LEGACY_DEMO_ITEMS.flatMap((i) =>
      Array.from({ length: i.pictures }, (_, position) => ({ item_id: i.id, position, filename: legacyPictureName(i.id, position, i.png ? 'png' : 'jpg') })),
    ),
    files: LEGACY_DEMO_ITEMS.flatMap((i) =>
      (downloads.get(i.id) ?? []).map((f) => ({ item_id: i.id, filename: f.filename, filesize: f.bytes.length, mimetype: 'application/octet-stream', version: 1 })),
    ),
  };
}

/** A demo picture, small (400×300) as the old site's were. */
async function legacyPicture(item: LegacyDemoItem, position: number): Promise<Buffer> {
  const big = await demoImage(item.title, item.kind, position);
  const small = sharp(big).resize(400, 300);
  return item.png ? small.png({ palette: true }).toBuffer() : small.jpeg({ quality: 80 }).toBuffer();
}

/**
 * The downloads of the demo items: what the portal reads for a Sims 4 item (a package, a lot's or
 * household's tray files, a mod's script), a small stand-in for the older games' (the portal reads
 * no Sims 2 or 3 files).
 */
async function legacyDownloads(item: LegacyDemoItem): Promise<{ filename: string; bytes: Uint8Array }[]> {
  const slug = item.title.replace(/[^A-Za-z0-9]+/g, '');
  if (item.game !== 4) {
    const ext = item.game === 3 ? 'sims3pack' : 'package';
    return [{ filename: `${slug}.${ext}`, bytes: new TextEncoder().encode(`The Sims ${item.game} download of the Corner demo: ${item.title}\n`) }];
  }
  return demoFilesOf({ kind: item.kind, name: item.title, objectId: objectIdOf(item.id), picture: await demoImage(item.title, item.kind, 0) });
}

/**
 * The demo's rows, and its pictures and downloads written under `filesDir` (images/{ID/1000}/…,
 * files/{ID/1000}/…). The picture marked missing is left out, so the archive shows the fallback.
 */
export async function prepareLegacyDemo(filesDir: string | null, portalIdOf: (email: string) => number, now = Date.now()): Promise<LegacyRows> {
  const downloads = new Map<number, { filename: string; bytes: Uint8Array }[]>();
  await Promise.all(LEGACY_DEMO_ITEMS.map(async (item) => downloads.set(item.id, await legacyDownloads(item))));
  const rows = legacyDemoRows(portalIdOf, downloads, now);
  if (filesDir) {
    const writes: Promise<void>[] = [];
    for (const item of LEGACY_DEMO_ITEMS) {
      for (let position = 0; position < item.pictures; position += 1) {
        if (position === item.missingPicture) continue;
        const filename = legacyPictureName(item.id, position, item.png ? 'png' : 'jpg');
        writes.push(legacyPicture(item, position).then((bytes) => writeLegacyMedia(filesDir, 'image', item.id, filename, bytes)));
      }
      for (const file of downloads.get(item.id) ?? []) writes.push(writeLegacyMedia(filesDir, 'file', item.id, file.filename, file.bytes));
    }
    await Promise.all(writes);
  }
  return rows;
}

/** Writes rows into the embedded engine's `legacy` tables (the seed, tests), in a few multi-row inserts. */
export async function insertLegacyRowsPostgres(db: DbOrTx, rows: Partial<LegacyRows>): Promise<void> {
  const chunks = <T>(list: readonly T[] | undefined) => {
    const out: T[][] = [];
    for (let i = 0; i < (list?.length ?? 0); i += 1000) out.push(list!.slice(i, i + 1000));
    return out;
  };
  for (const c of chunks(rows.members)) await db.insert(legacyMembers).values(c);
  for (const c of chunks(rows.categories)) await db.insert(legacyCategories).values(c).onConflictDoNothing();
  if (rows.categories?.length) {
    // Rows with their own ids leave the identity behind: move it past them.
    await db.execute(sql`select setval(pg_get_serial_sequence('legacy.categories', 'id'), greatest((select max(id) from ${legacyCategories}), 1))`);
  }
  for (const c of chunks(rows.items)) await db.insert(legacyItems).values(c);
  for (const c of chunks(rows.item_categories)) await db.insert(legacyItemCategories).values(c);
  for (const c of chunks(rows.images)) await db.insert(legacyImages).values(c);
  for (const c of chunks(rows.files)) await db.insert(legacyFiles).values(c);
}

/**
 * Seeds the embedded engine's `legacy` schema with the demo (with the demo members' portal ids);
 * its pictures and downloads go to `filesDir` when given.
 */
export async function seedLegacyDemo(db: DbOrTx, portalIdOf: (email: string) => number, filesDir: string | null): Promise<void> {
  await insertLegacyRowsPostgres(db, await prepareLegacyDemo(filesDir, portalIdOf));
  // The staff's category mapping as a newcomer finds it: each old category mapped to the portal
  // category of the same name where there is one ("Sofas" to "Sofas"); the others stay unmapped,
  // so a demo migration shows both.
  await db.execute(sql`insert into ${legacyCategoryMappings} (legacy_category_id, category_id)
    select lc.id, min(c.id) from ${legacyCategories} lc join ${categories} c on lower(c.name) = lower(lc.name)
    group by lc.id on conflict do nothing`);
}

const GENERATED_ADJECTIVES = ['Velvet', 'Rustic', 'Modern', 'Cosy', 'Retro', 'Gothic', 'Boho', 'Shabby', 'Sleek', 'Country', 'Art Deco', 'Cottage'];
const GENERATED_NOUNS = ['Sofa', 'Armchair', 'Bed', 'Lamp', 'Table', 'Rug', 'Curtains', 'Shelf', 'Bathtub', 'Counter', 'Dresser', 'Mirror', 'Plant', 'Wall', 'Floor'];
const GENERATED_STATUSES = ['published', 'published', 'published', 'published', 'published', 'published', 'unpublished', 'pending', 'rejected', 'deleted'] as const;
/** The leaf categories of the demo tree, which generated items go into. */
const LEAF_CATEGORY_IDS = LEGACY_DEMO_CATEGORIES.filter((c) => !LEGACY_DEMO_CATEGORIES.some((d) => d.parentId === c.id)).map((c) => c.id);

/** The members generated items belong to: ids far above the portal's and the demo's. */
export const GENERATED_MEMBER_FIRST_ID = 200_001;

/**
 * `count` generated items from `firstId` on, as rows (a category each; no pictures or files: a bulk
 * migration benchmark measures the rows), spread over `members` generated members, every game and
 * status, a few hidden and reported. Deterministic: the same arguments give the same rows.
 */
export function generatedLegacyRows(firstId: number, count: number, members: number, now = Date.now()): Pick<LegacyRows, 'items' | 'item_categories'> {
  const items: LegacyRows['items'] = [];
  const itemCategories: LegacyRows['item_categories'] = [];
  for (let n = 0; n < count; n += 1) {
    const id = firstId + n;
    const status = GENERATED_STATUSES[id % GENERATED_STATUSES.length]!;
    items.push({
      id,
      member_id: GENERATED_MEMBER_FIRST_ID + (id % members),
      title: `${GENERATED_ADJECTIVES[(id * 7) % GENERATED_ADJECTIVES.length]} ${GENERATED_NOUNS[(id * 11) % GENERATED_NOUNS.length]} ${id}`,
      description: `Generated legacy item ${id}.`,
      keywords: 'generated',
      game: 2 + (id % 3),
      status,
      publish_date: status === 'pending' || status === 'rejected' ? null : new Date(now - (1 + (id % 4000)) * DAY),
      is_hidden: id % 97 === 0,
      reports: id % 53 === 0 ? 1 + (id % 3) : 0,
      uploads: (id * 37) % 10_000,
      created_at: new Date(now - (2 + (id % 4000)) * DAY),
    });
    itemCategories.push({ item_id: id, category_id: LEAF_CATEGORY_IDS[id % LEAF_CATEGORY_IDS.length]! });
  }
  return { items, item_categories: itemCategories };
}

/** The generated members (ids from GENERATED_MEMBER_FIRST_ID on). */
export function generatedLegacyMembers(count: number): LegacyRows['members'] {
  return Array.from({ length: count }, (_, n) => ({ id: GENERATED_MEMBER_FIRST_ID + n, username: `Old creator ${n + 1}`, email: null }));
}

/** The demo category tree as rows. */
export function legacyDemoCategoryRows(): LegacyRows['categories'] {
  return legacyDemoRows(() => 0, new Map()).categories;
}
