import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, blobKey, ContentDigester, isBlobKey, sha256OfBlobKey, type Storage } from '../storage/index';
import { FILES_DIR } from './manifest';

/** Files copied at once: enough to keep a disk or a bucket busy, few enough for small machines. */
const PARALLEL = 8;

export interface StoreCopy {
  count: number;
  bytes: number;
  /** The sha256 of every content copied. */
  held: Set<string>;
  /** Content whose bytes did not hash to its name in the store: not copied. */
  damaged: string[];
}

/**
 * Copies every content key of the store into `<backup>/files/` (the same `blobs/ab/cd/<sha256>`
 * layout), checking each file's bytes against its name as they go by. Content is immutable, so a
 * copy made after the database's dump holds all the dump uses, unless the sweep removed some in
 * between (`copyContent` tries those again; what is gone is listed as missing in the manifest).
 */
export async function copyStoreToBackup(storage: Storage, backupDir: string): Promise<StoreCopy> {
  const result: StoreCopy = { count: 0, bytes: 0, held: new Set(), damaged: [] };
  await inParallel(storage.list('blobs/'), async (info) => {
    const outcome = await copyContent(storage, sha256OfBlobKey(info.key), backupDir);
    if (typeof outcome === 'number') {
      result.count += 1;
      result.bytes += outcome;
      result.held.add(sha256OfBlobKey(info.key));
    } else if (outcome === 'damaged') {
      result.damaged.push(sha256OfBlobKey(info.key));
    }
  });
  return result;
}

/** Copies one content into the backup: its size, or why it could not be. */
export async function copyContent(storage: Storage, sha256: string, backupDir: string): Promise<number | 'missing' | 'damaged'> {
  const key = blobKey(sha256);
  const target = path.join(backupDir, FILES_DIR, key);
  let source;
  try {
    source = await storage.get(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return 'missing';
    throw error;
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.part`;
  const digester = new ContentDigester();
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digester.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, hashing, fs.createWriteStream(partial, { mode: 0o600 }));
  const digest = digester.digest();
  if (digest.sha256 !== sha256) {
    await fs.promises.rm(partial, { force: true });
    return 'damaged';
  }
  await fs.promises.rename(partial, target);
  return digest.size;
}

/**
 * Puts every file of `<backup>/files/` into the store, through the store itself: it hashes what
 * it receives, so a file that does not hash to its name stops the restore. Content the store holds
 * already (it is addressed by its sha256) is left as it is: nothing is ever overwritten.
 */
export async function restoreStoreFromBackup(storage: Storage, backupDir: string): Promise<{ count: number; bytes: number; added: number }> {
  const result = { count: 0, bytes: 0, added: 0 };
  const root = path.join(backupDir, FILES_DIR);
  await inParallel(walk(root), async (file) => {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!isBlobKey(key)) throw new Error(`${file} does not belong in a backup's files (a name there is the sha256 of its content).`);
    result.count += 1;
    result.bytes += (await fs.promises.stat(file)).size;
    if (await storage.exists(key)) return;
    const stored = await storage.put(fs.createReadStream(file));
    if (stored.key !== key) {
      // What the put added under the damaged content's true name goes again (content that was there already stays).
      if (stored.created) await storage.delete(stored.key);
      throw new Error(`${file} is damaged: its content's sha256 is ${stored.sha256}, not its name.`);
    }
    result.added += 1;
  });
  return result;
}

/**
 * Copies a folder's files into another, keeping their relative paths, never overwriting a file
 * that is there already (it is counted as kept). Links and other special files are left out.
 */
export async function copyTree(from: string, to: string): Promise<{ count: number; bytes: number; kept: number }> {
  const result = { count: 0, bytes: 0, kept: 0 };
  await inParallel(walk(from), async (file) => {
    const target = path.join(to, path.relative(from, file));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.copyFile(file, target, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      result.kept += 1;
      return;
    }
    result.count += 1;
    result.bytes += (await fs.promises.stat(target)).size;
  });
  return result;
}

/** Every regular file below `dir` (none when it does not exist). */
export async function* walk(dir: string): AsyncIterable<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Runs `work` on each item, PARALLEL at a time; the first failure stops taking new items and is thrown. */
async function inParallel<T>(items: AsyncIterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null) {
      const next = await iterator.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failure !== null) throw failure;
}
