import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One entry of a zip being written. */
export interface ZipEntrySource {
  /** The name inside the zip: already unique and safe (see `zipEntryNames`). */
  name: string;
  /** Exact size in bytes; content of another length fails the zip instead of writing a wrong entry. */
  size: number;
  mtime: Date;
  /** False stores the bytes as they are: content that is compressed already (zips, pictures) gains nothing. */
  compress: boolean;
  /** Opens the content. Called only when the entry's turn comes, so one source is open at a time. */
  open(): Promise<Readable>;
}

export interface WriteZipOptions {
  /** zlib level (1 fastest .. 9 smallest) for entries that are compressed; 6 as Info-ZIP's default. */
  compressionLevel?: number;
  /** Called with how many entries are completely written, each time that grows (ends at entries.length). */
  onProgress?: (added: number) => void;
}

/** An entry's content could not be read (missing, broken, or not the size it should be). */
export class ZipEntryError extends Error {
  constructor(
    readonly entry: ZipEntrySource,
    cause: unknown,
  ) {
    super(`Could not add “${entry.name}” to the zip: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ZipEntryError';
  }
}

/**
 * Streams entries into a zip (yazl: ZIP64 when needed, UTF-8 names, the entries' mtimes) and hands
 * the zip, as a stream, to `output`, which consumes it (a storage put, a file write) and answers.
 * Nothing is held in memory beyond stream buffers, and backpressure from `output` slows the reading.
 * When an entry fails, the zip stream is destroyed with a ZipEntryError, so `output` sees the
 * failure and keeps nothing; writeZip then rejects with that ZipEntryError. When `output` fails by
 * itself, writeZip rejects with its error.
 *
 * For a benchmark: `writeZip(entries, (zip) => pipeline(zip, fs.createWriteStream(path)), { compressionLevel: 6 })`.
 */
export async function writeZip<T>(
  entries: readonly ZipEntrySource[],
  output: (zip: Readable) => Promise<T>,
  options: WriteZipOptions = {},
): Promise<T> {
  const level = options.compressionLevel ?? 6;
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let failure: Error | null = null;
  let current: Readable | null = null;
  let index = -1;

  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    current?.destroy();
    out.destroy(error);
  };
  // `output` hears of a failure through its own reading; an output that stopped reading must not crash the process.
  out.on('error', () => {});
  // yazl's own errors (a size mismatch) concern the entry being written.
  zip.on('error', (error: Error) => fail(index >= 0 ? new ZipEntryError(entries[index]!, error) : error));

  entries.forEach((entry, i) => {
    const fileOptions = { size: entry.size, mtime: entry.mtime, compressionLevel: entry.compress ? level : 0 };
    zip.addReadStreamLazy(entry.name, fileOptions, (callback) => {
      // yazl asks for an entry only once the one before it is completely written.
      index = i;
      if (i > 0) options.onProgress?.(i);
      entry.open().then(
        (stream) => {
          if (failure) {
            stream.destroy();
            return;
          }
          current = stream;
          // yazl pipes the stream but does not listen for its errors.
          stream.once('error', (error) => fail(new ZipEntryError(entry, error)));
          callback(null, stream);
        },
        (error: unknown) => fail(new ZipEntryError(entry, error)),
      );
    });
  });
  zip.end();

  let result: T;
  try {
    result = await output(out);
  } catch (error) {
    if (failure) throw failure;
    // The output gave up by itself: stop reading the entry in progress.
    fail(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  if (failure) throw failure;
  options.onProgress?.(entries.length);
  return result;
}

/** Characters Windows (where most players unpack) refuses in a file name, besides control characters. */
const UNSAFE = /[<>:"/\\|?*]/g;

function safeChars(name: string): string {
  return [...name].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '_' : c)).join('').replace(UNSAFE, '_');
}

/**
 * Names for zip entries, in order: each file's name made safe to unpack anywhere (no folders, no
 * characters Windows refuses) and unique ignoring case (`chair.package`, `chair (2).package`), since
 * unpacking two equal names would overwrite one with the other. `fallback(i)` names an entry whose
 * name has nothing left.
 */
export function zipEntryNames(names: readonly string[], fallback: (i: number) => string): string[] {
  const taken = new Set<string>();
  return names.map((raw, i) => {
    let name = safeChars(raw).trim().replace(/[. ]+$/, '');
    if (!name || /^\.+$/.test(name)) name = fallback(i);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
