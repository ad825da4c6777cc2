import { u32le } from './binary.reader';
import { gameFileError } from './game-file.errors';

export interface RefPackOptions {
  /** The size the package index promises; the stream's own header must agree. */
  expectedSize?: number;
  /** Refuse to unpack more than this (checked before anything is allocated). */
  maxBytes: number;
}

/**
 * Unpacks EA's RefPack (QFS) compression, compression 0xFFFF in a DBPF index (SIMS-FORMATS.md).
 * Written here rather than taken from a package so every bound is checked and every failure is a
 * GameFileError: the output is allocated once at the size the header states (after checking it
 * against the cap) and no command may read or write past either end.
 *
 * Header: flags byte, 0xFB, then the unpacked size in 3 bytes big-endian (4 when flag 0x80 is set);
 * flag 0x01 means a packed size of the same width follows, which is skipped. Sims 2 packages put a
 * uint32 of the packed size before the header; that is recognised and skipped too.
 */
export function decompressRefPack(input: Uint8Array, options: RefPackOptions): Uint8Array {
  const corrupt = () => gameFileError('PACKAGE_RESOURCE_CORRUPT', {});
  let p = 0;
  // Sims 2: uint32 LE packed size (the whole resource), then the usual header.
  if (input.length >= 6 && input[1] !== 0xfb && input[5] === 0xfb && u32le(input, 0) === input.length) p = 4;
  if (input.length < p + 5) throw corrupt();
  const flags = input[p]!;
  if (input[p + 1] !== 0xfb || (flags & 0x6e) !== 0) throw corrupt();
  const width = flags & 0x80 ? 4 : 3;
  p += 2;
  if (flags & 0x01) p += width;
  if (input.length < p + width) throw corrupt();
  let size = 0;
  for (let i = 0; i < width; i += 1) size = size * 256 + input[p + i]!;
  p += width;
  if (options.expectedSize !== undefined && size !== options.expectedSize) throw corrupt();
  if (size > options.maxBytes) throw gameFileError('PACKAGE_RESOURCE_TOO_LARGE', { size, max: options.maxBytes });

  const out = new Uint8Array(size);
  let o = 0;
  for (;;) {
    if (p >= input.length) {
      // Some writers leave out the stop command once the output is full.
      if (o === size) return out;
      throw corrupt();
    }
    const b0 = input[p]!;
    let literal: number;
    let copy = 0;
    let offset = 0;
    let stop = false;
    if (b0 < 0x80) {
      if (p + 2 > input.length) throw corrupt();
      const b1 = input[p + 1]!;
      literal = b0 & 0x03;
      copy = ((b0 & 0x1c) >> 2) + 3;
      offset = ((b0 & 0x60) << 3) + b1 + 1;
      p += 2;
    } else if (b0 < 0xc0) {
      if (p + 3 > input.length) throw corrupt();
      const b1 = input[p + 1]!;
      const b2 = input[p + 2]!;
      literal = b1 >> 6;
      copy = (b0 & 0x3f) + 4;
      offset = ((b1 & 0x3f) << 8) + b2 + 1;
      p += 3;
    } else if (b0 < 0xe0) {
      if (p + 4 > input.length) throw corrupt();
      const b1 = input[p + 1]!;
      const b2 = input[p + 2]!;
      const b3 = input[p + 3]!;
      literal = b0 & 0x03;
      copy = ((b0 & 0x0c) << 6) + b3 + 5;
      offset = ((b0 & 0x10) << 12) + (b1 << 8) + b2 + 1;
      p += 4;
    } else if (b0 < 0xfc) {
      literal = ((b0 & 0x1f) << 2) + 4;
      p += 1;
    } else {
      literal = b0 & 0x03;
      stop = true;
      p += 1;
    }
    if (literal > input.length - p || literal > size - o) throw corrupt();
    out.set(input.subarray(p, p + literal), o);
    p += literal;
    o += literal;
    if (copy > 0) {
      if (offset > o || copy > size - o) throw corrupt();
      // Byte by byte: the source may overlap what is being written (a run).
      for (let from = o - offset, end = o + copy; o < end; ) out[o++] = out[from++]!;
    }
    if (stop) {
      if (o !== size) throw corrupt();
      return out;
    }
  }
}
