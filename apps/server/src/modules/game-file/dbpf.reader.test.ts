import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { idHex } from './binary.reader';
import { byteSourceFromBytes, byteSourceFromFile } from './byte-source.reader';
import { readPackageIndex, readResource, type PackageEntry } from './dbpf.reader';
import { GameFileError } from './game-file.errors';
import { Compression } from './resource-types.constants';
import {
  expectGameFileErrorCode,
  fuzzIterations,
  fuzzReader,
  mutations,
  randomInputs,
  returnsOrThrowsTyped,
  seededRandom,
  truncations,
  Writer,
  writePackage,
  writeSims2Package,
  type FixtureResource,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-dbpf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CASP = 0x034aeecb;
const OBJD = 0xc0db5ae7;
const STBL = 0x220557da;

/** Compressible text of `length` bytes, different for each `seed`. */
function text(length: number, seed = 0): Uint8Array {
  const words = ['simlish', 'plumbob', 'sul sul', 'dag dag', 'woohoo', 'nooboo'];
  let s = '';
  for (let i = 0; s.length < length; i += 1) s += `${words[(i * 7 + seed) % words.length]} ${i % 13} `;
  return new Uint8Array(Buffer.from(s.slice(0, length), 'latin1'));
}

function randomBytes(length: number, seed: number): Uint8Array {
  const rng = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(rng() * 256));
}

function setU32(bytes: Uint8Array, at: number, value: number): Uint8Array {
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(at, value >>> 0, true);
  return bytes;
}

function setU64(bytes: Uint8Array, at: number, value: bigint): Uint8Array {
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setBigUint64(at, value, true);
  return bytes;
}

/** Where the index starts, as a fixture from writePackage (not legacy) records it. */
function indexPosition(pkg: Uint8Array): number {
  return Number(new DataView(pkg.buffer, pkg.byteOffset, pkg.byteLength).getBigUint64(64, true));
}

/** Where entry `n`'s record starts in a writePackage fixture with flags 0 and the compression fields. */
function entryAt(pkg: Uint8Array, n: number): number {
  return indexPosition(pkg) + 4 + 32 * n;
}

const RESOURCES: FixtureResource[] = [
  { type: CASP, group: 0x80000000, instance: 0x0123456789abcdefn, data: text(300, 1), compression: 'none' },
  { type: OBJD, group: 0, instance: 0xfedcba9876543210n, data: text(700, 2), compression: 'zlib' },
  { type: STBL, group: 0x12, instance: 0x2an, data: text(500, 3), compression: 'refpack' },
  { type: 0x545ac67a, group: 1, instance: 0x00000001ffffffffn, data: randomBytes(200, 4), compression: 'refpack' },
  { type: 0x3c1af1f2, group: 2, instance: 0x8000000000000000n, data: text(40, 5), compression: 'deleted' },
  { type: 0x00b2d882, group: 3, instance: 0xffffffffffffffffn, data: text(60, 6), compression: 'streamable' },
  { type: 0x62e94d38, group: 4, instance: 7n, data: new Uint8Array(0), compression: 'none' },
];

describe('readPackageIndex: Sims 4 (DBPF 2.1)', () => {
  const pkg = writePackage(RESOURCES);

  it('lists every entry with its key, sizes and compression', async () => {
    const index = await readPackageIndex(byteSourceFromBytes(pkg));
    expect(index).toMatchObject({ format: 'sims4', majorVersion: 2, minorVersion: 1, entryCount: RESOURCES.length });
    expect(index.entries).toHaveLength(RESOURCES.length);
    expect(index.entries.map((e) => [e.type, e.group, idHex(e.instance), e.compression, e.uncompressedSize])).toEqual([
      [CASP, 0x80000000, '0123456789abcdef', Compression.NONE, 300],
      [OBJD, 0, 'fedcba9876543210', Compression.ZLIB, 700],
      [STBL, 0x12, '000000000000002a', Compression.REFPACK, 500],
      [0x545ac67a, 1, '00000001ffffffff', Compression.REFPACK, 200],
      [0x3c1af1f2, 2, '8000000000000000', Compression.DELETED, 40],
      [0x00b2d882, 3, 'ffffffffffffffff', Compression.STREAMABLE, 60],
      [0x62e94d38, 4, '0000000000000007', Compression.NONE, 0],
    ]);
    // Stored sizes: as written for none, smaller for the compressed text, and the top bit cleared.
    const [none, zlib, refpack] = index.entries;
    expect(none!.size).toBe(300);
    expect(zlib!.size).toBeGreaterThan(0);
    expect(zlib!.size).toBeLessThan(700);
    expect(refpack!.size).toBeLessThan(500);
    for (const e of index.entries) expect(e.size).toBeLessThan(0x80000000);
    // Offsets: contiguous from the end of the header.
    let offset = 96;
    for (const e of index.entries) {
      expect(e.offset).toBe(offset);
      offset += e.size;
    }
    expect(indexPosition(pkg)).toBe(offset);
  });

  it('keeps 64-bit instances exact (bigint, never a rounded number)', async () => {
    const index = await readPackageIndex(byteSourceFromBytes(pkg));
    expect(index.entries[1]!.instance).toBe(0xfedcba9876543210n);
    expect(index.entries[5]!.instance).toBe(0xffffffffffffffffn);
  });

  it('reads stored, zlib and RefPack resources back byte for byte', async () => {
    const source = byteSourceFromBytes(pkg);
    const index = await readPackageIndex(source);
    for (const n of [0, 1, 2, 3, 6]) {
      expect(Buffer.from(await readResource(source, index.entries[n]!)).equals(Buffer.from(RESOURCES[n]!.data))).toBe(true);
    }
  });

  it('refuses deleted and streamable resources with their own codes', async () => {
    const source = byteSourceFromBytes(pkg);
    const { entries } = await readPackageIndex(source);
    await expectGameFileErrorCode(() => readResource(source, entries[4]!), 'PACKAGE_RESOURCE_DELETED');
    const streamable = await expectGameFileErrorCode(() => readResource(source, entries[5]!), 'PACKAGE_RESOURCE_STREAMABLE');
    expect(streamable.message).toMatch(/streamable/);
  });

  it('does not check the range of a deleted record (it has no content)', async () => {
    const bytes = writePackage([RESOURCES[0]!, { ...RESOURCES[4]! }]);
    setU32(bytes, entryAt(bytes, 1) + 16, 0x7ffffff0); // the deleted record's offset, far past the end
    const index = await readPackageIndex(byteSourceFromBytes(bytes));
    expect(index.entries[1]!.offset).toBe(0x7ffffff0);
  });

  it('reads the index when type, group and instance-high are stored once (index flags)', async () => {
    const shared: FixtureResource[] = [0x10n, 0x20n, 0x30n].map((low, n) => ({
      type: CASP,
      group: 0x5,
      instance: 0xabcdef0100000000n | low,
      data: text(50 + n, n),
      compression: n === 1 ? 'zlib' : 'none',
    }));
    for (const flags of [1, 2, 3, 4, 5, 6, 7]) {
      const bytes = writePackage(shared, { flags });
      const source = byteSourceFromBytes(bytes);
      const index = await readPackageIndex(source);
      expect(index.entries.map((e) => [e.type, e.group, idHex(e.instance)])).toEqual([
        [CASP, 5, 'abcdef0100000010'],
        [CASP, 5, 'abcdef0100000020'],
        [CASP, 5, 'abcdef0100000030'],
      ]);
      expect(Buffer.from(await readResource(source, index.entries[1]!)).toString('latin1')).toBe(Buffer.from(shared[1]!.data).toString('latin1'));
    }
  });

  it('reads entries without the compression fields as uncompressed', async () => {
    const plain = RESOURCES.filter((r) => r.compression === 'none');
    const bytes = writePackage(plain, { extended: false });
    const source = byteSourceFromBytes(bytes);
    const index = await readPackageIndex(source);
    expect(index.entries.map((e) => [e.compression, e.size, e.uncompressedSize])).toEqual([
      [Compression.NONE, 300, 300],
      [Compression.NONE, 0, 0],
    ]);
    expect(Buffer.from(await readResource(source, index.entries[0]!)).equals(Buffer.from(plain[0]!.data))).toBe(true);
  });

  it('takes the legacy index position at 40 when the 64-bit one is zero, and an index before the resources', async () => {
    for (const options of [{ legacyIndexPosition: true }, { indexFirst: true }, { legacyIndexPosition: true, indexFirst: true }]) {
      const bytes = writePackage(RESOURCES.slice(0, 3), options);
      const source = byteSourceFromBytes(bytes);
      const index = await readPackageIndex(source);
      expect(index.entries.map((e) => idHex(e.instance))).toEqual(['0123456789abcdef', 'fedcba9876543210', '000000000000002a']);
      expect(Buffer.from(await readResource(source, index.entries[2]!)).equals(Buffer.from(RESOURCES[2]!.data))).toBe(true);
    }
  });

  it('reads an empty package', async () => {
    const index = await readPackageIndex(byteSourceFromBytes(writePackage([])));
    expect(index).toEqual({ format: 'sims4', majorVersion: 2, minorVersion: 1, entryCount: 0, entries: [] });
  });

  it('reads from an open file as from bytes', async () => {
    const file = path.join(dir, 'test.package');
    fs.writeFileSync(file, pkg);
    const handle = await fs.promises.open(file, 'r');
    try {
      const source = await byteSourceFromFile(handle);
      const index = await readPackageIndex(source);
      expect(index.entries).toHaveLength(RESOURCES.length);
      expect(Buffer.from(await readResource(source, index.entries[1]!)).equals(Buffer.from(RESOURCES[1]!.data))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe('readPackageIndex: other games', () => {
  it('recognises a Sims 3 package (DBPF 2.0) and reads its RefPack resources', async () => {
    const resources: FixtureResource[] = [
      { type: 0x0166038c, group: 0, instance: 0x1122334455667788n, data: text(400, 7), compression: 'refpack' },
      { type: 0x736884f1, group: 1, instance: 2n, data: text(80, 8), compression: 'none' },
    ];
    const bytes = writePackage(resources, { major: 2, minor: 0 });
    const source = byteSourceFromBytes(bytes);
    const index = await readPackageIndex(source);
    expect(index).toMatchObject({ format: 'sims3', majorVersion: 2, minorVersion: 0, entryCount: 2 });
    expect(index.entries[0]).toMatchObject({ type: 0x0166038c, compression: Compression.REFPACK, uncompressedSize: 400 });
    expect(Buffer.from(await readResource(source, index.entries[0]!)).equals(Buffer.from(resources[0]!.data))).toBe(true);
  });

  it('recognises a Sims 2 package (DBPF 1.1) and unpacks the resources its DIR lists', async () => {
    const objd = new Writer().zeros(0x5c).u32(0xdeadbeef).zeros(8).toBytes();
    const bytes = writeSims2Package([
      { type: 0x4f424a44, group: 0x7fd46cd0, instance: 0x41a7n, data: objd },
      { type: 0x53545223, group: 0x7fd46cd0, instance: 0x81n, data: text(600, 9), compressed: true },
    ]);
    const source = byteSourceFromBytes(bytes);
    const index = await readPackageIndex(source);
    expect(index).toMatchObject({ format: 'sims2', majorVersion: 1, minorVersion: 1, entryCount: 3 });
    const [plain, packed, dir] = index.entries;
    expect(plain).toMatchObject({ type: 0x4f424a44, group: 0x7fd46cd0, instance: 0x41a7n, compression: Compression.NONE, size: objd.length });
    expect(packed).toMatchObject({ type: 0x53545223, instance: 0x81n, compression: Compression.REFPACK, uncompressedSize: 600 });
    expect(packed!.size).toBeLessThan(600);
    expect(dir).toMatchObject({ type: 0xe86b1eef, compression: Compression.NONE });
    expect(Buffer.from(await readResource(source, plain!)).equals(Buffer.from(objd))).toBe(true);
    expect(Buffer.from(await readResource(source, packed!)).equals(Buffer.from(text(600, 9)))).toBe(true);
  });

  it('reads Sims 2 index version 7.2 (24-byte entries with a second instance)', async () => {
    const bytes = writeSims2Package(
      [
        { type: 0x53545223, group: 1, instance: 0x0000000500000081n, data: text(300, 10), compressed: true },
        { type: 0x53545223, group: 1, instance: 0x0000000600000081n, data: text(90, 11) },
      ],
      { longKeys: true },
    );
    const source = byteSourceFromBytes(bytes);
    const index = await readPackageIndex(source);
    expect(index.entries.map((e) => [idHex(e.instance), e.compression])).toEqual([
      ['0000000500000081', Compression.REFPACK],
      ['0000000600000081', Compression.NONE],
      ['00000000286b1f03', Compression.NONE],
    ]);
    expect(Buffer.from(await readResource(source, index.entries[0]!)).equals(Buffer.from(text(300, 10)))).toBe(true);
    expect(Buffer.from(await readResource(source, index.entries[1]!)).equals(Buffer.from(text(90, 11)))).toBe(true);
  });

  it('ignores a Sims 2 DIR that is not whole records or lists more than the index holds', async () => {
    const bytes = writeSims2Package([{ type: 1, group: 2, instance: 3n, data: text(200, 12), compressed: true }]);
    expect((await readPackageIndex(byteSourceFromBytes(bytes))).entries[0]!.compression).toBe(Compression.REFPACK);
    // The DIR is the second 20-byte entry: offset at 12, size at 16.
    const dirAt = new DataView(bytes.buffer).getUint32(40, true) + 20;
    for (const size of [17, 48]) {
      const patched = setU32(setU32(bytes.slice(), dirAt + 12, 96), dirAt + 16, size);
      const index = await readPackageIndex(byteSourceFromBytes(patched));
      expect(index.entries[0]).toMatchObject({ compression: Compression.NONE, uncompressedSize: index.entries[0]!.size });
    }
  });

  it('refuses a protected package (DBPP) with its own code and note', async () => {
    const error = await expectGameFileErrorCode(() => readPackageIndex(byteSourceFromBytes(writePackage(RESOURCES, { magic: 'DBPP' }))), 'PACKAGE_PROTECTED');
    expect(error.message).toMatch(/protected \(DBPP\)/);
    expect(error.extensions).toMatchObject({ code: 'PACKAGE_PROTECTED', category: 'validation' });
  });

  it('refuses unknown versions, naming them', async () => {
    for (const [major, minor] of [
      [3, 0],
      [2, 2],
      [0, 0],
    ] as const) {
      const error = await expectGameFileErrorCode(
        () => readPackageIndex(byteSourceFromBytes(writePackage(RESOURCES, { major, minor }))),
        'PACKAGE_VERSION_UNKNOWN',
      );
      expect(error.extensions).toMatchObject({ major, minor });
      expect(error.message).toContain(`version ${major}.${minor}`);
    }
  });
});

describe('readPackageIndex: damaged headers and indexes', () => {
  const pkg = writePackage(RESOURCES.slice(0, 3));
  const read = (bytes: Uint8Array) => () => readPackageIndex(byteSourceFromBytes(bytes));

  it('refuses what is not a package', async () => {
    await expectGameFileErrorCode(read(new Uint8Array(0)), 'PACKAGE_NOT_DBPF');
    await expectGameFileErrorCode(read(new Uint8Array(Buffer.from('PK\x03\x04 a zip file'))), 'PACKAGE_NOT_DBPF');
    await expectGameFileErrorCode(read(new Uint8Array(Buffer.from('X'))), 'PACKAGE_NOT_DBPF');
    await expectGameFileErrorCode(read(new Uint8Array(Buffer.from('dbpf'.padEnd(200, '\0')))), 'PACKAGE_NOT_DBPF');
  });

  it('calls a package shorter than its header cut short, with its size', async () => {
    for (const length of [1, 3, 4, 50, 95]) {
      const error = await expectGameFileErrorCode(read(pkg.slice(0, length)), 'PACKAGE_HEADER_TRUNCATED');
      expect(error.extensions).toMatchObject({ size: length });
    }
  });

  it('requires the value 3 at byte 60 of a DBPF 2 header', async () => {
    await expectGameFileErrorCode(read(setU32(pkg.slice(), 60, 0)), 'PACKAGE_HEADER_INVALID');
  });

  it('refuses an index that ends past the end of the file', async () => {
    await expectGameFileErrorCode(read(setU32(pkg.slice(), 44, 0xffffffff)), 'PACKAGE_INDEX_TRUNCATED');
    await expectGameFileErrorCode(read(setU64(pkg.slice(), 64, 0xffffffffffff0000n)), 'PACKAGE_INDEX_TRUNCATED');
    await expectGameFileErrorCode(read(pkg.slice(0, pkg.length - 1)), 'PACKAGE_INDEX_TRUNCATED');
  });

  it('refuses an index inside the header', async () => {
    await expectGameFileErrorCode(read(setU64(pkg.slice(), 64, 10n)), 'PACKAGE_INDEX_INVALID');
  });

  it('refuses an index too small for the entries the header announces', async () => {
    await expectGameFileErrorCode(read(setU32(pkg.slice(), 36, 1000)), 'PACKAGE_INDEX_INVALID');
    // Large enough for 16-byte records but not the 32-byte ones the flags ask for.
    const one = writePackage(RESOURCES.slice(0, 1));
    await expectGameFileErrorCode(read(setU32(one.slice(), 36, 2)), 'PACKAGE_INDEX_INVALID');
  });

  it('refuses an entry that ends past the end of the file', async () => {
    await expectGameFileErrorCode(read(setU32(pkg.slice(), entryAt(pkg, 1) + 16, pkg.length - 5)), 'PACKAGE_RESOURCE_TRUNCATED');
    await expectGameFileErrorCode(read(setU32(pkg.slice(), entryAt(pkg, 0) + 20, 0x80000000 | 0x7fffffff)), 'PACKAGE_RESOURCE_TRUNCATED');
  });

  it('refuses more entries than the cap before reading the index', async () => {
    const error = await expectGameFileErrorCode(
      () => readPackageIndex(byteSourceFromBytes(pkg), { maxEntries: 2 }),
      'PACKAGE_TOO_MANY_RESOURCES',
    );
    expect(error.extensions).toMatchObject({ count: 3, max: 2 });
    expect(error.message).toContain('lists 3 resources; at most 2');
    // The default cap, 1,000,000, against a header claiming 4 billion.
    const huge = await expectGameFileErrorCode(read(setU32(pkg.slice(), 36, 0xffffffff)), 'PACKAGE_TOO_MANY_RESOURCES');
    expect(huge.extensions).toMatchObject({ count: 0xffffffff, max: 1_000_000 });
    await expect(readPackageIndex(byteSourceFromBytes(pkg), { maxEntries: 3 })).resolves.toMatchObject({ entryCount: 3 });
  });

  it('refuses a damaged Sims 2 index', async () => {
    const sims2 = writeSims2Package([{ type: 1, group: 2, instance: 3n, data: text(100, 1) }]);
    await expectGameFileErrorCode(read(setU32(sims2.slice(), 36, 5)), 'PACKAGE_INDEX_INVALID');
    await expectGameFileErrorCode(read(setU32(sims2.slice(), 40, 8)), 'PACKAGE_INDEX_INVALID');
    await expectGameFileErrorCode(read(setU32(sims2.slice(), 44, 0x10000)), 'PACKAGE_INDEX_TRUNCATED');
  });
});

describe('readResource: damage and limits', () => {
  const pkg = writePackage(RESOURCES.slice(0, 4));
  const source = byteSourceFromBytes(pkg);
  const entries = async () => (await readPackageIndex(source)).entries;

  it('refuses resources over the byte cap, stored or unpacked', async () => {
    const [none, zlib, refpack] = await entries();
    const stored = await expectGameFileErrorCode(() => readResource(source, none!, { maxBytes: 299 }), 'PACKAGE_RESOURCE_TOO_LARGE');
    expect(stored.extensions).toMatchObject({ size: 300, max: 299 });
    // Stored well under the cap, unpacked over it.
    expect(zlib!.size).toBeLessThan(699);
    const unpacked = await expectGameFileErrorCode(() => readResource(source, zlib!, { maxBytes: 699 }), 'PACKAGE_RESOURCE_TOO_LARGE');
    expect(unpacked.extensions).toMatchObject({ size: 700, max: 699 });
    await expectGameFileErrorCode(() => readResource(source, refpack!, { maxBytes: 499 }), 'PACKAGE_RESOURCE_TOO_LARGE');
    expect(await readResource(source, none!, { maxBytes: 300 })).toHaveLength(300);
  });

  it('refuses an unknown compression, naming it', async () => {
    const [none] = await entries();
    const error = await expectGameFileErrorCode(() => readResource(source, { ...none!, compression: 0x1234 }), 'PACKAGE_RESOURCE_COMPRESSION_UNKNOWN');
    expect(error.message).toContain('0x1234');
    const patched = setU32(pkg.slice(), entryAt(pkg, 0) + 28, 0x00010002);
    const patchedSource = byteSourceFromBytes(patched);
    const [entry] = (await readPackageIndex(patchedSource)).entries;
    expect(entry!.compression).toBe(2);
    await expectGameFileErrorCode(() => readResource(patchedSource, entry!), 'PACKAGE_RESOURCE_COMPRESSION_UNKNOWN');
  });

  it('refuses an entry outside the file', async () => {
    const [none] = await entries();
    for (const entry of [{ ...none!, offset: pkg.length }, { ...none!, size: pkg.length }, { ...none!, offset: -1 }]) {
      await expectGameFileErrorCode(() => readResource(source, entry), 'PACKAGE_RESOURCE_TRUNCATED');
    }
  });

  it('refuses zlib data that unpacks to more or fewer bytes than the index says (a zlib bomb)', async () => {
    const [, zlib] = await entries();
    await expectGameFileErrorCode(() => readResource(source, { ...zlib!, uncompressedSize: 699 }), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => readResource(source, { ...zlib!, uncompressedSize: 701 }), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => readResource(source, { ...zlib!, uncompressedSize: 0 }), 'PACKAGE_RESOURCE_CORRUPT');
    // 16 MiB of zeros deflate to about 16 KiB; an index promising 1 KiB stops the inflating there.
    const bomb = writePackage([{ type: STBL, group: 0, instance: 1n, data: new Uint8Array(16 * 1024 * 1024), compression: 'zlib' }]);
    const bombSource = byteSourceFromBytes(bomb);
    const [entry] = (await readPackageIndex(bombSource)).entries;
    expect(entry!.size).toBeLessThan(64 * 1024);
    await expectGameFileErrorCode(() => readResource(bombSource, { ...entry!, uncompressedSize: 1024 }), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => readResource(bombSource, entry!, { maxBytes: 1024 * 1024 }), 'PACKAGE_RESOURCE_TOO_LARGE');
  });

  it('refuses damaged zlib and RefPack data', async () => {
    const [, zlib, refpack] = await entries();
    const damaged = pkg.slice();
    for (let i = 2; i < 12; i += 1) damaged[zlib!.offset + i] = 0xff;
    damaged[refpack!.offset + 1] = 0x00; // the RefPack magic byte
    const damagedSource = byteSourceFromBytes(damaged);
    await expectGameFileErrorCode(() => readResource(damagedSource, zlib!), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => readResource(damagedSource, refpack!), 'PACKAGE_RESOURCE_CORRUPT');
    // A RefPack stream whose own size disagrees with the index.
    await expectGameFileErrorCode(() => readResource(source, { ...refpack!, uncompressedSize: 501 }), 'PACKAGE_RESOURCE_CORRUPT');
  });

  it('reads an empty uncompressed resource', async () => {
    const [none] = await entries();
    expect(await readResource(source, { ...none!, size: 0 })).toEqual(new Uint8Array(0));
  });
});

describe('fuzz: readPackageIndex and readResource', () => {
  /** Reads the index, then every entry: each may be refused with a GameFileError, nothing else. */
  async function readAll(bytes: Uint8Array): Promise<void> {
    const source = byteSourceFromBytes(bytes);
    const index = await readPackageIndex(source, { maxEntries: 10_000 });
    if (index.entries.length !== index.entryCount) throw new Error(`${index.entries.length} entries of ${index.entryCount}`);
    for (const entry of index.entries.slice(0, 16)) {
      let data: Uint8Array;
      try {
        data = await readResource(source, entry);
      } catch (error) {
        if (error instanceof GameFileError) continue;
        throw error;
      }
      const expected = entry.compression === Compression.NONE ? entry.size : entry.uncompressedSize;
      if (data.length !== expected) throw new Error(`${data.length} bytes read, ${expected} expected`);
    }
  }

  const sims4 = writePackage(RESOURCES.slice(0, 4));
  const hot = [4, 8, 36, 40, 44, 60, 64, 68];
  for (let n = 0; n < 4; n += 1) for (const field of [0, 4, 8, 12, 16, 20, 24, 28]) hot.push(entryAt(sims4, n) + field);

  it('survives mutations of a Sims 4 package', async () => {
    const tally = await fuzzReader(mutations(sims4, FUZZ_ITERATIONS, 101, hot), readAll);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives mutations of Sims 3 and Sims 2 packages and of one with shared index fields', async () => {
    const inputs = [
      writePackage(RESOURCES.slice(0, 4), { major: 2, minor: 0 }),
      writePackage(RESOURCES.slice(0, 3), { flags: 7 }),
      writeSims2Package([
        { type: 1, group: 2, instance: 3n, data: text(120, 1), compressed: true },
        { type: 4, group: 5, instance: 6n, data: text(50, 2) },
      ]),
      writeSims2Package([{ type: 1, group: 2, instance: 0x700000003n, data: text(120, 3), compressed: true }], { longKeys: true }),
    ];
    const share = Math.ceil(FUZZ_ITERATIONS / 2 / inputs.length);
    for (const [n, valid] of inputs.entries()) {
      const tally = await fuzzReader(mutations(valid, share, 200 + n, [4, 8, 32, 36, 40, 44, 60, 64]), readAll);
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.ok + tally.error).toBe(share);
    }
  });

  it('survives every truncation of a small package', async () => {
    const small = RESOURCES.slice(0, 3).map((r) => ({ ...r, data: r.data.subarray(0, 60) }));
    const tally = await fuzzReader(truncations(writePackage(small)), readAll);
    expect(tally.ok).toBe(0); // every prefix loses the index at the end
    // With the index first and a deleted record (never range-checked) last, the prefixes that cut
    // only into that record still read.
    const indexFirst = writePackage([...small, RESOURCES[4]!], { indexFirst: true });
    const firstTally = await fuzzReader(truncations(indexFirst), readAll);
    expect(firstTally.ok).toBe(RESOURCES[4]!.data.length);
  });

  it('survives random bytes after a DBPF header start', async () => {
    const prefix = new Writer().ascii('DBPF').u32(2).u32(1).toBytes();
    const tally = await fuzzReader(randomInputs(Math.ceil(FUZZ_ITERATIONS / 4), 303, 400, prefix), readAll);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('refuses, with a GameFileError, entries that do not fit the file (random entries)', async () => {
    const source = byteSourceFromBytes(sims4);
    const rng = seededRandom(404);
    const pick = <T>(values: readonly T[]) => values[Math.floor(rng() * values.length)]!;
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < FUZZ_ITERATIONS / 2; i += 1) {
      const entry: PackageEntry = {
        type: 0,
        group: 0,
        instance: 0n,
        offset: pick([0, 96, 100, sims4.length - 1, sims4.length, Math.floor(rng() * sims4.length), 0x7fffffff]),
        size: pick([0, 1, 5, 100, Math.floor(rng() * sims4.length), 0x7fffffff]),
        uncompressedSize: pick([0, 1, 300, 700, 0x10000, 0xffffffff]),
        compression: pick([0, 0x5a42, 0xffff, 0xfffe, 0xffe0, 1]),
      };
      outcomes[await returnsOrThrowsTyped(() => readResource(source, entry, { maxBytes: 1024 * 1024 }))] += 1;
    }
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.error).toBeGreaterThan(0);
  });
});
