import { beforeAll, describe, expect, it } from 'vitest';
import { decodeTrayImage, parseTrayFileName, readHouseholdBinary, readTrayItem } from './tray.reader';
import {
  bytesOf,
  expectGameFileErrorCode,
  familyData,
  fuzzIterations,
  fuzzReader,
  mutations,
  ProtoWriter,
  randomInputs,
  sampleJpeg,
  seededRandom,
  samplePng,
  trayMetadata,
  truncations,
  withAlfa,
  wrapTrayData,
  wrapTrayImage,
  Writer,
  type FixtureHouseholdSim,
  type FixtureTrayItem,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

// ---------------------------------------------------------------------------------------------
// File names

describe('parseTrayFileName', () => {
  it('reads a .trayitem name: type, instance, what was saved', () => {
    expect(parseTrayFileName('0x00000001!0x00a1b2c3d4e5f607.trayitem')).toEqual({
      type: 1,
      instance: '00a1b2c3d4e5f607',
      ext: 'trayitem',
      role: 'trayitem',
      itemType: 'household',
    });
    expect(parseTrayFileName('0x00000002!0x0000000000000abc.trayitem')).toMatchObject({ itemType: 'lot' });
    expect(parseTrayFileName('0x00000003!0x0000000000000abc.trayitem')).toMatchObject({ itemType: 'room' });
    expect(parseTrayFileName('0x00000005!0x0000000000000abc.trayitem')).not.toHaveProperty('itemType');
  });

  it('reads the data files (T = 0)', () => {
    for (const role of ['householdbinary', 'blueprint', 'room'] as const) {
      expect(parseTrayFileName(`0x00000000!0x0123456789abcdef.${role}`)).toEqual({ type: 0, instance: '0123456789abcdef', ext: role, role });
    }
  });

  it('reads picture sizes and a lot’s extra thumbnail numbers', () => {
    expect(parseTrayFileName('0x00000002!0x0123456789abcdef.bpi')).toMatchObject({ role: 'bpi', imageSize: 'small', imageIndex: 0 });
    expect(parseTrayFileName('0x00000003!0x0123456789abcdef.bpi')).toMatchObject({ imageSize: 'large', imageIndex: 0 });
    expect(parseTrayFileName('0x00000103!0x0123456789abcdef.bpi')).toMatchObject({ type: 0x103, imageSize: 'large', imageIndex: 1 });
    expect(parseTrayFileName('0x00000203!0x0123456789abcdef.bpi')).toMatchObject({ imageSize: 'large', imageIndex: 2 });
    expect(parseTrayFileName('0x00000002!0x0123456789abcdef.hhi')).toMatchObject({ role: 'hhi', imageSize: 'small' });
    expect(parseTrayFileName('0x00000003!0x0123456789abcdef.rmi')).toMatchObject({ role: 'rmi', imageSize: 'large' });
    // .sgi: the sim's id as instance.
    expect(parseTrayFileName('0x00000002!0x5f4e3d2c1b0a9988.sgi')).toMatchObject({ role: 'sgi', instance: '5f4e3d2c1b0a9988' });
    // A picture whose low byte is neither 2 nor 3 has no size.
    expect(parseTrayFileName('0x00000010!0x0123456789abcdef.bpi')).not.toHaveProperty('imageSize');
  });

  it('ignores folders, case and leading zeros', () => {
    expect(parseTrayFileName('Tray/My Lots/0x00000001!0x0000000000000ABC.TrayItem')).toEqual({
      type: 1,
      instance: '0000000000000abc',
      ext: 'TrayItem',
      role: 'trayitem',
      itemType: 'household',
    });
    expect(parseTrayFileName('C:\\Users\\Sim\\Tray\\0x2!0xabc.hhi')).toMatchObject({ type: 2, instance: '0000000000000abc', role: 'hhi' });
  });

  it('refuses other names', () => {
    for (const name of [
      '',
      'house.trayitem',
      '0x00000001!0x0123456789abcdef.package',
      '0x00000001!0x0123456789abcdef',
      '0x00000001_0x0123456789abcdef.trayitem',
      '0x000000001!0x0123456789abcdef.trayitem', // 9 digits
      '0x00000001!0x0123456789abcdef0.trayitem', // 17 digits
      '0x00000001!0x0123456789abcdeg.trayitem',
      '0x00000001!0x0123456789abcdef.trayitem.zip',
      ' 0x00000001!0x0123456789abcdef.trayitem',
      '0x00000001!0x0123456789abcdef.constructor',
    ]) {
      expect(parseTrayFileName(name)).toBeNull();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// .trayitem

const BELLA = { id: 0x1111222233334444n, firstName: 'Bella', lastName: 'Goth', gender: 8192, age: 32, species: 1 };
const MORTIMER = { id: 0x5555666677778888n, firstName: 'Mortimer', lastName: 'Goth', gender: 4096, age: 64, species: 1 };
const CASSANDRA = { id: 0x0000000000000009n, firstName: 'Cassandra 🌸', lastName: 'Goth', gender: 8192, age: 8, species: 1 };

const HOUSEHOLD_ITEM: FixtureTrayItem = {
  id: 0x00a1b2c3d4e5f607n,
  type: 1,
  name: 'The Goths',
  description: 'A family with a “mysterious” past.',
  creatorId: 0xfedcba9876543210n,
  creatorName: 'Zoë',
  sims: [BELLA, MORTIMER, CASSANDRA],
  hashtags: ['goth', 'willowcreek'],
};

const LOT_ITEM: FixtureTrayItem = {
  id: 0x0000000000000abcn,
  type: 2,
  name: 'Goth Manor',
  description: '3 bedrooms, 2 bathrooms, §98,765',
  creatorId: 42n,
  creatorName: 'Builder',
  lot: { sizeX: 40, sizeZ: 30, price: 98_765, bedrooms: 3, bathrooms: 2, thumbnails: 4 },
  modded: true,
};

describe('readTrayItem', () => {
  it('reads a household: names, ids, creator and every sim', () => {
    expect(readTrayItem(wrapTrayData(trayMetadata(HOUSEHOLD_ITEM).toBytes()))).toEqual({
      id: '00a1b2c3d4e5f607',
      type: 'household',
      typeCode: 1,
      name: 'The Goths',
      description: 'A family with a “mysterious” past.',
      creatorId: 'fedcba9876543210',
      creatorName: 'Zoë',
      modifierName: 'Modifier',
      timestamp: 1_700_000_000,
      lot: null,
      room: null,
      familySize: 3,
      sims: [
        { id: '1111222233334444', firstName: 'Bella', lastName: 'Goth', gender: 'female', age: 'adult', species: 1 },
        { id: '5555666677778888', firstName: 'Mortimer', lastName: 'Goth', gender: 'male', age: 'elder', species: 1 },
        { id: '0000000000000009', firstName: 'Cassandra 🌸', lastName: 'Goth', gender: 'female', age: 'teen', species: 1 },
      ],
      isModdedContent: false,
      hashtags: ['goth', 'willowcreek'],
    });
  });

  it('reads a lot: size, price, bedrooms, bathrooms, thumbnails', () => {
    const item = readTrayItem(wrapTrayData(trayMetadata(LOT_ITEM).toBytes()));
    expect(item).toMatchObject({ id: '0000000000000abc', type: 'lot', typeCode: 2, name: 'Goth Manor', creatorId: '000000000000002a', isModdedContent: true });
    expect(item.lot).toEqual({ sizeX: 40, sizeZ: 30, price: 98_765, bedrooms: 3, bathrooms: 2, thumbnailCount: 4 });
    expect(item.sims).toEqual([]);
    expect(item.familySize).toBeNull();
  });

  it('reads a room and an unknown type', () => {
    const room = readTrayItem(wrapTrayData(trayMetadata({ ...LOT_ITEM, type: 3, lot: undefined, name: 'Library' }).toBytes()));
    expect(room).toMatchObject({ type: 'room', typeCode: 3, name: 'Library', lot: null, room: null });
    const furnished = { roomType: 4, sizeX: 6, sizeZ: 8, price: 12_345, height: 3 };
    const withFacts = readTrayItem(wrapTrayData(trayMetadata({ ...LOT_ITEM, type: 3, lot: undefined, room: furnished }).toBytes()));
    expect(withFacts.room).toEqual(furnished);
    expect(withFacts.lot).toBeNull();
    const part = readTrayItem(wrapTrayData(trayMetadata({ ...LOT_ITEM, type: 5, lot: undefined }).toBytes()));
    expect(part).toMatchObject({ type: 'unknown', typeCode: 5 });
  });

  it('reads every age and gender label, and unknown ones as unknown', () => {
    const ages = [1, 2, 4, 8, 16, 32, 64, 128, 0];
    const sims = ages.map((age, n) => ({ ...BELLA, id: BigInt(n + 1), age, gender: [4096, 8192, 0][n % 3]! }));
    const item = readTrayItem(wrapTrayData(trayMetadata({ ...HOUSEHOLD_ITEM, sims }).toBytes()));
    expect(item.sims.map((s) => s.age)).toEqual(['baby', 'toddler', 'child', 'teen', 'youngAdult', 'adult', 'elder', 'infant', 'unknown']);
    expect(item.sims.map((s) => s.gender)).toEqual(['male', 'female', 'unknown', 'male', 'female', 'unknown', 'male', 'female', 'unknown']);
  });

  it('reads an empty body as an item with nothing set', () => {
    expect(readTrayItem(wrapTrayData(new Uint8Array(0)))).toEqual({
      id: null,
      type: 'unknown',
      typeCode: null,
      name: '',
      description: '',
      creatorId: null,
      creatorName: '',
      modifierName: '',
      timestamp: null,
      lot: null,
      room: null,
      familySize: null,
      sims: [],
      isModdedContent: false,
      hashtags: [],
    });
  });

  it('takes the last value of a repeated field and skips a field of the wrong wire type', () => {
    const body = new ProtoWriter().string(4, 'First').string(4, 'Second').varint(5, 7).string(2, 'not a number').varint(1, 0n).toBytes();
    expect(readTrayItem(wrapTrayData(body))).toMatchObject({ name: 'Second', description: '', typeCode: null, id: null });
  });

  it('reads a negative int32 as a negative number', () => {
    const body = new ProtoWriter().varint(2, -1).toBytes();
    expect(readTrayItem(wrapTrayData(body)).typeCode).toBe(-1);
  });

  it('ignores bytes after the body the header announces', () => {
    const bytes = wrapTrayData(trayMetadata(LOT_ITEM).toBytes(), { trailing: bytesOf([0xff, 0xff, 0xff]) });
    expect(readTrayItem(bytes).name).toBe('Goth Manor');
  });

  it('refuses a file cut short, damaged or too large', async () => {
    const bytes = wrapTrayData(trayMetadata(HOUSEHOLD_ITEM).toBytes());
    for (const cut of [new Uint8Array(0), bytes.subarray(0, 7), bytes.subarray(0, bytes.length - 1)]) {
      const error = await expectGameFileErrorCode(() => readTrayItem(cut), 'TRAY_FILE_TRUNCATED');
      expect(error.message).toBe('This .trayitem file is cut short: it ends before its contents do. Please upload it again.');
    }
    const damaged = await expectGameFileErrorCode(() => readTrayItem(wrapTrayData(bytesOf([0x0b, 0x00]))), 'TRAY_FILE_INVALID');
    expect(damaged.extensions).toMatchObject({ ext: 'trayitem' });
    // Damage inside a nested message (a sim) is found too.
    const badSim = new ProtoWriter().message(10, new ProtoWriter().message(2, new ProtoWriter().bytes(2, bytesOf([0x0a, 0x7f]))));
    await expectGameFileErrorCode(() => readTrayItem(wrapTrayData(badSim.toBytes())), 'TRAY_FILE_INVALID');
    const large = await expectGameFileErrorCode(() => readTrayItem(bytes, { maxBytes: bytes.length - 1 }), 'GAME_FILE_TOO_LARGE');
    expect(large.extensions).toMatchObject({ size: bytes.length, max: bytes.length - 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// .householdbinary

const SIMS: FixtureHouseholdSim[] = [
  {
    id: 0x1111222233334444n,
    firstName: 'Bella',
    lastName: 'Goth',
    gender: 8192,
    age: 32,
    skinTone: 0x000000000000b5c1n,
    outfits: [
      [0xcc01000000000001n, 0xcc01000000000002n],
      [0xcc01000000000001n, 0xcc01000000000003n, 0n],
    ],
  },
  {
    id: 0x5555666677778888n,
    firstName: 'Mortimer',
    lastName: 'Goth',
    gender: 4096,
    age: 64,
    skinTone: 0n,
    outfits: [[0xcc01000000000002n, 0xcc02000000000004n]],
  },
];
const FAMILY = { name: 'Goth', money: 20_000, description: 'Bella’s family', sims: SIMS, inventory: [0x0b0e000000000001n, 0x0b0e000000000002n, 0x0b0e000000000001n] };

const EXPECTED_HOUSEHOLD = {
  familyName: 'Goth',
  money: 20_000,
  description: 'Bella’s family',
  sims: [
    {
      id: '1111222233334444',
      firstName: 'Bella',
      lastName: 'Goth',
      gender: 'female',
      age: 'adult',
      skinTone: '000000000000b5c1',
      casPartIds: ['cc01000000000001', 'cc01000000000002', 'cc01000000000003'],
    },
    {
      id: '5555666677778888',
      firstName: 'Mortimer',
      lastName: 'Goth',
      gender: 'male',
      age: 'elder',
      skinTone: null,
      casPartIds: ['cc01000000000002', 'cc02000000000004'],
    },
  ],
  casPartIds: ['cc01000000000001', 'cc01000000000002', 'cc01000000000003', 'cc02000000000004'],
  inventoryObjectIds: ['0b0e000000000001', '0b0e000000000002'],
};

/**
 * The second header layout (SIMS-FORMATS.md, from version 2): uint32 version, uint32 bytes after
 * it, uint32 0, uint32 body length, the body, then custom-texture blobs.
 */
function wrapHouseholdV2(body: Uint8Array, version: number, blobs: Uint8Array): Uint8Array {
  return new Writer()
    .u32(version)
    .u32(8 + body.length + blobs.length)
    .u32(0)
    .u32(body.length)
    .bytes(body)
    .bytes(blobs)
    .toBytes();
}

describe('readHouseholdBinary', () => {
  it('reads the family, its sims, their CAS parts and the inventory, each id once', () => {
    const household = readHouseholdBinary(wrapTrayData(familyData(FAMILY).toBytes()));
    expect(household).toEqual({ version: 0, ...EXPECTED_HOUSEHOLD, trailing: new Uint8Array(0) });
  });

  it('reads outfits nested as a list in field 1 the same way', () => {
    const household = readHouseholdBinary(wrapTrayData(familyData(FAMILY, { nestedOutfits: true }).toBytes()));
    expect(household).toMatchObject(EXPECTED_HOUSEHOLD);
  });

  it('reads CAS part ids written one per field instead of packed', () => {
    const idList = new ProtoWriter().fixed64(1, 0xcc0100000000000an).fixed64(1, 0xcc0100000000000bn);
    const sim = new ProtoWriter().fixed64(1, 7n).string(5, 'Solo').message(21, new ProtoWriter().message(5, idList));
    const body = new ProtoWriter().message(1, new ProtoWriter().string(3, 'Solo').message(6, sim)).toBytes();
    expect(readHouseholdBinary(wrapTrayData(body)).casPartIds).toEqual(['cc0100000000000a', 'cc0100000000000b']);
  });

  it('keeps the header’s version and the bytes after FamilyData untouched', () => {
    const trailing = bytesOf([0xde, 0xad, 0xbe, 0xef, 0, 1, 2]);
    const household = readHouseholdBinary(wrapTrayData(familyData(FAMILY).toBytes(), { version: 2, trailing }));
    expect(household.version).toBe(2);
    expect(same(household.trailing, trailing)).toBe(true);
    expect(household.familyName).toBe('Goth');
  });

  it('reads the second header layout (version, size, 0, length) with its texture blobs', () => {
    const blobs = bytesOf(Buffer.from('DDS blob'), [0, 0, 0, 1]);
    const household = readHouseholdBinary(wrapHouseholdV2(familyData(FAMILY).toBytes(), 2, blobs));
    expect(household).toMatchObject({ version: 2, ...EXPECTED_HOUSEHOLD });
    expect(same(household.trailing, blobs)).toBe(true);
    const newer = readHouseholdBinary(wrapHouseholdV2(familyData(FAMILY).toBytes(), 5, new Uint8Array(0)));
    expect(newer).toMatchObject({ version: 5, familyName: 'Goth' });
  });

  it('reads an empty household', () => {
    expect(readHouseholdBinary(wrapTrayData(new Uint8Array(0)))).toEqual({
      version: 0,
      familyName: '',
      money: null,
      description: '',
      sims: [],
      casPartIds: [],
      inventoryObjectIds: [],
      trailing: new Uint8Array(0),
    });
  });

  it('refuses a file cut short, damaged or too large', async () => {
    const bytes = wrapTrayData(familyData(FAMILY).toBytes());
    for (const cut of [bytes.subarray(0, 3), bytes.subarray(0, 100)]) {
      const error = await expectGameFileErrorCode(() => readHouseholdBinary(cut), 'TRAY_FILE_TRUNCATED');
      expect(error.extensions).toMatchObject({ ext: 'householdbinary' });
    }
    // Damage in a sim (a tag of wire type 7) and in an inventory list (a length past its end).
    const damagedSim = new ProtoWriter().message(1, new ProtoWriter().string(3, 'Goth').bytes(6, bytesOf([0x0f])));
    const damagedInventory = new ProtoWriter().message(1, new ProtoWriter().string(3, 'Goth').bytes(12, bytesOf([0x0a, 0x03, 0x0b])));
    for (const body of [damagedSim, damagedInventory]) {
      const error = await expectGameFileErrorCode(() => readHouseholdBinary(wrapTrayData(body.toBytes())), 'TRAY_FILE_INVALID');
      expect(error.message).toBe('This .householdbinary file is damaged: its contents could not be read.');
    }
    const v2 = wrapHouseholdV2(familyData(FAMILY).toBytes(), 2, new Uint8Array(0));
    await expectGameFileErrorCode(() => readHouseholdBinary(v2.subarray(0, v2.length - 1)), 'TRAY_FILE_TRUNCATED');
    await expectGameFileErrorCode(() => readHouseholdBinary(bytes, { maxBytes: 10 }), 'GAME_FILE_TOO_LARGE');
  });
});

// ---------------------------------------------------------------------------------------------
// Tray pictures

let jpeg: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  [jpeg, png] = await Promise.all([sampleJpeg(), samplePng(8, 6)]);
});

describe('decodeTrayImage', () => {
  it('decodes both header versions to the JPEG', () => {
    for (const version of [1, 2] as const) {
      const image = decodeTrayImage(wrapTrayImage(jpeg, version));
      expect(image).toEqual({ container: `v${version}`, format: 'jpeg', image: jpeg });
    }
  });

  it('splits a JPEG’s ALFA mask from the picture', () => {
    const image = decodeTrayImage(wrapTrayImage(withAlfa(jpeg, png), 2));
    expect(image.container).toBe('v2');
    expect(same(image.image, jpeg)).toBe(true);
    expect(same(image.alphaPng!, png)).toBe(true);
  });

  it('decodes a PNG payload and passes plain JPEG and PNG files through', () => {
    expect(decodeTrayImage(wrapTrayImage(png, 1))).toEqual({ container: 'v1', format: 'png', image: png });
    expect(decodeTrayImage(jpeg)).toEqual({ container: 'plain', format: 'jpeg', image: jpeg });
    expect(decodeTrayImage(png)).toEqual({ container: 'plain', format: 'png', image: png });
    const plainAlfa = decodeTrayImage(withAlfa(jpeg, png));
    expect(plainAlfa.container).toBe('plain');
    expect(same(plainAlfa.alphaPng!, png)).toBe(true);
  });

  it('ignores bytes after the payload the header announces', () => {
    const bytes = bytesOf(wrapTrayImage(jpeg, 2), [1, 2, 3]);
    expect(same(decodeTrayImage(bytes).image, jpeg)).toBe(true);
  });

  it('calls a picture cut short truncated, and other bytes invalid', async () => {
    const v2 = wrapTrayImage(jpeg, 2);
    for (const cut of [v2.subarray(0, 9), v2.subarray(0, 16), v2.subarray(0, 23), v2.subarray(0, 24), v2.subarray(0, v2.length - 1)]) {
      await expectGameFileErrorCode(() => decodeTrayImage(cut), 'TRAY_IMAGE_TRUNCATED');
    }
    const badVersion = v2.slice();
    badVersion[16] = 3;
    const badMagic = v2.slice();
    badMagic[10]! ^= 1;
    const notAPicture = wrapTrayImage(bytesOf(Buffer.from('GIF89a and more')), 2);
    const damagedJpeg = wrapTrayImage(bytesOf([0xff, 0xd8, 0x00, 0x00]), 1);
    const damagedMask = wrapTrayImage(withAlfa(jpeg, bytesOf(Buffer.from('not a png'))), 2);
    for (const bytes of [new Uint8Array(0), v2.subarray(0, 8), bytesOf(Buffer.from('plain text, not a picture at all')), badVersion, badMagic, notAPicture, damagedJpeg, damagedMask]) {
      const error = await expectGameFileErrorCode(() => decodeTrayImage(bytes), 'TRAY_IMAGE_INVALID');
      expect(error.message).toContain('does not hold a JPEG or PNG picture');
    }
    // Version 1 reads only 32 bits of length: the upper half is not part of it.
    const v1 = wrapTrayImage(jpeg, 1);
    v1.set([0xff, 0xff, 0xff, 0xff], 4);
    expect(same(decodeTrayImage(v1).image, jpeg)).toBe(true);
    // Version 2 reads all 64.
    const v2Long = v2.slice();
    v2Long.set([0, 0, 0, 1], 4);
    await expectGameFileErrorCode(() => decodeTrayImage(v2Long), 'TRAY_IMAGE_TRUNCATED');
  });

  it('refuses a picture over the byte cap', async () => {
    const bytes = wrapTrayImage(jpeg, 2);
    const error = await expectGameFileErrorCode(() => decodeTrayImage(bytes, { maxBytes: 100 }), 'GAME_FILE_TOO_LARGE');
    expect(error.extensions).toMatchObject({ size: bytes.length, max: 100 });
  });

  it('does not change the bytes it was given', () => {
    const bytes = wrapTrayImage(jpeg, 2);
    const copy = bytes.slice();
    decodeTrayImage(bytes);
    expect(same(bytes, copy)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz

describe('fuzz: tray readers', () => {
  it('readTrayItem survives mutations and truncations', async () => {
    const inputs = [wrapTrayData(trayMetadata(HOUSEHOLD_ITEM).toBytes()), wrapTrayData(trayMetadata(LOT_ITEM).toBytes())];
    for (const [n, valid] of inputs.entries()) {
      const tally = await fuzzReader(mutations(valid, Math.ceil(FUZZ_ITERATIONS / 2), 70 + n, [0, 4]), (bytes) => readTrayItem(bytes));
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.error).toBeGreaterThan(0);
    }
    const body = trayMetadata(HOUSEHOLD_ITEM).toBytes();
    // Cut bodies with a header that matches them: the protobuf itself is cut short.
    const tally = await fuzzReader(
      Array.from(truncations(body), (cut) => wrapTrayData(cut)),
      (bytes) => readTrayItem(bytes),
    );
    expect(tally.ok).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it('readHouseholdBinary survives mutations and truncations', async () => {
    const inputs = [
      wrapTrayData(familyData(FAMILY).toBytes(), { trailing: bytesOf([1, 2, 3]) }),
      wrapTrayData(familyData(FAMILY, { nestedOutfits: true }).toBytes(), { version: 2 }),
      wrapHouseholdV2(familyData(FAMILY).toBytes(), 2, bytesOf([9, 9])),
    ];
    for (const [n, valid] of inputs.entries()) {
      const tally = await fuzzReader(mutations(valid, Math.ceil(FUZZ_ITERATIONS / 3), 80 + n, [0, 4, 8, 12]), (bytes) => readHouseholdBinary(bytes));
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.error).toBeGreaterThan(0);
    }
    const body = familyData(FAMILY).toBytes();
    const tally = await fuzzReader(
      Array.from(truncations(body), (cut) => wrapTrayData(cut)),
      (bytes) => readHouseholdBinary(bytes),
    );
    expect(tally.error).toBeGreaterThan(0);
  });

  it('decodeTrayImage survives mutations, truncations and random bytes', async () => {
    const inputs = [wrapTrayImage(withAlfa(jpeg, png), 2), wrapTrayImage(jpeg, 1), wrapTrayImage(png, 2)];
    for (const [n, valid] of inputs.entries()) {
      const tally = await fuzzReader(mutations(valid, Math.ceil(FUZZ_ITERATIONS / 3), 90 + n, [0, 4, 8, 16, 20]), (bytes) => decodeTrayImage(bytes));
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.error).toBeGreaterThan(0);
    }
    const small = wrapTrayImage(withAlfa(jpeg, png), 2);
    const cut = await fuzzReader(truncations(small), (bytes) => decodeTrayImage(bytes));
    expect(cut).toMatchObject({ ok: 0, error: small.length });
    const header = wrapTrayImage(new Uint8Array(0), 2).subarray(8, 24);
    const random = await fuzzReader(randomInputs(Math.ceil(FUZZ_ITERATIONS / 3), 93, 64), (bytes) => decodeTrayImage(bytesOf(bytes.subarray(0, 8), header, bytes.subarray(8))));
    expect(random.error).toBeGreaterThan(0);
  });

  it('parseTrayFileName returns a well-formed name or null for any text', () => {
    const rng = seededRandom(94);
    const pick = (chars: string) => chars[Math.floor(rng() * chars.length)]!;
    const hex = (max: number) => Array.from({ length: 1 + Math.floor(rng() * max) }, () => pick('0123456789abcdefABCDEF')).join('');
    const exts = ['trayitem', 'householdbinary', 'blueprint', 'room', 'hhi', 'sgi', 'bpi', 'rmi', 'HHI', 'package', 'toString', '__proto__'];
    const outcomes = { parsed: 0, refused: 0 };
    for (let i = 0; i < FUZZ_ITERATIONS; i += 1) {
      let name = `0x${hex(9)}!0x${hex(17)}.${exts[Math.floor(rng() * exts.length)]}`;
      // Now and then a character replaced by one that does not belong.
      if (rng() < 0.3) {
        const at = Math.floor(rng() * name.length);
        name = name.slice(0, at) + pick('!x.0/\\ é\u0000') + name.slice(at + 1);
      }
      const parsed = parseTrayFileName(name);
      if (!parsed) {
        outcomes.refused += 1;
        continue;
      }
      outcomes.parsed += 1;
      if (!/^[0-9a-f]{16}$/.test(parsed.instance)) throw new Error(`${name}: instance ${parsed.instance}`);
      if (!Number.isInteger(parsed.type) || parsed.type < 0 || parsed.type > 0xffffffff) throw new Error(`${name}: type ${parsed.type}`);
      if (parsed.role !== parsed.ext.toLowerCase()) throw new Error(`${name}: role ${parsed.role}`);
    }
    expect(outcomes.parsed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
