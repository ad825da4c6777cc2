import os from 'node:os';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

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
  /** Writes ZIP64 records even where plain ones would do (tests of the ZIP64 layout without 4 GiB of data). */
  forceZip64?: boolean;
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
 * Streams entries into a zip (ZIP64 when needed, UTF-8 names, the entries' mtimes) and hands the
 * zip, as a stream, to `output`, which consumes it (a storage put, a file write) and answers.
 * Deflated entries are cut into 1 MiB blocks deflated in parallel on libuv's thread pool, as pigz
 * does (see `deflatedBlocks`); memory stays bounded by the blocks in flight, and backpressure from
 * `output` slows the reading. When an entry fails, the zip stream is destroyed with a
 * ZipEntryError, so `output` sees the failure and keeps nothing; writeZip then rejects with that
 * ZipEntryError. When `output` fails by itself, writeZip rejects with its error.
 *
 * For a benchmark: `writeZip(entries, (zip) => pipeline(zip, fs.createWriteStream(path)), { compressionLevel: 6 })`.
 */
export async function writeZip<T>(
  entries: readonly ZipEntrySource[],
  output: (zip: Readable) => Promise<T>,
  options: WriteZipOptions = {},
): Promise<T> {
  const run: ZipRun = { failure: null, current: null };
  const fail = (error: Error) => {
    if (run.failure) return;
    run.failure = error;
    run.current?.destroy();
    out.destroy(error);
  };
  const out = Readable.from(coalesced(zipBytes(entries, options, run)), { objectMode: false, highWaterMark: BLOCK });
  // `output` hears of a failure through its own reading; an output that stopped reading must not crash the process.
  out.on('error', () => {});

  let result: T;
  try {
    result = await output(out);
  } catch (error) {
    if (run.failure) throw run.failure;
    // The output gave up by itself: stop reading the entry in progress.
    fail(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  if (run.failure) throw run.failure;
  options.onProgress?.(entries.length);
  return result;
}

interface ZipRun {
  failure: Error | null;
  /** The source being read, destroyed when the zip is abandoned. */
  current: Readable | null;
}

/** Deflate works on blocks of this size; each block starts with the 32 KiB before it as its dictionary. */
const BLOCK = 1024 * 1024;
const WINDOW = 32 * 1024;
/**
 * Blocks deflating at once: one per core keeps them busy and one more hides the hand-over, while
 * one thread of libuv's pool (4 by default) stays free for the file reads that feed them.
 * Memory: about 2.5 MiB a block (input, output, zlib's state).
 */
const IN_FLIGHT = Math.max(2, Math.min(os.availableParallelism() + 1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1));
/** An empty final deflate block: ends a stream whose blocks were all ended with a sync flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

const UINT32_MAX = 0xffffffff;
const UINT16_MAX = 0xffff;
// 3 = Unix, 63 = APPNOTE 6.3 (as yazl writes); 20 needed for UTF-8 names and deflate, 45 for ZIP64.
const VERSION_MADE_BY = (3 << 8) | 63;
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
// Bit 3: CRC and sizes follow the data in a descriptor; bit 11: the name is UTF-8.
const FLAGS = (1 << 3) | (1 << 11);
const FILE_MODE = 0o100664;

interface WrittenEntry {
  name: Buffer;
  method: number;
  dosTime: number;
  dosDate: number;
  mtime: Date;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  zip64: boolean;
}

/** Small pieces (headers, small entries) joined into writes of at least 64 KiB: one write per header costs more than the header. */
async function* coalesced(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const MIN = 64 * 1024;
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of pieces) {
    if (heldBytes === 0 && piece.length >= MIN) {
      yield piece;
      continue;
    }
    held.push(piece);
    heldBytes += piece.length;
    if (heldBytes >= MIN) {
      yield Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

/** The zip's bytes, produced as the consumer reads them. */
async function* zipBytes(entries: readonly ZipEntrySource[], options: WriteZipOptions, run: ZipRun): AsyncGenerator<Buffer> {
  const level = options.compressionLevel ?? 6;
  const force = options.forceZip64 ?? false;
  const written: WrittenEntry[] = [];
  let offset = 0;
  try {
    for (const [i, entry] of entries.entries()) {
      if (i > 0) options.onProgress?.(i);
      const deflate = entry.compress && level > 0;
      const name = Buffer.from(entry.name, 'utf8');
      const { time, date } = dosDateTime(entry.mtime);
      // Decided before the data: the local header says whether the descriptor's sizes take 8 bytes.
      // Deflate can grow incompressible data a little (stored blocks, sync markers): count that in.
      const zip64 = force || offset >= UINT32_MAX || entry.size + (deflate ? Math.ceil(entry.size / 2048) + 65536 : 0) >= UINT32_MAX;
      const record: WrittenEntry = { name, method: deflate ? 8 : 0, dosTime: time, dosDate: date, mtime: entry.mtime, crc: 0, compressedSize: 0, size: 0, offset, zip64 };
      if (name.length > UINT16_MAX) throw new ZipEntryError(entry, new Error('the name is too long for a zip'));
      const header = localHeader(record);
      yield header;
      offset += header.length;

      let source: Readable;
      try {
        source = await entry.open();
      } catch (error) {
        throw new ZipEntryError(entry, error);
      }
      if (run.failure) {
        source.destroy();
        throw run.failure;
      }
      run.current = source;
      try {
        const content = contentOf(entry, source, record);
        for await (const bytes of deflate ? deflatedBlocks(content, level) : content) {
          record.compressedSize += bytes.length;
          yield bytes;
        }
      } catch (error) {
        throw error instanceof ZipEntryError ? error : new ZipEntryError(entry, error);
      } finally {
        source.destroy();
        run.current = null;
      }
      offset += record.compressedSize;
      if (!zip64 && record.compressedSize >= UINT32_MAX) throw new ZipEntryError(entry, new Error('the entry grew past 4 GiB'));
      const descriptor = dataDescriptor(record);
      yield descriptor;
      offset += descriptor.length;
      written.push(record);
    }
    const start = offset;
    for (const record of written) {
      const central = centralRecord(record);
      yield central;
      offset += central.length;
    }
    yield endOfCentralDirectory(written.length, start, offset - start, force);
  } catch (error) {
    run.failure ??= error instanceof Error ? error : new Error(String(error));
    throw run.failure;
  }
}

/** The entry's bytes as the source gives them, adding their CRC-32 and count to `record` and checking the size. */
async function* contentOf(entry: ZipEntrySource, source: Readable, record: WrittenEntry): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    record.size += bytes.length;
    if (record.size > entry.size) break;
    record.crc = zlib.crc32(bytes, record.crc);
    yield bytes;
  }
  if (record.size !== entry.size) {
    throw new ZipEntryError(entry, new Error(`the content is ${record.size > entry.size ? 'more' : 'fewer'} than the ${entry.size} bytes expected`));
  }
}

/**
 * Raw deflate of `content`, pigz-style: 1 MiB blocks deflated concurrently on the thread pool, each
 * primed with the previous 32 KiB as its dictionary (so matches reach back across blocks) and ended
 * with a sync flush (so the pieces concatenate into one stream), then an empty final block.
 * The output is in order; at most IN_FLIGHT blocks are held.
 */
async function* deflatedBlocks(content: AsyncIterable<Buffer>, level: number): AsyncGenerator<Buffer> {
  const pending: Promise<Buffer>[] = [];
  let block = Buffer.allocUnsafe(BLOCK);
  let filled = 0;
  let previous: Buffer | undefined;
  const submit = (input: Buffer) => {
    const job = deflateBlock(input, previous?.subarray(previous.length - WINDOW), level);
    // Awaited in order below; this only keeps an abandoned zip from reporting an unhandled rejection.
    job.catch(() => {});
    pending.push(job);
    previous = input;
  };
  for await (const chunk of content) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(BLOCK - filled, chunk.length - at);
      chunk.copy(block, filled, at, at + take);
      filled += take;
      at += take;
      if (filled === BLOCK) {
        submit(block);
        block = Buffer.allocUnsafe(BLOCK);
        filled = 0;
        while (pending.length >= IN_FLIGHT) yield await pending.shift()!;
      }
    }
  }
  if (filled > 0) submit(block.subarray(0, filled));
  while (pending.length > 0) yield await pending.shift()!;
  yield FINAL_BLOCK;
}

function deflateBlock(input: Buffer, dictionary: Buffer | undefined, level: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // One output buffer larger than the block's worst case: the block is deflated in one trip to the pool.
    const chunkSize = Math.max(1024, input.length + input.length / 8 + 1024);
    const options = { level, dictionary, finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize };
    zlib.deflateRaw(input, options, (error, deflated) => (error ? reject(error) : resolve(deflated)));
  });
}

function localHeader(e: WrittenEntry): Buffer {
  // With ZIP64, an extra field with zero sizes announces 8-byte sizes in the data descriptor.
  const extra = e.zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(e.zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(e.method, 8);
  b.writeUInt16LE(e.dosTime, 10);
  b.writeUInt16LE(e.dosDate, 12);
  // CRC-32 and sizes (14..25) stay zero: they follow the data.
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(extra.length, 28);
  return Buffer.concat([b, e.name, extra]);
}

function dataDescriptor(e: WrittenEntry): Buffer {
  const b = Buffer.alloc(e.zip64 ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  if (e.zip64) {
    b.writeBigUInt64LE(BigInt(e.compressedSize), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.compressedSize, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralRecord(e: WrittenEntry): Buffer {
  // Info-ZIP's universal timestamp: the mtime in UTC, which DOS time (local, 2 s steps) cannot hold.
  const timestamp = Buffer.alloc(9);
  timestamp.writeUInt16LE(0x5455, 0);
  timestamp.writeUInt16LE(5, 2);
  timestamp.writeUInt8(0b11, 4);
  timestamp.writeInt32LE(Math.min(Math.max(Math.floor(e.mtime.getTime() / 1000), -0x80000000), 0x7fffffff), 5);
  const extra = e.zip64 ? Buffer.concat([timestamp, zip64Extra([e.size, e.compressedSize, e.offset])]) : timestamp;
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION_MADE_BY, 4);
  b.writeUInt16LE(e.zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(e.dosTime, 12);
  b.writeUInt16LE(e.dosDate, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.zip64 ? UINT32_MAX : e.compressedSize, 20);
  b.writeUInt32LE(e.zip64 ? UINT32_MAX : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra.length, 30);
  // Comment length, disk number and internal attributes (32..37) stay zero.
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  b.writeUInt32LE(e.zip64 ? UINT32_MAX : e.offset, 42);
  return Buffer.concat([b, e.name, extra]);
}

function zip64Extra(values: number[]): Buffer {
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}

function endOfCentralDirectory(count: number, start: number, size: number, force: boolean): Buffer {
  const zip64 = force || count >= UINT16_MAX || start >= UINT32_MAX || size >= UINT32_MAX;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? UINT16_MAX : count, 8);
  eocd.writeUInt16LE(zip64 ? UINT16_MAX : count, 10);
  eocd.writeUInt32LE(zip64 ? UINT32_MAX : size, 12);
  eocd.writeUInt32LE(zip64 ? UINT32_MAX : start, 16);
  if (!zip64) return eocd;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(start + size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

// DOS time is local time, as yazl, Info-ZIP and the unzipping tools read it.
const MIN_DOS_DATE = new Date(1980, 0, 1);
const MAX_DOS_DATE = new Date(2107, 11, 31, 23, 59, 58);

function dosDateTime(mtime: Date): { time: number; date: number } {
  const d = mtime < MIN_DOS_DATE ? MIN_DOS_DATE : mtime > MAX_DOS_DATE ? MAX_DOS_DATE : mtime;
  return {
    date: d.getDate() | ((d.getMonth() + 1) << 5) | ((d.getFullYear() - 1980) << 9),
    time: Math.floor(d.getSeconds() / 2) | (d.getMinutes() << 5) | (d.getHours() << 11),
  };
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
