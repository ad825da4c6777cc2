import { hex32, idHex } from './binary.reader';
import type { ByteSource } from './byte-source.reader';
import { readPackageIndex, readResource, type PackageEntry, type PackageFormat, type PackageIndexOptions } from './dbpf.reader';
import { GameFileError, gameFileError, type GameFileErrorCode } from './game-file.errors';
import { Compression, RESOURCE_KINDS, resourceKind, type ResourceKind } from './resource-types.constants';
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
  thumbnails: ResourceKeyText[];
  /** Texts of the English (locale 0x00) string tables, up to `maxStrings`. */
  strings: StringTableEntry[];
  /** False when a table was skipped (too large, damaged) or `maxStrings` was reached. */
  stringsComplete: boolean;
  warnings: SummaryWarning[];
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
/** A catalog entry's common block is at its start; more than this is never needed. */
const CATALOG_HEAD_BYTES = 64 * 1024;

/**
 * What a Sims 4 package holds, for a content portal: counts per kind, the ids other files refer to,
 * the thumbnails and the English names. Reads the index and then only the English string tables
 * within the size cap. A string table that cannot be read becomes a warning, not a failure: the
 * rest of the summary still stands.
 */
export async function readPackageSummary(source: ByteSource, options: PackageSummaryOptions = {}): Promise<PackageSummary> {
  const index = await readPackageIndex(source, options);
  const maxStrings = options.maxStrings ?? DEFAULT_MAX_STRINGS;
  const maxStringTableBytes = options.maxStringTableBytes ?? DEFAULT_MAX_STRING_TABLE_BYTES;
  const counts = Object.fromEntries(RESOURCE_KINDS.map((k) => [k, 0])) as Record<ResourceKind, number>;
  const objectDefinitionIds = new Set<string>();
  const casPartIds = new Set<string>();
  const thumbnails: ResourceKeyText[] = [];
  const stringTables: PackageEntry[] = [];
  const catalogEntries: PackageEntry[] = [];
  const isSims4 = index.format === 'sims4';

  for (const entry of index.entries) {
    if (entry.compression === Compression.DELETED) continue;
    // The table is The Sims 4's: older games use some of the same numbers for other things.
    const kind = isSims4 ? resourceKind(entry.type) : 'other';
    counts[kind] += 1;
    if (kind === 'catalogObject' || kind === 'objectDefinition') objectDefinitionIds.add(idHex(entry.instance));
    if (kind === 'catalogObject') catalogEntries.push(entry);
    else if (kind === 'casPart') casPartIds.add(idHex(entry.instance));
    else if (kind === 'thumbnail') thumbnails.push(keyText(entry));
    else if (kind === 'stringTable' && entry.instance >> 56n === 0n) stringTables.push(entry);
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

  // Catalog objects: version, common-block version, name key, description key, price (SIMS-FORMATS.md).
  const texts = new Map(strings.map((e) => [e.key, e.text]));
  const objects: CatalogObject[] = [];
  for (const entry of catalogEntries.slice(0, options.maxObjects ?? DEFAULT_MAX_OBJECTS)) {
    const id = idHex(entry.instance);
    if (objects.some((o) => o.id === id)) continue;
    try {
      const head = await readResource(source, entry, { maxBytes: CATALOG_HEAD_BYTES });
      if (head.length < 20) throw gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
      const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
      const text = (at: number) => texts.get(hex32(view.getUint32(at, true))) ?? null;
      objects.push({ id, name: text(8), description: text(12), price: view.getUint32(16, true) });
    } catch (error) {
      if (!(error instanceof GameFileError) || error.code === 'GAME_FILE_READ_FAILED') throw error;
      warnings.push({ code: error.code, message: error.message, resource: keyText(entry) });
      objects.push({ id, name: null, description: null, price: null });
    }
  }

  return {
    format: index.format,
    majorVersion: index.majorVersion,
    minorVersion: index.minorVersion,
    entryCount: index.entryCount,
    counts,
    objectDefinitionIds: [...objectDefinitionIds],
    objects,
    casPartIds: [...casPartIds],
    thumbnails,
    strings,
    stringsComplete,
    warnings,
  };
}

function keyText(entry: PackageEntry): ResourceKeyText {
  return { type: entry.type, group: entry.group, instance: idHex(entry.instance) };
}
