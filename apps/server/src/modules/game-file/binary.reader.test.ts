import { describe, expect, it } from 'vitest';
import { ByteCursor, concatBytes, decodeUtf8, hex32, idHex, JPEG_SIGNATURE, PNG_SIGNATURE, startsWith, u32le } from './binary.reader';
import { gameFileError } from './game-file.errors';
import { bytesOf, expectGameFileErrorCode, fuzzIterations, fuzzReader, randomInputs, seededRandom, Writer } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(2000);

const short = () => gameFileError('PACKAGE_INDEX_TRUNCATED', {});

describe('ByteCursor', () => {
  const bytes = new Writer().u8(0xab).u16(0xbeef).u32(0xdeadbeef).u64(0xfedcba9876543210n).bytes([1, 2, 3]).toBytes();

  it('reads little-endian values in order and counts what remains', () => {
    const c = new ByteCursor(bytes, short);
    expect(c.remaining).toBe(18);
    expect(c.u8()).toBe(0xab);
    expect(c.u16()).toBe(0xbeef);
    expect(c.u32()).toBe(0xdeadbeef);
    expect(c.u64()).toBe(0xfedcba9876543210n);
    expect(c.remaining).toBe(3);
    expect([...c.take(2)]).toEqual([1, 2]);
    c.skip(1);
    expect(c.remaining).toBe(0);
    expect(c.pos).toBe(18);
  });

  it('starts where it is told, within a view that has an offset', () => {
    const outer = bytesOf([9, 9, 9], bytes);
    const c = new ByteCursor(outer.subarray(3), short, 3);
    expect(c.u32()).toBe(0xdeadbeef);
  });

  it('throws the caller’s error, not a RangeError, when a read passes the end', async () => {
    for (const read of [
      (c: ByteCursor) => c.u8(),
      (c: ByteCursor) => c.u16(),
      (c: ByteCursor) => c.u32(),
      (c: ByteCursor) => c.u64(),
      (c: ByteCursor) => c.take(2),
      (c: ByteCursor) => c.skip(2),
    ]) {
      await expectGameFileErrorCode(() => read(new ByteCursor(new Uint8Array(1), short, 1)), 'PACKAGE_INDEX_TRUNCATED');
    }
    // A view must not read into the rest of its buffer.
    await expectGameFileErrorCode(() => new ByteCursor(bytes.subarray(0, 5), short, 1).u64(), 'PACKAGE_INDEX_TRUNCATED');
    // A failed read leaves the position where it was.
    const c = new ByteCursor(bytes, short, 16);
    await expectGameFileErrorCode(() => c.u32(), 'PACKAGE_INDEX_TRUNCATED');
    expect(c.pos).toBe(16);
    expect(c.u16()).toBe(0x0302);
  });
});

describe('helpers', () => {
  it('u32le reads an unsigned value, top bit included', () => {
    expect(u32le(bytesOf([0x78, 0x56, 0x34, 0x12]), 0)).toBe(0x12345678);
    expect(u32le(bytesOf([0, 0xff, 0xff, 0xff, 0xff]), 1)).toBe(0xffffffff);
  });

  it('startsWith compares at an offset and is false past the end', () => {
    const jpeg = bytesOf(JPEG_SIGNATURE, [0xff, 0xe0]);
    expect(startsWith(jpeg, JPEG_SIGNATURE)).toBe(true);
    expect(startsWith(jpeg, [0xff, 0xe0], 2)).toBe(true);
    expect(startsWith(jpeg, [0xff, 0xe0, 0x00], 2)).toBe(false);
    expect(startsWith(jpeg, PNG_SIGNATURE)).toBe(false);
    expect(startsWith(new Uint8Array(0), [])).toBe(true);
  });

  it('idHex writes 16 lowercase digits, wrapping negatives to 64 bits', () => {
    expect(idHex(0n)).toBe('0000000000000000');
    expect(idHex(0x2an)).toBe('000000000000002a');
    expect(idHex(0xFEDCBA9876543210n)).toBe('fedcba9876543210');
    expect(idHex(-1n)).toBe('ffffffffffffffff');
    expect(idHex(2n ** 64n + 5n)).toBe('0000000000000005');
  });

  it('hex32 writes 8 lowercase digits of an unsigned 32-bit value', () => {
    expect(hex32(0xbc2c0be9)).toBe('bc2c0be9');
    expect(hex32(1)).toBe('00000001');
    expect(hex32(-1)).toBe('ffffffff');
  });

  it('concatBytes joins in order', () => {
    expect([...concatBytes([bytesOf([1]), new Uint8Array(0), bytesOf([2, 3])])]).toEqual([1, 2, 3]);
    expect(concatBytes([])).toEqual(new Uint8Array(0));
  });

  it('decodeUtf8 keeps good text and replaces broken sequences', () => {
    expect(decodeUtf8(new Uint8Array(Buffer.from('Zoë 🌸')))).toBe('Zoë 🌸');
    expect(decodeUtf8(bytesOf([0x41, 0xff, 0x42, 0xe2, 0x82]))).toBe('A\uFFFDB\uFFFD');
  });
});

describe('fuzz: ByteCursor', () => {
  it('never throws anything but the caller’s error, whatever the reads', async () => {
    const rng = seededRandom(41);
    const ops = ['u8', 'u16', 'u32', 'u64', 'take', 'skip'] as const;
    const tally = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 42, 40), (bytes) => {
      const c = new ByteCursor(bytes, short, Math.floor(rng() * (bytes.length + 1)));
      for (let n = Math.floor(rng() * 8); n > 0; n -= 1) {
        const op = ops[Math.floor(rng() * ops.length)]!;
        const before = c.pos;
        if (op === 'take' || op === 'skip') c[op](Math.floor(rng() * 6));
        else c[op]();
        if (c.pos <= before && op !== 'take' && op !== 'skip') throw new Error(`${op} did not move`);
        if (c.pos > bytes.length) throw new Error(`${op} moved past the end`);
      }
    });
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });
});
