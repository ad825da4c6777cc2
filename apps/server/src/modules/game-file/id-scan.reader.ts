import { gameFileError } from './game-file.errors';
import { readVarint } from './protobuf.reader';

export interface IdScanOptions {
  /** Refuse inputs larger than this (default 64 MiB). */
  maxBytes?: number;
  /** Refuse when more distinct candidates than this turn up (default 2,000,000, about 150 MB of Set). */
  maxIds?: number;
  /**
   * Keep only these ids. The scan then stays within the memory of this set whatever the input, and
   * is faster: most offsets are turned away by their upper 32 bits before a bigint is made.
   */
  known?: ReadonlySet<bigint>;
  /**
   * Keep only ids whose upper 32 bits are one of these (ignored when `known` is given): the cheap
   * first test of SIMS-FORMATS, for a caller that knows too many ids to hold them as bigints. It
   * still has to match what comes back against the ids it knows.
   */
  knownHighs?: ReadonlySet<number>;
}

export const DEFAULT_MAX_SCAN_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_SCAN_IDS = 2_000_000;

const TWO_32 = 0x1_0000_0000n;

/**
 * The 64-bit ids a .blueprint or .room might refer to (they have no public schema): every
 * little-endian uint64 at every byte offset, and every protobuf varint, whose value is at least
 * 2^32. Smaller values are counts, sizes and offsets far more often than ids, and the ids worth
 * finding (custom content's object definition and CAS part ids) are 64-bit hashes. The caller
 * intersects the result with the ids it knows, or passes them as `known`.
 *
 * One pass for each kind of candidate: linear in the input, and the set is capped by `maxIds`.
 */
export function scanCandidateIds(bytes: Uint8Array, options: IdScanOptions = {}): Set<bigint> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SCAN_BYTES;
  const maxIds = options.maxIds ?? DEFAULT_MAX_SCAN_IDS;
  const known = options.known;
  if (bytes.length > maxBytes) throw gameFileError('GAME_FILE_TOO_LARGE', { size: bytes.length, max: maxBytes });

  const found = new Set<bigint>();
  const add = (id: bigint) => {
    if (known && !known.has(id)) return;
    found.add(id);
    if (found.size > maxIds) throw gameFileError('GAME_FILE_TOO_MANY_IDS', { max: maxIds });
  };
  // The upper halves of the known ids, as numbers: a cheap first test at every offset.
  const knownHighs = known ? new Set([...known].map((id) => Number((id >> 32n) & 0xffffffffn))) : (options.knownHighs ?? null);

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 8 <= bytes.length; i += 1) {
    const high = view.getUint32(i + 4, true);
    if (high === 0 || (knownHighs && !knownHighs.has(high))) continue;
    add(view.getBigUint64(i, true));
  }

  // A varint of 2^32 or more takes at least 5 bytes, the first 4 with their continuation bit set.
  for (let i = 0; i + 5 <= bytes.length; i += 1) {
    if ((bytes[i]! & bytes[i + 1]! & bytes[i + 2]! & bytes[i + 3]!) < 0x80) continue;
    const varint = readVarint(bytes, i);
    if (!varint || varint.value < TWO_32) continue;
    if (knownHighs && !knownHighs.has(Number((varint.value >> 32n) & 0xffffffffn))) continue;
    add(varint.value);
  }
  return found;
}
