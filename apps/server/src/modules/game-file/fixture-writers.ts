/**
 * Writers for the game files the readers read, so tests (unit, integration and end-to-end) build
 * their fixtures in code (no game files or other people's creations are committed). Each writer
 * follows SIMS-FORMATS.md the way the game writes the format, independently of the reader's code.
 * No test framework here: Playwright imports it too.
 */
import zlib from 'node:zlib';
import { seededRandom } from './seeded-random';

// ---------------------------------------------------------------------------------------------
// Bytes

/** A growing little-endian byte buffer. */
export class Writer {
  private chunks: number[] = [];

  get length(): number {
    return this.chunks.length;
  }

  u8(v: number): this {
    this.chunks.push(v & 0xff);
    return this;
  }

  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }

  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }

  u64(v: bigint): this {
    return this.u32(Number(v & 0xffffffffn)).u32(Number((v >> 32n) & 0xffffffffn));
  }

  bytes(b: ArrayLike<number>): this {
    for (let i = 0; i < b.length; i += 1) this.chunks.push(b[i]!);
    return this;
  }

  ascii(s: string): this {
    return this.bytes(Buffer.from(s, 'latin1'));
  }

  zeros(n: number): this {
    for (let i = 0; i < n; i += 1) this.chunks.push(0);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

export function bytesOf(...parts: ArrayLike<number>[]): Uint8Array {
  const w = new Writer();
  for (const p of parts) w.bytes(p);
  return w.toBytes();
}

// ---------------------------------------------------------------------------------------------
// RefPack

/**
 * A small RefPack encoder: a naive search over the last 128 KiB, using all three copy commands
 * (2-, 3- and 4-byte) and the literal and stop commands, so a decoder test exercises each.
 */
export function refpackCompress(data: Uint8Array, { sims2Prefix = false, largeHeader = false } = {}): Uint8Array {
  const w = new Writer();
  if (largeHeader) w.u8(0x80).u8(0xfb).u8(data.length >>> 24).u8(data.length >>> 16).u8(data.length >>> 8).u8(data.length);
  else w.u8(0x10).u8(0xfb).u8(data.length >>> 16).u8(data.length >>> 8).u8(data.length);
  let literalStart = 0;
  let i = 0;
  const flushLiterals = (upTo: number) => {
    // Whole runs of 4..112 literals; 0-3 are left for the next command.
    while (upTo - literalStart >= 4) {
      const n = Math.min(112, (upTo - literalStart) & ~3);
      w.u8(0xe0 | ((n - 4) >> 2)).bytes(data.subarray(literalStart, literalStart + n));
      literalStart += n;
    }
  };
  while (i < data.length) {
    let bestLength = 0;
    let bestOffset = 0;
    for (let from = Math.max(0, i - 131072); from < i; from += 1) {
      let n = 0;
      while (n < 1028 && i + n < data.length && data[from + n] === data[i + n]) n += 1;
      const offset = i - from;
      const usable = n >= 5 || (n >= 4 && offset <= 16384) || (n >= 3 && offset <= 1024);
      if (usable && n > bestLength) {
        bestLength = n;
        bestOffset = offset;
      }
    }
    if (bestLength === 0) {
      i += 1;
      continue;
    }
    flushLiterals(i);
    const literal = i - literalStart;
    const lit = data.subarray(literalStart, i);
    const o = bestOffset - 1;
    if (bestLength <= 10 && bestOffset <= 1024) {
      w.u8(((o >> 3) & 0x60) | ((bestLength - 3) << 2) | literal).u8(o & 0xff);
    } else if (bestLength <= 67 && bestOffset <= 16384) {
      w.u8(0x80 | (bestLength - 4)).u8((literal << 6) | (o >> 8)).u8(o & 0xff);
    } else {
      const n = bestLength - 5;
      w.u8(0xc0 | ((o >> 12) & 0x10) | ((n >> 8) << 2) | literal).u8((o >> 8) & 0xff).u8(o & 0xff).u8(n & 0xff);
    }
    w.bytes(lit);
    i += bestLength;
    literalStart = i;
  }
  flushLiterals(data.length);
  w.u8(0xfc | (data.length - literalStart)).bytes(data.subarray(literalStart));
  const body = w.toBytes();
  if (!sims2Prefix) return body;
  return new Writer().u32(body.length + 4).bytes(body).toBytes();
}

// ---------------------------------------------------------------------------------------------
// DBPF

export type FixtureCompression = 'none' | 'zlib' | 'refpack' | 'deleted' | 'streamable';

export interface FixtureResource {
  type: number;
  group: number;
  instance: bigint;
  data: Uint8Array;
  compression?: FixtureCompression;
}

export interface PackageWriteOptions {
  major?: number;
  minor?: number;
  magic?: string;
  /** Index flags: 1 type, 2 group, 4 instance-high stored once (taken from the first resource). */
  flags?: number;
  /** Leave out the compression fields (size's top bit clear); only for uncompressed resources. */
  extended?: boolean;
  /** Write the index position at 40 (legacy) instead of 64. */
  legacyIndexPosition?: boolean;
  /** Put the index right after the header, before the resources. */
  indexFirst?: boolean;
}

const COMPRESSION_CODE: Record<FixtureCompression, number> = { none: 0, zlib: 0x5a42, refpack: 0xffff, deleted: 0xffe0, streamable: 0xfffe };

/**
 * The start of a catalog resource (COBJ): version, common-block version, name key, description key,
 * price and thumbnail hash (SIMS-FORMATS.md), then a few bytes of the rest.
 */
export function catalogHead(nameKey: number, descriptionKey: number, price: number): Uint8Array {
  const bytes = new Uint8Array(40);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x19, true);
  view.setUint32(4, 10, true);
  view.setUint32(8, nameKey >>> 0, true);
  view.setUint32(12, descriptionKey >>> 0, true);
  view.setUint32(16, price >>> 0, true);
  view.setBigUint64(20, 0x1122334455667788n, true);
  return bytes;
}

/**
 * A zip of stored entries (a script mod's layout), with `comment` after the end record. CRCs are
 * left 0: the readers here list the central directory and never unpack.
 */
export function writeZipArchive(entries: { name: string; data: Uint8Array }[], { comment = '' } = {}): Uint8Array {
  const out = new Writer();
  const central = new Writer();
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const offset = out.length;
    out.u32(0x04034b50).u16(20).u16(0).u16(0).u32(0).u32(0).u32(e.data.length).u32(e.data.length).u16(name.length).u16(0).bytes(name).bytes(e.data);
    central.u32(0x02014b50).u16(20).u16(20).u16(0).u16(0).u32(0).u32(0).u32(e.data.length).u32(e.data.length);
    central.u16(name.length).u16(0).u16(0).u16(0).u16(0).u32(0).u32(offset).bytes(name);
  }
  const directory = central.toBytes();
  const start = out.length;
  out.bytes(directory);
  const note = Buffer.from(comment, 'utf8');
  out.u32(0x06054b50).u16(0).u16(0).u16(entries.length).u16(entries.length).u32(directory.length).u32(start).u16(note.length).bytes(note);
  return out.toBytes();
}

/** A .sims3pack: uint32 7, "TS3Pack", uint16 0x0101, the manifest's length, the manifest, then `payload`. */
export function writeSims3Pack(manifest: string, payload: Uint8Array = new Uint8Array(0)): Uint8Array {
  const xml = Buffer.from(manifest, 'utf8');
  return new Writer().u32(7).ascii('TS3Pack').u16(0x0101).u32(xml.length).bytes(xml).bytes(payload).toBytes();
}

/** A resource key in a CAS part's key table or an RCOL's lists. */
export interface FixtureKey {
  type: number;
  group?: number;
  instance: bigint;
}

/** A CAS part's level of detail: its level (0 the highest) and the keys of its meshes. */
export interface FixtureLod {
  level: number;
  meshes: FixtureKey[];
}

/**
 * A CAS part (CASP) of `version` (0x2E by default): the size of what precedes its key table, presets,
 * its name (7-bit length, UTF-16BE), then the fields up to the body type as the layout of that
 * version has them. Without `lods` the rest is 32 zero bytes (a head only); with them, the rest of
 * the layout (colours, sliders, linked parts, the LOD entries, ...) and the key table, which the LOD
 * entries point into by index.
 */
export function casPart(
  name: string,
  { presets = 0, version = 0x2e, bodyType = 2, titleKey = 0, tags = 2, lods }: { presets?: number; version?: number; bodyType?: number; titleKey?: number; tags?: number; lods?: FixtureLod[] } = {},
): Uint8Array {
  const utf16 = new Uint8Array(name.length * 2);
  for (let i = 0; i < name.length; i += 1) new DataView(utf16.buffer).setUint16(i * 2, name.charCodeAt(i), false);
  const w = new Writer().u32(presets);
  let length = utf16.length;
  do {
    w.u8((length & 0x7f) | (length > 0x7f ? 0x80 : 0));
    length >>>= 7;
  } while (length > 0);
  w.bytes(utf16).u32(0x3f800000).u16(1).u32(0x1234).u32(0x5678).u8(1);
  if (version > 39) w.u8(0);
  if (version >= 50) w.u16(7);
  if (version >= 51) w.u32(0);
  w.u64(0n);
  if (version >= 41) w.u64(0n);
  if (version >= 51) w.u64(0n);
  if (version >= 36) w.u64(0n);
  else w.u32(0);
  w.u32(tags);
  for (let i = 0; i < tags; i += 1) {
    w.u16(0x41);
    if (version >= 37) w.u32(0x1000 + i);
    else w.u16(0x100 + i);
  }
  w.u32(15).u32(titleKey).u32(0x9999);
  if (version >= 43) w.u32(0);
  w.u8(0).u32(bodyType >>> 0);
  if (!lods) return new Writer().u32(version).u32(0).bytes(w.toBytes()).zeros(32).toBytes();
  // The rest of the layout of versions 43 to 51, each field once, and the key table after it.
  const keys: FixtureKey[] = [];
  const indexOf = (key: FixtureKey) => {
    const at = keys.findIndex((k) => k.type === key.type && k.instance === key.instance && (k.group ?? 0) === (key.group ?? 0));
    return at >= 0 ? at : keys.push(key) - 1;
  };
  w.u32(0).u32(0x3060).u32(1).zeros(12); // sub type, age and gender, species, pack
  w.u8(2).u32(0xff336699).u32(0xff996633); // swatch colours
  w.u8(0).u8(0).u64(0n); // buff and variant thumbnail keys, voice effect
  w.u8(0).u32(0); // material hashes, occult flags
  if (version >= 46) w.u64(0n);
  w.u64(0n).u64(0n); // opposite-gender and fallback parts
  if (version >= 44) w.zeros(44); // opacity, hue, saturation, brightness sliders
  if (version >= 46) w.u8(1).u8(0); // one linked part (key index 0)
  w.u8(0).u8(0).u32(16000); // naked and parent keys, sort layer
  w.u8(lods.length);
  for (const lod of lods) {
    w.u8(lod.level).u32(0).u8(1).u32(0).u32(0).u32(1).u8(lod.meshes.length);
    for (const mesh of lod.meshes) w.u8(indexOf(mesh));
  }
  w.u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u32(0).u8(0).u8(0); // slots, maps, overrides, uv, emission
  if (version >= 49) w.u8(0);
  const body = w.toBytes();
  const out = new Writer().u32(version).u32(body.length).bytes(body).u8(keys.length);
  for (const k of keys) out.u64(k.instance).u32(k.group ?? 0).u32(k.type);
  return out.toBytes();
}

/** An RCOL container of `chunks` (a tag's bytes each) and `external` keys, the lone chunk's position written as the game does (0). */
export function rcol(chunks: { type: number; bytes: Uint8Array }[], { external = [], publicChunks = chunks.length }: { external?: FixtureKey[]; publicChunks?: number } = {}): Uint8Array {
  const header = 20 + 16 * chunks.length + 16 * external.length + 8 * chunks.length;
  const w = new Writer().u32(3).u32(publicChunks).u32(0).u32(external.length).u32(chunks.length);
  for (const c of chunks) w.u64(0n).u32(c.type).u32(0);
  for (const k of external) w.u64(k.instance).u32(k.type).u32(k.group ?? 0);
  let at = header;
  for (const c of chunks) {
    w.u32(chunks.length === 1 ? 0 : at).u32(c.bytes.length);
    at += c.bytes.length;
  }
  for (const c of chunks) w.bytes(c.bytes);
  return w.toBytes();
}

/**
 * A GEOM chunk (a CAS mesh) of `triangles`: version 14, no material, position, normal and UV per
 * vertex, then one list of 16-bit indices, and the trailing sections empty.
 */
export function geomChunk(triangles: number, { version = 14 } = {}): Uint8Array {
  const vertices = Math.max(3, Math.min(triangles + 2, 0xffff));
  const body = new Writer().u32(0).u32(0).u32(0).u32(vertices).u32(3); // no material, merge group, sort order
  for (const [usage, bytes] of [[1, 12], [2, 12], [3, 8]] as const) body.u32(usage).u32(1).u8(bytes);
  body.zeros(vertices * 32).u32(1).u8(2).u32(triangles * 3);
  for (let i = 0; i < triangles; i += 1) body.u16(i % vertices).u16((i + 1) % vertices).u16((i + 2) % vertices);
  body.u32(0).u32(0).u32(0).u32(0);
  if (version >= 15) body.u32(0);
  const rest = body.toBytes();
  // The trailing key list's offset counts from the end of the offset field itself.
  return new Writer().ascii('GEOM').u32(version).u32(rest.length + 4).u32(4).bytes(rest).u32(0).toBytes();
}

/** A GEOM resource: one GEOM chunk in an RCOL. */
export function geomResource(triangles: number, options: { version?: number } = {}): Uint8Array {
  return rcol([{ type: 0x015a1849, bytes: geomChunk(triangles, options) }]);
}

/**
 * An MLOD chunk (an object's meshes at one level of detail) of `version` 0x202: per mesh a record
 * with its size first, the primitive type (3: a triangle list) and the primitive count 48 bytes in.
 */
export function mlodChunk(meshes: { triangles: number; primitive?: number }[], { version = 0x202 } = {}): Uint8Array {
  const w = new Writer().ascii('MLOD').u32(version).u32(meshes.length);
  for (const mesh of meshes) {
    const record = new Writer().u32(0x1234).u32(0x10000001).u32(0).u32(0).u32(0).u32(mesh.primitive ?? 3).u32(0).u32(0).u32(0).u32(0);
    record.u32(mesh.triangles + 2).u32(mesh.triangles).zeros(24).u32(0).u32(0).u32(0).u32(0);
    if (version > 0x201) record.u32(0).zeros(16);
    if (version > 0x203) record.u32(0);
    const bytes = record.toBytes();
    w.u32(bytes.length).bytes(bytes);
  }
  return w.toBytes();
}

/** An MLOD resource: one MLOD chunk in an RCOL. */
export function mlodResource(meshes: { triangles: number; primitive?: number }[]): Uint8Array {
  return rcol([{ type: 0x01d10f34, bytes: mlodChunk(meshes) }]);
}

/**
 * A MODL resource (an object's model) of version 0x300: its LOD entries point at MLODs, either
 * chunks after the MODL in the same RCOL (`triangles`) or other resources (`resource`, by key).
 * `id` is the LOD id (0 the highest detail, 0x10000 and up shadows).
 */
export function modlResource(lods: ({ id: number; triangles: number[] } | { id: number; resource: FixtureKey })[]): Uint8Array {
  const inner = lods.filter((l): l is { id: number; triangles: number[] } => 'triangles' in l);
  const external = lods.filter((l): l is { id: number; resource: FixtureKey } => 'resource' in l).map((l) => l.resource);
  const modl = new Writer().ascii('MODL').u32(0x300).u32(lods.length).zeros(24).zeros(20);
  for (const lod of lods) {
    const ref = 'triangles' in lod ? (0 << 28) | (inner.indexOf(lod) + 2) : (3 << 28) | (external.indexOf(lod.resource) + 1);
    modl.u32(ref >>> 0).u32(0).u32(lod.id).u32(0).u32(0);
  }
  return rcol(
    [{ type: 0x01661233, bytes: modl.toBytes() }, ...inner.map((l) => ({ type: 0x01d10f34, bytes: mlodChunk(l.triangles.map((triangles) => ({ triangles }))) }))],
    { external },
  );
}

/** A name map (0x0166038C): version 1, a count, then instance, byte length and UTF-8 name per entry. */
export function nameMap(entries: { instance: bigint; name: string }[]): Uint8Array {
  const w = new Writer().u32(1).u32(entries.length);
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    w.u64(e.instance).u32(name.length).bytes(name);
  }
  return w.toBytes();
}

/** A Sims 2 object definition (OBJD) with its 32-bit object GUID at 0x5C and its price at 0x64. */
export function sims2ObjectDefinition(guid: number, price: number): Uint8Array {
  const bytes = new Uint8Array(0x80);
  const view = new DataView(bytes.buffer);
  view.setUint32(0x5c, guid >>> 0, true);
  view.setUint32(0x64, price >>> 0, true);
  return bytes;
}

/** A DBPF 2.x package (2.1 by default) with the given resources. */
export function writePackage(resources: FixtureResource[], options: PackageWriteOptions = {}): Uint8Array {
  const stored = resources.map((r) => storedBytes(r));
  const { header, index } = packageFrame(
    resources.map((r, n) => ({ ...r, storedLength: stored[n]!.length, length: r.data.length })),
    options,
  );
  const out = new Writer().bytes(header);
  if (options.indexFirst) out.bytes(index);
  for (const s of stored) out.bytes(s);
  if (!options.indexFirst) out.bytes(index);
  return out.toBytes();
}

/** A resource as the index describes it: its key, and the bytes it takes stored and unpacked. */
export interface FramedResource {
  type: number;
  group: number;
  instance: bigint;
  storedLength: number;
  length: number;
  compression?: FixtureCompression;
}

/**
 * The 96-byte header and the index of a DBPF 2.x package whose resources are stored one after the
 * other after the header (after the index with `indexFirst`), in order: what a writer needs to
 * stream a package of any size (bench/) without holding it.
 */
export function packageFrame(resources: FramedResource[], options: PackageWriteOptions = {}): { header: Uint8Array; index: Uint8Array } {
  const { major = 2, minor = 1, magic = 'DBPF', flags = 0, extended = true, legacyIndexPosition = false, indexFirst = false } = options;
  const index = new Writer();
  const first = resources[0];
  index.u32(flags);
  if (flags & 1) index.u32(first?.type ?? 0);
  if (flags & 2) index.u32(first?.group ?? 0);
  if (flags & 4) index.u32(Number((first?.instance ?? 0n) >> 32n));
  // Offsets depend on where the index goes; its size does not.
  const entryBytes = 16 + (flags & 1 ? 0 : 4) + (flags & 2 ? 0 : 4) + (flags & 4 ? 0 : 4) + (extended ? 4 : 0);
  const indexSize = 4 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 4 : 0) + entryBytes * resources.length;
  let offset = 96 + (indexFirst ? indexSize : 0);
  for (const r of resources) {
    if (!(flags & 1)) index.u32(r.type);
    if (!(flags & 2)) index.u32(r.group);
    if (!(flags & 4)) index.u32(Number(r.instance >> 32n));
    index.u32(Number(r.instance & 0xffffffffn));
    index.u32(offset);
    index.u32((r.storedLength | (extended ? 0x80000000 : 0)) >>> 0);
    index.u32(r.length);
    if (extended) index.u16(COMPRESSION_CODE[r.compression ?? 'none']).u16(1);
    offset += r.storedLength;
  }
  const indexBytes = index.toBytes();
  const indexPosition = indexFirst ? 96 : offset;
  const header = new Writer().ascii(magic).u32(major).u32(minor).zeros(24);
  header.u32(resources.length);
  header.u32(legacyIndexPosition ? indexPosition : 0);
  header.u32(indexBytes.length);
  header.zeros(12).u32(3);
  header.u64(legacyIndexPosition ? 0n : BigInt(indexPosition));
  header.zeros(96 - header.length);
  return { header: header.toBytes(), index: indexBytes };
}

function storedBytes(r: FixtureResource): Uint8Array {
  switch (r.compression ?? 'none') {
    case 'zlib':
      return zlib.deflateSync(r.data);
    case 'refpack':
      return refpackCompress(r.data);
    default:
      return r.data;
  }
}

/** A Sims 2 package (DBPF 1.1, index version 7.x); `compressed` resources are QFS with a DIR. */
export function writeSims2Package(resources: (FixtureResource & { compressed?: boolean })[], { longKeys = false } = {}): Uint8Array {
  const all = [...resources];
  const dir = new Writer();
  for (const r of resources.filter((x) => x.compressed)) {
    dir.u32(r.type).u32(r.group).u32(Number(r.instance & 0xffffffffn));
    if (longKeys) dir.u32(Number(r.instance >> 32n));
    dir.u32(r.data.length);
  }
  if (dir.length > 0) all.push({ type: 0xe86b1eef, group: 0xe86b1eef, instance: 0x286b1f03n, data: dir.toBytes() });
  const stored = all.map((r) => ('compressed' in r && r.compressed ? refpackCompress(r.data, { sims2Prefix: true }) : r.data));
  const index = new Writer();
  let offset = 96;
  all.forEach((r, n) => {
    index.u32(r.type).u32(r.group).u32(Number(r.instance & 0xffffffffn));
    if (longKeys) index.u32(Number(r.instance >> 32n));
    index.u32(offset).u32(stored[n]!.length);
    offset += stored[n]!.length;
  });
  const indexBytes = index.toBytes();
  const header = new Writer().ascii('DBPF').u32(1).u32(1).zeros(20).u32(7).u32(all.length).u32(offset).u32(indexBytes.length);
  header.zeros(12).u32(longKeys ? 2 : 1);
  header.zeros(96 - header.length);
  const out = new Writer().bytes(header.toBytes());
  for (const s of stored) out.bytes(s);
  return out.bytes(indexBytes).toBytes();
}

/** A Sims 4 string table (STBL version 5). */
export function writeStbl(entries: { key: number; text: string }[]): Uint8Array {
  const encoded = entries.map((e) => ({ key: e.key, bytes: Buffer.from(e.text, 'utf8') }));
  const w = new Writer().ascii('STBL').u16(5).u8(0).u64(BigInt(entries.length)).u16(0);
  w.u32(encoded.reduce((n, e) => n + e.bytes.length + 1, 0));
  for (const e of encoded) w.u32(e.key).u8(0).u16(e.bytes.length).bytes(e.bytes);
  return w.toBytes();
}

// ---------------------------------------------------------------------------------------------
// Protobuf

/** A protobuf message writer: fields are written in the order they are added. */
export class ProtoWriter {
  private readonly w = new Writer();

  private tag(field: number, wire: number): this {
    this.varintRaw(BigInt(field) * 8n + BigInt(wire));
    return this;
  }

  private varintRaw(v: bigint): void {
    let value = BigInt.asUintN(64, v);
    do {
      const b = Number(value & 0x7fn);
      value >>= 7n;
      this.w.u8(value > 0n ? b | 0x80 : b);
    } while (value > 0n);
  }

  varint(field: number, v: bigint | number | boolean): this {
    this.tag(field, 0).varintRaw(BigInt(typeof v === 'boolean' ? Number(v) : v));
    return this;
  }

  fixed64(field: number, v: bigint): this {
    this.tag(field, 1).w.u64(v);
    return this;
  }

  fixed32(field: number, v: number): this {
    this.tag(field, 5).w.u32(v);
    return this;
  }

  bytes(field: number, b: Uint8Array): this {
    this.tag(field, 2).varintRaw(BigInt(b.length));
    this.w.bytes(b);
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, Buffer.from(s, 'utf8'));
  }

  message(field: number, m: ProtoWriter): this {
    return this.bytes(field, m.toBytes());
  }

  packedFixed64(field: number, values: bigint[]): this {
    const w = new Writer();
    for (const v of values) w.u64(v);
    return this.bytes(field, w.toBytes());
  }

  toBytes(): Uint8Array {
    return this.w.toBytes();
  }
}

/** A tray data file: uint32 `version`, uint32 body length, the body, then `trailing`. */
export function wrapTrayData(body: Uint8Array, { version = 0, trailing = new Uint8Array(0) }: { version?: number; trailing?: Uint8Array } = {}): Uint8Array {
  return new Writer().u32(version).u32(body.length).bytes(body).bytes(trailing).toBytes();
}

export interface FixtureTraySim {
  id: bigint;
  firstName: string;
  lastName: string;
  gender: number;
  age: number;
  species: number;
}

export function traySimMetadata(sim: FixtureTraySim): ProtoWriter {
  return new ProtoWriter().string(3, sim.firstName).string(4, sim.lastName).fixed64(5, sim.id).varint(6, sim.gender).varint(9, sim.age).varint(12, sim.species);
}

export interface FixtureTrayItem {
  id: bigint;
  type: number;
  name: string;
  description: string;
  creatorId: bigint;
  creatorName: string;
  lot?: { sizeX: number; sizeZ: number; price: number; bedrooms: number; bathrooms: number; thumbnails: number };
  room?: { roomType: number; sizeX: number; sizeZ: number; price: number; height: number };
  sims?: FixtureTraySim[];
  modded?: boolean;
  hashtags?: string[];
}

/** TrayMetadata as SIMS-FORMATS.md lists it, with an unknown field (99) the reader must skip. */
export function trayMetadata(item: FixtureTrayItem): ProtoWriter {
  const specific = new ProtoWriter();
  if (item.lot) {
    const bp = new ProtoWriter().varint(2, item.lot.sizeX).varint(3, item.lot.sizeZ).varint(5, item.lot.price);
    bp.varint(6, item.lot.bedrooms).varint(7, item.lot.bathrooms).varint(9, item.lot.thumbnails);
    specific.message(1, bp);
  }
  if (item.room) {
    const { roomType, sizeX, sizeZ, price, height } = item.room;
    specific.message(7, new ProtoWriter().varint(1, roomType).varint(2, sizeX).varint(3, sizeZ).varint(4, price).varint(5, height));
  }
  if (item.sims) {
    const hh = new ProtoWriter().varint(1, item.sims.length);
    for (const sim of item.sims) hh.message(2, traySimMetadata(sim));
    specific.message(2, hh);
  }
  specific.varint(5, item.modded ?? false);
  for (const tag of item.hashtags ?? []) specific.string(8, tag);
  return new ProtoWriter()
    .varint(1, item.id)
    .varint(2, item.type)
    .string(4, item.name)
    .string(5, item.description)
    .varint(6, item.creatorId)
    .string(7, item.creatorName)
    .message(10, specific)
    .varint(11, 1_700_000_000)
    .string(99, 'unknown field')
    .string(15, 'Modifier');
}

export interface FixtureHouseholdSim {
  id: bigint;
  firstName: string;
  lastName: string;
  gender: number;
  age: number;
  skinTone: bigint;
  /** One IdList per outfit. */
  outfits: bigint[][];
}

/**
 * FamilyData with one family_account. `nestedOutfits` writes field 21 as a list of OutfitData in
 * field 1 instead of a single OutfitData.
 */
export function familyData(
  family: { name: string; money: number; description: string; sims: FixtureHouseholdSim[]; inventory: bigint[] },
  { nestedOutfits = false } = {},
): ProtoWriter {
  const account = new ProtoWriter().string(3, family.name).varint(4, family.money);
  for (const sim of family.sims) {
    const s = new ProtoWriter().fixed64(1, sim.id).string(5, sim.firstName).string(6, sim.lastName);
    s.varint(7, sim.gender).varint(8, sim.age).fixed64(10, sim.skinTone);
    const outfitData = sim.outfits.map((parts) => new ProtoWriter().fixed64(1, 123n).varint(2, 0).message(5, new ProtoWriter().packedFixed64(1, parts)));
    if (nestedOutfits) {
      const list = new ProtoWriter();
      for (const o of outfitData) list.message(1, o);
      s.message(21, list);
    } else {
      for (const o of outfitData) s.message(21, o);
    }
    account.message(6, s);
  }
  account.string(11, family.description);
  const objects = new ProtoWriter();
  for (const guid of family.inventory) objects.message(1, new ProtoWriter().fixed64(1, 42n).varint(30, guid));
  account.message(12, objects);
  return new ProtoWriter().message(1, account);
}

// ---------------------------------------------------------------------------------------------
// Pictures

export const TRAY_IMAGE_KEY = [0x41, 0x25, 0xe6, 0xcd, 0x47, 0xba, 0xb2, 0x1a];

/** A tray picture: the 24-byte header of `version` (1 or 2), then the XORed payload. */
export function wrapTrayImage(payload: Uint8Array, version: 1 | 2): Uint8Array {
  const w = new Writer();
  if (version === 1) w.u32(payload.length).u32(0);
  else w.u64(BigInt(payload.length));
  w.bytes([0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c]).u64(BigInt(version));
  return w.bytes(payload.map((b, i) => b ^ TRAY_IMAGE_KEY[i % 8]!)).toBytes();
}

/** Inserts an "ALFA" APP0 segment with `png` after the JPEG's SOI, as the game writes it. */
export function withAlfa(jpeg: Uint8Array, png: Uint8Array): Uint8Array {
  const w = new Writer().bytes(jpeg.subarray(0, 2)).u8(0xff).u8(0xe0);
  const segment = (png.length + 10) & 0xffff; // the game lets it wrap past 64 KiB
  w.u8(segment >> 8).u8(segment & 0xff).ascii('ALFA');
  w.u8(png.length >>> 24).u8(png.length >>> 16).u8(png.length >>> 8).u8(png.length);
  return w.bytes(png).bytes(jpeg.subarray(2)).toBytes();
}

/** sharp, loaded on first use: most test files never make a picture, and loading it costs a third of a second. */
async function loadSharp() {
  return (await import('sharp')).default;
}

export async function sampleJpeg(width = 32, height = 24): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A grey PNG, like a thumbnail's alpha mask. `noise` makes it large (and incompressible). */
export async function samplePng(width = 32, height = 24, noise = false): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  const rng = seededRandom(7);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = noise ? Math.floor(rng() * 256) : (i * 7) & 0xff;
  const sharp = await loadSharp();
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  return new Uint8Array(buffer);
}

