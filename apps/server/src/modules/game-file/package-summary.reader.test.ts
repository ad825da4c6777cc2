import { describe, expect, it } from 'vitest';
import { byteSourceFromBytes, type ByteSource } from './byte-source.reader';
import { readPackageIndex } from './dbpf.reader';
import { gameFileError } from './game-file.errors';
import { readCasPartHead, readNameMap, readPackageSummary } from './package-summary.reader';
import { RESOURCE_KINDS } from './resource-types.constants';
import {
  expectGameFileErrorCode,
  fuzzIterations,
  fuzzReader,
  mutations,
  truncations,
  writePackage,
  writeSims2Package,
  writeStbl,
  catalogHead,
  casPart,
  nameMap,
  sims2ObjectDefinition,
  type FixtureResource,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1000);

const T = {
  CASP: 0x034aeecb,
  COBJ: 0x319e4f1d,
  OBJD: 0xc0db5ae7,
  STBL: 0x220557da,
  SIMDATA: 0x545ac67a,
  THUMB_CAS: 0x3c1af1f2,
  THUMB_BB: 0x3c2a8647,
  CWAL: 0xd5f0f921,
  TONE: 0x0354796a,
};

const SOFA = 0x0123456789abcdefn;
const LAMP = 0x00000000000000ffn;
const HAIR = 0xfedcba9876543210n;
const ENGLISH = 0x00abcdef12345678n;
const FRENCH = 0x07abcdef12345678n;

const noData = new Uint8Array(4);

function resource(type: number, instance: bigint, data: Uint8Array = noData, compression: FixtureResource['compression'] = 'none', group = 0): FixtureResource {
  return { type, group, instance, data, compression };
}

const RESOURCES: FixtureResource[] = [
  resource(T.COBJ, SOFA, catalogHead(0xbc2c0be9, 2, 1250), 'zlib'),
  resource(T.OBJD, SOFA, noData, 'refpack'),
  resource(T.OBJD, LAMP),
  resource(T.CASP, HAIR, casPart('yfHair_Braids')),
  resource(T.CASP, HAIR, casPart('yfHair_Braids'), 'none', 0x80000000), // the same part in another group
  resource(T.CASP, 0x1234n, noData, 'deleted'),
  resource(T.THUMB_CAS, HAIR, noData, 'none', 1),
  resource(T.THUMB_BB, SOFA),
  resource(T.STBL, ENGLISH, writeStbl([{ key: 0xbc2c0be9, text: 'Velvet Sofa' }, { key: 2, text: 'A sofa for lounging.' }]), 'zlib'),
  resource(T.STBL, ENGLISH + 1n, writeStbl([{ key: 3, text: 'Brass Lamp' }]), 'refpack'),
  resource(T.STBL, FRENCH, writeStbl([{ key: 0xbc2c0be9, text: 'Canapé en velours' }])),
  resource(T.SIMDATA, 5n),
  resource(T.CWAL, 6n),
  resource(T.TONE, 7n),
  resource(0x12345678, 8n),
];

describe('readPackageSummary', () => {
  it("names each catalog object from its entry's keys in the English string tables, with its price", async () => {
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES)));
    expect(summary.objects).toEqual([{ id: '0123456789abcdef', name: 'Velvet Sofa', description: 'A sofa for lounging.', price: 1250 }]);
    // A key without an English text reads as null; a catalog entry too short to hold its keys is a warning.
    const other = await readPackageSummary(
      byteSourceFromBytes(writePackage([resource(T.COBJ, LAMP, catalogHead(99, 2, 15)), resource(T.COBJ, HAIR, new Uint8Array(8)), ...RESOURCES.slice(8, 9)])),
    );
    expect(other.objects).toEqual([
      { id: '00000000000000ff', name: null, description: 'A sofa for lounging.', price: 15 },
      { id: 'fedcba9876543210', name: null, description: null, price: null },
    ]);
    expect(other.warnings.map((w) => [w.code, w.resource.instance])).toEqual([['PACKAGE_RESOURCE_CORRUPT', 'fedcba9876543210']]);
    // At most maxObjects are read.
    expect((await readPackageSummary(byteSourceFromBytes(writePackage([resource(T.COBJ, LAMP, catalogHead(1, 2, 3)), resource(T.COBJ, HAIR, catalogHead(1, 2, 3))])), { maxObjects: 1 })).objects).toHaveLength(1);
  });

  it('counts live resources per kind', async () => {
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES)));
    expect(summary).toMatchObject({ format: 'sims4', majorVersion: 2, minorVersion: 1, entryCount: RESOURCES.length });
    expect(Object.keys(summary.counts).sort()).toEqual([...RESOURCE_KINDS].sort());
    expect(summary.counts).toEqual({
      ...Object.fromEntries(RESOURCE_KINDS.map((k) => [k, 0])),
      casPart: 2, // the deleted one is left out
      catalogObject: 1,
      objectDefinition: 2,
      stringTable: 3,
      simData: 1,
      thumbnail: 2,
      cwal: 1,
      tone: 1,
      other: 1,
    });
  });

  it('lists object definition ids (COBJ and OBJD) and CAS part ids, each once, as 16 hex digits', async () => {
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES)));
    expect(summary.objectDefinitionIds).toEqual(['0123456789abcdef', '00000000000000ff']);
    expect(summary.casPartIds).toEqual(['fedcba9876543210']);
    expect(summary.thumbnails).toEqual([
      { type: T.THUMB_CAS, group: 1, instance: 'fedcba9876543210' },
      { type: T.THUMB_BB, group: 0, instance: '0123456789abcdef' },
    ]);
  });

  it('reads the English string tables only, whatever their compression', async () => {
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES)));
    expect(summary.strings).toEqual([
      { key: 'bc2c0be9', text: 'Velvet Sofa' },
      { key: '00000002', text: 'A sofa for lounging.' },
      { key: '00000003', text: 'Brass Lamp' },
    ]);
    expect(summary.stringsComplete).toBe(true);
    expect(summary.warnings).toEqual([]);
  });

  it('stops at maxStrings, within a table or between tables', async () => {
    const bytes = writePackage(RESOURCES);
    const two = await readPackageSummary(byteSourceFromBytes(bytes), { maxStrings: 2 });
    expect(two.strings.map((s) => s.text)).toEqual(['Velvet Sofa', 'A sofa for lounging.']);
    expect(two.stringsComplete).toBe(false);
    const one = await readPackageSummary(byteSourceFromBytes(bytes), { maxStrings: 1 });
    expect(one.strings.map((s) => s.text)).toEqual(['Velvet Sofa']);
    expect(one.stringsComplete).toBe(false);
    const three = await readPackageSummary(byteSourceFromBytes(bytes), { maxStrings: 3 });
    expect(three.stringsComplete).toBe(true);
  });

  it('turns a damaged, streamable or too large string table into a warning and keeps the rest', async () => {
    const damaged = resource(T.STBL, 0x10n, new Uint8Array(Buffer.from('not a string table')));
    const streamable = resource(T.STBL, 0x11n, writeStbl([{ key: 1, text: 'x' }]), 'streamable');
    const large = resource(T.STBL, 0x12n, writeStbl([{ key: 1, text: 'x'.repeat(2000) }]), 'zlib');
    const cutShort = resource(T.STBL, 0x13n, writeStbl([{ key: 1, text: 'hello' }]).subarray(0, 25));
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage([...RESOURCES, damaged, streamable, large, cutShort])), {
      maxStringTableBytes: 1024,
    });
    expect(summary.strings.map((s) => s.text)).toEqual(['Velvet Sofa', 'A sofa for lounging.', 'Brass Lamp']);
    expect(summary.stringsComplete).toBe(false);
    expect(summary.warnings.map((w) => [w.code, w.resource])).toEqual([
      ['PACKAGE_STRING_TABLE_INVALID', { type: T.STBL, group: 0, instance: '0000000000000010' }],
      ['PACKAGE_RESOURCE_STREAMABLE', { type: T.STBL, group: 0, instance: '0000000000000011' }],
      ['PACKAGE_RESOURCE_TOO_LARGE', { type: T.STBL, group: 0, instance: '0000000000000012' }],
      ['PACKAGE_STRING_TABLE_INVALID', { type: T.STBL, group: 0, instance: '0000000000000013' }],
    ]);
    expect(summary.warnings[0]!.message).toBe('A string table in this .package file is damaged: its texts could not be read.');
    // The counts and ids do not depend on the tables.
    expect(summary.counts.stringTable).toBe(7);
    expect(summary.objectDefinitionIds).toHaveLength(2);
  });

  it('warns about a string table whose zlib data is damaged', async () => {
    const bytes = writePackage([resource(T.STBL, 1n, writeStbl([{ key: 1, text: 'hello hello hello' }]), 'zlib')]);
    const { entries } = await readPackageIndex(byteSourceFromBytes(bytes));
    for (let i = 2; i < entries[0]!.size; i += 1) bytes[entries[0]!.offset + i]! ^= 0x55;
    const summary = await readPackageSummary(byteSourceFromBytes(bytes));
    expect(summary.warnings.map((w) => w.code)).toEqual(['PACKAGE_RESOURCE_CORRUPT']);
    expect(summary.strings).toEqual([]);
  });

  it('passes on a read failure and unexpected errors rather than calling them a damaged table', async () => {
    const bytes = writePackage(RESOURCES);
    const { entries } = await readPackageIndex(byteSourceFromBytes(bytes));
    const tableAt = entries.find((e) => e.type === T.STBL)!.offset;
    const failing = (error: Error): ByteSource => ({
      size: bytes.length,
      read: async (offset, length) => {
        if (offset === tableAt) throw error;
        return bytes.subarray(offset, offset + length);
      },
    });
    await expectGameFileErrorCode(() => readPackageSummary(failing(gameFileError('GAME_FILE_READ_FAILED', {}))), 'GAME_FILE_READ_FAILED');
    await expect(readPackageSummary(failing(new Error('EIO: i/o error')))).rejects.toThrow('EIO: i/o error');
  });

  it('summarises an empty package', async () => {
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage([])));
    expect(summary).toMatchObject({ entryCount: 0, objectDefinitionIds: [], casPartIds: [], thumbnails: [], strings: [], stringsComplete: true, warnings: [] });
    expect(Object.values(summary.counts).every((n) => n === 0)).toBe(true);
  });

  it('counts every resource of an older game as other, and reads none of its tables', async () => {
    const sims3 = await readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES.slice(0, 4), { major: 2, minor: 0 })));
    expect(sims3).toMatchObject({ format: 'sims3', objectDefinitionIds: [], casPartIds: [], strings: [] });
    expect(sims3.counts.other).toBe(4);
    const sims2 = await readPackageSummary(
      byteSourceFromBytes(writeSims2Package([{ type: T.STBL, group: 0, instance: 1n, data: writeStbl([{ key: 1, text: 'x' }]), compressed: true }])),
    );
    expect(sims2).toMatchObject({ format: 'sims2', entryCount: 2, strings: [] });
    expect(sims2.counts.other).toBe(2); // the table and the DIR
  });

  it('names CAS parts from their resources, packed or not, and keeps an unreadable one without a name', async () => {
    const summary = await readPackageSummary(
      byteSourceFromBytes(
        writePackage([
          { type: T.CASP, group: 0, instance: HAIR, data: casPart('yfHair_EP01_Braids', { titleKey: 0xabc, bodyType: 2 }), compression: 'zlib' },
          { type: T.CASP, group: 0, instance: LAMP, data: casPart('ymTop_Shirt', { version: 0x25, bodyType: 6, tags: 3 }) },
          { type: T.CASP, group: 0, instance: SOFA, data: new Uint8Array(5) },
          { type: T.CASP, group: 0, instance: 0x77n, data: casPart('with presets', { presets: 2 }) },
          { type: T.CASP, group: 0, instance: 0x78n, data: casPart('cut', { version: 0x2b }).subarray(0, 40) },
          { type: T.STBL, group: 0, instance: ENGLISH, data: writeStbl([{ key: 0xabc, text: 'Long Braids' }]) },
        ]),
      ),
    );
    expect(summary.casParts).toEqual([
      { id: 'fedcba9876543210', name: 'yfHair_EP01_Braids', title: 'Long Braids', bodyType: 2 },
      { id: '00000000000000ff', name: 'ymTop_Shirt', title: null, bodyType: 6 },
      { id: '0123456789abcdef', name: null, title: null, bodyType: null },
      { id: '0000000000000077', name: null, title: null, bodyType: null },
      { id: '0000000000000078', name: null, title: null, bodyType: null },
    ]);
    expect(summary.warnings.map((w) => [w.code, w.resource.instance])).toEqual([
      ['PACKAGE_RESOURCE_CORRUPT', '0123456789abcdef'],
      ['PACKAGE_RESOURCE_CORRUPT', '0000000000000078'],
    ]);
    // Every version of the layout the reader knows reads the same fields.
    for (const version of [0x1b, 0x20, 0x24, 0x25, 0x27, 0x28, 0x29, 0x2b, 0x2e]) {
      expect(readCasPartHead(casPart('v', { version, bodyType: 8, titleKey: 7, tags: 4 })), `version ${version}`).toEqual({ name: 'v', bodyType: 8, titleKey: 7 });
    }
  });

  it('lists the names of the name maps (tuning names among them)', async () => {
    const names = nameMap([{ instance: 1n, name: 'object_VelvetChair' }, { instance: 2n, name: 'buff_Cozy_Élan' }]);
    const summary = await readPackageSummary(byteSourceFromBytes(writePackage([{ type: 0x0166038c, group: 0, instance: 9n, data: names, compression: 'zlib' }])));
    expect(summary.resourceNames).toEqual(['object_VelvetChair', 'buff_Cozy_Élan']);
    expect(readNameMap(names)).toEqual(['object_VelvetChair', 'buff_Cozy_Élan']);
    await expectGameFileErrorCode(() => readNameMap(names.subarray(0, names.length - 3)), 'PACKAGE_RESOURCE_CORRUPT');
    const huge = names.slice();
    new DataView(huge.buffer).setUint32(4, 0xffffffff, true);
    await expectGameFileErrorCode(() => readNameMap(huge), 'PACKAGE_RESOURCE_CORRUPT');
  });

  it('recognises a merged package: several English string tables and several objects', async () => {
    const table = (key: number, text: string) => writeStbl([{ key, text }]);
    const merged = await readPackageSummary(
      byteSourceFromBytes(
        writePackage([
          { type: T.COBJ, group: 0, instance: SOFA, data: catalogHead(1, 1, 10) },
          { type: T.COBJ, group: 0, instance: LAMP, data: catalogHead(2, 2, 20) },
          { type: T.STBL, group: 0, instance: ENGLISH, data: table(1, 'Sofa') },
          { type: T.STBL, group: 0, instance: ENGLISH + 1n, data: table(2, 'Lamp') },
        ]),
      ),
    );
    expect(merged).toMatchObject({ englishStringTables: 2, isMerged: true });
    const single = await readPackageSummary(
      byteSourceFromBytes(
        writePackage([
          { type: T.COBJ, group: 0, instance: SOFA, data: catalogHead(1, 1, 10) },
          { type: T.COBJ, group: 0, instance: LAMP, data: catalogHead(2, 2, 20) },
          { type: T.STBL, group: 0, instance: ENGLISH, data: writeStbl([{ key: 1, text: 'Sofa' }, { key: 2, text: 'Lamp' }]) },
          { type: T.STBL, group: 0, instance: FRENCH, data: table(1, 'Canapé') },
        ]),
      ),
    );
    expect(single).toMatchObject({ englishStringTables: 1, isMerged: false });
  });

  it('reads the 32-bit object GUIDs of a Sims 2 package’s object definitions, packed or not', async () => {
    const sims2 = await readPackageSummary(
      byteSourceFromBytes(
        writeSims2Package([
          { type: 0x4f424a44, group: 1, instance: 1n, data: sims2ObjectDefinition(0x8a2b3c4d, 250), compressed: true },
          { type: 0x4f424a44, group: 1, instance: 2n, data: sims2ObjectDefinition(0x00001234, 10) },
          { type: 0x4f424a44, group: 1, instance: 3n, data: new Uint8Array(16) },
        ]),
      ),
    );
    expect(sims2.sims2ObjectGuids).toEqual(['8a2b3c4d', '00001234']);
    expect(sims2.warnings).toHaveLength(1);
  });

  it('passes the index errors and caps through', async () => {
    await expectGameFileErrorCode(() => readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES, { magic: 'DBPP' }))), 'PACKAGE_PROTECTED');
    await expectGameFileErrorCode(() => readPackageSummary(byteSourceFromBytes(writePackage(RESOURCES)), { maxEntries: 3 }), 'PACKAGE_TOO_MANY_RESOURCES');
  });
});

describe('fuzz: readPackageSummary', () => {
  /** A summary whose lists agree with its counts, or a typed refusal. */
  const read = async (bytes: Uint8Array) => {
    const summary = await readPackageSummary(byteSourceFromBytes(bytes), { maxStrings: 20, maxEntries: 10_000 });
    const live = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    if (live > summary.entryCount) throw new Error(`${live} live resources of ${summary.entryCount}`);
    if (summary.strings.length > 20) throw new Error(`${summary.strings.length} strings`);
    for (const id of [...summary.objectDefinitionIds, ...summary.casPartIds]) if (!/^[0-9a-f]{16}$/.test(id)) throw new Error(`id ${id}`);
  };
  const small = [
    resource(T.OBJD, SOFA),
    resource(T.CASP, HAIR, noData, 'zlib'),
    resource(T.STBL, ENGLISH, writeStbl([{ key: 1, text: 'Velvet Sofa' }]), 'refpack'),
    resource(T.STBL, ENGLISH + 1n, writeStbl([{ key: 2, text: 'Brass Lamp' }]), 'zlib'),
    resource(T.STBL, ENGLISH + 2n, writeStbl([{ key: 3, text: 'Rug' }])),
  ];
  const valid = writePackage(small);

  it('survives mutations of a package with string tables', async () => {
    const tally = await fuzzReader(mutations(valid, FUZZ_ITERATIONS, 71, [4, 8, 36, 44, 60, 64]), read);
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('survives every truncation of a package with its index first', async () => {
    const indexFirst = writePackage(small, { indexFirst: true });
    const tally = await fuzzReader(truncations(indexFirst), read);
    expect(tally.ok).toBe(0);
    expect(tally.error).toBe(indexFirst.length);
  });

  it('warns, never fails, when only the string tables are damaged', async () => {
    const { entries } = await readPackageIndex(byteSourceFromBytes(valid));
    const tables = entries.filter((e) => e.type === T.STBL);
    const hot = tables.flatMap((e) => Array.from({ length: e.size }, (_, i) => e.offset + i));
    let warned = 0;
    const tally = await fuzzReader(mutations(valid, Math.ceil(FUZZ_ITERATIONS / 2), 72, hot), async (bytes) => {
      // Only byte changes inside the tables: keep the file's length and everything outside them.
      if (bytes.length !== valid.length) return;
      for (let i = 0; i < tables[0]!.offset; i += 1) if (bytes[i] !== valid[i]) return;
      for (let i = tables.at(-1)!.offset + tables.at(-1)!.size; i < valid.length; i += 1) if (bytes[i] !== valid[i]) return;
      const summary = await readPackageSummary(byteSourceFromBytes(bytes));
      if (summary.warnings.length > 0) warned += 1;
    });
    expect(tally.error).toBe(0);
    expect(warned).toBeGreaterThan(0);
  });
});
