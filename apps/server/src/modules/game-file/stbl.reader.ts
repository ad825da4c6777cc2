import { ByteCursor, decodeUtf8, hex32, startsWith } from './binary.reader';
import { gameFileError } from './game-file.errors';

export interface StringTableEntry {
  /** FNV-32 of the string's key, as 8 lowercase hex digits. */
  key: string;
  text: string;
}

export interface StringTable {
  entries: StringTableEntry[];
  /** False when `maxStrings` stopped the reading before the table's end. */
  complete: boolean;
}

const MAGIC = [0x53, 0x54, 0x42, 0x4c]; // "STBL"
/** Key, flags and length: the least an entry takes. */
const MIN_ENTRY_BYTES = 7;

/**
 * Reads an unpacked Sims 4 string table (STBL version 5): "STBL", uint16 version, uint8
 * compressed, uint64 entry count, 2 reserved bytes, uint32 total string length, then per entry
 * uint32 key hash, uint8 flags, uint16 length and that many UTF-8 bytes. (The layout is the
 * community's, as s4pi and S4TK read it; SIMS-FORMATS.md does not describe it.)
 */
export function readStringTable(bytes: Uint8Array, maxStrings = Number.MAX_SAFE_INTEGER): StringTable {
  const invalid = () => gameFileError('PACKAGE_STRING_TABLE_INVALID', {});
  if (!startsWith(bytes, MAGIC)) throw invalid();
  const c = new ByteCursor(bytes, invalid, 4);
  if (c.u16() !== 5) throw invalid();
  c.skip(1); // compressed
  const count = c.u64();
  c.skip(2); // reserved
  c.skip(4); // total string length
  // An entry count the bytes cannot hold is a damaged table, not a reason to loop for long.
  if (count > BigInt(Math.floor(c.remaining / MIN_ENTRY_BYTES))) throw invalid();
  const entries: StringTableEntry[] = [];
  const n = Number(count);
  for (let i = 0; i < n; i += 1) {
    if (entries.length >= maxStrings) return { entries, complete: false };
    const key = c.u32();
    c.skip(1); // flags
    const length = c.u16();
    entries.push({ key: hex32(key), text: decodeUtf8(c.take(length)) });
  }
  return { entries, complete: true };
}
