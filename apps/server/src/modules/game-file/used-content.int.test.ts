import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { objectGuids, submissions } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { inspectPendingFiles, pendingContents } from './inspection.service';
import {
  casPart,
  catalogHead,
  familyData,
  ProtoWriter,
  sampleJpeg,
  samplePng,
  trayMetadata,
  withAlfa,
  wrapTrayData,
  wrapTrayImage,
  writePackage,
  writeStbl,
} from './test-fixtures';

/**
 * What a lot, room or household uses, matched to the creations on the site, and the tray pictures
 * decoded (SPEC 7's getLotItemsFromBlueprint, getLotItemsFromRoom, getItemsFromHouseholdBinary,
 * getHHBinaryData, getRoomData, getEncryptedImage): real uploads, the real inspection job and its
 * worker, real storage, and the picture fetched from its URL.
 */
const server = useTestServer();

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id } }`;
const USED_FIELDS = `file_id status error { code message } found { id kind submission { id name } } not_found { id kind }`;
const BLUEPRINT = `query ($fileId: Int!) { getLotItemsFromBlueprint(fileId: $fileId) { ${USED_FIELDS} } }`;
const ROOM_ITEMS = `query ($fileId: Int!) { getLotItemsFromRoom(fileId: $fileId) { ${USED_FIELDS} } }`;
const HOUSEHOLD_ITEMS = `query ($fileId: Int!) { getItemsFromHouseholdBinary(fileId: $fileId) { ${USED_FIELDS} } }`;
const HOUSEHOLD = `query ($fileId: Int!) {
  getHHBinaryData(fileId: $fileId) {
    file_id status family_name money description sims { first_name last_name gender age cas_part_ids } cas_part_ids inventory_object_guids
  }
}`;
const ROOM = `query ($fileId: Int!) { getRoomData(fileId: $fileId) { file_id status error { code } type name room { room_type size_x size_z price height } } }`;
const PICTURE = `query ($fileId: Int!) { getEncryptedImage(fileId: $fileId) { file_id status error { code message } url format has_alpha container } }`;
const ADD_REQUIRED = `mutation ($submission_id: Int!, $item: RequiredDownloadInput!) {
  addRequiredItem(submission_id: $submission_id, item: $item) { type download title }
}`;

const CASP = 0x034aeecb;
const SOFA = 0x0123456789abcdefn;
const LAMP = 0xfedcba9876543210n; // used by the lot, defined nowhere on the site
const HAIR = 0x1122334455667788n;
const BOOTS = 0x99aabbccddeeff00n; // worn, defined nowhere on the site
const DRAFT_RUG = 0x5555666677778888n; // defined by another creator's unpublished creation
const OWN_RUG = 0x0a0b0c0d0e0f1011n; // defined by the lot owner's own unpublished creation
const hex = (id: bigint) => id.toString(16).padStart(16, '0');
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

/** Bytes laid out like a saved lot's objects (no public schema: ids as fixed64 and as varints). */
function placedObjects(ids: bigint[]): Uint8Array {
  const body = new ProtoWriter().varint(1, 64).varint(2, 40);
  ids.forEach((id, n) => body.message(3, new ProtoWriter().varint(1, 7).fixed32(2, 0x3f800000)[n % 2 ? 'varint' : 'fixed64'](30, id)));
  return wrapTrayData(body.string(4, 'Willow Creek').toBytes());
}

let creator: { id: number; token: string };
let lotId: number;
let sofaCreation: number;
let hairCreation: number;

async function upload(submissionId: number, token: string, name: string, bytes: Uint8Array): Promise<number> {
  const res = await server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token });
  expect(res.errors, name).toBeUndefined();
  return res.data!.createSubmissionFile.id as number;
}

async function publish(submissionId: number) {
  await server.database.db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) }).where(eq(submissions.id, submissionId));
}

const files: Record<string, number> = {};
let mask: Uint8Array;

beforeAll(async () => {
  const db = server.database.db;
  const member = await buildMember(db);
  creator = { id: member.id, token: await server.tokenFor(member.id) };
  lotId = await buildSubmission(db, member.id, { name: 'Maple Cottage' });

  // The site: a published sofa (its GUID typed by its creator), a published hair (a package with
  // the CAS part), a rug still in another creator's drafts, and a rug in the lot owner's own drafts.
  const other = await buildMember(db);
  const otherToken = await server.tokenFor(other.id);
  sofaCreation = await buildSubmission(db, other.id, { name: 'Velvet Sofa' });
  await publish(sofaCreation);
  await db.insert(objectGuids).values({ submission_id: sofaCreation, object_guid: hex(SOFA) });
  hairCreation = await buildSubmission(db, other.id, { name: 'Braided Hair' });
  await upload(hairCreation, otherToken, 'Braided Hair.package', writePackage([{ type: CASP, group: 0, instance: HAIR, data: casPart('yfHair_Braided') }]));
  await publish(hairCreation);
  const draft = await buildSubmission(db, other.id, { name: 'Draft Rug' });
  await db.insert(objectGuids).values({ submission_id: draft, object_guid: hex(DRAFT_RUG) });
  const ownDraft = await buildSubmission(db, member.id, { name: 'My Rug' });
  await db.insert(objectGuids).values({ submission_id: ownDraft, object_guid: hex(OWN_RUG) });

  const jpeg = await sampleJpeg(40, 30);
  mask = await samplePng(40, 30, true);
  const lotItem = { id: 0x00000000000000abn, type: 2, name: 'Maple Cottage', description: 'A small house', creatorId: 42n, creatorName: 'PixelWitch' };
  files.trayitem = await upload(lotId, creator.token, '0x00000002!0x00000000000000ab.trayitem', wrapTrayData(trayMetadata({ ...lotItem, lot: { sizeX: 20, sizeZ: 15, price: 45000, bedrooms: 2, bathrooms: 1, thumbnails: 1 } }).toBytes()));
  files.blueprint = await upload(lotId, creator.token, '0x00000000!0x00000000000000ab.blueprint', placedObjects([SOFA, LAMP, DRAFT_RUG, OWN_RUG]));
  files.bpi = await upload(lotId, creator.token, '0x00000003!0x00000000000000ab.bpi', wrapTrayImage(withAlfa(jpeg, mask), 2));
  files.plainBpi = await upload(lotId, creator.token, '0x00000103!0x00000000000000ab.bpi', wrapTrayImage(jpeg, 1));
  const room = { roomType: 4, sizeX: 6, sizeZ: 8, price: 12_345, height: 3 };
  files.roomItem = await upload(lotId, creator.token, '0x00000003!0x00000000000000cd.trayitem', wrapTrayData(trayMetadata({ ...lotItem, id: 0xcdn, type: 3, name: 'Library', room }).toBytes()));
  files.room = await upload(lotId, creator.token, '0x00000000!0x00000000000000cd.room', placedObjects([SOFA]));
  const sim = { id: 7n, firstName: 'Bella', lastName: 'Goth', gender: 8192, age: 32, skinTone: 0x77n, outfits: [[HAIR, BOOTS], [HAIR]] };
  const household = familyData({ name: 'Goth', money: 20_000, description: 'A famous family', sims: [sim], inventory: [SOFA, LAMP] }).toBytes();
  files.household = await upload(lotId, creator.token, '0x00000000!0x00000000000000ef.householdbinary', wrapTrayData(household));

  await inspectPendingFiles({ database: server.database, config: server.config, log });
});

const ask = async (query: string, fileId: number, token = creator.token) => {
  const res = await server.gql(query, { fileId }, { token });
  expect(res.errors).toBeUndefined();
  return Object.values(res.data!)[0] as Record<string, unknown>;
};

describe('what a lot, a room and a household use', () => {
  it('finds the objects a blueprint uses among published creations and the owner’s own, not others’ drafts', async () => {
    const used = await ask(BLUEPRINT, files.blueprint!);
    expect(used).toMatchObject({ file_id: files.blueprint, status: 'read', error: null, not_found: [] });
    expect(used.found).toEqual([
      { id: hex(SOFA), kind: 'object', submission: { id: sofaCreation, name: 'Velvet Sofa' } },
      { id: hex(OWN_RUG), kind: 'object', submission: { id: expect.any(Number), name: 'My Rug' } },
    ].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('scans a .room the same way, and answers the room’s facts by the .room or its .trayitem', async () => {
    expect((await ask(ROOM_ITEMS, files.room!)).found).toEqual([{ id: hex(SOFA), kind: 'object', submission: { id: sofaCreation, name: 'Velvet Sofa' } }]);
    const facts = { status: 'read', error: null, type: 'room', name: 'Library', room: { room_type: 4, size_x: 6, size_z: 8, price: 12_345, height: 3 } };
    expect(await ask(ROOM, files.room!)).toMatchObject({ ...facts, file_id: files.roomItem });
    expect(await ask(ROOM, files.roomItem!)).toMatchObject(facts);
    // A lot's .trayitem is no room.
    expect(await ask(ROOM, files.trayitem!)).toMatchObject({ status: 'failed', error: { code: 'GAME_FILE_OTHER_KIND' }, room: null });
  });

  it('matches a household’s CAS parts and inventory, and lists what the site does not define', async () => {
    const used = await ask(HOUSEHOLD_ITEMS, files.household!);
    expect(used).toMatchObject({ status: 'read', error: null });
    expect(used.found).toEqual(
      expect.arrayContaining([
        { id: hex(SOFA), kind: 'object', submission: { id: sofaCreation, name: 'Velvet Sofa' } },
        { id: hex(HAIR), kind: 'cas_part', submission: { id: hairCreation, name: 'Braided Hair' } },
      ]),
    );
    expect(used.found).toHaveLength(2);
    expect(used.not_found).toEqual(expect.arrayContaining([{ id: hex(LAMP), kind: 'object' }, { id: hex(BOOTS), kind: 'cas_part' }]));
    expect(used.not_found).toHaveLength(2);
    expect(await ask(HOUSEHOLD, files.household!)).toEqual({
      file_id: files.household,
      status: 'read',
      family_name: 'Goth',
      money: 20_000,
      description: 'A famous family',
      sims: [{ first_name: 'Bella', last_name: 'Goth', gender: 'female', age: 'adult', cas_part_ids: [hex(HAIR), hex(BOOTS)] }],
      cas_part_ids: [hex(HAIR), hex(BOOTS)],
      inventory_object_guids: [hex(SOFA), hex(LAMP)],
    });
  });

  it('says when a file is not of the kind asked for, and is pending until read', async () => {
    expect(await ask(BLUEPRINT, files.trayitem!)).toMatchObject({ status: 'failed', error: { code: 'GAME_FILE_OTHER_KIND', message: 'This file is not a lot’s blueprint (.blueprint).' }, found: [] });
    const late = await upload(lotId, creator.token, '0x00000000!0x0000000000000999.blueprint', placedObjects([LAMP, SOFA, LAMP]));
    expect(await ask(BLUEPRINT, late)).toMatchObject({ status: 'pending', found: [], not_found: [] });
  });

  it('lets staff who read files see what another creator’s lot uses, and refuses another creator', async () => {
    const role = await buildRole(server.database.db, `file-readers-${Date.now()}`, ['submissions:page-file-management:view']);
    const staff = await buildMember(server.database.db, { roles: [role] });
    expect((await ask(BLUEPRINT, files.blueprint!, await server.tokenFor(staff.id))).found).toHaveLength(2);
    const stranger = await buildMember(server.database.db);
    const refused = await server.gql(BLUEPRINT, { fileId: files.blueprint }, { token: await server.tokenFor(stranger.id) });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
  });
});

describe('tray pictures', () => {
  it('decodes a picture with a transparency mask into a PNG with alpha, served at a signed URL', async () => {
    const picture = await ask(PICTURE, files.bpi!);
    expect(picture).toMatchObject({ file_id: files.bpi, status: 'read', error: null, format: 'jpeg', has_alpha: true, container: 'v2' });
    const res = await server.app.inject({ method: 'GET', url: picture.url as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
    // The alpha is the mask's red channel, pixel for pixel.
    const alpha = await sharp(res.rawPayload).extractChannel('alpha').raw().toBuffer();
    expect(alpha.equals(await sharp(Buffer.from(mask)).extractChannel('red').raw().toBuffer())).toBe(true);
    expect(new Set(alpha).size).toBeGreaterThan(1);
  });

  it('serves a picture without a mask as the JPEG it holds, and refuses the URL without its signature', async () => {
    const picture = await ask(PICTURE, files.plainBpi!);
    expect(picture).toMatchObject({ status: 'read', has_alpha: false, container: 'v1' });
    const res = await server.app.inject({ method: 'GET', url: picture.url as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(40);
    const unsigned = await server.app.inject({ method: 'GET', url: (picture.url as string).split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);
  });

  it('says a file that is no tray picture is not one', async () => {
    expect(await ask(PICTURE, files.blueprint!)).toMatchObject({ status: 'failed', url: null, error: { code: 'GAME_FILE_OTHER_KIND' } });
  });
});

describe('adding an item a lot uses as a required item', () => {
  it('appends it once, whatever the list holds, and logs the change', async () => {
    const item = { type: 'id', download: String(sofaCreation), title: 'Velvet Sofa' };
    const first = await server.gql(ADD_REQUIRED, { submission_id: lotId, item }, { token: creator.token });
    expect(first.errors).toBeUndefined();
    expect(first.data!.addRequiredItem).toEqual([{ type: 'id', download: String(sofaCreation), title: 'Velvet Sofa' }]);
    const again = await server.gql(ADD_REQUIRED, { submission_id: lotId, item: { ...item, title: 'Another title' } }, { token: creator.token });
    expect(again.data!.addRequiredItem).toHaveLength(1);
    const url = { type: 'url', download: 'https://example.com/lamp', title: null };
    const second = await server.gql(ADD_REQUIRED, { submission_id: lotId, item: url }, { token: creator.token });
    expect(second.data!.addRequiredItem).toEqual([expect.objectContaining({ type: 'id' }), { type: 'url', download: 'https://example.com/lamp', title: null }]);
  });

  it('refuses an empty download with a clear error and keeps the list', async () => {
    const res = await server.gql(ADD_REQUIRED, { submission_id: lotId, item: { type: 'url', download: '  ' } }, { token: creator.token });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    expect(JSON.stringify(res.errors?.[0]?.extensions)).toContain('A required item needs an id or a web address.');
  });
});

describe('reading a package on demand', () => {
  const READ_NOW = `mutation ($fileId: Int!) {
    getPackageDataFromUploadedFile(fileId: $fileId) { file_id status error { code } object_guids objects { object_guid name } }
  }`;

  it('reads a package the job has not read yet, stores it as the job would, and gives the creation its GUIDs', async () => {
    const chair = 0x00c4a12c4a12c4a1n;
    const bytes = writePackage([
      { type: 0x319e4f1d, group: 0, instance: chair, data: catalogHead(0x1234, 0x5678, 99) },
      { type: 0x220557da, group: 0, instance: 0x0011223344556677n, data: writeStbl([{ key: 0x1234, text: 'Oak Chair' }]), compression: 'zlib' },
    ]);
    const fileId = await upload(lotId, creator.token, 'Oak Chair.package', bytes);
    const res = await server.gql(READ_NOW, { fileId }, { token: creator.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.getPackageDataFromUploadedFile).toEqual({ file_id: fileId, status: 'read', error: null, object_guids: [hex(chair)], objects: [{ object_guid: hex(chair), name: 'Oak Chair' }] });
    const guids = await server.database.db.select().from(objectGuids).where(eq(objectGuids.submission_id, lotId));
    expect(guids.map((g) => [g.object_guid, g.file_id])).toContainEqual([hex(chair), fileId]);
    // Stored once: the job finds nothing left to read for it.
    expect(await pendingContents(server.database.db)).not.toContainEqual(expect.objectContaining({ filename: 'Oak Chair.package' }));
  });

  it('answers a damaged package with the reader’s words, and refuses another creator', async () => {
    const whole = writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x0bad0bad0bad0badn, data: catalogHead(1, 2, 3) }]);
    const fileId = await upload(lotId, creator.token, 'Broken.package', whole.slice(0, whole.length - 10));
    const res = await server.gql(READ_NOW, { fileId }, { token: creator.token });
    expect(res.data!.getPackageDataFromUploadedFile).toMatchObject({ status: 'failed', error: { code: expect.stringMatching(/^PACKAGE_/) } });
    const stranger = await buildMember(server.database.db);
    const refused = await server.gql(READ_NOW, { fileId }, { token: await server.tokenFor(stranger.id) });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
  });

  it('hands out each catalog object’s thumbnail at a signed URL, with its transparency, and null where there is none', async () => {
    const lamp = 0x001a3b1a3b1a3b1an;
    const stool = 0x0057001570015700n;
    const bytes = writePackage([
      { type: 0x319e4f1d, group: 0, instance: lamp, data: catalogHead(0x1, 0x2, 10) },
      { type: 0x319e4f1d, group: 0, instance: stool, data: catalogHead(0x3, 0x4, 20) },
      { type: 0x3c1af1f2, group: 1, instance: lamp, data: await sampleJpeg(32, 24) },
      { type: 0x5b282d45, group: 2, instance: lamp, data: withAlfa(await sampleJpeg(96, 72), await samplePng(96, 72, true)), compression: 'zlib' },
    ]);
    const fileId = await upload(lotId, creator.token, 'Lamp and stool.package', bytes);
    const res = await server.gql(`mutation ($fileId: Int!) { getPackageDataFromUploadedFile(fileId: $fileId) { status objects { object_guid thumbnail_url } } }`, { fileId }, { token: creator.token });
    const objects = res.data!.getPackageDataFromUploadedFile.objects as { object_guid: string; thumbnail_url: string | null }[];
    expect(objects.find((o) => o.object_guid === hex(stool))?.thumbnail_url).toBeNull();
    const url = objects.find((o) => o.object_guid === hex(lamp))?.thumbnail_url;
    expect(url).toMatch(new RegExp(`/files/${fileId}_version_1/thumbnails/${hex(lamp)}\\?`));
    const picture = await server.app.inject({ method: 'GET', url: url! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 96, height: 72, hasAlpha: true });
    const again = await server.app.inject({ method: 'GET', url: url!, headers: { 'if-none-match': picture.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const missing = await server.app.inject({ method: 'GET', url: url!.replace(hex(lamp), hex(stool)) });
    expect(missing.statusCode).toBe(403); // the signature is the lamp's
  });
});
