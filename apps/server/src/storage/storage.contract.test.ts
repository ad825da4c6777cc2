import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-url';
import { useTestS3 } from '../test/s3';
import { LocalDiskStorage } from './local-disk';
import { BlobNotFoundError, blobKey, stagingKey, type ObjectInfo, type Storage } from './storage';

/**
 * One contract, two adapters: local disk in a temp folder, and S3 against a real s3rver. Whatever
 * the rest of the server relies on is written here once and must hold for both.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const signer = createUrlSigner({ URL_SIGNING_SECRET: 'x'.repeat(32), DATA_DIR: root, SIGNED_URL_TTL_SECONDS: 3600 });
const s3 = useTestS3();

const adapters: [string, () => Storage][] = [
  ['local disk', () => new LocalDiskStorage(root, signer)],
  ['S3 (s3rver)', () => s3.storage('contract')],
];

const sha = (b: string | Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Uploads `bytes` to a staging key the way a client would: a PUT to the target URL, or the local route's receiver. */
async function stage(storage: Storage, key: string, bytes: Buffer): Promise<void> {
  if (storage.receiveUpload) {
    await storage.receiveUpload(key, Readable.from([bytes]), { maxBytes: 1024 ** 3 });
    return;
  }
  const target = await storage.uploadTarget(key, { mimetype: 'application/octet-stream', disposition: 'attachment; filename="a.package"', expiresInSeconds: 600 });
  const response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) });
  expect(response.status).toBe(200);
}

describe.each(adapters)('storage contract: %s', (_name, make) => {
  const storage = () => make();
  const memberId = 7;

  it('stores a stream under its sha256 and reads it back, whole or by range', async () => {
    const s = storage();
    const content = 'hello, corner';
    const before = new Date();
    const stored = await s.put(Readable.from([Buffer.from('hello, '), Buffer.from('corner')]));
    expect(stored).toEqual({ key: blobKey(sha(content)), size: 13, sha256: sha(content), created: true });
    expect(stored.key).toMatch(/^blobs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(await text(await s.get(stored.key))).toBe(content);
    expect(await text(await s.get(stored.key, { start: 7, end: 12 }))).toBe('corner');
    // (Not { start: 0, end: 0 }: s3rver reads an end of 0 as "to the end"; S3 itself does not.)
    expect(await text(await s.get(stored.key, { start: 0, end: 1 }))).toBe('he');
    const info = await s.stat(stored.key);
    expect(info).toMatchObject({ key: stored.key, size: 13 });
    expect(seconds(info!.modifiedAt)).toBeGreaterThanOrEqual(seconds(before));
    expect(seconds(info!.modifiedAt)).toBeLessThanOrEqual(seconds(new Date()));
    expect(await s.exists(stored.key)).toBe(true);
  });

  it('stores identical content once and lists it', async () => {
    const s = storage();
    const a = await s.put([Buffer.from('same bytes')]);
    const b = await s.put([Buffer.from('same'), Buffer.from(' bytes')]);
    expect(b.key).toBe(a.key);
    expect([a.created, b.created]).toEqual([true, false]);
    const listed = (await all(s.list('blobs/'))).filter((o) => o.key === a.key);
    expect(listed).toEqual([{ key: a.key, size: 10, modifiedAt: expect.any(Date) }]);
  });

  it('streams large content through (multipart on S3) without changing a byte', async () => {
    const s = storage();
    const big = crypto.randomBytes(20 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536));
    const stored = await s.put(Readable.from(chunks));
    expect(stored).toMatchObject({ size: big.length, sha256: sha(big), created: true });
    expect(sha(await buffer(await s.get(stored.key)))).toBe(sha(big));
    expect(await buffer(await s.get(stored.key, { start: 9_000_000, end: 9_000_099 }))).toEqual(big.subarray(9_000_000, 9_000_100));
    expect(await s.removeTemporary(new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it('keeps nothing, not even a temporary object, when the source fails midway', async () => {
    const s = storage();
    const before = await all(s.list('blobs/'));
    async function* failing() {
      yield Buffer.from('part of a file');
      yield crypto.randomBytes(9 * 1024 * 1024);
      throw new Error('connection lost');
    }
    await expect(s.put(failing())).rejects.toThrow('connection lost');
    expect(await all(s.list('blobs/'))).toEqual(before);
    expect(await s.removeTemporary(new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it('answers missing content plainly and refuses keys it did not make', async () => {
    const s = storage();
    const missing = blobKey(sha('never stored'));
    await expect(s.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await s.stat(missing)).toBeNull();
    expect(await s.exists(missing)).toBe(false);
    await s.delete(missing);
    await expect(s.get('../../etc/passwd')).rejects.toThrow('Not a storage key');
    await expect(s.get(`blobs/00/00/${sha('x')}`)).rejects.toThrow('Not a storage key');
    await expect(s.stat('uploads/7/../../blobs')).rejects.toThrow('Not a storage key');
    await expect(s.promote(blobKey(sha('x')))).rejects.toThrow('Not a staging key');
    await expect(s.uploadTarget('uploads/0/x', { mimetype: 'a/b', disposition: 'attachment', expiresInSeconds: 60 })).rejects.toThrow('Not a staging key');
  });

  it('deletes content', async () => {
    const s = storage();
    const stored = await s.put([Buffer.from('to be removed')]);
    await s.delete(stored.key);
    expect(await s.exists(stored.key)).toBe(false);
  });

  it('signs an upload target for one staging key, expiring when asked', async () => {
    const s = storage();
    const key = stagingKey(memberId, crypto.randomUUID());
    const now = new Date();
    const target = await s.uploadTarget(key, { mimetype: 'application/zip', disposition: 'attachment; filename="a.zip"', expiresInSeconds: 900, now });
    expect(target.headers).toEqual({ 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' });
    expect(new URL(target.url, 'http://server').pathname).toMatch(new RegExp(`/${key}$`));
    // Local disk rounds the expiry up to a quarter of the signer's lifetime (here 15 minutes).
    expect(seconds(target.expiresAt)).toBeGreaterThanOrEqual(seconds(now) + 900);
    expect(seconds(target.expiresAt)).toBeLessThanOrEqual(seconds(now) + 900 + 900);
  });

  it('promotes a staged upload into the content store and removes the staged object', async () => {
    const s = storage();
    const key = stagingKey(memberId, crypto.randomUUID());
    const bytes = Buffer.concat([Buffer.from('DBPF'), crypto.randomBytes(100_000)]);
    await stage(s, key, bytes);
    expect(await s.stat(key)).toMatchObject({ key, size: bytes.length });
    expect((await all(s.list('uploads/'))).map((o) => o.key)).toContain(key);

    const promoted = await s.promote(key);
    expect(promoted).toMatchObject({ key: blobKey(sha(bytes)), size: bytes.length, sha256: sha(bytes), created: true });
    expect(Buffer.from(promoted.firstBytes)).toEqual(bytes.subarray(0, 64));
    expect(await s.stat(key)).toBeNull();
    expect(sha(await buffer(await s.get(promoted.key)))).toBe(sha(bytes));
    // The same key cannot be promoted twice.
    await expect(s.promote(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('promotes content that is stored already without a second copy', async () => {
    const s = storage();
    const bytes = crypto.randomBytes(5000);
    const first = await s.put([bytes]);
    const key = stagingKey(memberId, crypto.randomUUID());
    await stage(s, key, bytes);
    const promoted = await s.promote(key);
    expect(promoted).toMatchObject({ key: first.key, size: 5000, created: false });
    expect(await s.stat(key)).toBeNull();
    expect(await s.exists(first.key)).toBe(true);
  });

  it('answers a staging key with nothing uploaded as not found', async () => {
    const s = storage();
    const key = stagingKey(memberId, crypto.randomUUID());
    await expect(s.promote(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await s.stat(key)).toBeNull();
  });

  it('lists staged uploads with size and age, and deletes them', async () => {
    const s = storage();
    const key = stagingKey(memberId + 1, crypto.randomUUID());
    await stage(s, key, Buffer.from('staged'));
    const listed = (await all(s.list('uploads/'))).find((o: ObjectInfo) => o.key === key);
    expect(listed).toEqual({ key, size: 6, modifiedAt: expect.any(Date) });
    await s.delete(key);
    expect((await all(s.list('uploads/'))).map((o) => o.key)).not.toContain(key);
  });
});
