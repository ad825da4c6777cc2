import { decodeUtf8, idHex, JPEG_SIGNATURE, PNG_SIGNATURE, startsWith, u32le } from './binary.reader';
import { GameFileError, gameFileError, type TrayDataExtension } from './game-file.errors';
import { protoBytes, protoIds, protoInt, readProtoFields, type ProtoField } from './protobuf.reader';
import { decodeThumbnail } from './thumbnail.reader';

// ---------------------------------------------------------------------------------------------
// File names

export type TrayFileRole = 'trayitem' | 'householdbinary' | 'blueprint' | 'room' | 'hhi' | 'sgi' | 'bpi' | 'rmi';
export type TrayItemType = 'household' | 'lot' | 'room';

export interface TrayFileName {
  /** The T of `0xTTTTTTTT!0xIIIIIIIIIIIIIIII.ext`. */
  type: number;
  /** The I, as 16 lowercase hex digits: the tray item's id (for .sgi, the sim's). */
  instance: string;
  /** The extension as written. */
  ext: string;
  role: TrayFileRole;
  /** .trayitem: what was saved (T = 1, 2, 3). */
  itemType?: TrayItemType;
  /** Pictures: low byte 2 is the small one, 3 the large one. */
  imageSize?: 'small' | 'large';
  /** Pictures: the higher bits number a lot's extra thumbnails (0x103 is number 1). */
  imageIndex?: number;
}

const TRAY_NAME = /^0x([0-9a-f]{1,8})!0x([0-9a-f]{1,16})\.([a-z]+)$/i;
const ROLES: ReadonlySet<string> = new Set<TrayFileRole>(['trayitem', 'householdbinary', 'blueprint', 'room', 'hhi', 'sgi', 'bpi', 'rmi']);
const IMAGE_ROLES: ReadonlySet<TrayFileRole> = new Set<TrayFileRole>(['hhi', 'sgi', 'bpi', 'rmi']);
const ITEM_TYPES: Record<number, TrayItemType> = { 1: 'household', 2: 'lot', 3: 'room' };

/** Reads a tray file's name (a path is allowed; its folders are ignored), or null when it is not one. */
export function parseTrayFileName(name: string): TrayFileName | null {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const match = TRAY_NAME.exec(base);
  if (!match) return null;
  const role = match[3]!.toLowerCase();
  if (!ROLES.has(role)) return null;
  const type = Number.parseInt(match[1]!, 16);
  const result: TrayFileName = { type, instance: match[2]!.toLowerCase().padStart(16, '0'), ext: match[3]!, role: role as TrayFileRole };
  if (role === 'trayitem' && ITEM_TYPES[type]) result.itemType = ITEM_TYPES[type];
  if (IMAGE_ROLES.has(role as TrayFileRole)) {
    const low = type & 0xff;
    if (low === 2 || low === 3) result.imageSize = low === 2 ? 'small' : 'large';
    result.imageIndex = type >>> 8;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Shared by .trayitem and .householdbinary

export type Gender = 'male' | 'female' | 'unknown';
export type AgeLabel = 'baby' | 'infant' | 'toddler' | 'child' | 'teen' | 'youngAdult' | 'adult' | 'elder' | 'unknown';

const GENDERS: Record<number, Gender> = { 4096: 'male', 8192: 'female' };
const AGES: Record<number, AgeLabel> = { 1: 'baby', 2: 'toddler', 4: 'child', 8: 'teen', 16: 'youngAdult', 32: 'adult', 64: 'elder', 128: 'infant' };

function genderOf(value: bigint | undefined): Gender {
  return (value !== undefined && GENDERS[Number(value)]) || 'unknown';
}

function ageOf(value: bigint | undefined): AgeLabel {
  return (value !== undefined && AGES[Number(value)]) || 'unknown';
}

export interface TrayReadOptions {
  /** Refuse files larger than this (default 64 MiB). */
  maxBytes?: number;
}

export const DEFAULT_MAX_TRAY_BYTES = 64 * 1024 * 1024;

/** The 8-byte header (uint32, uint32 body length) and the body it announces; the rest is trailing. */
function splitTrayFile(bytes: Uint8Array, ext: TrayDataExtension, options: TrayReadOptions) {
  const max = options.maxBytes ?? DEFAULT_MAX_TRAY_BYTES;
  if (bytes.length > max) throw gameFileError('GAME_FILE_TOO_LARGE', { size: bytes.length, max });
  if (bytes.length < 8) throw gameFileError('TRAY_FILE_TRUNCATED', { ext });
  const version = u32le(bytes, 0);
  const length = u32le(bytes, 4);
  if (length > bytes.length - 8) throw gameFileError('TRAY_FILE_TRUNCATED', { ext });
  return { version, body: bytes.subarray(8, 8 + length), trailing: bytes.subarray(8 + length) };
}

/** A signed count (int32 fields arrive as 64-bit two's complement varints). */
function num(value: bigint | undefined): number | null {
  return value === undefined ? null : Number(BigInt.asIntN(64, value));
}

/** Fields by number: the last value wins for a single field, as in protobuf. */
class Fields {
  constructor(readonly list: ProtoField[]) {}

  static of(bytes: Uint8Array | undefined, fail: () => GameFileError): Fields {
    return new Fields(bytes ? readProtoFields(bytes, fail) : []);
  }

  all(field: number): ProtoField[] {
    return this.list.filter((f) => f.field === field);
  }

  int(field: number): bigint | undefined {
    let value: bigint | undefined;
    for (const f of this.all(field)) value = protoInt(f) ?? value;
    return value;
  }

  bytes(field: number): Uint8Array | undefined {
    let value: Uint8Array | undefined;
    for (const f of this.all(field)) value = protoBytes(f) ?? value;
    return value;
  }

  text(field: number): string {
    const value = this.bytes(field);
    return value ? decodeUtf8(value) : '';
  }

  texts(field: number): string[] {
    return this.all(field).flatMap((f) => {
      const value = protoBytes(f);
      return value ? [decodeUtf8(value)] : [];
    });
  }

  messages(field: number): Uint8Array[] {
    return this.all(field).flatMap((f) => {
      const value = protoBytes(f);
      return value ? [value] : [];
    });
  }
}

function idOrNull(value: bigint | undefined): string | null {
  return value === undefined || value === 0n ? null : idHex(value);
}

// ---------------------------------------------------------------------------------------------
// .trayitem

export interface TraySim {
  id: string | null;
  firstName: string;
  lastName: string;
  gender: Gender;
  age: AgeLabel;
  /** The game's species number, as stored. */
  species: number | null;
}

export interface TrayLot {
  sizeX: number | null;
  sizeZ: number | null;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  thumbnailCount: number | null;
}

export interface TrayRoom {
  /** The game's room type number, as stored. */
  roomType: number | null;
  sizeX: number | null;
  sizeZ: number | null;
  price: number | null;
  height: number | null;
}

export interface TrayItem {
  id: string | null;
  type: TrayItemType | 'unknown';
  /** The stored type number (1 household, 2 lot, 3 room). */
  typeCode: number | null;
  name: string;
  description: string;
  creatorId: string | null;
  creatorName: string;
  modifierName: string;
  /** item_timestamp as stored. */
  timestamp: number | null;
  /** Lots: bp_metadata; null for other items. */
  lot: TrayLot | null;
  /** Rooms: ro_metadata; null for other items. */
  room: TrayRoom | null;
  familySize: number | null;
  sims: TraySim[];
  isModdedContent: boolean;
  hashtags: string[];
}

/**
 * Reads a .trayitem: the 8-byte header, then TrayMetadata (SIMS-FORMATS.md). Unknown fields are
 * skipped; a known field with an unexpected wire type is treated as absent.
 */
export function readTrayItem(bytes: Uint8Array, options: TrayReadOptions = {}): TrayItem {
  const { body } = splitTrayFile(bytes, 'trayitem', options);
  const fail = () => gameFileError('TRAY_FILE_INVALID', { ext: 'trayitem' });
  const meta = Fields.of(body, fail);
  const specific = Fields.of(meta.bytes(10), fail);
  const bp = specific.bytes(1);
  const ro = specific.bytes(7);
  const hh = Fields.of(specific.bytes(2), fail);
  const typeCode = num(meta.int(2));
  return {
    id: idOrNull(meta.int(1)),
    type: (typeCode !== null && ITEM_TYPES[typeCode]) || 'unknown',
    typeCode,
    name: meta.text(4),
    description: meta.text(5),
    creatorId: idOrNull(meta.int(6)),
    creatorName: meta.text(7),
    modifierName: meta.text(15),
    timestamp: num(meta.int(11)),
    lot: bp ? readLot(Fields.of(bp, fail)) : null,
    room: ro ? readRoom(Fields.of(ro, fail)) : null,
    familySize: num(hh.int(1)),
    sims: hh.messages(2).map((sim) => readTraySim(Fields.of(sim, fail))),
    isModdedContent: (specific.int(5) ?? 0n) !== 0n,
    hashtags: specific.texts(8),
  };
}

function readLot(bp: Fields): TrayLot {
  return {
    sizeX: num(bp.int(2)),
    sizeZ: num(bp.int(3)),
    price: num(bp.int(5)),
    bedrooms: num(bp.int(6)),
    bathrooms: num(bp.int(7)),
    thumbnailCount: num(bp.int(9)),
  };
}

function readRoom(ro: Fields): TrayRoom {
  return { roomType: num(ro.int(1)), sizeX: num(ro.int(2)), sizeZ: num(ro.int(3)), price: num(ro.int(4)), height: num(ro.int(5)) };
}

function readTraySim(sim: Fields): TraySim {
  return {
    id: idOrNull(sim.int(5)),
    firstName: sim.text(3),
    lastName: sim.text(4),
    gender: genderOf(sim.int(6)),
    age: ageOf(sim.int(9)),
    species: num(sim.int(12)),
  };
}

// ---------------------------------------------------------------------------------------------
// .householdbinary

export interface HouseholdSim {
  id: string | null;
  firstName: string;
  lastName: string;
  gender: Gender;
  age: AgeLabel;
  /** The skin tone (TONE) instance id. */
  skinTone: string | null;
  /** CAS part ids of all the sim's outfits, each once. */
  casPartIds: string[];
}

export interface HouseholdBinary {
  /** The header's first uint32 (0 or 2 in files seen so far). */
  version: number;
  familyName: string;
  money: number | null;
  description: string;
  sims: HouseholdSim[];
  /** CAS part ids used by any sim's outfits, each once: the ones to look up. */
  casPartIds: string[];
  /** Object definition ids ("object GUIDs") of the household inventory, each once. */
  inventoryObjectIds: string[];
  /** Bytes after FamilyData, kept untouched. */
  trailing: Uint8Array;
}

/**
 * Reads a .householdbinary: a header, FamilyData, then trailing bytes that are returned as they are.
 * Two headers occur (SIMS-FORMATS.md): (a) uint32 0 or 2, uint32 body length; (b) from version 2,
 * uint32 version, uint32 bytes after it, uint32 0, uint32 body length, then custom-texture blobs
 * after the body. (a) is tried first; a (b) file never reads as (a), as its body would start with
 * the byte 0, which no protobuf field starts with. Outfits are read whether field 21 holds one
 * OutfitData or a list of them in field 1 (SIMS-FORMATS.md names the fields but not that nesting).
 */
export function readHouseholdBinary(bytes: Uint8Array, options: TrayReadOptions = {}): HouseholdBinary {
  try {
    return readHousehold(splitTrayFile(bytes, 'householdbinary', options));
  } catch (error) {
    const second = error instanceof GameFileError && error.code !== 'GAME_FILE_TOO_LARGE' ? splitHouseholdV2(bytes) : null;
    if (!second) throw error;
    return readHousehold(second);
  }
}

/** Header (b), or null when the bytes do not have its shape: version 2 or later, then 0 at byte 8. */
function splitHouseholdV2(bytes: Uint8Array) {
  if (bytes.length < 16) return null;
  const version = u32le(bytes, 0);
  if (version < 2 || u32le(bytes, 8) !== 0) return null;
  const length = u32le(bytes, 12);
  if (length > bytes.length - 16) throw gameFileError('TRAY_FILE_TRUNCATED', { ext: 'householdbinary' });
  return { version, body: bytes.subarray(16, 16 + length), trailing: bytes.subarray(16 + length) };
}

function readHousehold({ version, body, trailing }: { version: number; body: Uint8Array; trailing: Uint8Array }): HouseholdBinary {
  const fail = () => gameFileError('TRAY_FILE_INVALID', { ext: 'householdbinary' });
  const family = Fields.of(Fields.of(body, fail).bytes(1), fail);
  const sims = family.messages(6).map((sim) => readHouseholdSim(Fields.of(sim, fail), fail));
  const inventory = new Set<string>();
  for (const list of family.messages(12)) {
    for (const object of Fields.of(list, fail).messages(1)) {
      const guid = idOrNull(Fields.of(object, fail).int(30));
      if (guid) inventory.add(guid);
    }
  }
  return {
    version,
    familyName: family.text(3),
    money: num(family.int(4)),
    description: family.text(11),
    sims,
    casPartIds: [...new Set(sims.flatMap((s) => s.casPartIds))],
    inventoryObjectIds: [...inventory],
    trailing,
  };
}

function readHouseholdSim(sim: Fields, fail: () => GameFileError): HouseholdSim {
  const parts = new Set<string>();
  const addParts = (idList: Uint8Array) => {
    for (const f of Fields.of(idList, fail).all(1)) {
      for (const id of protoIds(f)) if (id !== 0n) parts.add(idHex(id));
    }
  };
  for (const outfits of sim.messages(21)) {
    const fields = Fields.of(outfits, fail);
    for (const idList of fields.messages(5)) addParts(idList);
    for (const outfit of fields.messages(1)) for (const idList of Fields.of(outfit, fail).messages(5)) addParts(idList);
  }
  return {
    id: idOrNull(sim.int(1)),
    firstName: sim.text(5),
    lastName: sim.text(6),
    gender: genderOf(sim.int(7)),
    age: ageOf(sim.int(8)),
    skinTone: idOrNull(sim.int(10)),
    casPartIds: [...parts],
  };
}

// ---------------------------------------------------------------------------------------------
// .hhi, .sgi, .bpi, .rmi

export interface TrayImage {
  /** `plain` for a bare JPEG or PNG; otherwise the header's version. */
  container: 'plain' | 'v1' | 'v2';
  format: 'jpeg' | 'png';
  /** The picture; for a JPEG, without its ALFA segment. */
  image: Uint8Array;
  /** A JPEG's transparency mask: a PNG whose red channel is the alpha. */
  alphaPng?: Uint8Array;
}

export interface TrayImageOptions {
  /** Refuse pictures larger than this (default 32 MiB). */
  maxBytes?: number;
}

export const DEFAULT_MAX_TRAY_IMAGE_BYTES = 32 * 1024 * 1024;

const TRAY_IMAGE_MAGIC_BYTES = new Uint8Array([0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c]);
const TRAY_IMAGE_KEY = [0x41, 0x25, 0xe6, 0xcd, 0x47, 0xba, 0xb2, 0x1a];
const TRAY_IMAGE_HEADER = 24;

/**
 * Decodes a tray picture: a 24-byte header (payload length, magic, version 1 or 2), then the
 * payload XORed with a repeating 8-byte key; or a plain JPEG or PNG, which passes through.
 */
export function decodeTrayImage(bytes: Uint8Array, options: TrayImageOptions = {}): TrayImage {
  const max = options.maxBytes ?? DEFAULT_MAX_TRAY_IMAGE_BYTES;
  if (bytes.length > max) throw gameFileError('GAME_FILE_TOO_LARGE', { size: bytes.length, max });
  if (startsWith(bytes, JPEG_SIGNATURE) || startsWith(bytes, PNG_SIGNATURE)) return picture(bytes, 'plain');
  if (bytes.length < TRAY_IMAGE_HEADER) {
    // Cut short when what there is of the magic matches; otherwise not a tray picture at all.
    const seen = bytes.subarray(8, 16);
    throw gameFileError(seen.length > 0 && startsWith(TRAY_IMAGE_MAGIC_BYTES, seen) ? 'TRAY_IMAGE_TRUNCATED' : 'TRAY_IMAGE_INVALID', {});
  }
  if (!startsWith(bytes, TRAY_IMAGE_MAGIC_BYTES, 8)) throw gameFileError('TRAY_IMAGE_INVALID', {});
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getBigUint64(16, true);
  if (version !== 1n && version !== 2n) throw gameFileError('TRAY_IMAGE_INVALID', {});
  // Version 1 keeps the length in a uint32; version 2 in a uint64.
  const length = version === 1n ? BigInt(view.getUint32(0, true)) : view.getBigUint64(0, true);
  if (length > BigInt(bytes.length - TRAY_IMAGE_HEADER)) throw gameFileError('TRAY_IMAGE_TRUNCATED', {});
  const payload = bytes.slice(TRAY_IMAGE_HEADER, TRAY_IMAGE_HEADER + Number(length));
  for (let i = 0; i < payload.length; i += 1) payload[i]! ^= TRAY_IMAGE_KEY[i & 7]!;
  if (!startsWith(payload, JPEG_SIGNATURE) && !startsWith(payload, PNG_SIGNATURE)) throw gameFileError('TRAY_IMAGE_INVALID', {});
  return picture(payload, version === 1n ? 'v1' : 'v2');
}

function picture(bytes: Uint8Array, container: TrayImage['container']): TrayImage {
  if (startsWith(bytes, PNG_SIGNATURE)) return { container, format: 'png', image: bytes };
  try {
    const { jpeg, alphaPng } = decodeThumbnail(bytes);
    return alphaPng ? { container, format: 'jpeg', image: jpeg, alphaPng } : { container, format: 'jpeg', image: jpeg };
  } catch (error) {
    if (error instanceof GameFileError) throw gameFileError('TRAY_IMAGE_INVALID', {});
    throw error;
  }
}
