import { describe, expect, it } from 'vitest';
import { byteSourceFromBytes, type ByteSource } from './byte-source.reader';
import { readPackageIndex } from './dbpf.reader';
import { readResourceList } from './resource-list.reader';
import { catalogHead, fuzzIterations, fuzzReader, mutations, writePackage, writeSims2Package, writeStbl, type FixtureResource } from './test-fixtures';

const COBJ = 0x319e4f1d;
const STBL = 0x220557da;
const THUMB = 0x3c1af1f2;

const BED = 0x00de0000000000a1n;
const picture = (shade: number) => new Uint8Array(Array.from({ length: 600 }, (_, i) => (i * shade) & 0xff));

async function listOf(bytes: Uint8Array, options?: Parameters<typeof readResourceList>[2]) {
  const source = byteSourceFromBytes(bytes);
  return readResourceList(source, (await readPackageIndex(source)).entries, options);
}

const bed = (more: Partial<Record<'thumb' | 'stbl', FixtureResource['compression']>> = {}, shade = 3): FixtureResource[] => [
  { type: COBJ, group: 0, instance: BED, data: catalogHead(0x10, 0x11, 900) },
  { type: THUMB, group: 0, instance: BED, data: picture(shade), compression: more.thumb ?? 'none' },
  { type: STBL, group: 0, instance: 0x0011n, data: writeStbl([{ key: 0x10, text: 'Velvet Bed' }]), compression: more.stbl ?? 'zlib' },
];

describe('readResourceList', () => {
  it('lists every live resource by key, in key order, with its unpacked size and a fingerprint', async () => {
    const list = await listOf(writePackage([...bed(), { type: COBJ, group: 0, instance: 0x99n, data: new Uint8Array(4), compression: 'deleted' }]));
    expect(list.total).toBe(3);
    expect(list.resources!.map(([key, size]) => [key, size])).toEqual([
      ['220557da:00000000:0000000000000011', writeStbl([{ key: 0x10, text: 'Velvet Bed' }]).length],
      ['319e4f1d:00000000:00de0000000000a1', catalogHead(0x10, 0x11, 900).length],
      ['3c1af1f2:00000000:00de0000000000a1', 600],
    ]);
    expect(list.resources!.every(([, , hash]) => /^[0-9a-f]{16}$/.test(hash!))).toBe(true);
  });

  it('fingerprints what a resource holds, however it is packed', async () => {
    const plain = await listOf(writePackage(bed({ thumb: 'none', stbl: 'none' })));
    const packed = await listOf(writePackage(bed({ thumb: 'zlib', stbl: 'refpack' })));
    expect(packed.resources).toEqual(plain.resources);
    const changed = await listOf(writePackage(bed({}, 5)));
    const hashes = (l: typeof plain) => Object.fromEntries(l.resources!.map(([key, , hash]) => [key, hash]));
    expect(hashes(changed)['3c1af1f2:00000000:00de0000000000a1']).not.toBe(hashes(plain)['3c1af1f2:00000000:00de0000000000a1']);
    expect(hashes(changed)['319e4f1d:00000000:00de0000000000a1']).toBe(hashes(plain)['319e4f1d:00000000:00de0000000000a1']);
  });

  it('keeps only the count of a package with more resources than the cap, reading none of them', async () => {
    const bytes = writePackage(bed());
    const index = await readPackageIndex(byteSourceFromBytes(bytes));
    let reads = 0;
    const counting: ByteSource = { size: bytes.length, read: async (offset, length) => (reads++, bytes.subarray(offset, offset + length)) };
    expect(await readResourceList(counting, index.entries, { maxResources: 2 })).toEqual({ total: 3, resources: null });
    expect(reads).toBe(0);
  });

  it('reads neighbouring resources together, a chunk at a time', async () => {
    const bytes = writePackage(Array.from({ length: 40 }, (_, i) => ({ type: THUMB, group: 0, instance: BigInt(i + 1), data: picture(i + 1) })));
    const index = await readPackageIndex(byteSourceFromBytes(bytes));
    let reads = 0;
    const counting: ByteSource = { size: bytes.length, read: async (offset, length) => (reads++, bytes.subarray(offset, offset + length)) };
    const chunked = await readResourceList(counting, index.entries, { chunkBytes: 10 * 600 });
    expect(reads).toBe(4);
    // A resource larger than a chunk is read alone, in pieces, and fingerprinted the same.
    const pieces = await readResourceList(byteSourceFromBytes(bytes), index.entries, { chunkBytes: 256 });
    expect(pieces.resources).toEqual(chunked.resources);
  });

  it('fingerprints as stored what it may not unpack, and takes a key listed twice once', async () => {
    const resources = [...bed({ stbl: 'zlib' }), { type: COBJ, group: 0, instance: BED, data: new Uint8Array(8) }];
    const list = await listOf(writePackage(resources), { maxUnpackedBytes: 0 });
    expect(list.total).toBe(3);
    const stbl = list.resources!.find(([key]) => key.startsWith('220557da'))!;
    expect(stbl[2]).toMatch(/^s[0-9a-f]{16}$/);
    expect(list.resources!.find(([key]) => key.startsWith('319e4f1d'))![1]).toBe(catalogHead(0x10, 0x11, 900).length);
  });

  it('lists a Sims 2 package too', async () => {
    const list = await listOf(writeSims2Package([{ type: 0x4f424a44, group: 1, instance: 7n, data: new Uint8Array(0x60) }]));
    expect(list.resources!.map(([key]) => key)).toEqual(['4f424a44:00000001:0000000000000007']);
  });

  it('survives mutations of a package (a result or a typed error)', async () => {
    const valid = writePackage(bed({ thumb: 'zlib', stbl: 'refpack' }));
    const tally = await fuzzReader(mutations(valid, fuzzIterations(500), 91, [36, 44, 64]), async (bytes) => {
      const source = byteSourceFromBytes(bytes);
      return readResourceList(source, (await readPackageIndex(source)).entries);
    });
    expect(tally.ok).toBeGreaterThan(0);
  });
});
