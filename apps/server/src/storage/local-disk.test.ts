import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-url';
import { storedFiles } from '../test/uploads';
import { LocalDiskStorage } from './local-disk';
import { blobKey, stagingKey, UploadExistsError, UploadTooLargeError } from './storage';

/** What only local disk does: its files on disk, and the receiving end of its direct uploads. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-local-disk-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const signer = createUrlSigner({ URL_SIGNING_SECRET: 'y'.repeat(32), DATA_DIR: root, SIGNED_URL_TTL_SECONDS: 3600 });
const storage = new LocalDiskStorage(root, signer);

const sha = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex');
const newKey = () => stagingKey(3, crypto.randomUUID());
/** A body that fails the test if anyone reads it. */
const unread = (): AsyncIterable<Uint8Array> => ({
  [Symbol.asyncIterator]() {
    throw new Error('the body was read');
  },
});

describe('local disk storage', () => {
  it('keeps content as files under blobs/ab/cd/<sha256> and leaves no temp file', async () => {
    const stored = await storage.put([Buffer.from('on disk')]);
    expect(fs.readFileSync(path.join(root, 'blobs', sha('on disk').slice(0, 2), sha('on disk').slice(2, 4), sha('on disk')), 'utf8')).toBe('on disk');
    expect(stored.key).toBe(blobKey(sha('on disk')));
    expect(storedFiles(root).temps).toEqual([]);
  });

  it('signs upload URLs for its own PUT route, for that key only', async () => {
    const key = newKey();
    const target = await storage.uploadTarget(key, { mimetype: 'application/zip', disposition: 'attachment', expiresInSeconds: 3600 });
    const url = new URL(target.url, 'http://server');
    expect(url.pathname).toBe(`/${key}`);
    const query = Object.fromEntries(url.searchParams);
    expect(signer.verify(`/${key}`, query)).toBe(true);
    expect(signer.verify(`/${newKey()}`, query)).toBe(false);
    expect(Number(query.expires) * 1000).toBe(target.expiresAt.getTime());

    const old = await storage.uploadTarget(key, { mimetype: 'application/zip', disposition: 'attachment', expiresInSeconds: 3600, now: new Date(Date.now() - 3 * 3_600_000) });
    expect(signer.verify(`/${key}`, Object.fromEntries(new URL(old.url, 'http://server').searchParams))).toBe(false);
  });

  it('receives a direct upload once: a second PUT is refused before its body is read, also after promotion', async () => {
    const key = newKey();
    expect(await storage.receiveUpload(key, Readable.from([Buffer.from('first')]), { maxBytes: 100 })).toEqual({ size: 5 });
    await expect(storage.receiveUpload(key, unread(), { maxBytes: 100 })).rejects.toBeInstanceOf(UploadExistsError);
    await storage.promote(key);
    await expect(storage.receiveUpload(key, unread(), { maxBytes: 100 })).rejects.toBeInstanceOf(UploadExistsError);
    expect(await storage.exists(key)).toBe(false);
  });

  it('promotes a received upload from the digest it wrote while receiving, and re-hashes when that digest does not fit', async () => {
    const content = Buffer.concat([Buffer.from('DBPF'), crypto.randomBytes(200_000)]);
    const key = newKey();
    await storage.receiveUpload(key, Readable.from([content.subarray(0, 70_000), content.subarray(70_000)]), { maxBytes: 1_000_000 });
    const digestFile = path.join(root, `${key}.digest`);
    expect(JSON.parse(fs.readFileSync(digestFile, 'utf8'))).toMatchObject({ sha256: sha(content), size: content.length });
    const promoted = await storage.promote(key);
    expect(promoted).toMatchObject({ sha256: sha(content), size: content.length, key: blobKey(sha(content)) });
    expect(Buffer.from(promoted.firstBytes).equals(content.subarray(0, 64))).toBe(true);
    expect(fs.existsSync(digestFile)).toBe(false);

    // A digest that does not match the file (its size) is not trusted: the file is hashed.
    const other = crypto.randomBytes(1000);
    const second = newKey();
    await storage.receiveUpload(second, Readable.from([other]), { maxBytes: 1_000_000 });
    fs.writeFileSync(path.join(root, `${second}.digest`), JSON.stringify({ sha256: sha('lies'), size: 999, firstBytes: '' }));
    expect((await storage.promote(second)).sha256).toBe(sha(other));
  });

  it('lets one of two racing PUTs to a key win', async () => {
    const key = newKey();
    const results = await Promise.allSettled([
      storage.receiveUpload(key, Readable.from([Buffer.from('aaaa')]), { maxBytes: 100 }),
      storage.receiveUpload(key, Readable.from([Buffer.from('bbbb')]), { maxBytes: 100 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(UploadExistsError) });
    expect(storedFiles(root).temps).toEqual([]);
  });

  it('lets one of two racing promotes of a key win', async () => {
    const key = newKey();
    await storage.receiveUpload(key, Readable.from([crypto.randomBytes(300_000)]), { maxBytes: 10 ** 6 });
    const results = await Promise.allSettled([storage.promote(key), storage.promote(key)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('stops a body at the limit while it streams and keeps nothing of it', async () => {
    const key = newKey();
    let sent = 0;
    async function* endless() {
      for (;;) {
        sent += 1000;
        yield Buffer.alloc(1000, 1);
      }
    }
    await expect(storage.receiveUpload(key, endless(), { maxBytes: 10_000 })).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(sent).toBe(11_000);
    expect(await storage.exists(key)).toBe(false);
    expect(storedFiles(root).temps).toEqual([]);
    // The key is still free for a good upload.
    expect(await storage.receiveUpload(key, Readable.from([Buffer.from('small')]), { maxBytes: 10_000 })).toEqual({ size: 5 });
  });

  it('keeps nothing of a body whose connection breaks', async () => {
    const key = newKey();
    async function* cut() {
      yield Buffer.from('half a file');
      throw new Error('socket hang up');
    }
    await expect(storage.receiveUpload(key, cut(), { maxBytes: 10_000 })).rejects.toThrow('socket hang up');
    expect(await storage.exists(key)).toBe(false);
    expect(storedFiles(root).temps).toEqual([]);
  });

  it('lists a promoted key (its marker) until the sweep deletes it', async () => {
    const key = newKey();
    await storage.receiveUpload(key, Readable.from([Buffer.from('marker test')]), { maxBytes: 100 });
    await storage.promote(key);
    const listed = [];
    for await (const o of storage.list('uploads/')) if (o.key === key) listed.push(o);
    expect(listed).toEqual([{ key, size: 0, modifiedAt: expect.any(Date) }]);
    await storage.delete(key);
    expect(fs.readdirSync(path.join(root, 'uploads', '3')).filter((f) => f.startsWith(key.split('/')[2]!))).toEqual([]);
  });

  it('removes temp files older than asked, and only those', async () => {
    const tmp = path.join(root, 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, 'old.part'), 'left by a crash');
    const long = new Date(Date.now() - 48 * 3_600_000);
    fs.utimesSync(path.join(tmp, 'old.part'), long, long);
    fs.writeFileSync(path.join(tmp, 'new.part'), 'being written');
    expect(await storage.removeTemporary(new Date(Date.now() - 24 * 3_600_000))).toBe(1);
    expect(fs.readdirSync(tmp)).toEqual(['new.part']);
    fs.rmSync(path.join(tmp, 'new.part'));
  });

  it('takes no direct uploads without a URL signer', async () => {
    await expect(new LocalDiskStorage(root).uploadTarget(newKey(), { mimetype: 'a/b', disposition: 'attachment', expiresInSeconds: 60 })).rejects.toThrow(
      'Direct uploads to local disk need a URL signer',
    );
  });
});
