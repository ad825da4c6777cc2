import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { objectGuids, submissions } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { inspectPendingFiles } from '../game-file/inspection.service';
import { casPart, catalogHead, writePackage } from '../game-file/test-fixtures';

/**
 * Possible copies (issue 15): a second creator uploads a copy of another creator's package, and
 * reviewers see each match with the other creation; the creator does not.
 */
const server = useTestServer();

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id } }`;
const DUPLICATES = `query ($id: Int!) { submissionProperties(id: $id) { possible_duplicates { kind id filename other { id name } } } }`;
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
const CHAIR = 0x00c4a12c4a12c4a1n;
const HAIR = 0x1122334455667788n;
const hex = (id: bigint) => id.toString(16).padStart(16, '0');

let staffToken: string;

async function upload(token: string, submissionId: number, name: string, bytes: Uint8Array) {
  const res = await server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token });
  expect(res.errors, name).toBeUndefined();
}

beforeAll(async () => {
  staffToken = await server.tokenFor((await buildMember(server.database.db, { roles: ['Submissions'] })).id);
});

describe('possible duplicates', () => {
  it('flags a copied package by its content, its object ids and its CAS parts, with the original creation', async () => {
    const db = server.database.db;
    const original = await buildMember(db);
    const copier = await buildMember(db);
    const originalId = await buildSubmission(db, original.id, { name: 'Velvet Chair' });
    const copyId = await buildSubmission(db, copier.id, { name: 'My Chair' });
    const pkg = writePackage([
      { type: 0x319e4f1d, group: 0, instance: CHAIR, data: catalogHead(1, 2, 3) },
      { type: 0x034aeecb, group: 0, instance: HAIR, data: casPart('yfHair') },
    ]);
    await upload(await server.tokenFor(original.id), originalId, 'Velvet Chair.package', pkg);
    await upload(await server.tokenFor(copier.id), copyId, 'my chair.package', pkg);
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    await db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) }).where(eq(submissions.id, originalId));

    const res = await server.gql(DUPLICATES, { id: copyId }, { token: staffToken });
    expect(res.errors).toBeUndefined();
    const matches = res.data!.submissionProperties.possible_duplicates as { kind: string; id: string; filename: string | null; other: { id: number; name: string } }[];
    const other = { id: originalId, name: 'Velvet Chair' };
    expect(matches).toEqual(
      expect.arrayContaining([
        { kind: 'file', id: expect.stringMatching(/^[0-9a-f]{64}$/), filename: 'my chair.package', other },
        { kind: 'object', id: hex(CHAIR), filename: null, other },
        { kind: 'cas_part', id: hex(HAIR), filename: null, other },
      ]),
    );
    // The original meets the copy the same way: reviewers judge which came first.
    const back = await server.gql(DUPLICATES, { id: originalId }, { token: staffToken });
    expect((back.data!.submissionProperties.possible_duplicates as { other: { id: number } }[]).every((m) => m.other.id === copyId)).toBe(true);
  });

  it('does not flag a member’s own creations, a deleted one, or an id typed on a deleted creation', async () => {
    const db = server.database.db;
    const creator = await buildMember(db);
    const first = await buildSubmission(db, creator.id, { name: 'Lamp v1' });
    const second = await buildSubmission(db, creator.id, { name: 'Lamp v2' });
    const gone = await buildSubmission(db, (await buildMember(db)).id, { name: 'Deleted lamp', deleted_at: new Date() });
    await db.insert(objectGuids).values([first, second, gone].map((submission_id) => ({ submission_id, object_guid: '00000000000a1a1a' })));
    const res = await server.gql(DUPLICATES, { id: second }, { token: staffToken });
    expect(res.data!.submissionProperties.possible_duplicates).toEqual([]);
  });

  it('is for reviewers: a creator asking about their own creation gets null', async () => {
    const db = server.database.db;
    const creator = await buildMember(db);
    const id = await buildSubmission(db, creator.id);
    const res = await server.gql(DUPLICATES, { id }, { token: await server.tokenFor(creator.id) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.submissionProperties.possible_duplicates).toBeNull();
  });
});
