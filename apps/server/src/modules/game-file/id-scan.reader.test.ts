import { describe, expect, it } from 'vitest';
import { scanCandidateIds } from './id-scan.reader';
import { bytesOf, expectGameFileErrorCode, fuzzIterations, fuzzReader, mutations, ProtoWriter, randomInputs, Writer } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const SOFA = 0x0123456789abcdefn;
const LAMP = 0xfedcba9876543210n;
const HAIR = 0x00000001deadbeefn;
const NOT_THERE = 0x1111111122222222n;
const TWO_32 = 2n ** 32n;

/** A blueprint-like protobuf: objects by fixed64 and by varint guid, sizes and counts in between. */
function blueprint(): Uint8Array {
  const object = (guid: bigint, asVarint: boolean) => {
    const o = new ProtoWriter().varint(1, 7).fixed32(2, 0x3f800000);
    return asVarint ? o.varint(30, guid) : o.fixed64(30, guid);
  };
  return new ProtoWriter()
    .varint(1, 64)
    .varint(2, 40)
    .message(3, object(SOFA, false))
    .message(3, object(LAMP, true))
    .message(3, object(HAIR, true))
    .string(4, 'Willow Creek')
    .toBytes();
}

describe('scanCandidateIds', () => {
  it('finds little-endian uint64s at every offset, aligned or not', () => {
    for (const at of [0, 1, 3, 8, 13]) {
      const bytes = new Writer().zeros(at).u64(SOFA).zeros(5).toBytes();
      expect(scanCandidateIds(bytes).has(SOFA)).toBe(true);
    }
  });

  it('ignores values below 2^32 (counts, sizes, offsets)', () => {
    expect(scanCandidateIds(new Writer().u64(0xffffffffn).toBytes())).toEqual(new Set());
    expect(scanCandidateIds(new ProtoWriter().varint(1, 0xffffffff).toBytes())).toEqual(new Set());
    expect(scanCandidateIds(new Uint8Array(64))).toEqual(new Set());
  });

  it('finds protobuf varints of 2^32 and more', () => {
    const bytes = new ProtoWriter().varint(1, TWO_32).varint(2, LAMP).toBytes();
    const found = scanCandidateIds(bytes);
    expect(found.has(TWO_32)).toBe(true);
    expect(found.has(LAMP)).toBe(true);
  });

  it('finds every id of a blueprint-like file, and with `known` only the known ones there', () => {
    const bytes = blueprint();
    const all = scanCandidateIds(bytes);
    for (const id of [SOFA, LAMP, HAIR]) expect(all.has(id)).toBe(true);
    for (const id of all) expect(id >= TWO_32 && id < 2n ** 64n).toBe(true);
    const known = new Set([SOFA, LAMP, HAIR, NOT_THERE, 0x0123456700000000n]);
    expect(scanCandidateIds(bytes, { known })).toEqual(new Set([SOFA, LAMP, HAIR]));
  });

  it('with `knownHighs`, keeps only candidates whose upper half is one of them, fixed or varint', () => {
    const high = (id: bigint) => Number(id >> 32n);
    const bytes = blueprint();
    const kept = scanCandidateIds(bytes, { knownHighs: new Set([high(SOFA), high(HAIR)]) });
    expect(kept.has(SOFA) && kept.has(HAIR)).toBe(true);
    expect(kept.has(LAMP)).toBe(high(LAMP) === high(SOFA) || high(LAMP) === high(HAIR));
    for (const id of kept) expect([high(SOFA), high(HAIR)]).toContain(high(id));
    expect(kept.size).toBeLessThan(scanCandidateIds(bytes).size);
    const varints = new ProtoWriter().varint(1, LAMP).varint(2, SOFA).toBytes();
    expect(scanCandidateIds(varints, { knownHighs: new Set([high(LAMP)]) }).has(LAMP)).toBe(true);
    expect(scanCandidateIds(varints, { knownHighs: new Set([high(LAMP)]) }).has(SOFA)).toBe(high(SOFA) === high(LAMP));
    expect(scanCandidateIds(bytes, { knownHighs: new Set() })).toEqual(new Set());
  });

  it('turns away an id whose upper half is known but whose lower half is not', () => {
    const bytes = new Writer().u64(SOFA).toBytes();
    expect(scanCandidateIds(bytes, { known: new Set([(SOFA >> 32n) << 32n]) })).toEqual(new Set());
    expect(scanCandidateIds(bytes, { known: new Set() })).toEqual(new Set());
  });

  it('refuses an input over the byte cap', async () => {
    const error = await expectGameFileErrorCode(() => scanCandidateIds(new Uint8Array(101), { maxBytes: 100 }), 'GAME_FILE_TOO_LARGE');
    expect(error.extensions).toMatchObject({ size: 101, max: 100 });
    expect(scanCandidateIds(new Uint8Array(100), { maxBytes: 100 })).toEqual(new Set());
  });

  it('refuses more distinct candidates than the cap', async () => {
    const bytes = new Writer().u64(SOFA).u64(LAMP).u64(HAIR).toBytes();
    const error = await expectGameFileErrorCode(() => scanCandidateIds(bytes, { maxIds: 2 }), 'GAME_FILE_TOO_MANY_IDS');
    expect(error.extensions).toMatchObject({ max: 2 });
    // The same id many times is one candidate.
    const repeated = bytesOf(...Array.from({ length: 50 }, () => new Writer().u64(SOFA).toBytes()));
    expect(scanCandidateIds(repeated, { maxIds: 1_000, known: new Set([SOFA]) })).toEqual(new Set([SOFA]));
    // With `known`, only known ids count against the cap.
    expect(scanCandidateIds(bytes, { maxIds: 1, known: new Set([LAMP]) })).toEqual(new Set([LAMP]));
  });
});

describe('fuzz: scanCandidateIds', () => {
  const known = new Set([SOFA, LAMP, HAIR, NOT_THERE]);
  const read = (bytes: Uint8Array) => {
    for (const id of scanCandidateIds(bytes, { maxIds: 40 })) if (id < TWO_32 || id >= 2n ** 64n) throw new Error(`candidate ${id}`);
    for (const id of scanCandidateIds(bytes, { known, maxIds: 3 })) if (!known.has(id)) throw new Error(`unknown ${id}`);
  };

  it('survives mutations of a blueprint-like file', async () => {
    const tally = await fuzzReader(mutations(blueprint(), FUZZ_ITERATIONS, 61), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives random bytes', async () => {
    const tally = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 62, 300), read);
    expect(tally.ok + tally.error).toBe(FUZZ_ITERATIONS);
  });
});
