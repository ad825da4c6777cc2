import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logs, submissions } from '../../db/schema/index';
import { inspectFilesJob } from '../../jobs/inspect-files.job';
import type { JobServices } from '../../jobs/job';
import { createUrlSigner } from '../../storage/signed-url';
import { buildImage, buildMember, buildSubmission } from '../../test/factories';
import { silentLog, useTestServer } from '../../test/server';
import { catalogHead, sampleJpeg, writePackage, writeStbl } from '../game-file/test-fixtures';

/**
 * The review flags (issue 15): a copy under review is flagged once its files are read, and the queue
 * filter and the overview find it; a trusted creator's creation that passes every check goes first
 * in the awaiting-approval queue, and stops when the creator is no longer trusted.
 */
const server = useTestServer();

const CREATE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id } }`;
const WAITING = `query ($terms: [QueryTerm!]) { newItemsSearch(queryParams: { queue: "waiting", terms: $terms, first: 50 }) { data { id possible_duplicate fast_track } paginatorInfo { total } } }`;
const COUNTS = '{ reviewFlagCounts { possibleDuplicates fastTrack } }';
const TRUST = 'mutation ($m: Int!, $t: Boolean!) { setCreatorTrusted(member_id: $m, trusted: $t) }';
const COBJ = 0x319e4f1d;
const THUMBNAIL = 0x3c1af1f2;
const STBL = 0x220557da;

let staffToken: string;
let services: JobServices;

/** A package with one catalog object, named in English, with a thumbnail unless `withThumbnail` is false. */
async function catalogPackage(instance: bigint, name: string, withThumbnail = true): Promise<Uint8Array> {
  return writePackage([
    { type: COBJ, group: 0, instance, data: catalogHead(0x10, 0x11, 100) },
    ...(withThumbnail ? [{ type: THUMBNAIL, group: 0, instance, data: await sampleJpeg(64, 48) }] : []),
    { type: STBL, group: 0, instance: 0x0000000000000abcn, data: writeStbl([{ key: 0x10, text: name }, { key: 0x11, text: `${name}, described` }]) },
  ]);
}

async function upload(memberId: number, submissionId: number, name: string, bytes: Uint8Array) {
  const res = await server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token: await server.tokenFor(memberId) });
  expect(res.errors, name).toBeUndefined();
}

/** An item waiting for approval with `bytes` as its package and one picture of the right size, submitted `minutesAgo`. */
async function waitingItem(memberId: number, name: string, bytes: Uint8Array, minutesAgo: number): Promise<number> {
  const created = await server.gql('mutation ($n: String!) { r: createNewItem(name: $n, description: "An item the review flags test builds") { id } }', { n: name }, { token: await server.tokenFor(memberId) });
  const id = created.data!.r.id as number;
  await upload(memberId, id, `${name}.package`, bytes);
  await buildImage(server.database.db, id);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await server.database.db.update(submissions).set({ status: 'SUBMITTED', was_submitted: true, submitted_at: at, updated_at: at }).where(eq(submissions.id, id));
  return id;
}

const waiting = async (terms?: unknown[]) => {
  const res = await server.gql(WAITING, { terms }, { token: staffToken });
  expect(res.errors).toBeUndefined();
  return res.data!.newItemsSearch as { data: { id: number; possible_duplicate: boolean; fast_track: boolean }[]; paginatorInfo: { total: number } };
};

beforeAll(async () => {
  staffToken = await server.tokenFor((await buildMember(server.database.db, { roles: ['Submissions'] })).id);
  services = { database: server.database, config: server.config, storage: server.storage, urlSigner: createUrlSigner(server.config), jobs: null as never, log: silentLog as never, legacy: server.legacy };
});

describe('review flags', () => {
  it('flags a copy under review once the inspection job has read it; the queue filter and the overview find it', async () => {
    const db = server.database.db;
    const original = await buildMember(db);
    const copier = await buildMember(db);
    const pkg = await catalogPackage(0x00aa00bb00cc00ddn, 'Copied Chair');
    const originalId = await buildSubmission(db, original.id, { name: 'Copied Chair' });
    await upload(original.id, originalId, 'chair.package', pkg);
    await db.update(submissions).set({ status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) }).where(eq(submissions.id, originalId));
    const copyId = await waitingItem(copier.id, 'My Chair', pkg, 30);
    const honestId = await waitingItem(copier.id, 'My Own Lamp', await catalogPackage(0x00aa00bb00cc0001n, 'My Own Lamp'), 20);

    expect((await waiting()).data.find((r) => r.id === copyId)).toMatchObject({ possible_duplicate: false });
    const output = (await inspectFilesJob.handle(services, {}, {} as never)) as { read: number; flagged: number };
    expect(output.read).toBeGreaterThanOrEqual(2);
    expect(output.flagged).toBeGreaterThanOrEqual(2);

    const flagged = await waiting([{ field: 'possible_duplicate', operator: '=', value: 'true' }]);
    expect(flagged.data.map((r) => r.id)).toEqual([copyId]);
    expect(flagged.paginatorInfo.total).toBe(1);
    expect((await waiting([{ field: 'possible_duplicate', operator: '=', value: 'false' }])).data.map((r) => r.id)).toContain(honestId);
    expect((await server.gql(COUNTS, {}, { token: staffToken })).data!.reviewFlagCounts).toEqual({ possibleDuplicates: 1, fastTrack: 0 });
    // Staff never move the queue's order by reading: updated_at stays.
    const [row] = await db.select({ updated_at: submissions.updated_at }).from(submissions).where(eq(submissions.id, copyId));
    expect(Date.now() - row!.updated_at.getTime()).toBeGreaterThan(29 * 60_000);

    const refused = await server.gql(WAITING, { terms: [{ field: 'possible_duplicate', operator: '=', value: 'maybe' }] }, { token: staffToken });
    expect(refused.errors![0]).toMatchObject({ message: expect.stringContaining('possible_duplicate needs true or false'), extensions: { category: 'validation' } });
    // The creator reads neither flag; nor may they ask the overview.
    const mine = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { possible_duplicate fast_track creator_trusted } }', { id: copyId }, { token: await server.tokenFor(copier.id) });
    expect(mine.data!.submissionProperties).toEqual({ possible_duplicate: null, fast_track: null, creator_trusted: null });
    expect((await server.gql(COUNTS, {}, { token: await server.tokenFor(copier.id) })).errors![0]!.extensions!.category).toBe('authorization');
  });

  it('puts a trusted creator’s creation that passes every check first in awaiting approval, and only while trusted', async () => {
    const db = server.database.db;
    const plain = await buildMember(db);
    const trusted = await buildMember(db);
    const older = await waitingItem(plain.id, 'Old Sofa', await catalogPackage(0x00aa00bb00cc1001n, 'Old Sofa'), 600);
    const passing = await waitingItem(trusted.id, 'Trusted Table', await catalogPackage(0x00aa00bb00cc1002n, 'Trusted Table'), 10);
    // A warning (no catalog thumbnail) keeps it in its place: only a clean pass is fast-tracked.
    const warned = await waitingItem(trusted.id, 'Trusted Rug', await catalogPackage(0x00aa00bb00cc1003n, 'Trusted Rug', false), 5);
    await inspectFilesJob.handle(services, {}, {} as never);
    const order = async () => (await waiting()).data.filter((r) => [older, passing, warned].includes(r.id));
    expect((await order()).map((r) => r.id)).toEqual([older, passing, warned]);

    expect((await server.gql(TRUST, { m: trusted.id, t: true }, { token: await server.tokenFor(plain.id) })).errors![0]!.extensions!.category).toBe('authorization');
    expect((await server.gql(TRUST, { m: 999_999, t: true }, { token: staffToken })).errors![0]!.message).toBe('Member 999999 was not found.');
    expect((await server.gql(TRUST, { m: trusted.id, t: true }, { token: staffToken })).data!.setCreatorTrusted).toBe(true);
    expect(await order()).toEqual([
      { id: passing, possible_duplicate: false, fast_track: true },
      { id: older, possible_duplicate: false, fast_track: false },
      { id: warned, possible_duplicate: false, fast_track: false },
    ]);
    const page = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { creator_trusted fast_track status } }', { id: passing }, { token: staffToken });
    expect(page.data!.submissionProperties).toEqual({ creator_trusted: true, fast_track: true, status: 'SUBMITTED' });
    expect((await server.gql(COUNTS, {}, { token: staffToken })).data!.reviewFlagCounts.fastTrack).toBe(1);

    expect((await server.gql(TRUST, { m: trusted.id, t: false }, { token: staffToken })).data!.setCreatorTrusted).toBe(false);
    expect((await order()).map((r) => r.id)).toEqual([older, passing, warned]);
    const history = await db.select({ action: logs.action, new_values: logs.new_values }).from(logs).where(and(eq(logs.entity, 'member'), eq(logs.entity_id, trusted.id)));
    expect(history).toEqual([
      { action: 'trusted', new_values: { is_trusted: true } },
      { action: 'untrusted', new_values: { is_trusted: false } },
    ]);
  });
});
