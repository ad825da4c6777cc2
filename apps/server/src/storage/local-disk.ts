import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError, blobKey, type ByteRange, type Storage, type StoredObject } from './storage';

/** Temp files older than this are left over from a crash and are removed. */
const STALE_TEMP_MS = 6 * 3_600_000;

/**
 * Content-addressed storage in a folder (`config.filesDir`): `blobs/ab/cd/<sha256>`.
 * A put writes to `tmp/` on the same file system while hashing, fsyncs, then renames into place, so
 * a key never shows half-written content, even after a crash. Several processes may share the
 * folder: two puts of the same content end with the same file.
 */
export class LocalDiskStorage implements Storage {
  private tempSwept = false;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }

  async put(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject> {
    const tmpDir = path.join(this.root, 'tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    if (!this.tempSwept) await this.sweepTemp(tmpDir);
    const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    let size = 0;
    const file = await fs.open(tmp, 'wx', 0o644);
    try {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        let written = 0;
        while (written < bytes.length) {
          const { bytesWritten } = await file.write(bytes, written, bytes.length - written);
          written += bytesWritten;
        }
      }
      await file.sync();
    } catch (error) {
      await file.close().catch(() => {});
      await fs.rm(tmp, { force: true });
      throw error;
    }
    await file.close();

    const sha256 = hash.digest('hex');
    const key = blobKey(sha256);
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await fs.mkdir(dir, { recursive: true });
    let created = false;
    if (await this.exists(key)) {
      await fs.rm(tmp, { force: true });
    } else {
      await fs.rename(tmp, target);
      await syncDir(dir);
      created = true;
    }
    return { key, size, sha256, created };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    let file;
    try {
      file = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw error;
    }
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fs.stat(this.pathOf(key));
      return { size: s.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** Removes temp files a crashed process left behind (once per process). */
  private async sweepTemp(tmpDir: string): Promise<void> {
    this.tempSwept = true;
    const cutoff = Date.now() - STALE_TEMP_MS;
    for (const name of await fs.readdir(tmpDir)) {
      const file = path.join(tmpDir, name);
      const s = await fs.stat(file).catch(() => null);
      if (s && s.mtimeMs < cutoff) await fs.rm(file, { force: true });
    }
  }
}

/** Makes a rename durable: fsync the folder that holds the new name (a no-op where unsupported). */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  } finally {
    await handle?.close();
  }
}
