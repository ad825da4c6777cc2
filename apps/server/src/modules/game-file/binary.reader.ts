import type { GameFileError } from './game-file.errors';

/**
 * A little-endian cursor over bytes. Every read is checked against the end first; reading past it
 * throws the error the caller chose (a cut-short .package index and a cut-short tray file want
 * different messages), never a RangeError.
 */
export class ByteCursor {
  private readonly view: DataView;
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    private readonly short: () => GameFileError,
    start = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
  }

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  private need(n: number): number {
    if (n > this.bytes.length - this.pos) throw this.short();
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.bytes[this.need(1)]!;
  }

  u16(): number {
    return this.view.getUint16(this.need(2), true);
  }

  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }

  u64(): bigint {
    return this.view.getBigUint64(this.need(8), true);
  }

  take(n: number): Uint8Array {
    const at = this.need(n);
    return this.bytes.subarray(at, at + n);
  }

  skip(n: number): void {
    this.need(n);
  }
}

export function u32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) >>> 0) + bytes[at + 3]! * 0x1000000;
}

export function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>, at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

export const JPEG_SIGNATURE = [0xff, 0xd8] as const;
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** A 64-bit id as the site writes it outside the code: 16 lowercase hex digits. */
export function idHex(id: bigint): string {
  return BigInt.asUintN(64, id).toString(16).padStart(16, '0');
}

/** A 32-bit type or group as 8 lowercase hex digits. */
export function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8');

/** UTF-8 text; broken sequences become U+FFFD rather than failing, as a name is still worth showing. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}
