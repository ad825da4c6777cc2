import { describe, expect, it } from 'vitest';
import { decompressRefPack } from './refpack.reader';
import {
  bytesOf,
  expectGameFileErrorCode,
  fuzzIterations,
  fuzzReader,
  mutations,
  randomInputs,
  refpackCompress,
  seededRandom,
  truncations,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const MiB = 1024 * 1024;

function randomBytes(length: number, seed: number): Uint8Array {
  const rng = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(rng() * 256));
}

function textBytes(length: number): Uint8Array {
  let s = '';
  for (let i = 0; s.length < length; i += 1) s += `<T n="tuning_${i % 17}">${(i * 31) % 97}</T>\n`;
  return new Uint8Array(Buffer.from(s.slice(0, length), 'latin1'));
}

/**
 * A hand-made stream whose last command copies from more than 64 KiB back (offset bit 0x10 of the
 * 4-byte command), which the fixture encoder's window is too slow to reach in a unit test: 4
 * literals, 4 zero literals, 68 copies of 1,028 zeros, then 5 bytes from the very start.
 */
function farCopy(): { stream: Uint8Array; expected: Uint8Array } {
  const runs = 68;
  const before = 8 + 1028 * runs;
  const size = before + 5;
  const o = before - 1;
  const commands: number[] = [0xe0, 1, 2, 3, 4, 0xe0, 0, 0, 0, 0];
  for (let i = 0; i < runs; i += 1) commands.push(0xcc, 0x00, 0x00, 0xff); // copy 1,028 from 1 back
  commands.push(0xc0 | ((o >> 12) & 0x10), (o >> 8) & 0xff, o & 0xff, 0x00, 0xfc);
  const expected = new Uint8Array(size);
  expected.set([1, 2, 3, 4]);
  expected.set([1, 2, 3, 4, 0], before);
  return { stream: bytesOf([0x10, 0xfb, size >> 16, (size >> 8) & 0xff, size & 0xff], commands), expected };
}

/** Zeros from a few bytes: 4 literals, then `runs` copies of 1,028 bytes (4 bytes each), then stop. */
function zeroBomb(runs: number): Uint8Array {
  const size = 4 + 1028 * runs;
  const commands: number[] = [0xe0, 0, 0, 0, 0];
  for (let i = 0; i < runs; i += 1) commands.push(0xcc, 0x00, 0x00, 0xff);
  return bytesOf([0x80, 0xfb, size >>> 24, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff], commands, [0xfc]);
}

/** The commands a stream uses, by first byte: 2-, 3-, 4-byte copies, literals, stop. */
function commandKinds(stream: Uint8Array): Set<string> {
  const kinds = new Set<string>();
  let p = stream[0]! & 0x80 ? 6 : 5;
  while (p < stream.length) {
    const b0 = stream[p]!;
    if (b0 < 0x80) {
      kinds.add('copy2');
      p += 2 + (b0 & 3);
    } else if (b0 < 0xc0) {
      kinds.add('copy3');
      p += 3 + (stream[p + 1]! >> 6);
    } else if (b0 < 0xe0) {
      kinds.add('copy4');
      p += 4 + (b0 & 3);
    } else if (b0 < 0xfc) {
      kinds.add('literal');
      p += 1 + ((b0 & 0x1f) << 2) + 4;
    } else {
      kinds.add('stop');
      p += 1 + (b0 & 3);
    }
  }
  return kinds;
}

const unpack = (input: Uint8Array, expectedSize?: number) => decompressRefPack(input, { maxBytes: 64 * MiB, expectedSize });

describe('decompressRefPack: round trips', () => {
  const samples: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['one byte', bytesOf([0x42])],
    ['three bytes', bytesOf([1, 2, 3])],
    ['a run of zeros', new Uint8Array(3000)],
    ['tuning-like text', textBytes(3000)],
    ['random bytes', randomBytes(1500, 1)],
  ];
  const packed = samples.map(([, data]) => refpackCompress(data));

  for (const [name, data] of samples) {
    it(`unpacks ${name} (${data.length} bytes) with both header forms and the Sims 2 prefix`, () => {
      for (const options of [{}, { largeHeader: true }, { sims2Prefix: true }, { largeHeader: true, sims2Prefix: true }]) {
        const packed = refpackCompress(data, options);
        const out = unpack(packed, data.length);
        expect(out).toHaveLength(data.length);
        expect(Buffer.from(out).equals(Buffer.from(data))).toBe(true);
      }
    });
  }

  it('exercises every command of the format', () => {
    const kinds = new Set<string>();
    for (const stream of packed) for (const k of commandKinds(stream)) kinds.add(k);
    expect([...kinds].sort()).toEqual(['copy2', 'copy3', 'copy4', 'literal', 'stop']);
  });

  it('copies from more than 64 KiB back', () => {
    const { stream, expected } = farCopy();
    expect(commandKinds(stream)).toEqual(new Set(['literal', 'copy4', 'stop']));
    expect(Buffer.from(unpack(stream, expected.length)).equals(Buffer.from(expected))).toBe(true);
  });

  it('reads the small header (10 FB + 3-byte size) and the large one (80 FB + 4-byte size)', () => {
    const data = textBytes(300);
    const small = refpackCompress(data);
    const large = refpackCompress(data, { largeHeader: true });
    expect([...small.subarray(0, 5)]).toEqual([0x10, 0xfb, 0x00, 0x01, 0x2c]);
    expect([...large.subarray(0, 6)]).toEqual([0x80, 0xfb, 0x00, 0x00, 0x01, 0x2c]);
    expect(Buffer.from(unpack(small)).toString('latin1')).toBe(Buffer.from(data).toString('latin1'));
    expect(Buffer.from(unpack(large)).toString('latin1')).toBe(Buffer.from(data).toString('latin1'));
  });

  it('skips the packed size that flag 0x01 announces', () => {
    // 11 FB, a packed size (ignored), the unpacked size 5, 4 literals, then stop carrying 1 more.
    const stream = bytesOf([0x11, 0xfb, 0xaa, 0xbb, 0xcc, 0x00, 0x00, 0x05, 0xe0, 1, 2, 3, 4, 0xfd, 5]);
    expect([...unpack(stream, 5)]).toEqual([1, 2, 3, 4, 5]);
    const large = bytesOf([0x81, 0xfb, 0, 0, 0, 0, 0, 0, 0, 5, 0xe0, 1, 2, 3, 4, 0xfd, 5]);
    expect([...unpack(large, 5)]).toEqual([1, 2, 3, 4, 5]);
  });

  it('accepts a stream without the stop command once the output is full', () => {
    const stream = bytesOf([0x10, 0xfb, 0, 0, 4, 0xe0, 9, 8, 7, 6]);
    expect([...unpack(stream)]).toEqual([9, 8, 7, 6]);
  });

  it('copies overlapping runs byte by byte', () => {
    // Literal "ab", then copy 6 from 2 back: "abababab".
    const stream = bytesOf([0x10, 0xfb, 0, 0, 8, 0x0e, 0x01, 0x61, 0x62, 0xfc]);
    expect(Buffer.from(unpack(stream)).toString('latin1')).toBe('abababab');
  });
});

describe('decompressRefPack: damage and limits', () => {
  it('refuses an output larger than the cap before allocating it (a decompression bomb)', async () => {
    // Six bytes claiming 4 GiB.
    const bomb = bytesOf([0x80, 0xfb, 0xff, 0xff, 0xff, 0xff]);
    const error = await expectGameFileErrorCode(() => decompressRefPack(bomb, { maxBytes: 64 * MiB }), 'PACKAGE_RESOURCE_TOO_LARGE');
    expect(error.extensions).toMatchObject({ size: 0xffffffff, max: 64 * MiB });
    // A real stream growing 2 MiB of zeros from 8 KiB, against a 1 MiB cap and then a 4 MiB one.
    const zeros = zeroBomb(2040);
    expect(zeros.length).toBeLessThan(8200);
    const capped = await expectGameFileErrorCode(() => decompressRefPack(zeros, { maxBytes: MiB }), 'PACKAGE_RESOURCE_TOO_LARGE');
    expect(capped.extensions).toMatchObject({ size: 4 + 1028 * 2040, max: MiB });
    const out = decompressRefPack(zeros, { maxBytes: 4 * MiB });
    expect(out).toHaveLength(4 + 1028 * 2040);
    expect(out.every((b) => b === 0)).toBe(true);
  });

  it('refuses a stream whose size disagrees with the index', async () => {
    const packed = refpackCompress(textBytes(100));
    await expectGameFileErrorCode(() => unpack(packed, 99), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => unpack(packed, 101), 'PACKAGE_RESOURCE_CORRUPT');
  });

  it('refuses a truncated stream instead of looping (10 FB 00 00 40 E0)', async () => {
    await expectGameFileErrorCode(() => unpack(bytesOf([0x10, 0xfb, 0x00, 0x00, 0x40, 0xe0])), 'PACKAGE_RESOURCE_CORRUPT');
  });

  it('refuses bad headers', async () => {
    for (const stream of [
      bytesOf([]),
      bytesOf([0x10]),
      bytesOf([0x10, 0xfb, 0x00, 0x00]),
      bytesOf([0x80, 0xfb, 0x00, 0x00, 0x00]),
      bytesOf([0x10, 0xfa, 0x00, 0x00, 0x01, 0xfd, 0x00]),
      bytesOf([0x12, 0xfb, 0x00, 0x00, 0x01, 0xfd, 0x00]), // unknown flag bits
      bytesOf([0x11, 0xfb, 0x00, 0x00, 0x01]), // flag 0x01 without room for both sizes
    ]) {
      await expectGameFileErrorCode(() => unpack(stream), 'PACKAGE_RESOURCE_CORRUPT');
    }
  });

  it('refuses commands that reach outside the input or the output', async () => {
    for (const stream of [
      bytesOf([0x10, 0xfb, 0, 0, 4, 0x00, 0x00]), // copy from before the start
      bytesOf([0x10, 0xfb, 0, 0, 4, 0xe0, 1, 2]), // literals past the end of the input
      bytesOf([0x10, 0xfb, 0, 0, 4, 0xe1, 1, 2, 3, 4, 5, 6, 7, 8]), // literals past the end of the output
      bytesOf([0x10, 0xfb, 0, 0, 6, 0xe0, 1, 2, 3, 4, 0x1c, 0x00, 0xfc]), // a copy past the end of the output
      bytesOf([0x10, 0xfb, 0, 0, 6, 0xe0, 1, 2, 3, 4, 0xfc]), // stop before the output is full
      bytesOf([0x10, 0xfb, 0, 0, 6, 0xe0, 1, 2, 3, 4]), // the input ends before the output is full
      bytesOf([0x10, 0xfb, 0, 0, 9, 0xe0, 1, 2, 3, 4, 0x00]), // 2-byte command cut short
      bytesOf([0x10, 0xfb, 0, 0, 9, 0xe0, 1, 2, 3, 4, 0x80, 0x00]), // 3-byte command cut short
      bytesOf([0x10, 0xfb, 0, 0, 9, 0xe0, 1, 2, 3, 4, 0xc0, 0x00, 0x00]), // 4-byte command cut short
      bytesOf([0x10, 0xfb, 0, 0, 9, 0xe0, 1, 2, 3, 4, 0xc0, 0x10, 0x00, 0x00]), // 4-byte copy from 4 KiB back
      bytesOf([0x10, 0xfb, 0, 0, 5, 0xe0, 1, 2, 3, 4, 0xfd]), // stop's literal missing
    ]) {
      await expectGameFileErrorCode(() => unpack(stream), 'PACKAGE_RESOURCE_CORRUPT');
    }
  });
});

describe('fuzz: decompressRefPack', () => {
  /** Either the whole output at the size the header states, or a typed refusal. */
  const read = (bytes: Uint8Array) => {
    const out = decompressRefPack(bytes, { maxBytes: 4 * MiB });
    if (out.length > 4 * MiB) throw new Error(`${out.length} bytes`);
  };
  const valid = [
    refpackCompress(textBytes(2000)),
    refpackCompress(randomBytes(300, 5), { largeHeader: true }),
    refpackCompress(textBytes(500), { sims2Prefix: true }),
    zeroBomb(3),
    farCopy().stream,
  ];

  it('survives mutations of valid streams', async () => {
    for (const [n, stream] of valid.entries()) {
      const tally = await fuzzReader(mutations(stream, Math.ceil(FUZZ_ITERATIONS / valid.length), 500 + n, [0, 1, 2, 4]), read);
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.error).toBeGreaterThan(0);
    }
  });

  it('survives every truncation of a small stream (only the whole one reads)', async () => {
    const stream = refpackCompress(textBytes(700));
    const tally = await fuzzReader(truncations(stream), read);
    // The text has no byte 0xFC, so a last byte 0xFC is a bare stop command: without it the output
    // is already full, which the reader accepts.
    expect(tally.ok).toBe(stream.at(-1) === 0xfc ? 1 : 0);
    expect(tally.error).toBe(stream.length - tally.ok);
  });

  it('survives random bytes after both header forms', async () => {
    for (const [n, prefix] of [[0x10, 0xfb, 0x00, 0x10, 0x00], [0x80, 0xfb, 0x00, 0x00, 0x04, 0x00]].entries()) {
      const tally = await fuzzReader(randomInputs(Math.ceil(FUZZ_ITERATIONS / 2), 600 + n, 300, prefix), read);
      expect(tally.error).toBeGreaterThan(0);
    }
  });
});
