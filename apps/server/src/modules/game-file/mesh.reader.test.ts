import { describe, expect, it } from 'vitest';
import { byteSourceFromBytes } from './byte-source.reader';
import { readPackageIndex } from './dbpf.reader';
import { casPartMeshes, countMeshes, geomTriangles, mlodTriangles, modelHighestDetail, readRcol } from './mesh.reader';
import { readPackageSummary } from './package-summary.reader';
import {
  casPart,
  expectGameFileErrorCode,
  fuzzIterations,
  fuzzReader,
  geomChunk,
  geomResource,
  mlodChunk,
  mlodResource,
  modlResource,
  mutations,
  truncations,
  writePackage,
  type FixtureResource,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(600);
const T = { CASP: 0x034aeecb, GEOM: 0x015a1849, MODL: 0x01661233, MLOD: 0x01d10f34 };
const TOP = 0x0000000000a0b0c0n;
const geomKey = (instance: bigint, group = 0) => ({ type: T.GEOM, group, instance });

describe('GEOM', () => {
  it('counts the triangles of every version from 12 to 15, with or without a material block', () => {
    for (const version of [12, 13, 14, 15]) expect(geomTriangles(geomChunk(1234, { version }))).toBe(1234);
    // A material block (embedded id set) is skipped by its size.
    const plain = geomChunk(10);
    const material = new Uint8Array([0x4d, 0x54, 0x4e, 0x46, 1, 2, 3, 4]);
    const withMaterial = new Uint8Array(plain.length + 4 + material.length);
    withMaterial.set(plain.subarray(0, 16));
    new DataView(withMaterial.buffer).setUint32(16, 0x12345678, true);
    new DataView(withMaterial.buffer).setUint32(20, material.length, true);
    withMaterial.set(material, 24);
    withMaterial.set(plain.subarray(20), 24 + material.length);
    expect(geomTriangles(withMaterial)).toBe(10);
  });

  it('finds the chunk of a GEOM resource and refuses what does not add up', async () => {
    const resource = geomResource(42);
    const rcol = readRcol(resource);
    expect(rcol.chunks.map((c) => c.tag)).toEqual(['GEOM']);
    expect(geomTriangles(rcol.chunks[0]!.bytes)).toBe(42);
    // An index count that is not a multiple of three, or more indices than bytes: damage.
    const chunk = geomChunk(4);
    const countAt = chunk.length - 4 * 4 - 4 - 4 * 3 * 2 - 4;
    expect(new DataView(chunk.buffer).getUint32(countAt, true)).toBe(12);
    new DataView(chunk.buffer).setUint32(countAt, 13, true);
    await expectGameFileErrorCode(() => geomTriangles(chunk), 'PACKAGE_RESOURCE_CORRUPT');
    new DataView(chunk.buffer).setUint32(countAt, 3_000_000, true);
    await expectGameFileErrorCode(() => geomTriangles(chunk), 'PACKAGE_RESOURCE_CORRUPT');
    await expectGameFileErrorCode(() => geomTriangles(mlodChunk([{ triangles: 1 }])), 'PACKAGE_RESOURCE_CORRUPT');
  });
});

describe('MLOD and MODL', () => {
  it('sums the triangle meshes of an MLOD, skipping other primitives', () => {
    expect(mlodTriangles(mlodChunk([{ triangles: 800 }, { triangles: 400 }, { triangles: 99, primitive: 1 }]))).toBe(1200);
    for (const version of [0x201, 0x202, 0x204, 0x205]) expect(mlodTriangles(mlodChunk([{ triangles: 7 }, { triangles: 5 }], { version }))).toBe(12);
  });

  it('takes the level-0 entry of a model, in the same resource or another, and says when it had to guess', () => {
    const inner = modelHighestDetail(modlResource([{ id: 0x10000, triangles: [30] }, { id: 1, triangles: [500] }, { id: 0, triangles: [1500, 300] }]))!;
    expect(inner.exact).toBe(true);
    expect(inner.lod.kind === 'chunk' && mlodTriangles(inner.lod.chunk)).toBe(1800);

    const key = { type: T.MLOD, instance: 0x77n };
    const outer = modelHighestDetail(modlResource([{ id: 0, resource: key }, { id: 1, triangles: [500] }]))!;
    expect(outer).toEqual({ lod: { kind: 'resource', key: { ...key, group: 0 } }, exact: true });

    const noZero = modelHighestDetail(modlResource([{ id: 0x10000, triangles: [30] }, { id: 2, triangles: [100] }, { id: 1, triangles: [500] }]))!;
    expect(noZero.exact).toBe(false);
    expect(noZero.lod.kind === 'chunk' && mlodTriangles(noZero.lod.chunk)).toBe(500);
  });
});

describe('CAS part meshes', () => {
  const lods = [
    { level: 0, meshes: [geomKey(0x10n), geomKey(0x11n)] },
    { level: 1, meshes: [geomKey(0x20n)] },
  ];

  it('walks every documented version to the key table and lists its level-0 GEOMs', () => {
    for (const version of [43, 44, 45, 46, 47, 48, 49, 50, 51]) {
      const meshes = casPartMeshes(casPart('top', { version, bodyType: 6, tags: 3, lods }));
      expect(meshes.lod0, `version ${version}`).toEqual([geomKey(0x10n), geomKey(0x11n)]);
      expect(meshes.all).toHaveLength(3);
    }
  });

  it('keeps only the key table of a version it cannot verify, and of an older one', () => {
    const part = casPart('top', { version: 46, lods });
    // One byte more before the key table: the walk no longer ends there, so it is not trusted.
    const shifted = new Uint8Array(part.length + 1);
    const size = new DataView(part.buffer).getUint32(4, true);
    shifted.set(part.subarray(0, 8 + size));
    shifted.set(part.subarray(8 + size), 9 + size);
    new DataView(shifted.buffer).setUint32(4, size + 1, true);
    expect(casPartMeshes(shifted)).toEqual({ lod0: null, all: [geomKey(0x10n), geomKey(0x11n), geomKey(0x20n)] });
    expect(casPartMeshes(casPart('old', { version: 42, lods })).lod0).toBeNull();
  });

  it('survives truncations and mutations (a result or a typed error)', async () => {
    const part = casPart('top', { version: 46, lods });
    const cut = await fuzzReader(truncations(part), casPartMeshes);
    expect(cut.error).toBeGreaterThan(0);
    const mutated = await fuzzReader(mutations(part, FUZZ_ITERATIONS, 91, [4, 8, part.length - 17]), casPartMeshes);
    expect(mutated.ok).toBeGreaterThan(0);
  });
});

describe('countMeshes', () => {
  const hair = (instance: bigint, version = 46): FixtureResource => ({ type: T.CASP, group: 0, instance, data: casPart('hair', { version, bodyType: 2, lods: [{ level: 0, meshes: [geomKey(0x10n), geomKey(0x11n)] }, { level: 1, meshes: [geomKey(0x20n)] }] }) });
  const geoms: FixtureResource[] = [
    { type: T.GEOM, group: 0, instance: 0x10n, data: geomResource(20_000), compression: 'zlib' },
    { type: T.GEOM, group: 0, instance: 0x11n, data: geomResource(12_000) },
    { type: T.GEOM, group: 0, instance: 0x20n, data: geomResource(9_000) },
  ];

  it('sums a CAS part’s level-0 GEOMs, a model’s level-0 MLOD, and gives the summary the part’s body type', async () => {
    const mlod = { type: T.MLOD, group: 0, instance: 0x99n };
    const bytes = writePackage([
      hair(TOP),
      ...geoms,
      { type: T.MODL, group: 0, instance: 0x5n, data: modlResource([{ id: 0, resource: mlod }, { id: 1, triangles: [200] }]) },
      { ...mlod, data: mlodResource([{ triangles: 2500 }, { triangles: 500 }]), compression: 'zlib' },
    ]);
    const summary = await readPackageSummary(byteSourceFromBytes(bytes));
    expect(summary.meshes).toEqual([
      { id: '0000000000a0b0c0', kind: 'casPart', bodyType: 2, triangles: 32_000, exact: true },
      { id: '0000000000000005', kind: 'model', bodyType: null, triangles: 3000, exact: true },
    ]);
    expect(summary.meshesComplete).toBe(true);
  });

  it('falls back to the largest mesh, marked as a guess, and counts nothing for meshes kept elsewhere', async () => {
    const unverified = hair(TOP, 42);
    const recolour: FixtureResource = { type: T.CASP, group: 0, instance: 0x7n, data: casPart('recolour', { lods: [{ level: 0, meshes: [geomKey(0xabcn)] }] }) };
    const loose = [{ type: T.MLOD, group: 0, instance: 0x1n, data: mlodResource([{ triangles: 100 }]) }, { type: T.MLOD, group: 0, instance: 0x2n, data: mlodResource([{ triangles: 900 }]) }];
    const source = byteSourceFromBytes(writePackage([unverified, recolour, ...geoms, ...loose]));
    const { meshes, warnings } = await countMeshes(source, (await readPackageIndex(source)).entries);
    expect(meshes).toEqual([
      { id: '0000000000a0b0c0', kind: 'casPart', bodyType: null, triangles: 20_000, exact: false },
      { id: '0000000000000002', kind: 'model', bodyType: null, triangles: 900, exact: false },
    ]);
    expect(warnings).toEqual([]);
  });

  it('turns a damaged mesh into a warning and stops at its byte budget', async () => {
    const broken: FixtureResource = { type: T.GEOM, group: 0, instance: 0x11n, data: geomResource(5).subarray(0, 60) };
    const source = byteSourceFromBytes(writePackage([hair(TOP), geoms[0]!, broken]));
    const { entries } = await readPackageIndex(source);
    const counted = await countMeshes(source, entries);
    expect(counted.meshes).toEqual([{ id: '0000000000a0b0c0', kind: 'casPart', bodyType: null, triangles: 20_000, exact: true }]);
    expect(counted.warnings.map((w) => w.error.code)).toEqual(['PACKAGE_RESOURCE_CORRUPT']);
    const budgeted = await countMeshes(source, entries, { maxMeshBytes: 1000 });
    expect(budgeted.complete).toBe(false);
    expect(budgeted.meshes).toEqual([]);
  });
});
