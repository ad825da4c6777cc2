import { eq } from 'drizzle-orm';
import { classifyFile, mimetypeOfKind, type ModelType } from '@corner/domain';
import type { DbOrTx } from '../db/client';
import { files, fileVersions } from '../db/schema/index';
import {
  catalogHead,
  familyData,
  mlodResource,
  modlResource,
  ProtoWriter,
  trayMetadata,
  wrapTrayData,
  wrapTrayImage,
  writePackage,
  writeStbl,
  writeZipArchive,
} from '../modules/game-file/fixture-writers';
import type { Storage } from '../storage/index';

/** Resource types of a catalog object as the package reader knows them (resource-types.constants.ts). */
const COBJ = 0x319e4f1d;
const THUMBNAIL = 0x3c1af1f2;
const STBL = 0x220557da;
const MODL = 0x01661233;
const MLOD = 0x01d10f34;

/** What a demo creation's files say about it: its kind, name, the object id its package defines and the ids its lot uses. */
export interface DemoFilesOf {
  kind: Exclude<ModelType, 'set_item'>;
  name: string;
  /** The 16-hex-digit id of its one catalog object (items and sets). */
  objectId: string;
  /** Object ids a lot or room places (16 hex digits each). */
  uses?: readonly string[];
  /** A picture of it (a JPEG): tray pictures and catalog thumbnails are made from it. */
  picture: Buffer;
  /** Items and sets: the triangles of its model's highest-detail mesh (the polycount check reads them). */
  triangles?: number;
}

/**
 * The game files of a demo creation, written in code with the same writers as the tests, so the
 * demo reads as a lived-in portal: step 2 shows what the server read, and a creation waiting for
 * review passes the automatic checks its creator met before submitting (issue 15). Items and sets
 * hold a package with one named catalog object and its thumbnail; a mod a script; a lot, room or
 * household the tray files the site requires of it.
 */
export function demoFilesOf(c: DemoFilesOf): { filename: string; bytes: Uint8Array }[] {
  const slug = c.name.replace(/[^A-Za-z0-9]+/g, '');
  const id = BigInt(`0x${c.objectId}`);
  const trayId = `0x${c.objectId}`;
  const picture = new Uint8Array(c.picture);
  const tray = (type: number, extra: Partial<Parameters<typeof trayMetadata>[0]>) =>
    wrapTrayData(trayMetadata({ id, type, name: c.name, description: c.name, creatorId: 1n, creatorName: 'Corner demo', ...extra }).toBytes());
  const placed = () => {
    const body = new ProtoWriter().varint(1, 30).varint(2, 20);
    for (const guid of c.uses ?? []) body.message(3, new ProtoWriter().varint(1, 7).fixed64(30, BigInt(`0x${guid}`)));
    // The world it was saved in, named after it: two demo lots placing the same lamp are not the same file.
    return wrapTrayData(body.string(4, `${c.name} world`).toBytes());
  };
  switch (c.kind) {
    case 'item':
    case 'set':
      return [{ filename: `${slug}.package`, bytes: itemPackage(c.name, id, picture, c.triangles ?? DEMO_TRIANGLES) }];
    case 'mod':
      return [{ filename: `${slug}.ts4script`, bytes: writeZipArchive([{ name: `${slug.toLowerCase()}/__init__.pyc`, data: new Uint8Array([0x55, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0]) }]) }];
    case 'lot':
      return [
        { filename: `0x00000002!${trayId}.trayitem`, bytes: tray(2, { lot: { sizeX: 30, sizeZ: 20, price: 48_000, bedrooms: 2, bathrooms: 1, thumbnails: 1 } }) },
        { filename: `0x00000000!${trayId}.blueprint`, bytes: placed() },
        { filename: `0x00000003!${trayId}.bpi`, bytes: wrapTrayImage(picture, 1) },
      ];
    case 'room':
      return [
        { filename: `0x00000003!${trayId}.trayitem`, bytes: tray(3, { room: { roomType: 4, sizeX: 6, sizeZ: 8, price: 9_500, height: 3 } }) },
        { filename: `0x00000000!${trayId}.room`, bytes: placed() },
        { filename: `0x00000004!${trayId}.rmi`, bytes: wrapTrayImage(picture, 1) },
      ];
    case 'sim': {
      const sims = [
        { id: id + 1n, firstName: 'Ada', lastName: 'Okafor', gender: 8192, age: 32, skinTone: 0x77n, outfits: [] },
        { id: id + 2n, firstName: 'Tobi', lastName: 'Okafor', gender: 4096, age: 32, skinTone: 0x78n, outfits: [] },
      ];
      return [
        { filename: `0x00000001!${trayId}.trayitem`, bytes: tray(1, { sims: sims.map((s) => ({ ...s, species: 1 })) }) },
        { filename: `0x00000000!${trayId}.householdbinary`, bytes: wrapTrayData(familyData({ name: 'Okafor', money: 20_000, description: c.name, sims, inventory: [] }).toBytes()) },
        { filename: `0x00000002!${trayId}.hhi`, bytes: wrapTrayImage(picture, 1) },
        ...sims.map((s, n) => ({ filename: `0x0000001${n}!0x${s.id.toString(16).padStart(16, '0')}.sgi`, bytes: wrapTrayImage(picture, 1) })),
      ];
    }
  }
}

/**
 * An item's package: its catalog object with English name, description and thumbnail, and a catalog
 * object per swatch (named "<name>, <swatch> swatch", with the swatch's thumbnail).
 */
/** A demo object's highest-detail triangles when its creation does not say. */
const DEMO_TRIANGLES = 1200;

/**
 * A demo item's package: its catalog object with its thumbnail and English texts, and its model
 * (a MODL whose highest level of detail is an MLOD of `triangles`, and a lower level inside it).
 */
function itemPackage(name: string, id: bigint, picture: Uint8Array, triangles: number, swatches: readonly { name: string; picture: Uint8Array }[] = []): Uint8Array {
  const texts = [{ key: 0x1000, text: name }, { key: 0x1001, text: `${name}, from the Corner demo.` }, ...swatches.map((w, n) => ({ key: 0x1010 + n, text: `${name}, ${w.name} swatch` }))];
  return writePackage([
    { type: COBJ, group: 0, instance: id, data: catalogHead(0x1000, 0x1001, 250) },
    { type: THUMBNAIL, group: 0, instance: id, data: picture },
    { type: STBL, group: 0, instance: id & 0x00ffffffffffffffn, data: writeStbl(texts), compression: 'zlib' },
    { type: MODL, group: 0, instance: id, data: modlResource([{ id: 0, resource: { type: MLOD, instance: id } }, { id: 1, triangles: [Math.round(triangles / 3)] }]), compression: 'zlib' },
    { type: MLOD, group: 0, instance: id, data: mlodResource([{ triangles: Math.round(triangles * 0.8) }, { triangles: triangles - Math.round(triangles * 0.8) }]), compression: 'zlib' },
    ...swatches.flatMap((w, n) => [
      { type: COBJ, group: 0, instance: swatchId(id, n), data: catalogHead(0x1010 + n, 0x1001, 250) },
      { type: THUMBNAIL, group: 0, instance: swatchId(id, n), data: w.picture },
    ]),
  ]);
}

/** The object id of an item's swatch n (the item's id with the swatch's number in its third byte from the right). */
const swatchId = (id: bigint, n: number) => id | (BigInt(n + 1) << 16n);

/**
 * The second version of a demo item's package, as its creator would upload it for an update: a new
 * thumbnail for the item (`picture`) and a catalog object per swatch. The update's "What changed"
 * on the review page reads these against the first version.
 */
export function demoUpdatedPackageOf(c: { name: string; objectId: string; picture: Buffer; triangles?: number; swatches: readonly { name: string; picture: Buffer }[] }): { filename: string; bytes: Uint8Array } {
  const swatches = c.swatches.map((w) => ({ name: w.name, picture: new Uint8Array(w.picture) }));
  return { filename: `${c.name.replace(/[^A-Za-z0-9]+/g, '')}.package`, bytes: itemPackage(c.name, BigInt(`0x${c.objectId}`), new Uint8Array(c.picture), c.triangles ?? DEMO_TRIANGLES, swatches) };
}

/**
 * Stores a new version of a demo file, uploaded at `at` by its owner; the version visitors download
 * stays the first (the creation is approved: the new one waits for an update request).
 */
export async function storeDemoFileVersion(db: DbOrTx, storage: Storage, file: { id: number; memberId: number }, made: { filename: string; bytes: Uint8Array }, at: Date): Promise<void> {
  const stored = await storage.put([Buffer.from(made.bytes)]);
  const kind = classifyFile(made.bytes.subarray(0, 64), made.filename)!;
  const content = { filename: made.filename, filesize: stored.size, mimetype: mimetypeOfKind(kind, made.bytes), sha256: stored.sha256, storage_key: stored.key };
  await db.insert(fileVersions).values({ file_id: file.id, version: 2, member_id: file.memberId, created_at: at, ...content });
  await db.update(files).set({ ...content, version: 2, published_version: 1 }).where(eq(files.id, file.id));
}

/** Stores a demo creation's files and adds them at version 1 (the inspection job reads them like any upload). */
export async function storeDemoFiles(db: DbOrTx, storage: Storage, creation: { submissionId: number; memberId: number }, made: { filename: string; bytes: Uint8Array }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const file of made) {
    const kind = classifyFile(file.bytes.subarray(0, 64), file.filename);
    if (!kind) throw new Error(`The demo file ${file.filename} is not one the site takes`);
    const stored = await storage.put([Buffer.from(file.bytes)]);
    const content = { filename: file.filename, filesize: stored.size, mimetype: mimetypeOfKind(kind, file.bytes), sha256: stored.sha256, storage_key: stored.key };
    const [row] = await db.insert(files).values({ submission_id: creation.submissionId, member_id: creation.memberId, kind, version: 1, ...content }).returning({ id: files.id });
    await db.insert(fileVersions).values({ file_id: row!.id, version: 1, member_id: creation.memberId, ...content });
    ids.push(row!.id);
  }
  return ids;
}
