import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk';
import { BlobNotFoundError, blobKey } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-storage-'));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const blobs = () => (fs.existsSync(path.join(root, 'blobs')) ? fs.readdirSync(path.join(root, 'blobs'), { recursive: true }).filter((f) => String(f).length > 60) : []);
const temps = () => (fs.existsSync(path.join(root, 'tmp')) ? fs.readdirSync(path.join(root, 'tmp')) : []);

describe('local disk storage', () => {
  it('stores a stream under its sha256 and reads it back, whole or by range', async () => {
    const content = 'hello, corner';
    const stored = await storage.put(Readable.from([Buffer.from('hello, '), Buffer.from('corner')]));
    expect(stored).toEqual({ key: blobKey(sha(content)), size: 13, sha256: sha(content), created: true });
    expect(stored.key).toMatch(/^blobs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(root, stored.key), 'utf8')).toBe(content);
    expect(await text(await storage.get(stored.key))).toBe(content);
    expect(await text(await storage.get(stored.key, { start: 7, end: 12 }))).toBe('corner');
    expect(await storage.stat(stored.key)).toEqual({ size: 13 });
    expect(await storage.exists(stored.key)).toBe(true);
  });

  it('stores identical content once', async () => {
    const before = blobs().length;
    const a = await storage.put([Buffer.from('same bytes')]);
    const b = await storage.put([Buffer.from('same'), Buffer.from(' bytes')]);
    expect(b.key).toBe(a.key);
    expect([a.created, b.created]).toEqual([true, false]);
    expect(blobs().length).toBe(before + 1);
    expect(temps()).toEqual([]);
  });

  it('keeps nothing when the source fails midway', async () => {
    const before = blobs().length;
    async function* failing() {
      yield Buffer.from('part of a file');
      throw new Error('connection lost');
    }
    await expect(storage.put(failing())).rejects.toThrow('connection lost');
    expect(blobs().length).toBe(before);
    expect(temps()).toEqual([]);
  });

  it('answers missing content plainly and refuses keys it did not make', async () => {
    const missing = blobKey(sha('never stored'));
    await expect(storage.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await storage.stat(missing)).toBeNull();
    expect(await storage.exists(missing)).toBe(false);
    await storage.delete(missing);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('Not a storage key');
    await expect(storage.get(`blobs/00/00/${sha('x')}`)).rejects.toThrow('Not a storage key');
  });

  it('deletes content', async () => {
    const stored = await storage.put([Buffer.from('to be removed')]);
    await storage.delete(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
  });
});
