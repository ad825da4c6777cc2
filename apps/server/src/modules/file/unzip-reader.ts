import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  classifyFile,
  cleanFilename,
  entryPathProblem,
  isSystemEntry,
  sniffArchive,
  SNIFF_BYTES,
  uniqueEntryName,
  UNZIP_RATIO_FLOOR_BYTES,
  UNZIP_REFUSALS,
  type FileKind,
  type SkippedEntry,
} from '@corner/domain';
import type { Storage, StoredObject } from '../../storage/index';

/**
 * The zip is refused as a whole, for a reason a person can act on (the end of "“x.zip” was not
 * unpacked: …"). Anything else thrown while unpacking is unexpected (a disk, storage or database
 * fault) and worth another try.
 */
export class ZipRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ZipRefusal';
  }
}

export interface UnzipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number;
  maxFileBytes: number;
}

/** An entry that was stored and is to become a file of the creation. */
export interface UnpackedEntry {
  /** Its path inside the zip. */
  path: string;
  /** The name to keep: the base name, cleaned, numbered when an earlier entry took it. */
  filename: string;
  kind: FileKind;
  stored: StoredObject;
  firstBytes: Uint8Array;
}

export interface Unpacked {
  entries: UnpackedEntry[];
  skipped: SkippedEntry[];
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/** A zip entry as the central directory describes it, with its decoded path. */
interface EntryInfo {
  entry: yauzl.Entry;
  path: string;
  isDirectory: boolean;
}

/**
 * Reads the zip at `zipPath` (a local file: yauzl needs random access) and stores every entry the
 * site accepts, streaming, while counting the real bytes against the limits. Throws ZipRefusal
 * when the zip must be refused as a whole; `onStored` hears of each stored entry first, so the
 * caller can release what was stored when anything fails later.
 *
 * Two passes: the central directory alone is checked first (names, links, encryption, sizes,
 * ratios, overlaps), so most hostile zips are refused before a byte is unpacked; then each entry
 * is streamed, where what the headers claimed is checked against what really comes out.
 */
export async function unpackZip(
  zipPath: string,
  storage: Storage,
  limits: UnzipLimits,
  onStored: (stored: StoredObject) => void,
): Promise<Unpacked> {
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: yauzl would refuse hostile names with its own words; the names are
    // decoded and judged here instead, so the message can name the entry.
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false, autoClose: false });
  } catch {
    throw new ZipRefusal(UNZIP_REFUSALS.corrupt());
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefusal(UNZIP_REFUSALS.tooManyEntries(zip.entryCount, limits.maxEntries));
    const infos = await readCentralDirectory(zip);
    checkCentralDirectory(infos, limits);
    return await unpackEntries(zip, infos, storage, limits, onStored);
  } finally {
    zip.close();
  }
}

async function readCentralDirectory(zip: yauzl.ZipFile): Promise<EntryInfo[]> {
  const infos: EntryInfo[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const path = decodeName(entry);
      infos.push({ entry, path, isDirectory: isDirectory(entry, path) });
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    // yauzl stops at strongly encrypted entries before it names them.
    if (/encryption/i.test((error as Error).message)) throw new ZipRefusal(UNZIP_REFUSALS.encryptedUnnamed());
    throw new ZipRefusal(UNZIP_REFUSALS.corrupt());
  }
  return infos;
}

/**
 * The entry's path, refused when it is hostile. A zip may carry a second, Unicode name in an extra
 * field; other unzippers may follow either, so both must be harmless.
 */
function decodeName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  const plain = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, [], true);
  const preferred = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  for (const name of new Set([plain, preferred])) {
    const problem = entryPathProblem(name);
    if (problem) throw new ZipRefusal(UNZIP_REFUSALS[problem](name));
  }
  return preferred;
}

/** The entry's Unix file type, when the zip records one (0 when it does not). */
function unixType(entry: yauzl.Entry): number {
  return (entry.externalFileAttributes >>> 16) & S_IFMT;
}

function isDirectory(entry: yauzl.Entry, path: string): boolean {
  return path.endsWith('/') || unixType(entry) === S_IFDIR;
}

function checkCentralDirectory(infos: EntryInfo[], limits: UnzipLimits): void {
  let total = 0;
  for (const { entry, path, isDirectory } of infos) {
    const type = unixType(entry);
    if (type === S_IFLNK) throw new ZipRefusal(UNZIP_REFUSALS.symlink(path));
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw new ZipRefusal(UNZIP_REFUSALS.specialFile(path));
    // Folders and system files are never read, so nothing else about them matters.
    if (isDirectory || isSystemEntry(path)) continue;
    if (entry.isEncrypted()) throw new ZipRefusal(UNZIP_REFUSALS.encrypted(path));
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new ZipRefusal(UNZIP_REFUSALS.compression(path));
    if (entry.uncompressedSize > limits.maxFileBytes) {
      throw new ZipRefusal(UNZIP_REFUSALS.entryTooLarge(path, entry.uncompressedSize, limits.maxFileBytes));
    }
    if (tooCompressed(entry.uncompressedSize, entry.compressedSize, limits.maxRatio)) throw new ZipRefusal(UNZIP_REFUSALS.ratio(path, limits.maxRatio));
    total += entry.uncompressedSize;
  }
  if (total > limits.maxTotalBytes) throw new ZipRefusal(UNZIP_REFUSALS.tooLargeTotal(limits.maxTotalBytes));
  // Entries whose data runs into the next entry's header share bytes: the trick of zip bombs that
  // stay small without nesting (every entry inflating the same compressed kernel).
  const byOffset = infos.filter((i) => !i.isDirectory).sort((a, b) => a.entry.relativeOffsetOfLocalHeader - b.entry.relativeOffsetOfLocalHeader);
  for (let i = 1; i < byOffset.length; i += 1) {
    const before = byOffset[i - 1]!.entry;
    if (before.relativeOffsetOfLocalHeader + before.compressedSize > byOffset[i]!.entry.relativeOffsetOfLocalHeader) {
      throw new ZipRefusal(UNZIP_REFUSALS.overlapping());
    }
  }
}

function tooCompressed(unpacked: number, packed: number, maxRatio: number): boolean {
  return unpacked > UNZIP_RATIO_FLOOR_BYTES && unpacked / Math.max(packed, 1) > maxRatio;
}

async function unpackEntries(
  zip: yauzl.ZipFile,
  infos: EntryInfo[],
  storage: Storage,
  limits: UnzipLimits,
  onStored: (stored: StoredObject) => void,
): Promise<Unpacked> {
  const entries: UnpackedEntry[] = [];
  const skipped: SkippedEntry[] = [];
  const taken = new Set<string>();
  const total = { bytes: 0 };
  for (const info of infos) {
    if (info.isDirectory) continue;
    if (isSystemEntry(info.path)) {
      skipped.push({ path: info.path, reason: 'system' });
      continue;
    }
    const source = entryBytes(zip, info, limits, total);
    let finished = false;
    try {
      const head = await readHead(source);
      const name = cleanFilename(info.path);
      const kind = name ? classifyFile(head.bytes, name) : null;
      if (sniffArchive(head.bytes) && kind !== 'ts4script') throw new ZipRefusal(UNZIP_REFUSALS.nestedArchive(info.path));
      if (!kind) {
        skipped.push({ path: info.path, reason: head.bytes.length === 0 ? 'empty' : 'not-accepted' });
        continue;
      }
      let refusal: unknown = null;
      const stored = await storage
        .put(
          (async function* () {
            yield* head.chunks;
            try {
              for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
            } catch (error) {
              refusal = error;
              throw error;
            }
          })(),
        )
        // A storage adapter may wrap its source's error; the refusal is what the person needs.
        .catch((error: unknown) => {
          throw refusal instanceof ZipRefusal ? refusal : error;
        });
      finished = true;
      onStored(stored);
      entries.push({ path: info.path, filename: uniqueEntryName(name, taken), kind, stored, firstBytes: head.bytes.subarray(0, SNIFF_BYTES) });
    } finally {
      // Closes the entry's stream when it was not read to the end (skipped or refused).
      if (!finished) await source.return(undefined);
    }
  }
  return { entries, skipped };
}

/** The first chunks of an entry, until SNIFF_BYTES are known (or the entry ends). */
async function readHead(source: AsyncGenerator<Buffer>): Promise<{ chunks: Buffer[]; bytes: Uint8Array }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return { chunks, bytes: Buffer.concat(chunks) };
}

/**
 * An entry's unpacked bytes, counted as they come: the entry's size and ratio and the zip's total
 * are checked against the real bytes, never the headers alone, and the CRC-32 at the end.
 */
async function* entryBytes(zip: yauzl.ZipFile, info: EntryInfo, limits: UnzipLimits, total: { bytes: number }): AsyncGenerator<Buffer> {
  const { entry, path } = info;
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new ZipRefusal(UNZIP_REFUSALS.damagedEntry(path));
  }
  let bytes = 0;
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      if (bytes > limits.maxFileBytes) throw new ZipRefusal(UNZIP_REFUSALS.entryTooLarge(path, bytes, limits.maxFileBytes));
      if (total.bytes > limits.maxTotalBytes) throw new ZipRefusal(UNZIP_REFUSALS.tooLargeTotal(limits.maxTotalBytes));
      if (tooCompressed(bytes, entry.compressedSize, limits.maxRatio)) throw new ZipRefusal(UNZIP_REFUSALS.ratio(path, limits.maxRatio));
      crc = zlib.crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    // yauzl's own check of the real size against the recorded one (validateEntrySizes).
    if (/too (many|few) bytes/.test((error as Error).message)) throw new ZipRefusal(UNZIP_REFUSALS.sizeMismatch(path));
    throw new ZipRefusal(UNZIP_REFUSALS.damagedEntry(path));
  } finally {
    stream.destroy();
  }
  if (crc !== entry.crc32) throw new ZipRefusal(UNZIP_REFUSALS.damagedEntry(path));
}
