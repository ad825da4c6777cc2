import { describe, expect, it } from 'vitest';
import { gameFileError } from './game-file.errors';
import { protoBytes, protoIds, protoInt, readProtoFields, readVarint } from './protobuf.reader';
import { bytesOf, expectGameFileErrorCode, fuzzIterations, fuzzReader, mutations, ProtoWriter, randomInputs, truncations } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(2000);

const fail = () => gameFileError('TRAY_FILE_INVALID', { ext: 'trayitem' });

/** A varint as the protobuf library writes it (field 1, wire 0), without its tag. */
function varintBytes(value: bigint): Uint8Array {
  return new ProtoWriter().varint(1, value).toBytes().subarray(1);
}

describe('readVarint', () => {
  it('reads values of every width up to 64 bits exactly', () => {
    for (const value of [0n, 1n, 127n, 128n, 300n, 2n ** 28n - 1n, 2n ** 28n, 2n ** 32n, 2n ** 53n + 1n, 0x0123456789abcdefn, 2n ** 63n, 2n ** 64n - 1n]) {
      const bytes = varintBytes(value);
      expect(readVarint(bytes, 0)).toEqual({ value, next: bytes.length });
    }
  });

  it('reads from an offset', () => {
    expect(readVarint(bytesOf([0xff, 0xff, 0xac, 0x02, 0x00]), 2)).toEqual({ value: 300n, next: 4 });
  });

  it('wraps a negative int32/int64 (ten bytes) to its unsigned 64-bit value', () => {
    const minusOne = varintBytes(-1n);
    expect(minusOne).toHaveLength(10);
    expect(readVarint(minusOne, 0)).toEqual({ value: 2n ** 64n - 1n, next: 10 });
  });

  it('returns null when cut short or longer than ten bytes', () => {
    expect(readVarint(new Uint8Array(0), 0)).toBeNull();
    expect(readVarint(bytesOf([0x80]), 0)).toBeNull();
    expect(readVarint(bytesOf([0xac, 0x02]), 2)).toBeNull();
    expect(readVarint(new Uint8Array(11).fill(0x80), 0)).toBeNull();
    expect(readVarint(bytesOf(new Uint8Array(10).fill(0xff)), 0)).toBeNull();
  });
});

describe('readProtoFields', () => {
  it('reads every wire type in order, nested messages as bytes', () => {
    const inner = new ProtoWriter().string(1, 'inner');
    const bytes = new ProtoWriter()
      .varint(1, 150)
      .fixed64(2, 0xfedcba9876543210n)
      .string(3, 'Zoë')
      .fixed32(4, 0xdeadbeef)
      .message(5, inner)
      .varint(536_870_911, 1) // the largest field number
      .toBytes();
    const fields = readProtoFields(bytes, fail);
    expect(fields.map((f) => [f.field, f.wire])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 5],
      [5, 2],
      [536_870_911, 0],
    ]);
    expect(protoInt(fields[0]!)).toBe(150n);
    expect(protoInt(fields[1]!)).toBe(0xfedcba9876543210n);
    expect(Buffer.from(protoBytes(fields[2]!)!).toString('utf8')).toBe('Zoë');
    expect(protoInt(fields[3]!)).toBe(0xdeadbeefn);
    expect(readProtoFields(protoBytes(fields[4]!)!, fail)).toEqual([{ field: 1, wire: 2, value: new Uint8Array(Buffer.from('inner')) }]);
    expect(protoBytes(fields[0]!)).toBeUndefined();
    expect(protoInt(fields[2]!)).toBeUndefined();
  });

  it('reads an empty message and empty length-delimited fields', () => {
    expect(readProtoFields(new Uint8Array(0), fail)).toEqual([]);
    expect(readProtoFields(new ProtoWriter().string(7, '').toBytes(), fail)).toEqual([{ field: 7, wire: 2, value: new Uint8Array(0) }]);
  });

  it('throws the caller’s error for damage', async () => {
    for (const bytes of [
      bytesOf([0x00]), // field 0
      bytesOf([0x0b]), // wire type 3 (group start)
      bytesOf([0x0c]), // wire type 4 (group end)
      bytesOf([0x0e]), // wire type 6
      bytesOf([0x0f]), // wire type 7
      bytesOf([0x08]), // a varint field without its value
      bytesOf([0x08, 0x80]), // a varint cut short
      bytesOf([0x09, 1, 2, 3, 4, 5, 6, 7]), // a fixed64 cut short
      bytesOf([0x0d, 1, 2, 3]), // a fixed32 cut short
      bytesOf([0x0a, 0x05, 1, 2, 3, 4]), // a length past the end
      bytesOf([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), // a 4 GiB length
      bytesOf([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), // a length of 2^64 − 1
      bytesOf([0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x00]), // a tag above 2^32
      bytesOf([0x80]), // a tag cut short
    ]) {
      await expectGameFileErrorCode(() => readProtoFields(bytes, fail), 'TRAY_FILE_INVALID');
    }
  });
});

describe('protoIds', () => {
  const ids = [0x0123456789abcdefn, 0xfedcba9876543210n, 1n];
  const field = (bytes: Uint8Array) => readProtoFields(bytes, fail)[0]!;

  it('reads packed fixed64 ids', () => {
    expect(protoIds(field(new ProtoWriter().packedFixed64(1, ids).toBytes()))).toEqual(ids);
  });

  it('reads one id per field, fixed64 or varint', () => {
    expect(protoIds(field(new ProtoWriter().fixed64(1, ids[1]!).toBytes()))).toEqual([ids[1]]);
    expect(protoIds(field(new ProtoWriter().varint(1, ids[0]!).toBytes()))).toEqual([ids[0]]);
  });

  it('reads packed varints when the length is not a multiple of 8', () => {
    const packed = bytesOf(varintBytes(ids[0]!), varintBytes(300n), varintBytes(ids[1]!));
    expect(packed.length % 8).not.toBe(0);
    expect(protoIds(field(new ProtoWriter().bytes(1, packed).toBytes()))).toEqual([ids[0], 300n, ids[1]]);
  });

  it('keeps the ids before a cut-short packed varint', () => {
    const packed = bytesOf(varintBytes(300n), [0x80]);
    expect(protoIds(field(new ProtoWriter().bytes(1, packed).toBytes()))).toEqual([300n]);
  });

  it('reads packed ids from a view inside a larger buffer (unaligned)', () => {
    const message = new ProtoWriter().packedFixed64(1, ids).toBytes();
    const outer = new Uint8Array(message.length + 3);
    outer.set(message, 3);
    expect(protoIds(field(outer.subarray(3)))).toEqual(ids);
  });
});

describe('fuzz: readProtoFields and protoIds', () => {
  /** Every field lies inside the input; ids are 64-bit. (Plain checks: `expect` is slow in a hot loop.) */
  const read = (bytes: Uint8Array) => {
    for (const f of readProtoFields(bytes, fail)) {
      if (f.field <= 0) throw new Error(`field ${f.field}`);
      if (f.wire === 2 && (f.value.buffer !== bytes.buffer || f.value.byteOffset + f.value.length > bytes.byteOffset + bytes.length)) {
        throw new Error(`field ${f.field} lies outside the input`);
      }
      for (const id of protoIds(f)) if (id < 0n || id >= 2n ** 64n) throw new Error(`id ${id}`);
    }
  };
  const message = new ProtoWriter()
    .varint(1, 0x0123456789abcdefn)
    .string(4, 'Bella Goth')
    .message(10, new ProtoWriter().message(2, new ProtoWriter().string(3, 'Bella').fixed64(5, 42n).varint(6, 8192)))
    .packedFixed64(12, [1n, 2n, 3n])
    .fixed32(13, 7)
    .toBytes();

  it('survives mutations of a message', async () => {
    const tally = await fuzzReader(mutations(message, FUZZ_ITERATIONS, 31), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives every truncation of a message', async () => {
    const tally = await fuzzReader(truncations(message), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives random bytes', async () => {
    const tally = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 32, 64), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('reads every varint of random bytes to at most ten bytes', () => {
    const [bytes] = [...randomInputs(1, 33, 4096)];
    for (let i = 0; i < bytes!.length; i += 1) {
      const v = readVarint(bytes!, i);
      if (v) expect(v.next - i).toBeLessThanOrEqual(10);
    }
  });
});
