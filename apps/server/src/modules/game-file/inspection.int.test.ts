import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileInspections, files, objectGuids } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes } from '../../test/uploads';
import { inspectionOf, inspectPendingFiles, pendingContents, type Budget } from './inspection.service';
import { READER_VERSION } from './inspect.reader';
import { casPart, catalogHead, trayMetadata, wrapTrayData, writePackage, writeSims3Pack, writeStbl, writeZipArchive } from './test-fixtures';

/**
 * Uploaded contents are read in a worker thread, once per sha256, and what was found (or why it
 * could not be read) is stored: real uploads through the API, real storage, a real worker.
 */
const server = useTestServer();

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) {
  createSubmissionFile(submission_id: $submission_id, file: $file) { id }
}`;
const PACKAGE_DATA = `query ($fileId: Int!) {
  getPackageData(fileId: $fileId) {
    file_id status error { code message } game version resource_count counts { kind count } object_guids objects { object_guid name description price } cas_part_ids strings warnings
  }
}`;
const TRAY = `query ($fileId: Int!) {
  getTrayMetaData(fileId: $fileId) {
    file_id status error { code } id type name description creator_id creator_name lot { size_x size_z price bedrooms bathrooms }
    family_size sims { first_name } is_modded_content hashtags
  }
}`;

const COBJ = 0x319e4f1d;
const OBJD = 0xc0db5ae7;
const CASP = 0x034aeecb;
const STBL = 0x220557da;
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

let token: string;
let ownerId: number;
let submissionId: number;

beforeAll(async () => {
  const member = await buildMember(server.database.db);
  token = await server.tokenFor(member.id);
  ownerId = member.id;
  submissionId = await buildSubmission(server.database.db, member.id);
});

async function upload(name: string, bytes: Uint8Array): Promise<number> {
  const res = await server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token });
  expect(res.errors, name).toBeUndefined();
  return res.data!.createSubmissionFile.id as number;
}

const sha = async (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const inspect = (budget?: Budget) => inspectPendingFiles({ database: server.database, config: server.config, log }, { budget });

describe('inspecting uploaded contents', () => {
  const chair = writePackage([
    { type: COBJ, group: 0, instance: 0x00a1b2c3d4e5f607n, data: catalogHead(0x1234, 0x9999, 350) },
    { type: OBJD, group: 0, instance: 0x00a1b2c3d4e5f607n, data: new Uint8Array(40) },
    { type: CASP, group: 0, instance: 0x1122334455667788n, data: casPart('yfHair_Braids') },
    { type: STBL, group: 0, instance: 0x0011223344556677n, data: writeStbl([{ key: 0x1234, text: 'Velvet Chair' }]), compression: 'zlib' },
  ]);
  const lot = wrapTrayData(
    trayMetadata({
      id: 0x0123456789abcdefn,
      type: 2,
      name: 'Maple Cottage',
      description: 'A small house',
      creatorId: 42n,
      creatorName: 'PixelWitch',
      lot: { sizeX: 20, sizeZ: 15, price: 45000, bedrooms: 2, bathrooms: 1, thumbnails: 3 },
    }).toBytes(),
  );

  it('reads a package, a tray item, a damaged package and an unknown file, each once, in a worker', async () => {
    const chairId = await upload('Velvet Chair.package', chair);
    const lotId = await upload('0x00000002!0x0123456789abcdef.trayitem', lot);
    // Until the job has read it, the API says so.
    expect((await server.gql(PACKAGE_DATA, { fileId: chairId }, { token })).data!.getPackageData).toMatchObject({ status: 'pending', game: null, object_guids: [] });
    // The same bytes under another name are one content.
    await upload('Velvet Chair copy.package', chair);
    const damaged = chair.slice(0, chair.length - 10);
    await upload('Broken.package', damaged);
    const picture = new Uint8Array(await pngBytes());
    await upload('preview.png', picture);

    expect(await pendingContents(server.database.db)).toHaveLength(4);
    expect(await inspect()).toEqual({ read: 3, failed: 1, sha256s: expect.arrayContaining([await sha(chair), await sha(damaged)]) });
    expect(await pendingContents(server.database.db)).toHaveLength(0);
    expect(await inspect()).toEqual({ read: 0, failed: 0, sha256s: [] });

    const rows = await server.database.db.select().from(fileInspections);
    const bySha = new Map(rows.map((r) => [r.sha256, r]));

    const pkg = bySha.get(await sha(chair))!;
    expect(pkg).toMatchObject({ format: 'package', status: 'read', reader_version: READER_VERSION, error_code: null });
    expect(pkg.result).toMatchObject({
      format: 'sims4',
      entryCount: 4,
      counts: expect.objectContaining({ catalogObject: 1, objectDefinition: 1, casPart: 1, stringTable: 1 }),
      objectDefinitionIds: ['00a1b2c3d4e5f607'],
      casPartIds: ['1122334455667788'],
      strings: [expect.objectContaining({ text: 'Velvet Chair' })],
    });

    const tray = bySha.get(await sha(lot))!;
    expect(tray).toMatchObject({ format: 'trayitem', status: 'read' });
    expect(tray.result).toMatchObject({ id: '0123456789abcdef', type: 'lot', name: 'Maple Cottage', creatorName: 'PixelWitch', lot: { sizeX: 20, bedrooms: 2 } });

    const broken = bySha.get(await sha(damaged))!;
    expect(broken).toMatchObject({ status: 'failed', result: null, error_code: expect.stringMatching(/^PACKAGE_/) });
    expect(broken.error_message).toMatch(/damaged|cut short/);

    expect(await inspectionOf(server.database.db, await sha(picture))).toMatchObject({ format: 'other', status: 'read', result: null });

    // SPEC 7's calls answer from what was stored.
    expect((await server.gql(PACKAGE_DATA, { fileId: chairId }, { token })).data!.getPackageData).toEqual({
      file_id: chairId,
      status: 'read',
      error: null,
      game: 4,
      version: '2.1',
      resource_count: 4,
      counts: expect.arrayContaining([{ kind: 'catalogObject', count: 1 }, { kind: 'objectDefinition', count: 1 }, { kind: 'casPart', count: 1 }, { kind: 'stringTable', count: 1 }]),
      object_guids: ['00a1b2c3d4e5f607'],
      objects: [{ object_guid: '00a1b2c3d4e5f607', name: 'Velvet Chair', description: null, price: 350 }],
      cas_part_ids: ['1122334455667788'],
      strings: ['Velvet Chair'],
      warnings: [],
    });
    expect((await server.gql(TRAY, { fileId: lotId }, { token })).data!.getTrayMetaData).toMatchObject({
      status: 'read',
      id: '0123456789abcdef',
      type: 'lot',
      name: 'Maple Cottage',
      creator_id: '000000000000002a',
      creator_name: 'PixelWitch',
      lot: { size_x: 20, size_z: 15, price: 45000, bedrooms: 2, bathrooms: 1 },
    });
    // Asking a package for tray data says what it is not.
    expect((await server.gql(TRAY, { fileId: chairId }, { token })).data!.getTrayMetaData).toMatchObject({ status: 'failed', error: { code: 'GAME_FILE_OTHER_KIND' }, name: null });
  });

  it('answers the owner and staff, and refuses another creator', async () => {
    const [file] = await server.database.db.select().from(files).where(eq(files.member_id, ownerId)).limit(1);
    const stranger = await server.tokenFor((await buildMember(server.database.db)).id);
    const refused = await server.gql(PACKAGE_DATA, { fileId: file!.id }, { token: stranger });
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    expect(refused.data).toBeNull();
    const reviewer = await server.tokenFor((await buildMember(server.database.db, { roles: ['Admin'] })).id);
    expect((await server.gql(PACKAGE_DATA, { fileId: file!.id }, { token: reviewer })).data!.getPackageData.file_id).toBe(file!.id);
    const missing = await server.gql(PACKAGE_DATA, { fileId: 987654 }, { token });
    expect(missing.errors?.[0]?.extensions?.code).toBe('FILE_NOT_FOUND');
  });

  it('reads a content again when the readers have learnt more (an older reader version)', async () => {
    const [row] = await server.database.db.select().from(fileInspections).limit(1);
    await server.database.db.update(fileInspections).set({ reader_version: READER_VERSION - 1 }).where(eq(fileInspections.sha256, row!.sha256));
    expect((await pendingContents(server.database.db)).map((p) => p.sha256)).toEqual([row!.sha256]);
    await inspect();
    expect(await inspectionOf(server.database.db, row!.sha256)).toMatchObject({ reader_version: READER_VERSION });
  });

  it('gives up a content over its time or memory budget, records why, and goes on with the next', async () => {
    const slow = writePackage([{ type: STBL, group: 0, instance: 1n, data: writeStbl([{ key: 1, text: 'Slow' }]) }]);
    await upload('Slow.package', slow);
    expect(await inspect({ timeMs: 1, memoryMb: 256 })).toEqual({ read: 0, failed: 1, sha256s: [await sha(slow)] });
    expect(await inspectionOf(server.database.db, await sha(slow))).toMatchObject({
      status: 'failed',
      error_code: 'GAME_FILE_OVER_BUDGET',
      error_message: expect.stringContaining('took too long'),
    });

    const big = writePackage([{ type: STBL, group: 0, instance: 2n, data: writeStbl([{ key: 2, text: 'Big' }]) }]);
    await upload('Big.package', big);
    expect(await inspect({ timeMs: 30_000, memoryMb: 1 })).toEqual({ read: 0, failed: 1, sha256s: [expect.any(String)] });
    expect(await inspectionOf(server.database.db, await sha(big))).toMatchObject({ status: 'failed', error_code: expect.stringMatching(/^GAME_FILE_(OVER_BUDGET|UNREADABLE)$/) });
  });

  it("fills a creation's object GUIDs from its packages, keeps them with the file, and getItemFromGuids finds the creation", async () => {
    const member = await buildMember(server.database.db);
    const ownToken = await server.tokenFor(member.id);
    const creation = await buildSubmission(server.database.db, member.id);
    const sofa = writePackage([{ type: OBJD, group: 0, instance: 0x00c0ffee00c0ffeen, data: new Uint8Array(30) }]);
    const res = await server.upload(CREATE, { submission_id: creation }, { 'variables.file': { name: 'Sofa.package', content: Buffer.from(sofa) } }, { token: ownToken });
    const fileId = res.data!.createSubmissionFile.id as number;
    const guidsOf = async () =>
      (await server.database.db.select().from(objectGuids).where(eq(objectGuids.submission_id, creation))).map((g) => ({ guid: g.object_guid, file: g.file_id }));
    expect(await guidsOf()).toEqual([]);
    await inspect();
    expect(await guidsOf()).toEqual([{ guid: '00c0ffee00c0ffee', file: fileId }]);

    const LOOKUP = `query ($ids: [String!]!) { getItemFromGuids(object_guid: $ids) { object_guid submission { id } } }`;
    // The owner sees their own unpublished creation; another member does not, until it is published.
    expect((await server.gql(LOOKUP, { ids: ['0x00C0FFEE00C0FFEE', 'ffffffffffffffff'] }, { token: ownToken })).data!.getItemFromGuids).toEqual([
      { object_guid: '00c0ffee00c0ffee', submission: { id: creation } },
    ]);
    expect((await server.gql(LOOKUP, { ids: ['00c0ffee00c0ffee'] }, { token })).data!.getItemFromGuids).toEqual([]);
    const refused = await server.gql(LOOKUP, { ids: ['not-an-id'] }, { token: ownToken });
    expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION');

    // A deleted file takes its GUIDs with it; restored, they come back. A typed one stays throughout.
    await server.database.db.insert(objectGuids).values({ submission_id: creation, object_guid: '1234567812345678' });
    const DELETE = `mutation ($id: Int!) { deleteSubmissionFile(id: $id) }`;
    const RESTORE = `mutation ($id: Int!) { restoreSubmissionFile(id: $id) { id } }`;
    expect((await server.gql(DELETE, { id: fileId }, { token: ownToken })).errors).toBeUndefined();
    expect(await guidsOf()).toEqual([{ guid: '1234567812345678', file: null }]);
    expect((await server.gql(RESTORE, { id: fileId }, { token: ownToken })).errors).toBeUndefined();
    expect((await guidsOf()).sort((a, b) => a.guid.localeCompare(b.guid))).toEqual([
      { guid: '00c0ffee00c0ffee', file: fileId },
      { guid: '1234567812345678', file: null },
    ]);
  });
});

describe('script mods and Sims 3 installers', () => {
  it('lists a .ts4script’s modules and reads a .sims3pack’s manifest', async () => {
    const py = new TextEncoder().encode('import services\n');
    const scriptId = await upload('better_weather.ts4script', writeZipArchive([{ name: 'weather/__init__.pyc', data: py }, { name: 'weather/rain.pyc', data: py }]));
    const pack = writeSims3Pack('<Sims3Package Type="Object" SubType="0x1"><PackagedFile><Name>lamp.package</Name><Length>10</Length></PackagedFile></Sims3Package>', new Uint8Array(10));
    await upload('Lamp.sims3pack', pack);
    await inspect();
    const script = await server.gql(
      `query ($fileId: Int!) { getScriptData(fileId: $fileId) { file_id status entry_count modules has_source has_compiled } }`,
      { fileId: scriptId },
      { token },
    );
    expect(script.data!.getScriptData).toEqual({ file_id: scriptId, status: 'read', entry_count: 2, modules: ['weather', 'weather.rain'], has_source: false, has_compiled: true });
    expect(await inspectionOf(server.database.db, await sha(pack))).toMatchObject({
      format: 'sims3pack',
      status: 'read',
      result: { type: 'Object', subType: '0x1', files: [{ name: 'lamp.package', length: 10, guid: null }] },
    });
  });
});
