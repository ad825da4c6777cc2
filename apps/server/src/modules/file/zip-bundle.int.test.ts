import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fileVersions, files, zipBundles } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes, sims4PackageBytes, storedFiles } from '../../test/uploads';
import { readZip } from './read-zip.testing';
import { STALE_AFTER_MS, ZIP_BUNDLE_JOB } from './zip-bundle.service';

/**
 * Zips out (issue 4): a creation's download zip and staff baskets, built by the real `zip-bundle`
 * pg-boss job into real storage, downloaded through the real route and read back with yauzl.
 */
const server = useTestServer({ BASKET_MAX_FILES: '4' }, { jobs: true });

interface Who {
  id: number;
  token: string;
}
let owner: Who;
let other: Who;
let reviewer: Who;
let otherReviewer: Who;
let contentManager: Who;

const BUNDLE = 'id status error url filename num_files_to_add num_files_added filesize submission_id';
const GENERATE = `mutation ($id: Int!) { generateZipFileForSubmission(id: $id) { ${BUNDLE} } }`;
const FOLLOW = `query ($id: Int!) { zipBundle(id: $id) { ${BUNDLE} } }`;
const BASKET = `mutation ($ids: [Int!]!, $name: String) { createStaffBasket(file_ids: $ids, filename: $name) { ${BUNDLE} } }`;
const FOLLOW_BASKET = `query ($id: Int!) { staffBasket(id: $id) { ${BUNDLE} } }`;

interface Bundle {
  id: number;
  status: string;
  error: string | null;
  url: string | null;
  filename: string;
  num_files_to_add: number;
  num_files_added: number;
  filesize: number | null;
  submission_id: number | null;
}

async function who(roles: string[] = []): Promise<Who> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id) };
}

let seed = 0;
/** Distinct bytes of a kind: a Sims 4 package (deflated in zips) unless told. */
function packageBytes(size = 5000): Buffer {
  seed += 1;
  const bytes = sims4PackageBytes(size);
  bytes.writeUInt32LE(seed, 96);
  return bytes;
}

/** A file on a creation with its content really stored (as an upload leaves it), at version 1. */
async function storeFile(submissionId: number, memberId: number, filename: string, content: Buffer, kind = 'sims4-package') {
  const stored = await server.storage.put([content]);
  const mimetype = kind === 'image' ? 'image/png' : 'application/octet-stream';
  const row = { filename, filesize: stored.size, mimetype, sha256: stored.sha256, storage_key: stored.key };
  const [file] = await server.database.db
    .insert(files)
    .values({ submission_id: submissionId, member_id: memberId, kind, version: 1, ...row })
    .returning();
  await server.database.db.insert(fileVersions).values({ file_id: file!.id, version: 1, member_id: memberId, ...row });
  return { id: file!.id, key: stored.key, content };
}

/** A new newest version of a file (as replaceSubmissionFile leaves it). */
async function addVersion(fileId: number, content: Buffer, filename?: string) {
  const db = server.database.db;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  const stored = await server.storage.put([content]);
  const version = file!.version + 1;
  const row = { filename: filename ?? file!.filename, filesize: stored.size, mimetype: file!.mimetype, sha256: stored.sha256, storage_key: stored.key };
  await db.insert(fileVersions).values({ file_id: fileId, version, member_id: file!.member_id, ...row });
  await db.update(files).set({ version, ...row }).where(eq(files.id, fileId));
  return version;
}

async function generate(submissionId: number, token: string) {
  return server.gql<{ generateZipFileForSubmission: Bundle }>(GENERATE, { id: submissionId }, { token });
}

/** Follows a bundle until it is READY or FAILED, as the download helper does. */
async function finished(id: number, token: string, query = FOLLOW): Promise<Bundle> {
  const field = query === FOLLOW ? 'zipBundle' : 'staffBasket';
  let bundle: Bundle | undefined;
  await vi.waitFor(
    async () => {
      const res = await server.gql<Record<string, Bundle>>(query, { id }, { token });
      expect(res.errors).toBeUndefined();
      bundle = res.data![field]!;
      expect(bundle.status).toMatch(/^(READY|FAILED)$/);
    },
    { timeout: 30_000, interval: 100 },
  );
  return bundle!;
}

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

async function download(bundle: Bundle) {
  expect(bundle.url).toEqual(expect.any(String));
  const res = await get(bundle.url!);
  expect(res.statusCode).toBe(200);
  return readZip(res.rawPayload);
}

async function bundlesOf(submissionId: number) {
  return server.database.db.select().from(zipBundles).where(eq(zipBundles.submission_id, submissionId));
}

beforeAll(async () => {
  owner = await who();
  other = await who();
  reviewer = await who(['Submissions']);
  otherReviewer = await who(['Submissions']);
  contentManager = await who(['Content manager']);
});

describe('generateZipFileForSubmission', () => {
  let submission: number;
  let chair: Awaited<ReturnType<typeof storeFile>>;
  let chairV2: Buffer;
  let sameName: Awaited<ReturnType<typeof storeFile>>;
  let picture: Awaited<ReturnType<typeof storeFile>>;
  let rug: Awaited<ReturnType<typeof storeFile>>;
  let rugV2: Buffer;
  let first: Bundle;

  beforeAll(async () => {
    submission = await buildSubmission(server.database.db, owner.id, { name: 'Café Chair Set!' });
    chair = await storeFile(submission, owner.id, 'chair.package', packageBytes(20_000));
    chairV2 = packageBytes(21_000);
    // Version 2 is uploaded, but visitors still get version 1.
    await addVersion(chair.id, chairV2);
    await server.database.db.update(files).set({ published_version: 1 }).where(eq(files.id, chair.id));
    sameName = await storeFile(submission, owner.id, 'Chair.package', packageBytes(3000));
    picture = await storeFile(submission, owner.id, 'front.png', await pngBytes(30, 20, '#336699'), 'image');
    rug = await storeFile(submission, owner.id, 'rug.package', packageBytes(4000));
    rugV2 = packageBytes(4100);
    await addVersion(rug.id, rugV2, 'rug v2.package');
    const gone = await storeFile(submission, owner.id, 'old.package', packageBytes(100));
    await server.database.db.update(files).set({ deleted_at: new Date() }).where(eq(files.id, gone.id));
  });

  it('builds the zip in the background: the published version where set, else the newest, byte for byte', async () => {
    const res = await generate(submission, owner.token);
    expect(res.errors).toBeUndefined();
    const asked = res.data!.generateZipFileForSubmission;
    expect(asked).toMatchObject({ status: 'PENDING', url: null, num_files_to_add: 4, num_files_added: 0, submission_id: submission });
    expect(asked.filename).toBe(`cafe-chair-set-${submission}.zip`);

    first = await finished(asked.id, owner.token);
    expect(first).toMatchObject({ status: 'READY', error: null, num_files_to_add: 4, num_files_added: 4 });
    expect(first.filesize).toBeGreaterThan(0);
    const entries = await download(first);
    expect(entries.map((e) => e.name)).toEqual(['chair.package', 'Chair (2).package', 'front.png', 'rug v2.package']);
    expect(entries[0]!.bytes.equals(chair.content)).toBe(true);
    expect(entries[0]!.bytes.equals(chairV2)).toBe(false);
    expect(entries[1]!.bytes.equals(sameName.content)).toBe(true);
    expect(entries[2]!.bytes.equals(picture.content)).toBe(true);
    expect(entries[3]!.bytes.equals(rugV2)).toBe(true);
    // Pictures are compressed already and are stored; packages are deflated.
    expect(entries.map((e) => e.compressionMethod)).toEqual([8, 8, 0, 8]);
    // Each entry carries its version's upload time.
    const [v1] = await server.database.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.file_id, chair.id), eq(fileVersions.version, 1)));
    expect(entries[0]!.mtime.getTime()).toBe(Math.floor(v1!.created_at.getTime() / 1000) * 1000);
  });

  it('answers an unchanged creation’s ready zip at once, to its owner and to staff, without a new job', async () => {
    const again = await generate(submission, owner.token);
    expect(again.data!.generateZipFileForSubmission).toMatchObject({ id: first.id, status: 'READY', url: expect.any(String) });
    const staff = await generate(submission, reviewer.token);
    expect(staff.data!.generateZipFileForSubmission).toMatchObject({ id: first.id, status: 'READY' });
    expect(await bundlesOf(submission)).toHaveLength(1);
  });

  it('makes a new zip when a file changed, and answers a zip still being built as it is', async () => {
    const rugV3 = packageBytes(4200);
    await addVersion(rug.id, rugV3);
    const [a, b] = await Promise.all([generate(submission, owner.token), generate(submission, reviewer.token)]);
    const newer = a.data!.generateZipFileForSubmission;
    expect(newer.id).not.toBe(first.id);
    expect(b.data!.generateZipFileForSubmission.id).toBe(newer.id);
    expect(await bundlesOf(submission)).toHaveLength(2);

    // The owner follows it although the reviewer's click may have made it.
    const ready = await finished(newer.id, owner.token);
    expect(ready).toMatchObject({ status: 'READY', num_files_added: 4 });
    const entries = await download(ready);
    expect(entries[3]!.bytes.equals(rugV3)).toBe(true);
  });

  it('says so when a creation has no files', async () => {
    const empty = await buildSubmission(server.database.db, owner.id);
    const res = await generate(empty, owner.token);
    expect(res.errors?.[0]).toMatchObject({
      message: 'This creation has no files to download yet.',
      extensions: { code: 'ZIP_BUNDLE_NO_FILES', category: 'validation' },
    });
    expect(await bundlesOf(empty)).toEqual([]);
  });

  it('refuses other creators, even of a published creation, and their following of my zip', async () => {
    const published = await buildSubmission(server.database.db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 60_000) });
    await storeFile(published, owner.id, 'lamp.package', packageBytes());
    for (const id of [submission, published]) {
      const res = await generate(id, other.token);
      expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
      expect(res.data?.generateZipFileForSubmission ?? null).toBeNull();
    }
    const follow = await server.gql(FOLLOW, { id: first.id }, { token: other.token });
    expect(follow.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    expect(follow.data?.zipBundle ?? null).toBeNull();
    expect((await server.gql(FOLLOW, { id: first.id }, { token: contentManager.token })).data!.zipBundle.id).toBe(first.id);
    const unknown = await server.gql(FOLLOW, { id: 999_999 }, { token: owner.token });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Download 999999 was not found.', extensions: { code: 'ZIP_BUNDLE_NOT_FOUND' } });
  });

  it('fails with the file’s name when its content is missing, and keeps nothing', async () => {
    const broken = await buildSubmission(server.database.db, owner.id);
    await storeFile(broken, owner.id, 'fine.package', packageBytes(50_000));
    const lost = await storeFile(broken, owner.id, 'lost “one”.package', packageBytes(2000));
    await server.storage.delete(lost.key);
    const before = storedFiles(server.config.filesDir).blobs.length;

    const asked = (await generate(broken, owner.token)).data!.generateZipFileForSubmission;
    const failed = await finished(asked.id, owner.token);
    expect(failed).toMatchObject({ status: 'FAILED', url: null, error: 'A file could not be read: “lost “one”.package”.' });
    const [row] = await server.database.db.select().from(zipBundles).where(eq(zipBundles.id, asked.id));
    expect(row).toMatchObject({ storage_key: null, sha256: null, filesize: null });
    expect(storedFiles(server.config.filesDir)).toEqual({ blobs: expect.any(Array), temps: [] });
    expect(storedFiles(server.config.filesDir).blobs).toHaveLength(before);
    // Asking again after a failure tries again with a new zip.
    const retry = (await generate(broken, owner.token)).data!.generateZipFileForSubmission;
    expect(retry.id).not.toBe(asked.id);
    expect((await finished(retry.id, owner.token)).status).toBe('FAILED');
  });
});

describe('a build whose process died', () => {
  let submission: number;
  let content: Buffer;

  beforeAll(async () => {
    submission = await buildSubmission(server.database.db, owner.id);
    content = packageBytes(8000);
    await storeFile(submission, owner.id, 'table.package', content);
  });

  async function deadBuild(): Promise<number> {
    const bundle = (await generate(submission, owner.token)).data!.generateZipFileForSubmission;
    await finished(bundle.id, owner.token);
    // As a crash leaves it: BUILDING, half counted, untouched for longer than a live builder allows.
    await server.database.db
      .update(zipBundles)
      .set({ status: 'BUILDING', num_files_added: 1, storage_key: null, sha256: null, filesize: null, updated_at: new Date(Date.now() - STALE_AFTER_MS - 5_000) })
      .where(eq(zipBundles.id, bundle.id));
    return bundle.id;
  }

  it('is started over cleanly when its job runs again', async () => {
    const id = await deadBuild();
    const job = await server.jobs!.send(ZIP_BUNDLE_JOB, { id });
    const status = await server.jobs!.wait(ZIP_BUNDLE_JOB, job!, 30_000);
    expect(status).toMatchObject({ state: 'completed', output: { id, status: 'READY' } });
    const ready = await finished(id, owner.token);
    expect(ready).toMatchObject({ status: 'READY', num_files_to_add: 1, num_files_added: 1 });
    const entries = await download(ready);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.bytes.equals(content)).toBe(true);
  });

  it('is reported FAILED when read, and is not answered to the next click', async () => {
    const id = await deadBuild();
    const res = await server.gql<{ zipBundle: Bundle }>(FOLLOW, { id }, { token: owner.token });
    expect(res.data!.zipBundle).toMatchObject({ status: 'FAILED', error: 'Building the zip was interrupted. Please ask for it again.' });
    // Its late job leaves it alone.
    const job = await server.jobs!.send(ZIP_BUNDLE_JOB, { id });
    expect(await server.jobs!.wait(ZIP_BUNDLE_JOB, job!, 30_000)).toMatchObject({ state: 'completed', output: { id, status: 'FAILED' } });
    const next = (await generate(submission, owner.token)).data!.generateZipFileForSubmission;
    expect(next.id).not.toBe(id);
    expect((await finished(next.id, owner.token)).status).toBe('READY');
  });

  it('is left to a live builder: a second run of its job does not start it over', async () => {
    const bundle = (await generate(submission, owner.token)).data!.generateZipFileForSubmission;
    await finished(bundle.id, owner.token);
    await server.database.db.update(zipBundles).set({ status: 'BUILDING', num_files_added: 0, updated_at: new Date() }).where(eq(zipBundles.id, bundle.id));
    const job = await server.jobs!.send(ZIP_BUNDLE_JOB, { id: bundle.id });
    expect(await server.jobs!.wait(ZIP_BUNDLE_JOB, job!, 30_000)).toMatchObject({ state: 'completed', output: { status: 'BUILDING' } });
    const [row] = await server.database.db.select().from(zipBundles).where(eq(zipBundles.id, bundle.id));
    expect(row).toMatchObject({ status: 'BUILDING', num_files_added: 0 });
    await server.database.db.update(zipBundles).set({ status: 'READY' }).where(eq(zipBundles.id, bundle.id));
  });
});

describe('staff baskets', () => {
  let a: Awaited<ReturnType<typeof storeFile>>;
  let b: Awaited<ReturnType<typeof storeFile>>;
  let deleted: Awaited<ReturnType<typeof storeFile>>;
  let bV2: Buffer;

  beforeAll(async () => {
    const one = await buildSubmission(server.database.db, owner.id);
    const two = await buildSubmission(server.database.db, other.id);
    a = await storeFile(one, owner.id, 'sofa.package', packageBytes(6000));
    b = await storeFile(two, other.id, 'sofa.package', packageBytes(7000));
    bV2 = packageBytes(7100);
    await addVersion(b.id, bV2);
    // A basket takes the newest version even where an older one is published.
    await server.database.db.update(files).set({ published_version: 1 }).where(eq(files.id, b.id));
    deleted = await storeFile(one, owner.id, 'removed.package', packageBytes(900));
    await server.database.db.update(files).set({ deleted_at: new Date() }).where(eq(files.id, deleted.id));
  });

  it('bundles chosen files (each once, deleted ones too) at their newest versions into one named zip', async () => {
    const res = await server.gql<{ createStaffBasket: Bundle }>(BASKET, { ids: [b.id, a.id, b.id, deleted.id], name: 'Sofas for review' }, { token: reviewer.token });
    expect(res.errors).toBeUndefined();
    const basket = res.data!.createStaffBasket;
    expect(basket).toMatchObject({ status: 'PENDING', filename: 'Sofas for review.zip', num_files_to_add: 3, submission_id: null });
    // Any file manager follows any basket.
    const ready = await finished(basket.id, otherReviewer.token, FOLLOW_BASKET);
    expect(ready).toMatchObject({ status: 'READY', num_files_added: 3 });
    const entries = await download(ready);
    expect(entries.map((e) => e.name)).toEqual(['sofa.package', 'sofa (2).package', 'removed.package']);
    expect(entries[0]!.bytes.equals(bV2)).toBe(true);
    expect(entries[1]!.bytes.equals(a.content)).toBe(true);
    expect(entries[2]!.bytes.equals(deleted.content)).toBe(true);
  });

  it('names a basket basket-<id>.zip by default and keeps a .zip the name has', async () => {
    const plain = (await server.gql<{ createStaffBasket: Bundle }>(BASKET, { ids: [a.id] }, { token: reviewer.token })).data!.createStaffBasket;
    expect(plain.filename).toBe(`basket-${plain.id}.zip`);
    const named = (await server.gql<{ createStaffBasket: Bundle }>(BASKET, { ids: [a.id], name: ' ../Week 12.ZIP ' }, { token: reviewer.token })).data!
      .createStaffBasket;
    expect(named.filename).toBe('Week 12.ZIP');
    await finished(plain.id, reviewer.token, FOLLOW_BASKET);
    await finished(named.id, reviewer.token, FOLLOW_BASKET);
  });

  it('refuses an empty list, too many files and unknown files, each clearly', async () => {
    const cases: [number[], string, string][] = [
      [[], 'STAFF_BASKET_EMPTY', 'Choose at least one file for the basket.'],
      [[a.id, b.id, deleted.id, 999_990, 999_991], 'STAFF_BASKET_TOO_MANY_FILES', 'A basket holds at most 4 files; 5 were chosen.'],
      [[a.id, 999_990, 999_991], 'STAFF_BASKET_FILES_NOT_FOUND', 'These files were not found: 999990, 999991.'],
      [[999_992], 'STAFF_BASKET_FILES_NOT_FOUND', 'File 999992 was not found.'],
    ];
    const before = (await server.database.db.select().from(zipBundles)).length;
    for (const [ids, code, message] of cases) {
      const res = await server.gql(BASKET, { ids }, { token: reviewer.token });
      expect(res.errors?.[0], code).toMatchObject({ message, extensions: { code, category: 'validation', validation: { file_ids: [message] } } });
    }
    expect(await server.database.db.select().from(zipBundles)).toHaveLength(before);
  });

  it('refuses creators: making a basket, following one, or reading a creation’s zip as a basket', async () => {
    const made = await server.gql(BASKET, { ids: [a.id] }, { token: owner.token });
    expect(made.errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
    const [basket] = await server.database.db.select().from(zipBundles).where(eq(zipBundles.kind, 'basket'));
    const follow = await server.gql(FOLLOW, { id: basket!.id }, { token: owner.token });
    expect(follow.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    const asBasket = await server.gql(FOLLOW, { id: basket!.id }, { token: reviewer.token });
    expect(asBasket.data!.zipBundle.id).toBe(basket!.id);
    const [creationZip] = await server.database.db.select().from(zipBundles).where(eq(zipBundles.kind, 'submission'));
    const wrongKind = await server.gql(FOLLOW_BASKET, { id: creationZip!.id }, { token: reviewer.token });
    expect(wrongKind.errors?.[0]).toMatchObject({ extensions: { code: 'STAFF_BASKET_NOT_FOUND' } });
  });
});

describe('GET /bundles/{id}/{filename}', () => {
  let ready: Bundle;
  let failed: Bundle;

  beforeAll(async () => {
    const submission = await buildSubmission(server.database.db, owner.id, { name: 'Range test' });
    await storeFile(submission, owner.id, 'big.package', packageBytes(200_000));
    ready = await finished((await generate(submission, owner.token)).data!.generateZipFileForSubmission.id, owner.token);
    const broken = await buildSubmission(server.database.db, owner.id);
    const lost = await storeFile(broken, owner.id, 'lost.package', packageBytes());
    await server.storage.delete(lost.key);
    failed = await finished((await generate(broken, owner.token)).data!.generateZipFileForSubmission.id, owner.token);
  });

  it('serves the zip as an attachment to whoever holds the signed URL, with an ETag and ranges', async () => {
    const res = await get(ready.url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="range-test-${ready.submission_id}.zip"; filename*=UTF-8''range-test-${ready.submission_id}.zip`);
    expect(Number(res.headers['content-length'])).toBe(ready.filesize);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await get(ready.url!, { 'if-none-match': etag })).statusCode).toBe(304);

    const part = await get(ready.url!, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${ready.filesize}`);
    expect(part.rawPayload.equals(res.rawPayload.subarray(100, 1100))).toBe(true);
    const tail = await get(ready.url!, { range: 'bytes=-22' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(res.rawPayload.subarray(res.rawPayload.length - 22))).toBe(true);
  });

  it('refuses an expired, forged or missing signature, and a signature of another bundle', async () => {
    const url = new URL(ready.url!, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const forged = `${url.pathname}?expires=${expires}&signature=${'A'.repeat(signature.length)}`;
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${signature}`;
    const failedPath = new URL(`http://x/bundles/${failed.id}/${encodeURIComponent(failed.filename)}`).pathname;
    for (const u of [forged, expired, url.pathname, `${failedPath}?expires=${expires}&signature=${signature}`]) {
      const res = await get(u);
      expect(res.statusCode, u).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ error: 'Forbidden' });
    }
  });

  it('lets in the asker and staff with their token, not other creators', async () => {
    const path = new URL(ready.url!, 'http://x').pathname;
    for (const token of [owner.token, contentManager.token]) {
      const res = await get(path, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Authorization');
    }
    expect((await get(path, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
  });

  it('finds nothing under another name, or for a zip that is not ready', async () => {
    const path = new URL(ready.url!, 'http://x').pathname;
    const renamed = path.replace(/[^/]+$/, 'other.zip');
    expect((await get(renamed, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
    const failedPath = `/bundles/${failed.id}/${encodeURIComponent(failed.filename)}`;
    expect((await get(failedPath, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
    expect((await get(`/bundles/999999/x.zip`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
  });
});
