import crypto from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { UrlSigner } from './signed-url';
import {
  assertStagingKey,
  assertStorageKey,
  BlobNotFoundError,
  blobKey,
  ContentDigester,
  digestContent,
  type ContentDigest,
  isBlobKey,
  parseStagingKey,
  UploadExistsError,
  UploadTooLargeError,
  type ByteRange,
  type ObjectInfo,
  type PromotedObject,
  type Storage,
  type StoredObject,
  type UploadTarget,
  type UploadTargetOptions,
} from './storage';

/** The path of this server's direct-upload route for a staging key (http/direct-upload-route.ts). */
export function uploadRoutePath(key: string): string {
  assertStagingKey(key);
  return `/${key}`;
}

/** How much received content may wait for the disk before the source is paused. */
const WRITE_QUEUE_BYTES = 8 * 1024 * 1024;
/** A large write is flushed to disk every this many bytes while it goes on (fdatasync, not awaited). */
const SYNC_EVERY_BYTES = 64 * 1024 * 1024;

/** Signs `pathname` to expire `seconds` from now. */
function signFor(signer: UrlSigner, pathname: string, seconds: number, now = new Date()): { url: string; expiresAt: Date } {
  const expiresAt = new Date(Math.ceil((now.getTime() + seconds * 1000) / 1000) * 1000);
  return { url: signer.signUntil(pathname, expiresAt), expiresAt };
}

/**
 * Content-addressed storage in a folder (`config.filesDir`): `blobs/ab/cd/<sha256>`, and direct
 * uploads staged under `uploads/<memberId>/<uuid>`. Every write goes to `tmp/` on the same file
 * system first, is fsynced, then renamed (or linked) into place, so a key never shows half-written
 * content, even after a crash. Several processes may share the folder: two puts of the same content
 * end with the same file.
 *
 * A promoted staging key keeps an empty `<uuid>.taken` marker until the sweep removes it (after the
 * upload URL expired), so the URL cannot upload a second file and the key cannot be registered twice.
 */
export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    /** Signs upload targets; without it this storage takes no direct uploads. */
    private readonly signer?: UrlSigner,
  ) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  /**
   * A staged upload's digest (sha256, size, first bytes), written by this server while the body
   * arrived and before the upload became visible: promote trusts it instead of reading the whole
   * file again. A staged file is never rewritten (link() refuses an existing name), so it stays true.
   */
  private digestOf(key: string): string {
    assertStagingKey(key);
    return `${path.join(this.root, key)}.digest`;
  }

  private markerOf(key: string): string {
    assertStagingKey(key);
    return `${path.join(this.root, key)}.taken`;
  }

  /** Streams `source` into a new temp file while hashing; removes it again when anything fails. */
  /**
   * Streams content into a new temp file while hashing it, then fsyncs it. Writing is pipelined:
   * chunks are hashed as they arrive and queued, and one write of everything queued so far is in
   * flight at a time, so the disk writes while the next bytes are read and hashed; the source is
   * only paused when WRITE_QUEUE_BYTES wait. Every SYNC_EVERY_BYTES a flush starts beside the writes.
   */
  private async writeTemp(
    source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    limit?: { key: string; maxBytes: number },
  ): Promise<ContentDigest & { tmp: string }> {
    const tmpDir = path.join(this.root, 'tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
    const digester = new ContentDigester();
    const file = await fs.open(tmp, 'wx', 0o644);
    let queue: Uint8Array[] = [];
    let queued = 0;
    let writing: Promise<void> | null = null;
    let syncing: Promise<void> | null = null;
    let unsynced = 0;
    let failure: unknown = null;
    /** Resolves when the write in flight finishes: room in the queue again. */
    let written: Promise<void> = Promise.resolve();
    const drain = async () => {
      while (queue.length) {
        const batch = queue;
        queue = [];
        unsynced += queued;
        queued = 0;
        written = writeFully(file, batch);
        await written;
        // Flushing as it goes keeps dirty pages few (the kernel throttles writers that pile them up)
        // and leaves the final fsync little to do.
        if (unsynced >= SYNC_EVERY_BYTES && !syncing) {
          unsynced = 0;
          syncing = file.datasync().then(
            () => void (syncing = null),
            (error: unknown) => void ((failure = error), (syncing = null)),
          );
        }
      }
    };
    try {
      for await (const chunk of source) {
        if (failure) throw failure;
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        if (limit && digester.size + bytes.length > limit.maxBytes) throw new UploadTooLargeError(limit.key, limit.maxBytes);
        digester.update(bytes);
        queue.push(bytes);
        queued += bytes.length;
        writing ??= drain().then(
          () => void (writing = null),
          (error: unknown) => void ((failure = error), (writing = null)),
        );
        // Paused only until the write in flight is done, so reading and writing keep overlapping.
        if (queued >= WRITE_QUEUE_BYTES) await written.catch(() => {});
      }
      while (writing) await writing;
      while (syncing) await syncing;
      if (failure) throw failure;
      await file.sync();
    } catch (error) {
      while (writing) await writing;
      while (syncing) await syncing;
      await file.close().catch(() => {});
      await fs.rm(tmp, { force: true });
      throw error;
    }
    await file.close();
    return { tmp, ...digester.digest() };
  }

  /**
   * Moves a finished file (temp or staged) to the content key of its sha256, or drops it when that
   * content is stored already. The content's modification time becomes now either way: the sweep
   * reads it as "recently wanted" and leaves the content alone while a row is about to use it.
   */
  private async intoContentStore(file: string, sha256: string): Promise<{ key: string; created: boolean }> {
    const key = blobKey(sha256);
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await fs.mkdir(dir, { recursive: true });
    const now = new Date();
    if (await this.exists(key)) {
      await fs.rm(file, { force: true });
      await fs.utimes(target, now, now).catch(() => {});
      return { key, created: false };
    }
    await fs.rename(file, target);
    await fs.utimes(target, now, now);
    await syncDir(dir);
    return { key, created: true };
  }

  async put(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject> {
    const { tmp, size, sha256 } = await this.writeTemp(source);
    const { key, created } = await this.intoContentStore(tmp, sha256);
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

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await fs.stat(this.pathOf(key));
      return { key, size: s.size, modifiedAt: s.mtime };
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
    if (!isBlobKey(key)) {
      await fs.rm(this.markerOf(key), { force: true });
      await fs.rm(this.digestOf(key), { force: true });
    }
  }

  async uploadTarget(key: string, options: UploadTargetOptions): Promise<UploadTarget> {
    if (!this.signer) throw new Error('Direct uploads to local disk need a URL signer (createStorage(config, urlSigner)).');
    const { url, expiresAt } = signFor(this.signer, uploadRoutePath(key), options.expiresInSeconds, options.now);
    return { url, headers: { 'content-type': options.mimetype, 'content-disposition': options.disposition }, expiresAt };
  }

  async receiveUpload(key: string, source: AsyncIterable<Uint8Array>, options: { maxBytes: number }): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const marker = this.markerOf(key);
    const taken = async () => (await this.exists(key)) || (await fileExists(marker));
    // Refused before a byte is read, when it can be told already.
    if (await taken()) throw new UploadExistsError(key);
    const { tmp, size, sha256, firstBytes } = await this.writeTemp(source, { key, maxBytes: options.maxBytes });
    const dir = path.dirname(target);
    try {
      await fs.mkdir(dir, { recursive: true });
      // link() never replaces an existing name: of two PUTs racing for one key, one wins.
      await fs.link(tmp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UploadExistsError(key);
      throw error;
    } finally {
      await fs.rm(tmp, { force: true });
    }
    // Only the one PUT whose link won gets here. Its digest is written whole (temp, then rename); a
    // promote that comes before it simply hashes the file itself.
    const digest: StagedDigest = { sha256, size, firstBytes: Buffer.from(firstBytes).toString('base64') };
    const digestTmp = path.join(this.root, 'tmp', `${crypto.randomUUID()}.digest`);
    await fs.writeFile(digestTmp, JSON.stringify(digest), { flag: 'wx' });
    await fs.rename(digestTmp, this.digestOf(key));
    // A promote that ran while this body streamed in took the key: this upload does not count.
    if (await fileExists(marker)) {
      await fs.rm(target, { force: true });
      await fs.rm(this.digestOf(key), { force: true });
      throw new UploadExistsError(key);
    }
    await syncDir(dir);
    return { size };
  }

  async promote(key: string): Promise<PromotedObject> {
    const staged = this.pathOf(key);
    assertStagingKey(key);
    let file;
    try {
      file = await fs.open(staged, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw error;
    }
    try {
      // The marker is the claim: of two promotes of one key only one creates it.
      try {
        await fs.writeFile(this.markerOf(key), '', { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BlobNotFoundError(key);
        throw error;
      }
      const { sha256, size, firstBytes } =
        (await this.readDigest(key, (await file.stat()).size)) ?? (await digestContent(file.createReadStream({ autoClose: false })));
      await fs.rm(this.digestOf(key), { force: true });
      let moved;
      try {
        moved = await this.intoContentStore(staged, sha256);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw error;
      }
      return { ...moved, size, sha256, firstBytes };
    } finally {
      await file.close().catch(() => {});
    }
  }

  /** The digest written when the upload arrived, when it is there and matches the file's size. */
  private async readDigest(key: string, size: number): Promise<ContentDigest | null> {
    try {
      const digest = JSON.parse(await fs.readFile(this.digestOf(key), 'utf8')) as StagedDigest;
      if (digest.size !== size || !/^[0-9a-f]{64}$/.test(digest.sha256)) return null;
      return { sha256: digest.sha256, size, firstBytes: new Uint8Array(Buffer.from(digest.firstBytes, 'base64')) };
    } catch {
      return null;
    }
  }

  async *list(prefix: 'blobs/' | 'uploads/'): AsyncIterable<ObjectInfo> {
    const top = path.join(this.root, prefix);
    for (const a of await readDir(top)) {
      if (!a.isDirectory()) continue;
      if (prefix === 'blobs/') {
        for (const b of await readDir(path.join(top, a.name))) {
          if (!b.isDirectory()) continue;
          for (const c of await readDir(path.join(top, a.name, b.name))) {
            const key = `blobs/${a.name}/${b.name}/${c.name}`;
            if (!c.isFile() || !isBlobKey(key)) continue;
            const info = await this.stat(key);
            if (info) yield info;
          }
        }
      } else {
        // A staged upload, its marker, or both: one key, as old as the newer of the two.
        const seen = new Map<string, ObjectInfo>();
        for (const entry of await readDir(path.join(top, a.name))) {
          // A digest goes with its upload (removed with it); it is not a key of its own.
          if (entry.name.endsWith('.digest')) continue;
          const key = `uploads/${a.name}/${entry.name.replace(/\.taken$/, '')}`;
          if (!entry.isFile() || !parseStagingKey(key)) continue;
          const s = await fs.stat(path.join(top, a.name, entry.name)).catch(() => null);
          if (!s) continue;
          const known = seen.get(key);
          const isMarker = entry.name.endsWith('.taken');
          seen.set(key, {
            key,
            size: isMarker ? (known?.size ?? 0) : s.size,
            modifiedAt: known && known.modifiedAt > s.mtime ? known.modifiedAt : s.mtime,
          });
        }
        yield* seen.values();
      }
    }
  }

  async removeTemporary(before: Date): Promise<number> {
    const tmpDir = path.join(this.root, 'tmp');
    let removed = 0;
    for (const entry of await readDir(tmpDir)) {
      const file = path.join(tmpDir, entry.name);
      const s = await fs.stat(file).catch(() => null);
      if (s && s.mtime < before) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

async function readDir(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function fileExists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
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

/** Writes buffers at the file's current position, all of them (writev may write less than asked). */
async function writeFully(file: fs.FileHandle, buffers: Uint8Array[]): Promise<void> {
  const total = buffers.reduce((n, b) => n + b.length, 0);
  const { bytesWritten } = await file.writev(buffers);
  if (bytesWritten === total) return;
  const rest = Buffer.concat(buffers).subarray(bytesWritten);
  let written = 0;
  while (written < rest.length) written += (await file.write(rest, written, rest.length - written)).bytesWritten;
}

/** What `<uuid>.digest` beside a staged upload holds. */
interface StagedDigest {
  sha256: string;
  size: number;
  /** The first SNIFF_BYTES, base64. */
  firstBytes: string;
}
