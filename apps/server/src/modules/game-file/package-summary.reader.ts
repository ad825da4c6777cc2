import { decodeUtf8, hex32, idHex } from './binary.reader';
import type { ByteSource } from './byte-source.reader';
import { readPackageIndex, readResource, type PackageEntry, type PackageFormat, type PackageIndex, type PackageIndexOptions } from './dbpf.reader';
import { GameFileError, gameFileError, type GameFileErrorCode } from './game-file.errors';
import { Compression, RESOURCE_KINDS, resourceKind, ResourceType, type ResourceKind } from './resource-types.constants';
import { countMeshes, type MeshCount } from './mesh.reader';
import { readVarint } from './protobuf.reader';
import { readStringTable, type StringTableEntry } from './stbl.reader';

/** A resource key outside the code: numbers for type and group, 16 hex digits for the instance. */
export interface ResourceKeyText {
  type: number;
  group: number;
  instance: string;
}

/** A resource the summary skipped, and why (the message is the creator-facing one). */
export interface SummaryWarning {
  code: GameFileErrorCode;
  message: string;
  resource: ResourceKeyText;
}

export interface PackageSummary {
  format: PackageFormat;
  majorVersion: number;
  minorVersion: number;
  entryCount: number;
  /** Live (not deleted) resources per kind of SIMS-FORMATS.md's table; Sims 4 packages only, otherwise all `other`. */
  counts: Record<ResourceKind, number>;
  /** Object definition ids ("object GUIDs"): COBJ and OBJD instances, each once, in index order. */
  objectDefinitionIds: string[];
  /**
   * The catalog objects (COBJ), up to `maxObjects`: their id, and the English name, description and
   * price of their catalog entry (null where the key has no English text).
   */
  objects: CatalogObject[];
  /** CAS part ids: CASP instances, each once. */
  casPartIds: string[];
  /** CAS parts, up to `maxObjects`: their id and the name their resource carries (null if unreadable). */
  casParts: CasPartName[];
  /**
   * The highest-detail (LOD0) triangle counts of its meshes: per CAS part with a mesh of its own and
   * per object model (mesh.reader.ts), up to 500 of each.
   */
  meshes: MeshCount[];
  /** False when the mesh budget stopped the counting before every mesh was counted. */
  meshesComplete: boolean;
  /** Names from the package's name maps (tuning and other resources), up to `maxStrings`. */
  resourceNames: string[];
  /** English string tables: one per package as creators build them; more is a sign of a merge. */
  englishStringTables: number;
  /**
   * Several packages merged into one (a player's merge, not a creator's upload): more than one
   * English string table, and more than one catalog object or CAS part.
   */
  isMerged: boolean;
  /** Sims 2 packages: the 32-bit object GUIDs of their object definitions (8 hex digits), each once. */
  sims2ObjectGuids: string[];
  thumbnails: ResourceKeyText[];
  /** Texts of the English (locale 0x00) string tables, up to `maxStrings`. */
  strings: StringTableEntry[];
  /** False when a table was skipped (too large, damaged) or `maxStrings` was reached. */
  stringsComplete: boolean;
  warnings: SummaryWarning[];
}

export interface CasPartName {
  id: string;
  /** The name the part carries (its creator's working name); null when it could not be read. */
  name: string | null;
  /** Its title in Create a Sim, in English, when the package's string tables have it. */
  title: string | null;
  /** The game's BodyType number. */
  bodyType: number | null;
}

export interface CatalogObject {
  id: string;
  name: string | null;
  description: string | null;
  /** In simoleons. */
  price: number | null;
}

export interface PackageSummaryOptions extends PackageIndexOptions {
  /** Catalog objects read for their names (default 500; a merged package may hold thousands). */
  maxObjects?: number;
  /** String tables larger than this (stored or unpacked) are skipped (default 256 KiB). */
  maxStringTableBytes?: number;
  /** Stop collecting texts after this many (default 1,000). */
  maxStrings?: number;
}

export const DEFAULT_MAX_STRING_TABLE_BYTES = 256 * 1024;
export const DEFAULT_MAX_STRINGS = 1000;
export const DEFAULT_MAX_OBJECTS = 500;
/** A CAS part's resource is read whole (its head comes first, but it may be packed): at most this. */
const CAS_PART_BYTES = 1024 * 1024;
/** A catalog entry's common block is at its start; more than this is never needed. */
const CATALOG_HEAD_BYTES = 64 * 1024;

/**
 * What a Sims 4 package holds, for a content portal: counts per kind, the ids other files refer to,
 * the thumbnails and the English names. Reads the index and then only the English string tables
 * within the size cap. A string table that cannot be read becomes a warning, not a failure: the
 * rest of the summary still stands.
 */
export async function readPackageSummary(source: ByteSource, options: PackageSummaryOptions = {}): Promise<PackageSummary> {
  return summarisePackage(source, await readPackageIndex(source, options), options);
}

/** readPackageSummary over an index already read (the inspection reads it once for the summary and the resource list). */
export async function summarisePackage(source: ByteSource, index: PackageIndex, options: PackageSummaryOptions = {}): Promise<PackageSummary> {
  const maxStrings = options.maxStrings ?? DEFAULT_MAX_STRINGS;
  const maxStringTableBytes = options.maxStringTableBytes ?? DEFAULT_MAX_STRING_TABLE_BYTES;
  const counts = Object.fromEntries(RESOURCE_KINDS.map((k) => [k, 0])) as Record<ResourceKind, number>;
  const objectDefinitionIds = new Set<string>();
  const casPartIds = new Set<string>();
  const thumbnails: ResourceKeyText[] = [];
  const stringTables: PackageEntry[] = [];
  const catalogEntries: PackageEntry[] = [];
  const casEntries: PackageEntry[] = [];
  const nameMaps: PackageEntry[] = [];
  const sims2Definitions: PackageEntry[] = [];
  const isSims4 = index.format === 'sims4';

  for (const entry of index.entries) {
    if (entry.compression === Compression.DELETED) continue;
    // The table is The Sims 4's: older games use some of the same numbers for other things.
    const kind = isSims4 ? resourceKind(entry.type) : 'other';
    counts[kind] += 1;
    if (kind === 'catalogObject' || kind === 'objectDefinition') objectDefinitionIds.add(idHex(entry.instance));
    if (kind === 'catalogObject') catalogEntries.push(entry);
    else if (kind === 'casPart') {
      if (!casPartIds.has(idHex(entry.instance))) casEntries.push(entry);
      casPartIds.add(idHex(entry.instance));
    }
    else if (kind === 'thumbnail') thumbnails.push(keyText(entry));
    else if (kind === 'stringTable' && entry.instance >> 56n === 0n) stringTables.push(entry);
    if (isSims4 && entry.type === ResourceType.NAME_MAP) nameMaps.push(entry);
    if (index.format === 'sims2' && entry.type === ResourceType.SIMS2_OBJD) sims2Definitions.push(entry);
  }

  const strings: StringTableEntry[] = [];
  const warnings: SummaryWarning[] = [];
  let stringsComplete = true;
  for (const entry of stringTables) {
    if (strings.length >= maxStrings) {
      stringsComplete = false;
      break;
    }
    try {
      const table = readStringTable(await readResource(source, entry, { maxBytes: maxStringTableBytes }), maxStrings - strings.length);
      strings.push(...table.entries);
      if (!table.complete) stringsComplete = false;
    } catch (error) {
      // A file that changed under us is not one table's fault; anything unexpected is not ours to hide.
      if (!(error instanceof GameFileError) || error.code === 'GAME_FILE_READ_FAILED') throw error;
      warnings.push({ code: error.code, message: error.message, resource: keyText(entry) });
      stringsComplete = false;
    }
  }

  // A failure in one resource is a warning; the rest of the summary stands.
  const each = async <T>(entries: PackageEntry[], read: (entry: PackageEntry) => Promise<T>, fallback: (entry: PackageEntry) => T | null): Promise<T[]> => {
    const out: T[] = [];
    for (const entry of entries) {
      try {
        out.push(await read(entry));
      } catch (error) {
        if (!(error instanceof GameFileError) || error.code === 'GAME_FILE_READ_FAILED') throw error;
        warnings.push({ code: error.code, message: error.message, resource: keyText(entry) });
        const value = fallback(entry);
        if (value !== null) out.push(value);
      }
    }
    return out;
  };
  const maxObjects = options.maxObjects ?? DEFAULT_MAX_OBJECTS;

  // Catalog objects: version, common-block version, name key, description key, price (SIMS-FORMATS.md).
  const texts = new Map(strings.map((e) => [e.key, e.text]));
  const firstOfEach = catalogEntries.slice(0, maxObjects).filter((e, i, all) => all.findIndex((other) => other.instance === e.instance) === i);
  const objects = await each(
    firstOfEach,
    async (entry): Promise<CatalogObject> => {
      const head = await readResource(source, entry, { maxBytes: CATALOG_HEAD_BYTES });
      if (head.length < 20) throw gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
      const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
      const text = (at: number) => texts.get(hex32(view.getUint32(at, true))) ?? null;
      return { id: idHex(entry.instance), name: text(8), description: text(12), price: view.getUint32(16, true) };
    },
    (entry) => ({ id: idHex(entry.instance), name: null, description: null, price: null }),
  );

  const casParts = await each(
    casEntries.slice(0, maxObjects),
    async (entry): Promise<CasPartName> => {
      const head = readCasPartHead(await readResource(source, entry, { maxBytes: CAS_PART_BYTES }));
      return { id: idHex(entry.instance), name: head?.name ?? null, title: head ? (texts.get(hex32(head.titleKey)) ?? null) : null, bodyType: head?.bodyType ?? null };
    },
    (entry) => ({ id: idHex(entry.instance), name: null, title: null, bodyType: null }),
  );
  const resourceNames: string[] = [];
  for (const names of await each(nameMaps, async (entry) => readNameMap(await readResource(source, entry, { maxBytes: maxStringTableBytes })), () => null)) {
    resourceNames.push(...names.slice(0, Math.max(0, maxStrings - resourceNames.length)));
  }
  const sims2ObjectGuids = new Set(
    await each(
      sims2Definitions.slice(0, maxObjects),
      async (entry) => {
        const objd = await readResource(source, entry, { maxBytes: CATALOG_HEAD_BYTES });
        if (objd.length < 0x60) throw gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
        return hex32(new DataView(objd.buffer, objd.byteOffset, objd.byteLength).getUint32(0x5c, true));
      },
      () => null,
    ),
  );

  const counted = isSims4 ? await countMeshes(source, index.entries, { maxMeshes: maxObjects }) : { meshes: [], warnings: [], complete: true };
  // A CAS part its head already warned about is not warned about twice.
  const warned = new Set(warnings.map((w) => `${w.resource.type}:${w.resource.group}:${w.resource.instance}`));
  for (const { error, entry } of counted.warnings) {
    const resource = keyText(entry);
    if (!warned.has(`${resource.type}:${resource.group}:${resource.instance}`)) warnings.push({ code: error.code, message: error.message, resource });
  }
  const bodyTypes = new Map(casParts.map((p) => [p.id, p.bodyType]));
  const meshes = counted.meshes.map((m) => (m.kind === 'casPart' ? { ...m, bodyType: bodyTypes.get(m.id) ?? null } : m));

  return {
    format: index.format,
    majorVersion: index.majorVersion,
    minorVersion: index.minorVersion,
    entryCount: index.entryCount,
    counts,
    objectDefinitionIds: [...objectDefinitionIds],
    objects,
    casPartIds: [...casPartIds],
    casParts,
    meshes,
    meshesComplete: counted.complete,
    resourceNames,
    englishStringTables: stringTables.length,
    isMerged: stringTables.length > 1 && objects.length + casParts.length > 1,
    sims2ObjectGuids: [...sims2ObjectGuids],
    thumbnails,
    strings,
    stringsComplete,
    warnings,
  };
}

function keyText(entry: PackageEntry): ResourceKeyText {
  return { type: entry.type, group: entry.group, instance: idHex(entry.instance) };
}

/** What the start of a CAS part says about it. */
export interface CasPartHead {
  name: string;
  /** The game's BodyType number (2 hair, 6 top, 7 bottom, 8 shoes, ...). */
  bodyType: number;
  /** The string-table key of its title in Create a Sim. */
  titleKey: number;
}

/**
 * The start of a CAS part (SIMS-FORMATS.md; later fields as The Sims 4 Studio and s4tk document the
 * layout per version): uint32 version, uint32 key-table offset, uint32 preset count (0 in the game's
 * files), the name (UTF-16BE, its byte length in 7-bit groups first), then float sort order,
 * uint16, uint32 prototype, uint32 aural material, a flags byte (two above version 39; then a
 * uint16 layer from version 50 and a uint32 from 51), uint64 excluded parts (two from version 41,
 * three from 51), excluded regions (uint64 from version 36, else uint32), the
 * tags (uint32 count; uint16 category and a uint32 value from version 37, else uint16), uint32
 * price, uint32 title key, uint32 description key (one more from version 43), a byte, and the
 * int32 body type. Null when presets come first (their layout is not read here).
 */
export function readCasPartHead(bytes: Uint8Array): CasPartHead | null {
  const corrupt = () => gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
  if (bytes.length < 13) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0, true);
  if (view.getUint32(8, true) !== 0) return null;
  let at = 12;
  const need = (n: number) => {
    if (at + n > bytes.length) throw corrupt();
    const start = at;
    at += n;
    return start;
  };
  const prefix = readVarint(bytes, at);
  if (!prefix || prefix.value % 2n !== 0n || prefix.value > BigInt(bytes.length)) throw corrupt();
  const length = Number(prefix.value);
  at = prefix.next;
  const nameAt = need(length);
  let name = '';
  for (let i = nameAt; i < nameAt + length; i += 2) name += String.fromCharCode(view.getUint16(i, false));
  need(4 + 2 + 4 + 4 + 1);
  if (version > 39) need(1);
  if (version >= 50) need(2);
  if (version >= 51) need(4);
  need(8);
  if (version >= 41) need(8);
  if (version >= 51) need(8);
  need(version >= 36 ? 8 : 4);
  const tags = view.getUint32(need(4), true);
  const tagBytes = version >= 37 ? 6 : 4;
  if (tags > (bytes.length - at) / tagBytes) throw corrupt();
  need(tags * tagBytes);
  need(4);
  const titleKey = view.getUint32(need(4), true);
  need(4);
  if (version >= 43) need(4);
  need(1);
  const bodyType = view.getInt32(need(4), true);
  return { name, bodyType, titleKey };
}

/** A name map: uint32 version (1), uint32 count, then per entry uint64 instance, uint32 length, UTF-8 name. */
export function readNameMap(bytes: Uint8Array): string[] {
  const corrupt = () => gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
  if (bytes.length < 8) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4, true);
  // Each entry takes at least 12 bytes: a count the bytes cannot hold is damage, not a loop to run.
  if (count > (bytes.length - 8) / 12) throw corrupt();
  const names: string[] = [];
  let at = 8;
  for (let i = 0; i < count; i += 1) {
    if (at + 12 > bytes.length) throw corrupt();
    const length = view.getUint32(at + 8, true);
    at += 12;
    if (at + length > bytes.length) throw corrupt();
    names.push(decodeUtf8(bytes.subarray(at, at + length)));
    at += length;
  }
  return names;
}
