import { describe, expect, it } from 'vitest';
import { readStringTable } from './stbl.reader';
import { expectGameFileErrorCode, fuzzIterations, fuzzReader, mutations, randomInputs, truncations, Writer, writeStbl } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const ENTRIES = [
  { key: 0xbc2c0be9, text: 'test' },
  { key: 0x00000001, text: 'Sofa “Bellevue”, teal' },
  { key: 0xffffffff, text: 'Zoë 🌸 Łucja — 日本語' },
  { key: 0x12345678, text: '' },
];

/** The header writeStbl writes: magic, version, compressed, count, reserved, total length. */
const HEADER_BYTES = 4 + 2 + 1 + 8 + 2 + 4;

describe('readStringTable', () => {
  it('reads every key as 8 hex digits and every text as UTF-8', () => {
    expect(readStringTable(writeStbl(ENTRIES))).toEqual({
      entries: [
        { key: 'bc2c0be9', text: 'test' },
        { key: '00000001', text: 'Sofa “Bellevue”, teal' },
        { key: 'ffffffff', text: 'Zoë 🌸 Łucja — 日本語' },
        { key: '12345678', text: '' },
      ],
      complete: true,
    });
  });

  it('reads an empty table', () => {
    expect(readStringTable(writeStbl([]))).toEqual({ entries: [], complete: true });
  });

  it('stops at maxStrings and says the table is incomplete', () => {
    expect(readStringTable(writeStbl(ENTRIES), 2)).toEqual({
      entries: [
        { key: 'bc2c0be9', text: 'test' },
        { key: '00000001', text: 'Sofa “Bellevue”, teal' },
      ],
      complete: false,
    });
    expect(readStringTable(writeStbl(ENTRIES), 0)).toEqual({ entries: [], complete: false });
    expect(readStringTable(writeStbl(ENTRIES), 4).complete).toBe(true);
  });

  it('reads a table inside a larger buffer (a view with an offset)', () => {
    const table = writeStbl(ENTRIES);
    const outer = new Uint8Array(table.length + 10);
    outer.set(table, 7);
    expect(readStringTable(outer.subarray(7, 7 + table.length)).entries).toHaveLength(4);
  });

  it('shows broken UTF-8 as U+FFFD rather than failing', () => {
    const w = new Writer().ascii('STBL').u16(5).u8(0).u64(1n).u16(0).u32(3).u32(0x1).u8(0).u16(3).bytes([0x61, 0xc3, 0x28]);
    expect(readStringTable(w.toBytes()).entries).toEqual([{ key: '00000001', text: 'a\uFFFD(' }]);
  });

  it('refuses what is not a version 5 string table', async () => {
    const table = writeStbl(ENTRIES);
    const invalid = (bytes: Uint8Array) => expectGameFileErrorCode(() => readStringTable(bytes), 'PACKAGE_STRING_TABLE_INVALID');
    await invalid(new Uint8Array(0));
    await invalid(new Uint8Array(Buffer.from('STB')));
    await invalid(new Uint8Array(Buffer.from('<?xml version="1.0"?>')));
    const v4 = table.slice();
    v4[4] = 4;
    await invalid(v4);
  });

  it('refuses a count the bytes cannot hold without trying to read that many', async () => {
    for (const count of [5n, 1000n, 0xffffffffn, 0xffffffffffffffffn]) {
      const table = writeStbl(ENTRIES);
      new DataView(table.buffer).setBigUint64(7, count, true);
      await expectGameFileErrorCode(() => readStringTable(table), 'PACKAGE_STRING_TABLE_INVALID');
    }
  });

  it('refuses a text longer than what is left', async () => {
    const table = writeStbl([{ key: 1, text: 'abc' }]);
    new DataView(table.buffer).setUint16(HEADER_BYTES + 5, 100, true);
    await expectGameFileErrorCode(() => readStringTable(table), 'PACKAGE_STRING_TABLE_INVALID');
  });
});

describe('fuzz: readStringTable', () => {
  const read = (bytes: Uint8Array) => {
    const table = readStringTable(bytes, 50);
    if (table.entries.length > 50) throw new Error(`${table.entries.length} entries`);
    for (const e of table.entries) if (!/^[0-9a-f]{8}$/.test(e.key)) throw new Error(`key ${e.key}`);
  };

  it('survives mutations of a valid table', async () => {
    const table = writeStbl(ENTRIES);
    const tally = await fuzzReader(mutations(table, FUZZ_ITERATIONS, 11, [4, 7, 11, HEADER_BYTES, HEADER_BYTES + 5]), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives every truncation (only the whole table reads)', async () => {
    const table = writeStbl(ENTRIES);
    const tally = await fuzzReader(truncations(table), read);
    expect(tally).toMatchObject({ ok: 0, error: table.length });
  });

  it('survives random bytes after the magic', async () => {
    const prefix = new Writer().ascii('STBL').u16(5).toBytes();
    const tally = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 12, 120, prefix), read);
    expect(tally.error).toBeGreaterThan(0);
  });
});
