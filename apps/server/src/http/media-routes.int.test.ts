import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, submissions } from '../db/schema/index';
import { buildMember, buildSubmission } from '../test/factories';
import { useTestServer } from '../test/server';
import { jpegBytes, sims4PackageBytes } from '../test/uploads';

/** The file bucket routes of SPEC section 7: who may fetch what, with which headers. */
const server = useTestServer();

let owner: { id: number; token: string };
let other: { id: number; token: string };
let reviewer: { id: number; token: string };
let submission: number;
let image: { id: number; url: string };
let picture: Buffer;
let file: { id: number; url: string };
const packageBytes = sims4PackageBytes(1000);

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const pathOf = (url: string) => url.split('?')[0]!;

beforeAll(async () => {
  const db = server.database.db;
  const [o, x, r] = [await buildMember(db), await buildMember(db), await buildMember(db, { roles: ['Submissions'] })];
  owner = { id: o.id, token: await server.tokenFor(o.id) };
  other = { id: x.id, token: await server.tokenFor(x.id) };
  reviewer = { id: r.id, token: await server.tokenFor(r.id) };
  submission = await buildSubmission(db, owner.id);
  picture = await jpegBytes(9, 32, 24);
  const created = await server.upload(
    'mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id url } }',
    { s: submission },
    { 'variables.file': { name: 'front.jpg', content: picture } },
    { token: owner.token },
  );
  image = created.data!.createSubmissionImage;
  const uploaded = await server.upload(
    'mutation ($s: Int!, $file: Upload!) { createSubmissionFile(submission_id: $s, file: $file) { id url } }',
    { s: submission },
    { 'variables.file': { name: 'Café chair "v2".package', content: packageBytes } },
    { token: owner.token },
  );
  file = uploaded.data!.createSubmissionFile;
});

describe('GET /{memberId}/images/{imageId}', () => {
  it('serves the image to whoever holds the signed URL, privately cached', async () => {
    const res = await get(image.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Number(res.headers['content-length'])).toBe(picture.length);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const again = await get(image.url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a forged, expired or missing signature with 403', async () => {
    const url = new URL(image.url, 'http://x');
    const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${url.searchParams.get('signature')}`;
    const otherImage = `/${owner.id}/images/${image.id + 1}?${url.searchParams}`;
    for (const u of [forged, expired, url.pathname]) {
      const res = await get(u);
      expect(res.statusCode, u).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A signature is for one path only (that image does not exist: the fallback answers).
    expect((await get(otherImage)).statusCode).toBe(404);
  });

  it('lets the owner and reviewers in with their token, not other creators', async () => {
    const path = pathOf(image.url);
    const mine = await get(path, { authorization: `Bearer ${owner.token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toBe('Authorization');
    expect((await get(path, { authorization: `Bearer ${reviewer.token}` })).statusCode).toBe(200);
    expect((await get(path, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
  });

  it("serves a published creation's images to anyone, with a plain URL", async () => {
    const db = server.database.db;
    const published = await buildSubmission(db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });
    const content = await jpegBytes(10);
    const created = await server.upload(
      'mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id url } }',
      { s: published },
      { 'variables.file': { name: 'pub.jpg', content } },
      { token: (await server.tokenFor(reviewer.id)) },
    );
    const url = created.data!.createSubmissionImage.url as string;
    expect(url).toBe(`/${owner.id}/images/${created.data!.createSubmissionImage.id}`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // Unpublished again: the plain URL no longer works.
    await db.update(submissions).set({ publish_at: null }).where(eq(submissions.id, published));
    expect((await get(url)).statusCode).toBe(403);
  });

  it('answers the fallback picture with 404 for a missing or deleted image, or another member in the path', async () => {
    const db = server.database.db;
    const submissionB = await buildSubmission(db, owner.id);
    const [row] = await db.select().from(images).where(eq(images.id, image.id));
    const [deleted] = await db
      .insert(images)
      .values({ ...row!, id: undefined, submission_id: submissionB, deleted_at: new Date() })
      .returning({ id: images.id });
    for (const url of [`/${owner.id}/images/987654`, `/${owner.id}/images/${deleted!.id}`, `/${other.id}/images/${image.id}`]) {
      const res = await get(url, { authorization: `Bearer ${owner.token}` });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThan(100);
    }
  });
});

describe('GET /{memberId}/files/{fileId}_version_{version}', () => {
  it('downloads with the signed URL, as an attachment with the real name', async () => {
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(packageBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ chair _v2_.package"; filename*=UTF-8''Caf%C3%A9%20chair%20%22v2%22.package`,
    );
  });

  it('answers byte ranges with 206, and 416 past the end', async () => {
    const part = await get(file.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(packageBytes.subarray(100, 200))).toBe(true);
    const tail = await get(file.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(packageBytes.subarray(990))).toBe(true);
    const open = await get(file.url, { range: 'bytes=995-' });
    expect(open.headers['content-range']).toBe('bytes 995-999/1000');
    const past = await get(file.url, { range: 'bytes=5000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    // A stale If-Range gets the whole file.
    const stale = await get(file.url, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
  });

  it('refuses without a valid signature or an allowed token; 404 for other members or versions; a deleted file only to its signed URL', async () => {
    const path = pathOf(file.url);
    expect((await get(path)).statusCode).toBe(403);
    expect((await get(path, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
    expect((await get(path, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(200);
    expect((await get(`/${other.id}/files/${file.id}_version_1`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
    expect((await get(`/${owner.id}/files/${file.id}_version_2`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
    await server.gql('mutation ($id: Int!) { deleteSubmissionFile(id: $id) }', { id: file.id }, { token: owner.token });
    // A signed URL was handed to someone allowed to read the file, deleted or not (the archive).
    expect((await get(file.url)).statusCode).toBe(200);
    expect((await get(path, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
  });
});
