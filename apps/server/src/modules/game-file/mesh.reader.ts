import { ByteCursor, idHex } from './binary.reader';
import type { ByteSource } from './byte-source.reader';
import { readResource, type PackageEntry } from './dbpf.reader';
import { GameFileError, gameFileError } from './game-file.errors';
import { readVarint } from './protobuf.reader';
import { Compression, ResourceType } from './resource-types.constants';

/**
 * Triangle counts of the highest-detail meshes (LOD0), for the polycount check (issue 15): a CAS
 * part's GEOMs, an object's MODL and MLODs. Layouts in docs/game-files.md ("Meshes"), from the
 * community's public format notes; every read is bounded and a layout that does not add up is
 * PACKAGE_RESOURCE_CORRUPT, never a wrong number.
 */

export const MeshType = {
  GEOM: 0x015a1849,
  MODL: 0x01661233,
  MLOD: 0x01d10f34,
} as const;

/** A resource key as RCOL and CASP key tables hold them. */
export interface MeshKey {
  type: number;
  group: number;
  instance: bigint;
}

export interface RcolChunk {
  /** The chunk's first four bytes as ASCII (`GEOM`, `MODL`, `MLOD`, ...). */
  tag: string;
  bytes: Uint8Array;
}

export interface Rcol {
  publicChunks: number;
  chunks: RcolChunk[];
  externalKeys: MeshKey[];
}

const corrupt = () => gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
/** More chunks or keys than any mesh resource holds is damage. */
const MAX_RCOL_ENTRIES = 4096;

function tagOf(bytes: Uint8Array): string {
  return bytes.length < 4 ? '' : String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
}

/**
 * An RCOL container: version, public chunk count, a zero, external and internal counts, the chunks'
 * keys then the external keys (both instance, type, group), then each chunk's absolute position and
 * size. A lone chunk starts right after the header whatever its position says (the game writes 0).
 */
export function readRcol(bytes: Uint8Array): Rcol {
  const c = new ByteCursor(bytes, corrupt);
  c.skip(4);
  const publicChunks = c.u32();
  c.skip(4);
  const externalCount = c.u32();
  const internalCount = c.u32();
  if (internalCount > MAX_RCOL_ENTRIES || externalCount > MAX_RCOL_ENTRIES || publicChunks > internalCount) throw corrupt();
  const key = (): MeshKey => {
    const instance = c.u64();
    return { instance, type: c.u32(), group: c.u32() };
  };
  for (let i = 0; i < internalCount; i += 1) key();
  const externalKeys = Array.from({ length: externalCount }, key);
  const places = Array.from({ length: internalCount }, () => ({ at: c.u32(), size: c.u32() }));
  const headerEnd = c.pos;
  const chunks = places.map(({ at, size }) => {
    if (internalCount === 1 && (at < headerEnd || size === 0 || size > bytes.length - at)) {
      at = headerEnd;
      size = bytes.length - headerEnd;
    }
    if (at < headerEnd || size > bytes.length - at) throw corrupt();
    const chunk = bytes.subarray(at, at + size);
    return { tag: tagOf(chunk), bytes: chunk };
  });
  return { publicChunks, chunks, externalKeys };
}

/**
 * The triangles of a GEOM chunk (a CAS part's mesh): tag, version, the trailing list's offset and
 * size, a material block when the embedded id is set, merge group, sort order, the vertices (their
 * count and format say their size), one index list: its index width and count. Triangles are the
 * indices over three.
 */
export function geomTriangles(chunk: Uint8Array): number {
  const c = new ByteCursor(chunk, corrupt);
  if (tagOf(chunk) !== 'GEOM') throw corrupt();
  c.skip(4);
  const version = c.u32();
  if (version < 5 || version > 0xff) throw corrupt();
  c.skip(8);
  const embedded = c.u32();
  if (embedded !== 0) c.skip(c.u32());
  c.skip(8);
  const vertices = c.u32();
  const formats = c.u32();
  if (formats > 64) throw corrupt();
  let stride = 0;
  for (let i = 0; i < formats; i += 1) {
    c.skip(8);
    stride += c.u8();
  }
  if (stride > 0 && vertices > c.remaining / stride) throw corrupt();
  c.skip(vertices * stride);
  if (c.u32() !== 1) throw corrupt();
  const width = c.u8();
  const points = c.u32();
  if (![1, 2, 4].includes(width) || points % 3 !== 0 || points > c.remaining / width) throw corrupt();
  return points / 3;
}

/** The primitive types whose count is a triangle count: lists, fans and strips. */
const TRIANGLE_PRIMITIVES = new Set([3, 4, 5]);

/**
 * The triangles of an MLOD chunk (an object's meshes at one level of detail): every mesh's
 * primitive count (the field 48 bytes into its record) summed over the triangle meshes. Each
 * record starts with its size, so versions that add fields at the end read alike.
 */
export function mlodTriangles(chunk: Uint8Array): number {
  const c = new ByteCursor(chunk, corrupt);
  if (tagOf(chunk) !== 'MLOD') throw corrupt();
  c.skip(8);
  const meshes = c.u32();
  if (meshes > c.remaining / 56) throw corrupt();
  let triangles = 0;
  for (let i = 0; i < meshes; i += 1) {
    const size = c.u32();
    if (size < 52 || size > c.remaining) throw corrupt();
    const record = new ByteCursor(c.take(size), corrupt);
    record.skip(20);
    const primitive = record.u32() & 0xff;
    record.skip(20);
    const count = record.u32();
    if (count > 0x7fffffff) throw corrupt();
    if (TRIANGLE_PRIMITIVES.has(primitive)) triangles += count;
  }
  return triangles;
}

/** Where a model's highest detail is: an MLOD chunk of the same resource, or another resource. */
export type ModelLod = { kind: 'chunk'; chunk: Uint8Array } | { kind: 'resource'; key: MeshKey };

/** The level-of-detail ids of a MODL: 0 the highest detail; the 0x10000 bit marks shadows. */
const SHADOW_LOD = 0x10000;

/**
 * The highest-detail level of a MODL resource: its LOD entries (a chunk reference, flags, the LOD
 * id, two floats; they end the chunk in every version), the entry with id 0, else the lowest id
 * that is not a shadow (then `exact` is false). A reference's top four bits say where it points:
 * 0 a public chunk, 1 a private one, 3 an external key (another resource); the rest is its index + 1.
 */
export function modelHighestDetail(resource: Uint8Array): { lod: ModelLod; exact: boolean } | null {
  const rcol = readRcol(resource);
  const modl = rcol.chunks.find((chunk) => chunk.tag === 'MODL');
  if (!modl) throw corrupt();
  const c = new ByteCursor(modl.bytes, corrupt);
  c.skip(8);
  const count = c.u32();
  if (count > 64 || count * 20 > modl.bytes.length - 12) throw corrupt();
  const lods = new ByteCursor(modl.bytes, corrupt, modl.bytes.length - count * 20);
  const entries = Array.from({ length: count }, () => {
    const ref = lods.u32();
    lods.skip(4);
    const id = lods.u32();
    lods.skip(8);
    return { ref, id };
  });
  const visible = entries.filter((e) => (e.id & SHADOW_LOD) === 0).sort((a, b) => a.id - b.id);
  const best = visible[0];
  if (!best || best.ref === 0) return null;
  const where = best.ref >>> 28;
  const index = (best.ref & 0x0fffffff) - 1;
  let lod: ModelLod;
  if (where === 0 || where === 1) {
    const chunk = rcol.chunks[where === 0 ? index : rcol.publicChunks + index];
    if (!chunk || chunk.tag !== 'MLOD') throw corrupt();
    lod = { kind: 'chunk', chunk: chunk.bytes };
  } else if (where === 3) {
    const key = rcol.externalKeys[index];
    if (!key) throw corrupt();
    lod = { kind: 'resource', key };
  } else throw corrupt();
  return { lod, exact: best.id === 0 };
}

/** The first MLOD chunk of an MLOD resource. */
export function mlodChunk(resource: Uint8Array): Uint8Array {
  const chunk = readRcol(resource).chunks.find((c) => c.tag === 'MLOD');
  if (!chunk) throw corrupt();
  return chunk.bytes;
}

/** The first GEOM chunk of a GEOM resource. */
export function geomChunk(resource: Uint8Array): Uint8Array {
  const chunk = readRcol(resource).chunks.find((c) => c.tag === 'GEOM');
  if (!chunk) throw corrupt();
  return chunk.bytes;
}

/** A CAS part's meshes: its key table's GEOM keys, and those of its LOD0 when its layout verified. */
export interface CasPartMeshes {
  /** The GEOMs of its level-0 entries; null when the layout of its version could not be verified. */
  lod0: MeshKey[] | null;
  /** Every GEOM its key table lists (the fallback: the largest of them). */
  all: MeshKey[];
}

/** The first version whose layout casPartMeshes walks (0x2B, 2016); older parts get the fallback. */
const FIRST_WALKED_VERSION = 43;
/** The last version whose layout is documented (2025); later ones are tried with it and kept only if they verify. */
const LAST_KNOWN_VERSION = 51;

/**
 * A CAS part's GEOMs. The key table is at 8 + the size at offset 4 (instance, group, type per key).
 * The LOD block sits after variable fields (name, tags, colours, ...), so the whole part is walked
 * field by field, version by version, and a walk counts only if it ends exactly at the key table:
 * the layout checks itself. Where the notes disagree (the linked parts from version 45 or 46), both
 * are tried.
 */
export function casPartMeshes(bytes: Uint8Array): CasPartMeshes {
  const c = new ByteCursor(bytes, corrupt);
  const version = c.u32();
  const dataSize = c.u32();
  if (dataSize > bytes.length - 8) throw corrupt();
  const table = new ByteCursor(bytes, corrupt, 8 + dataSize);
  const keys = Array.from({ length: table.u8() }, (): MeshKey => {
    const instance = table.u64();
    const group = table.u32();
    return { instance, group, type: table.u32() };
  });
  const all = keys.filter((k) => k.type === MeshType.GEOM);
  let lod0: MeshKey[] | null = null;
  if (version >= FIRST_WALKED_VERSION) {
    for (const linkedFrom of [45, 46]) {
      const indices = walkCasPart(bytes, Math.min(version, LAST_KNOWN_VERSION), linkedFrom);
      if (!indices) continue;
      if (indices.some((i) => i >= keys.length)) throw corrupt();
      lod0 = [...new Set(indices)].map((i) => keys[i]!).filter((k) => k.type === MeshType.GEOM);
      break;
    }
  }
  return { lod0, all };
}

/** The key-table indices of a CAS part's level-0 LOD entries, or null when the walk does not end at the key table. */
function walkCasPart(bytes: Uint8Array, v: number, linkedFrom: number): number[] | null {
  const c = new ByteCursor(bytes, corrupt, 4);
  const end = 8 + c.u32();
  try {
    if (c.u32() !== 0) return null; // presets come first: their layout is not read here
    const prefix = readVarint(bytes, c.pos);
    if (!prefix || prefix.value > BigInt(bytes.length)) return null;
    c.pos = prefix.next;
    c.skip(Number(prefix.value)); // the name
    c.skip(4 + 2 + 4 + 4 + 1);
    if (v >= 39) c.skip(1);
    if (v >= 50) c.skip(2);
    if (v >= 51) c.skip(4);
    c.skip(8 + 8);
    if (v >= 51) c.skip(8);
    c.skip(8);
    const tags = c.u32();
    if (tags > c.remaining / 6) return null;
    c.skip(tags * 6);
    c.skip(12 + 4);
    c.skip(1 + 4 + 4 + 4 + 4 + 12);
    c.skip(c.u8() * 4); // swatch colours
    c.skip(2 + 8);
    c.skip(c.u8() * 4); // material hashes
    c.skip(4);
    if (v >= 46) c.skip(8);
    c.skip(8 + 8);
    if (v >= 44) c.skip(44);
    if (v >= linkedFrom) c.skip(c.u8());
    c.skip(1 + 1 + 4);
    const lod0: number[] = [];
    const lods = c.u8();
    for (let i = 0; i < lods; i += 1) {
      const level = c.u8();
      c.skip(4);
      c.skip(c.u8() * 12);
      const indices = c.take(c.u8());
      if (level === 0) lod0.push(...indices);
    }
    c.skip(c.u8()); // slot keys
    c.skip(4);
    c.skip(c.u8() * 5); // overrides
    c.skip(2 + 4 + 1 + 1);
    if (v >= 49) c.skip(1);
    return c.pos === end ? lod0 : null;
  } catch (error) {
    // Running out of bytes means this layout is not the part's: the caller tries the next.
    if (error instanceof GameFileError) return null;
    throw error;
  }
}

/** A mesh's highest-detail triangle count: a CAS part's (its id) or an object model's (the MODL's id). */
export interface MeshCount {
  id: string;
  kind: 'casPart' | 'model';
  /** A CAS part's BodyType number (2 hair, 5 full body, 6 top, 7 bottom, 8 shoes, ...), as its head says (the package summary fills it in); null for models. */
  bodyType: number | null;
  triangles: number;
  /**
   * False when the level had to be guessed: a CAS part whose layout could not be verified (its
   * largest GEOM), a model without a level 0 (its lowest non-shadow level), MLODs without a MODL (the largest).
   */
  exact: boolean;
}

export interface MeshCountOptions {
  /** CAS parts and models counted (default 500 each). */
  maxMeshes?: number;
  /** Bytes unpacked for meshes over the whole package; past it the rest are not counted (default 256 MiB). */
  maxMeshBytes?: number;
}

export interface MeshWarning {
  error: GameFileError;
  entry: PackageEntry;
}

const DEFAULT_MAX_MESHES = 500;
const DEFAULT_MAX_MESH_BYTES = 256 * 1024 * 1024;
/** One mesh resource (GEOM, MODL, MLOD, CASP) is read whole, up to this. */
const MAX_MESH_RESOURCE_BYTES = 64 * 1024 * 1024;

/**
 * The LOD0 triangle counts of a package's CAS parts and object models (issue 15's polycount check):
 * a CAS part sums the GEOMs of its level-0 entries (or, when its layout could not be verified, takes
 * its largest GEOM); a model sums the MLOD its level-0 entry points at. Meshes that live in another
 * package (a recolour of someone else's mesh) are not counted. A mesh that cannot be read is a
 * warning; `complete` is false when the byte or count budget stopped the counting.
 */
export async function countMeshes(source: ByteSource, entries: readonly PackageEntry[], options: MeshCountOptions = {}): Promise<{ meshes: MeshCount[]; warnings: MeshWarning[]; complete: boolean }> {
  const maxMeshes = options.maxMeshes ?? DEFAULT_MAX_MESHES;
  let budget = options.maxMeshBytes ?? DEFAULT_MAX_MESH_BYTES;
  const byKey = new Map<string, PackageEntry>();
  const casParts: PackageEntry[] = [];
  const models: PackageEntry[] = [];
  const mlods: PackageEntry[] = [];
  for (const entry of entries) {
    if (entry.compression === Compression.DELETED) continue;
    const exact = keyOf(entry);
    if (!byKey.has(exact)) byKey.set(exact, entry);
    const loose = looseKeyOf(entry);
    if (!byKey.has(loose)) byKey.set(loose, entry);
    if (entry.type === ResourceType.CASP && !casParts.some((e) => e.instance === entry.instance)) casParts.push(entry);
    else if (entry.type === MeshType.MODL) models.push(entry);
    else if (entry.type === MeshType.MLOD) mlods.push(entry);
  }
  const find = (key: MeshKey) => byKey.get(keyOf(key)) ?? byKey.get(looseKeyOf(key)) ?? null;
  const meshes: MeshCount[] = [];
  const warnings: MeshWarning[] = [];
  let complete = casParts.length <= maxMeshes && models.length <= maxMeshes;
  const read = async (entry: PackageEntry) => {
    if (entry.uncompressedSize > budget) {
      complete = false;
      return null;
    }
    budget -= entry.uncompressedSize;
    return readResource(source, entry, { maxBytes: MAX_MESH_RESOURCE_BYTES });
  };
  /** Runs `work` over one resource; a damaged one is a warning, and the rest are still counted. */
  const guarded = async <T>(entry: PackageEntry, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof GameFileError) || error.code === 'GAME_FILE_READ_FAILED') throw error;
      warnings.push({ error, entry });
      return null;
    }
  };
  const geoms = new Map<PackageEntry, number | null>();
  const geomTrianglesOf = async (entry: PackageEntry) => {
    if (!geoms.has(entry)) {
      geoms.set(
        entry,
        await guarded(entry, async () => {
          const bytes = await read(entry);
          return bytes && geomTriangles(geomChunk(bytes));
        }),
      );
    }
    return geoms.get(entry)!;
  };
  const mlodTrianglesOf = async (entry: PackageEntry) =>
    guarded(entry, async () => {
      const bytes = await read(entry);
      return bytes && mlodTriangles(mlodChunk(bytes));
    });

  for (const entry of casParts.slice(0, maxMeshes)) {
    const part = await guarded(entry, async () => {
      const bytes = await read(entry);
      return bytes && { meshes: casPartMeshes(bytes) };
    });
    if (!part) continue;
    const present = (part.meshes.lod0 ?? part.meshes.all).map(find).filter((e): e is PackageEntry => e !== null);
    if (present.length === 0) continue; // its mesh is in another package
    const counts = (await Promise.all(present.map(geomTrianglesOf))).filter((n): n is number => n !== null);
    if (counts.length === 0) continue;
    const exact = part.meshes.lod0 !== null;
    meshes.push({ id: idHex(entry.instance), kind: 'casPart', bodyType: null, triangles: exact ? sum(counts) : Math.max(...counts), exact });
  }

  for (const entry of models.slice(0, maxMeshes)) {
    const found = await guarded(entry, async () => {
      const bytes = await read(entry);
      return bytes && modelHighestDetail(bytes);
    });
    if (!found) continue;
    let triangles: number | null;
    if (found.lod.kind === 'chunk') {
      const { chunk } = found.lod;
      triangles = await guarded(entry, async () => mlodTriangles(chunk));
    } else {
      const mlod = find(found.lod.key);
      triangles = mlod ? await mlodTrianglesOf(mlod) : null;
    }
    if (triangles !== null) meshes.push({ id: idHex(entry.instance), kind: 'model', bodyType: null, triangles, exact: found.exact });
  }

  // MLODs without a model to say which is the highest detail: the largest (shadows are far smaller).
  if (models.length === 0 && mlods.length > 0) {
    let largest: { entry: PackageEntry; triangles: number } | null = null;
    for (const entry of mlods.slice(0, maxMeshes)) {
      const triangles = await mlodTrianglesOf(entry);
      if (triangles !== null && (!largest || triangles > largest.triangles)) largest = { entry, triangles };
    }
    if (largest) meshes.push({ id: idHex(largest.entry.instance), kind: 'model', bodyType: null, triangles: largest.triangles, exact: false });
  }
  return { meshes, warnings, complete };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const keyOf = (key: MeshKey) => `${key.type >>> 0}:${key.group >>> 0}:${key.instance}`;
/** A key without its group: a part's key table and a package's index sometimes disagree on it. */
const looseKeyOf = (key: MeshKey) => `${key.type >>> 0}:*:${key.instance}`;
