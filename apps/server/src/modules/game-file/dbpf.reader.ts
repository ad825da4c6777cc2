import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ByteCursor, startsWith } from './binary.reader';
import { readExact, type ByteSource } from './byte-source.reader';
import { gameFileError } from './game-file.errors';
import { decompressRefPack } from './refpack.reader';
import { Compression, ResourceType } from './resource-types.constants';

const inflate = promisify(zlib.inflate);

/** Which game wrote a package: DBPF 2.1 is The Sims 4, 2.0 The Sims 3, 1.x The Sims 2. */
export type PackageFormat = 'sims4' | 'sims3' | 'sims2';

/** One resource as the index lists it. */
export interface PackageEntry {
  type: number;
  group: number;
  instance: bigint;
  /** Where its stored bytes start in the file. */
  offset: number;
  /** How many bytes it takes in the file. */
  size: number;
  /** Its size once unpacked. */
  uncompressedSize: number;
  /** The `Compression` value (0 none, 0x5A42 zlib, 0xFFFF RefPack, 0xFFFE streamable, 0xFFE0 deleted). */
  compression: number;
}

export interface PackageIndex {
  format: PackageFormat;
  majorVersion: number;
  minorVersion: number;
  /** The number of entries the header announces (equal to `entries.length`). */
  entryCount: number;
  entries: PackageEntry[];
}

export interface PackageIndexOptions {
  /** Refuse packages listing more resources than this (default 1,000,000). */
  maxEntries?: number;
}

export interface ResourceReadOptions {
  /** Refuse resources larger than this, stored or unpacked (default 64 MiB). */
  maxBytes?: number;
}

export const DBPF_HEADER_SIZE = 96;
export const DEFAULT_MAX_ENTRIES = 1_000_000;
export const DEFAULT_MAX_RESOURCE_BYTES = 64 * 1024 * 1024;

const MAGIC_DBPF = [0x44, 0x42, 0x50, 0x46];
const MAGIC_DBPP = [0x44, 0x42, 0x50, 0x50];
/** A DBPF 2 index entry is at most type, group, instance high and low, offset, size, unpacked size, compression and committed. */
const MAX_ENTRY_BYTES_V2 = 32;
const MIN_ENTRY_BYTES_V2 = 16;

/**
 * Reads a package's header and index, and nothing else: the 96-byte header, then the index at the
 * position the header gives. Every position and count is checked against the file's size and the
 * caps before anything is read or allocated.
 */
export async function readPackageIndex(source: ByteSource, options: PackageIndexOptions = {}): Promise<PackageIndex> {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const header = await readExact(source, 0, Math.min(DBPF_HEADER_SIZE, source.size));
  if (startsWith(header, MAGIC_DBPP)) throw gameFileError('PACKAGE_PROTECTED', {});
  if (!startsWith(header, MAGIC_DBPF.slice(0, Math.min(4, header.length))) || header.length === 0) throw gameFileError('PACKAGE_NOT_DBPF', {});
  if (header.length < DBPF_HEADER_SIZE) throw gameFileError('PACKAGE_HEADER_TRUNCATED', { size: source.size });

  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const majorVersion = view.getUint32(4, true);
  const minorVersion = view.getUint32(8, true);
  const format = packageFormat(majorVersion, minorVersion);
  if (!format) throw gameFileError('PACKAGE_VERSION_UNKNOWN', { major: majorVersion, minor: minorVersion });

  const entryCount = view.getUint32(36, true);
  if (entryCount > maxEntries) throw gameFileError('PACKAGE_TOO_MANY_RESOURCES', { count: entryCount, max: maxEntries });
  const indexSize = view.getUint32(44, true);
  const base = { format, majorVersion, minorVersion, entryCount };

  if (format === 'sims2') {
    const indexMinor = view.getUint32(60, true);
    const entryBytes = indexMinor === 2 ? 24 : 20;
    if (entryCount === 0) return { ...base, entries: [] };
    const position = view.getUint32(40, true);
    checkIndexRange(source, BigInt(position), indexSize);
    if (entryCount * entryBytes > indexSize) throw gameFileError('PACKAGE_INDEX_INVALID', {});
    const index = await readExact(source, position, entryCount * entryBytes);
    const entries = parseSims2Index(index, entryCount, entryBytes);
    checkEntryRanges(source, entries);
    await applySims2Directory(source, entries, entryBytes === 24);
    return { ...base, entries };
  }

  if (view.getUint32(60, true) !== 3) throw gameFileError('PACKAGE_HEADER_INVALID', {});
  if (entryCount === 0) return { ...base, entries: [] };
  const position64 = view.getBigUint64(64, true);
  const position = position64 !== 0n ? position64 : BigInt(view.getUint32(40, true));
  checkIndexRange(source, position, indexSize);
  if (indexSize < 4 + entryCount * MIN_ENTRY_BYTES_V2) throw gameFileError('PACKAGE_INDEX_INVALID', {});
  // The index size may claim more than the entries need; read no more than they could use.
  const readLength = Math.min(indexSize, 16 + entryCount * MAX_ENTRY_BYTES_V2);
  const index = await readExact(source, Number(position), readLength);
  const entries = parseIndexV2(index, entryCount);
  checkEntryRanges(source, entries);
  return { ...base, entries };
}

function packageFormat(major: number, minor: number): PackageFormat | null {
  if (major === 2 && minor === 1) return 'sims4';
  if (major === 2 && minor === 0) return 'sims3';
  if (major === 1) return 'sims2';
  return null;
}

function checkIndexRange(source: ByteSource, position: bigint, indexSize: number): void {
  if (position + BigInt(indexSize) > BigInt(source.size)) throw gameFileError('PACKAGE_INDEX_TRUNCATED', {});
  if (position < BigInt(DBPF_HEADER_SIZE)) throw gameFileError('PACKAGE_INDEX_INVALID', {});
}

/** DBPF 2.x: flags, the values stored once, then one record per entry (SIMS-FORMATS.md). */
function parseIndexV2(index: Uint8Array, count: number): PackageEntry[] {
  const c = new ByteCursor(index, () => gameFileError('PACKAGE_INDEX_INVALID', {}));
  const flags = c.u32();
  const constantType = flags & 0x1 ? c.u32() : undefined;
  const constantGroup = flags & 0x2 ? c.u32() : undefined;
  const constantHigh = flags & 0x4 ? c.u32() : undefined;
  const entries: PackageEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const type = constantType ?? c.u32();
    const group = constantGroup ?? c.u32();
    const high = constantHigh ?? c.u32();
    const low = c.u32();
    const offset = c.u32();
    const rawSize = c.u32();
    const uncompressedSize = c.u32();
    // The size's top bit says the compression fields follow.
    const extended = rawSize >>> 31 === 1;
    const compression = extended ? c.u16() : Compression.NONE;
    if (extended) c.skip(2); // committed
    entries.push({ type, group, instance: (BigInt(high) << 32n) | BigInt(low), offset, size: rawSize & 0x7fffffff, uncompressedSize, compression });
  }
  return entries;
}

/** DBPF 1.x: type, group, instance, [instance high], offset, size; compression comes from the DIR resource. */
function parseSims2Index(index: Uint8Array, count: number, entryBytes: number): PackageEntry[] {
  const c = new ByteCursor(index, () => gameFileError('PACKAGE_INDEX_INVALID', {}));
  const entries: PackageEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const type = c.u32();
    const group = c.u32();
    const low = c.u32();
    const high = entryBytes === 24 ? c.u32() : 0;
    const offset = c.u32();
    const size = c.u32();
    entries.push({ type, group, instance: (BigInt(high) << 32n) | BigInt(low), offset, size, uncompressedSize: size, compression: Compression.NONE });
  }
  return entries;
}

function checkEntryRanges(source: ByteSource, entries: PackageEntry[]): void {
  for (const e of entries) {
    if (e.compression !== Compression.DELETED && e.offset + e.size > source.size) throw gameFileError('PACKAGE_RESOURCE_TRUNCATED', {});
  }
}

/**
 * Sims 2 lists its compressed resources, with their unpacked sizes, in the DIR resource. A DIR
 * that is larger than the index could describe, or damaged, is ignored: the resources then read as
 * stored, which is what a package without a DIR means anyway.
 */
async function applySims2Directory(source: ByteSource, entries: PackageEntry[], longKeys: boolean): Promise<void> {
  const dir = entries.find((e) => e.type === ResourceType.SIMS2_DIR);
  const recordBytes = longKeys ? 20 : 16;
  if (!dir || dir.size > entries.length * recordBytes || dir.size % recordBytes !== 0) return;
  const bytes = await readExact(source, dir.offset, dir.size);
  const c = new ByteCursor(bytes, () => gameFileError('PACKAGE_INDEX_INVALID', {}));
  const sizes = new Map<string, number>();
  while (c.remaining >= recordBytes) {
    const type = c.u32();
    const group = c.u32();
    const low = c.u32();
    const high = longKeys ? c.u32() : 0;
    sizes.set(keyText(type, group, (BigInt(high) << 32n) | BigInt(low)), c.u32());
  }
  for (const e of entries) {
    const size = e === dir ? undefined : sizes.get(keyText(e.type, e.group, e.instance));
    if (size !== undefined) {
      e.compression = Compression.REFPACK;
      e.uncompressedSize = size;
    }
  }
}

function keyText(type: number, group: number, instance: bigint): string {
  return `${type}:${group}:${instance}`;
}

/**
 * One resource's bytes, unpacked. Sizes are checked against the cap before anything is read;
 * zlib output is limited to the size the index promises and must match it exactly.
 */
export async function readResource(source: ByteSource, entry: PackageEntry, options: ResourceReadOptions = {}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RESOURCE_BYTES;
  const { compression, offset, size, uncompressedSize } = entry;
  if (compression === Compression.DELETED) throw gameFileError('PACKAGE_RESOURCE_DELETED', {});
  if (compression === Compression.STREAMABLE) throw gameFileError('PACKAGE_RESOURCE_STREAMABLE', {});
  if (compression !== Compression.NONE && compression !== Compression.ZLIB && compression !== Compression.REFPACK) {
    throw gameFileError('PACKAGE_RESOURCE_COMPRESSION_UNKNOWN', { compression });
  }
  if (!(offset >= 0 && size >= 0 && offset + size <= source.size)) throw gameFileError('PACKAGE_RESOURCE_TRUNCATED', {});
  if (size > maxBytes) throw gameFileError('PACKAGE_RESOURCE_TOO_LARGE', { size, max: maxBytes });
  if (compression === Compression.NONE) return readExact(source, offset, size);

  if (uncompressedSize > maxBytes) throw gameFileError('PACKAGE_RESOURCE_TOO_LARGE', { size: uncompressedSize, max: maxBytes });
  const stored = await readExact(source, offset, size);
  if (compression === Compression.REFPACK) return decompressRefPack(stored, { expectedSize: uncompressedSize, maxBytes });

  let unpacked: Uint8Array;
  try {
    unpacked = await inflate(stored, { maxOutputLength: Math.max(1, uncompressedSize) });
  } catch {
    // Damaged data, or more output than the index promised.
    throw gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
  }
  if (unpacked.length !== uncompressedSize) throw gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
  return unpacked;
}
