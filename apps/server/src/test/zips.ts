import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ZipFile } from 'yazl';
import { sims4PackageBytes } from './uploads';

/** An entry for `zipOf`: a file, or a folder when the name ends with "/". */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Deflate (the default) or store. */
  compress?: boolean;
}

function collect(zip: ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A well-formed zip written by a real zip library (yazl), as a creator's tool would make it. */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const done = collect(zip);
  for (const e of entries) {
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(e.data ?? Buffer.alloc(0), e.name, { compress: e.compress ?? true, mtime: new Date('2024-05-01T12:00:00Z') });
  }
  zip.end();
  return done;
}

/**
 * A zip entry written byte by byte, so a test can build what no zip library would write: hostile
 * names, links, lying sizes, encryption flags, entries sharing data.
 */
export interface RawEntry {
  /** The stored name, exactly (a string is written as UTF-8). */
  name: string | Buffer;
  data?: Buffer;
  /** 0 store, 8 deflate (default), anything else written as given (data then stored as is). */
  method?: number;
  /** General purpose flags (bit 0: encrypted). Bit 11 (UTF-8 names) is always set. */
  flags?: number;
  /** Unix mode with file type (0o120777 a symlink, 0o010644 a pipe); 0o100644 by default. */
  unixMode?: number;
  /** A size to record instead of the real one (a lying header). */
  recordedSize?: number;
  /** A CRC-32 to record instead of the real one (a damaged entry). */
  recordedCrc?: number;
  /** Point this entry at the local header of entry `sharesDataWith` instead of writing its own. */
  sharesDataWith?: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip from raw entries: local headers and data, the central directory, its end record. */
export function rawZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const data = e.data ?? Buffer.alloc(0);
    const method = e.method ?? 8;
    const packed = method === 8 ? zlib.deflateRawSync(data) : data;
    const crc = e.recordedCrc ?? zlib.crc32(data);
    const size = e.recordedSize ?? data.length;
    const flags = (e.flags ?? 0) | 0x800;
    const common = Buffer.concat([u16(20), u16(flags), u16(method), u16(0), u16(0x5821), u32(crc), u32(packed.length), u32(size), u16(name.length), u16(0)]);
    let at: number;
    if (e.sharesDataWith !== undefined) {
      at = offsets[e.sharesDataWith]!;
    } else {
      at = offset;
      const local = Buffer.concat([u32(0x04034b50), common, name, packed]);
      parts.push(local);
      offset += local.length;
    }
    offsets.push(at);
    const madeBy = (3 << 8) | 20; // Unix, spec 2.0
    const mode = e.unixMode ?? 0o100644;
    central.push(Buffer.concat([u32(0x02014b50), u16(madeBy), common, u16(0), u16(0), u16(0), u32(mode * 0x10000), u32(at), name]));
  }
  const cd = Buffer.concat(central);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(cd.length), u32(offset), u16(0)]);
  return Buffer.concat([...parts, cd, end]);
}

/** A `.trayitem`: an 8-byte header (0, body length), then a protobuf body (SIMS-FORMATS.md). */
export function trayItemBytes(name = 'Cosy Cottage'): Buffer {
  const body = Buffer.concat([Buffer.from([0x08, 0x01, 0x10, 0x02, 0x22, name.length]), Buffer.from(name)]);
  return Buffer.concat([u32(0), u32(body.length), body]);
}

/** A tray picture (`.hhi`, `.bpi`, …): 24-byte header with its magic, then an XORed payload. */
export function trayImageBytes(seed = 1): Buffer {
  const payload = crypto.createHash('sha256').update(`tray-image-${seed}`).digest();
  const header = Buffer.alloc(24);
  header.writeUInt32LE(payload.length, 0);
  Buffer.from([0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c]).copy(header, 8);
  header.writeUInt32LE(2, 16);
  return Buffer.concat([header, payload]);
}

/** A macOS resource fork as `__MACOSX/._x` holds it (AppleDouble header). */
export function appleDoubleBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]), Buffer.alloc(74, 0x20)]);
}

/** A Sims 4 package whose content is unique to `seed`, `size` bytes long. */
export function packageBytes(seed: number, size = 400): Buffer {
  const bytes = sims4PackageBytes(size);
  crypto.createHash('sha256').update(`package-${seed}`).digest().copy(bytes, 96);
  return bytes;
}

/**
 * Bytes that compress about four to one, never more: random letters from a four-letter alphabet
 * (size limits without tripping the ratio limit, and without a large upload).
 */
export function modestlyCompressible(size: number, seed: number): Buffer {
  const random = crypto.createHash('sha512').update(`modest-${seed}`).digest();
  const out = Buffer.alloc(size);
  let state = random.readUInt32LE(0) || 1;
  for (let i = 0; i < size; i += 1) {
    // xorshift32: fast, seeded, good enough to defeat deflate's matches.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = 0x61 + (state & 3);
  }
  return out;
}

/**
 * Writes a zip of `count` Sims 4 packages of `size` random (incompressible) bytes each to `file`,
 * streaming, stored without compression (as tools store what does not compress).
 */
export async function writeLargeZip(file: string, count: number, size: number): Promise<void> {
  const zip = new ZipFile();
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  zip.outputStream.pipe(out);
  for (let i = 0; i < count; i += 1) {
    const data = crypto.randomBytes(size);
    sims4PackageBytes(96).copy(data, 0);
    zip.addBuffer(data, `Big/part ${i + 1}.package`, { compress: false });
  }
  zip.end();
  await done;
}
