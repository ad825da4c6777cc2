import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, newItems, objectGuids, submissions } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { inspectPendingFiles } from '../game-file/inspection.service';
import { casPart, catalogHead, geomResource, ProtoWriter, trayMetadata, wrapTrayData, wrapTrayImage, writePackage, writeStbl } from '../game-file/test-fixtures';

/**
 * The automatic checks through the API (issue 15): real uploads, the real inspection job, the
 * checks as step 5 and the review page read them, and who may read them.
 */
const server = useTestServer();

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id } }`;
const CHECKS = `query ($id: Int!) { submissionProperties(id: $id) { automatic_checks { id title outcome message } } }`;
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
const LAMP = 0x0000b4a55f100a01n;

let creator: { id: number; token: string };

async function upload(submissionId: number, name: string, bytes: Uint8Array): Promise<number> {
  const res = await server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token: creator.token });
  expect(res.errors, name).toBeUndefined();
  return res.data!.createSubmissionFile.id as number;
}

async function checks(id: number, token = creator.token) {
  const res = await server.gql(CHECKS, { id }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.submissionProperties.automatic_checks as { id: string; outcome: string; message: string }[] | null;
}

const outcomes = (list: { id: string; outcome: string }[] | null) => Object.fromEntries((list ?? []).map((c) => [c.id, c.outcome]));

beforeAll(async () => {
  const member = await buildMember(server.database.db);
  creator = { id: member.id, token: await server.tokenFor(member.id) };
});

describe('automatic checks', () => {
  it('tell a lot what it lacks, pass once the files are there, and ask for the creations it uses as required items', async () => {
    const db = server.database.db;
    const lotId = await buildSubmission(db, creator.id, { name: 'Maple Cottage' });
    await db.update(submissions).set({ model_type: 'lot', game_version: 4 }).where(eq(submissions.id, lotId));
    const lamp = await buildSubmission(db, (await buildMember(db)).id, { name: 'Brass Lamp', status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) });
    await db.insert(objectGuids).values({ submission_id: lamp, object_guid: LAMP.toString(16).padStart(16, '0') });

    await upload(lotId, '0x00000002!0x00000000000000ab.trayitem', wrapTrayData(trayMetadata({ id: 0xabn, type: 2, name: 'Maple Cottage', description: '', creatorId: 1n, creatorName: 'Me' }).toBytes()));
    await upload(lotId, '0x00000003!0x00000000000000ab.bpi', wrapTrayImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 2));
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    const before = await checks(lotId);
    expect(outcomes(before)).toMatchObject({ fileSet: 'failure', onlyTrayFiles: 'pass', gameMatches: 'pass', usedContent: 'pass' });
    expect(before!.find((c) => c.id === 'fileSet')!.message).toContain('.blueprint is missing');

    const placed = new ProtoWriter().varint(1, 20).message(3, new ProtoWriter().fixed64(30, LAMP));
    await upload(lotId, '0x00000000!0x00000000000000ab.blueprint', wrapTrayData(placed.toBytes()));
    // Until the job has read the blueprint, what it uses is pending, not a failure.
    expect(outcomes(await checks(lotId)).usedContent).toBe('pending');
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    const after = await checks(lotId);
    expect(outcomes(after)).toMatchObject({ fileSet: 'pass', usedContent: 'failure' });
    expect(after!.find((c) => c.id === 'usedContent')!.message).toContain(`Brass Lamp (#${lamp})`);

    const added = await server.gql(`mutation ($s: Int!, $i: RequiredDownloadInput!) { addRequiredItem(submission_id: $s, item: $i) { download } }`, { s: lotId, i: { type: 'id', download: String(lamp) } }, { token: creator.token });
    expect(added.errors).toBeUndefined();
    expect(outcomes(await checks(lotId)).usedContent).toBe('pass');

    // A package inside a lot upload is refused.
    await upload(lotId, 'chair.package', writePackage([{ type: 0x319e4f1d, group: 0, instance: 1n, data: catalogHead(1, 2, 3) }]));
    const withPackage = await checks(lotId);
    expect(outcomes(withPackage).onlyTrayFiles).toBe('failure');
    expect(withPackage!.find((c) => c.id === 'onlyTrayFiles')!.message).toContain('remove chair.package');
  });

  it('check an item’s catalog names once its package is read, and its pictures’ sizes', async () => {
    const db = server.database.db;
    const itemId = await buildSubmission(db, creator.id, { name: 'Velvet Chair' });
    await db.update(submissions).set({ model_type: 'item', game_version: 4 }).where(eq(submissions.id, itemId));
    expect(outcomes(await checks(itemId))).toMatchObject({ gameFiles: 'failure', gameMatches: 'pass' });
    await upload(
      itemId,
      'chair.package',
      writePackage([
        { type: 0x319e4f1d, group: 0, instance: 1n, data: catalogHead(0x10, 0x11, 5) },
        { type: 0x319e4f1d, group: 0, instance: 2n, data: catalogHead(0x99, 0x11, 5) },
        { type: 0x220557da, group: 0, instance: 3n, data: writeStbl([{ key: 0x10, text: 'Velvet Chair' }]) },
      ]),
    );
    expect(outcomes(await checks(itemId))).toMatchObject({ gameFiles: 'pass', catalogNames: 'pending' });
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    const read = await checks(itemId);
    expect(outcomes(read)).toMatchObject({ catalogNames: 'failure', catalogThumbnails: 'warning' });
    expect(read!.find((c) => c.id === 'catalogNames')!.message).toContain('0000000000000002');

    await db.insert(images).values({ submission_id: itemId, member_id: creator.id, filename: 'wide.png', filesize: 1, mimetype: 'image/png', sha256: 'x', storage_key: 'k', width: 1280, height: 720, ord: 0 } as never);
    const pictures = await checks(itemId);
    expect(pictures!.find((c) => c.id === 'imageSize')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('wide.png is 1280×720') });
  });

  it('count a CAS part’s highest-detail mesh: over its limit it fails, and the declared polycount is compared', async () => {
    const db = server.database.db;
    const itemId = await buildSubmission(db, creator.id, { name: 'Denim Jacket' });
    const [item] = await db.insert(newItems).values({ max_polycount: 1_000 }).returning();
    await db.update(submissions).set({ model_type: 'item', model_id: item!.id, game_version: 4 }).where(eq(submissions.id, itemId));
    const geom = (instance: bigint) => ({ type: 0x015a1849, group: 0, instance });
    const jacket = (triangles: number) =>
      writePackage([
        { type: 0x034aeecb, group: 0, instance: 0xd0n, data: casPart('denim jacket', { bodyType: 6, lods: [{ level: 0, meshes: [geom(0x1n)] }, { level: 1, meshes: [geom(0x2n)] }] }) },
        { ...geom(0x1n), data: geomResource(triangles), compression: 'zlib' },
        { ...geom(0x2n), data: geomResource(Math.round(triangles / 2)), compression: 'zlib' },
      ]);
    const fileId = await upload(itemId, 'jacket.package', jacket(16_000));
    expect(outcomes(await checks(itemId))).toMatchObject({ polycount: 'pending' });
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    expect((await checks(itemId))!.find((c) => c.id === 'polycount')).toMatchObject({
      outcome: 'failure',
      message: 'A top in jacket.package has 16,000 triangles (at most 15,000). Reduce the highest-detail mesh (LOD 0).',
    });

    // A lighter mesh passes the limit; the maximum polycount given (1,000) is far from it: a warning.
    const version = await server.upload(
      'mutation ($id: Int!, $file: Upload!) { replaceSubmissionFile(id: $id, file: $file) { id } }',
      { id: fileId },
      { 'variables.file': { name: 'jacket.package', content: Buffer.from(jacket(9_000)) } },
      { token: creator.token },
    );
    expect(version.errors).toBeUndefined();
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    expect((await checks(itemId))!.find((c) => c.id === 'polycount')).toMatchObject({ outcome: 'warning', message: expect.stringContaining('is 1,000, but the files’ highest-detail mesh has 9,000 triangles') });
    await db.update(newItems).set({ max_polycount: 9_050 }).where(eq(newItems.id, item!.id));
    expect((await checks(itemId))!.find((c) => c.id === 'polycount')!.outcome).toBe('pass');
  });

  it('are read by the creator and staff who read files, and by no one else', async () => {
    const db = server.database.db;
    const itemId = await buildSubmission(db, creator.id, { name: 'Oak Table', status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) });
    const role = await buildRole(db, `check-readers-${Date.now()}`, ['submissions:page-file-management:view']);
    const staff = await buildMember(db, { roles: [role] });
    expect(await checks(itemId, await server.tokenFor(staff.id))).not.toBeNull();
    const stranger = await buildMember(db);
    expect(await checks(itemId, await server.tokenFor(stranger.id))).toBeNull();
  });
});
