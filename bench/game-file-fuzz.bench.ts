// The long fuzz of the game-file readers (issue 14): CI runs thousands of inputs per reader in the
// unit tests; this runs a million per reader with the same generators and the same rule
// (`fuzzReader` in modules/game-file/fuzz.ts): every input must end in a result or a GameFileError,
// within 2 s. Inputs: mutations of a valid fixture built in code (bit flips, random bytes, hostile
// counts, offsets and lengths at the header's and index's fields, truncations), and random bytes.
// The baseline, in the same run: the same reader on its valid fixture, so the rate says how much
// dearer a hostile input is than a good one. Any crash, hang or untyped error stops the bench.
// BENCH_FUZZ_INPUTS (per reader, default 1,000,000) changes a trial run.
import assert from 'node:assert/strict';
import { byteSourceFromBytes } from '../apps/server/src/modules/game-file/byte-source.reader';
import {
  casPart,
  catalogHead,
  nameMap,
  familyData,
  refpackCompress,
  sampleJpeg,
  samplePng,
  trayMetadata,
  withAlfa,
  wrapTrayData,
  wrapTrayImage,
  writePackage,
  writeSims3Pack,
  writeStbl,
  writeZipArchive,
} from '../apps/server/src/modules/game-file/fixture-writers';
import { fuzzReader, mutations, randomInputs, type FuzzTally } from '../apps/server/src/modules/game-file/fuzz';
import { scanCandidateIds } from '../apps/server/src/modules/game-file/id-scan.reader';
import { readPackageSummary } from '../apps/server/src/modules/game-file/package-summary.reader';
import { decompressRefPack } from '../apps/server/src/modules/game-file/refpack.reader';
import { readScriptSummary } from '../apps/server/src/modules/game-file/script.reader';
import { readSims3PackSummary } from '../apps/server/src/modules/game-file/sims3pack.reader';
import { readStringTable } from '../apps/server/src/modules/game-file/stbl.reader';
import { decodeThumbnail } from '../apps/server/src/modules/game-file/thumbnail.reader';
import { decodeTrayImage, readHouseholdBinary, readTrayItem } from '../apps/server/src/modules/game-file/tray.reader';
import { markdownTable, textTable, type Bench } from './harness';

const INPUTS = Number(process.env.BENCH_FUZZ_INPUTS ?? 1_000_000);
/** Share of the inputs that are random bytes rather than mutations of the fixture. */
const RANDOM_SHARE = 0.1;
/** Valid-fixture reads for the baseline rate. */
const BASELINE_READS = Math.max(100, Math.floor(INPUTS / 100));

interface FuzzCase {
  reader: string;
  valid: Uint8Array;
  read(bytes: Uint8Array): unknown;
  /** Header and index fields where hostile numbers do the most harm. */
  hot?: number[];
  /** What random inputs start with, so they get past the first check. */
  prefix?: number[];
}

async function cases(): Promise<FuzzCase[]> {
  const text = new TextEncoder().encode('<I n="object_Chair" s="12345"><T n="price">350</T></I>'.repeat(40));
  const jpeg = await sampleJpeg(32, 24);
  const png = await samplePng(32, 24, true);
  const pkg = writePackage([
    { type: 0x319e4f1d, group: 0, instance: 0x00a1b2c3d4e5f607n, data: catalogHead(0x1234, 0x5678, 350) },
    { type: 0xc0db5ae7, group: 0, instance: 0x00a1b2c3d4e5f607n, data: new Uint8Array(64) },
    { type: 0x220557da, group: 0, instance: 0x0011223344556677n, data: writeStbl([{ key: 0x1234, text: 'Velvet Chair' }, { key: 0x5678, text: 'Soft' }]), compression: 'zlib' },
    { type: 0x220557da, group: 0, instance: 0x0111223344556677n, data: writeStbl([{ key: 0x9999, text: 'Other' }]), compression: 'refpack' },
    { type: 0x034aeecb, group: 0, instance: 0x1122334455667788n, data: casPart('yfHair_Braids'), compression: 'zlib' },
    { type: 0x0166038c, group: 0, instance: 0x2n, data: nameMap([{ instance: 1n, name: 'object_VelvetChair' }]) },
    { type: 0x3c1af1f2, group: 0, instance: 0x00a1b2c3d4e5f607n, data: withAlfa(jpeg, png) },
  ]);
  const sim = { id: 7n, firstName: 'Bella', lastName: 'Goth', gender: 8192, age: 32, skinTone: 0x77n, outfits: [[0x1122334455667788n, 0x99aabbccddeeff00n]] };
  return [
    {
      reader: 'package (index, string tables, catalog objects)',
      valid: pkg,
      read: (bytes) => readPackageSummary(byteSourceFromBytes(bytes)),
      hot: [4, 8, 36, 44, 60, 64],
      prefix: [0x44, 0x42, 0x50, 0x46, 2, 0, 0, 0, 1, 0, 0, 0],
    },
    {
      reader: 'RefPack decompression',
      valid: refpackCompress(text),
      read: (bytes) => decompressRefPack(bytes, { maxBytes: 1024 * 1024 }),
      hot: [0, 2, 5],
      prefix: [0x10, 0xfb],
    },
    { reader: 'string table', valid: writeStbl([{ key: 1, text: 'Velvet Chair' }, { key: 2, text: 'A soft chair' }]), read: (bytes) => readStringTable(bytes), hot: [4, 7, 9, 13], prefix: [0x53, 0x54, 0x42, 0x4c] },
    {
      reader: '.trayitem',
      valid: wrapTrayData(trayMetadata({ id: 0xabn, type: 2, name: 'Maple Cottage', description: 'A house', creatorId: 42n, creatorName: 'PixelWitch', lot: { sizeX: 20, sizeZ: 15, price: 45000, bedrooms: 2, bathrooms: 1, thumbnails: 1 } }).toBytes()),
      read: (bytes) => readTrayItem(bytes),
      hot: [0, 4],
      prefix: [0, 0, 0, 0],
    },
    {
      reader: '.householdbinary',
      valid: wrapTrayData(familyData({ name: 'Goth', money: 20000, description: 'Famous', sims: [sim], inventory: [0x0123456789abcdefn] }).toBytes()),
      read: (bytes) => readHouseholdBinary(bytes),
      hot: [0, 4],
      prefix: [0, 0, 0, 0],
    },
    { reader: 'tray picture', valid: wrapTrayImage(withAlfa(jpeg, png), 2), read: (bytes) => decodeTrayImage(bytes), hot: [0, 4, 16], prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c] },
    { reader: 'thumbnail (JPEG with ALFA mask)', valid: withAlfa(jpeg, png), read: (bytes) => decodeThumbnail(bytes), hot: [2, 4, 6, 10], prefix: [0xff, 0xd8] },
    {
      reader: 'script mod (.ts4script zip directory)',
      valid: writeZipArchive([{ name: 'mod/__init__.pyc', data: text.subarray(0, 64) }, { name: 'mod/ui.py', data: text.subarray(0, 32) }], { comment: 'by me' }),
      read: (bytes) => readScriptSummary(byteSourceFromBytes(bytes)),
      prefix: [0x50, 0x4b, 3, 4],
    },
    {
      reader: '.sims3pack manifest',
      valid: writeSims3Pack('<Sims3Package Type="Object" SubType="0x1"><PackagedFile><Name>a.package</Name><Length>10</Length><Guid>0x1</Guid></PackagedFile></Sims3Package>', new Uint8Array(16)),
      read: (bytes) => readSims3PackSummary(byteSourceFromBytes(bytes)),
      hot: [0, 13],
      prefix: [7, 0, 0, 0, 0x54, 0x53, 0x33, 0x50, 0x61, 0x63, 0x6b],
    },
    { reader: '.blueprint / .room id scan', valid: wrapTrayData(new Uint8Array(2048).map((_, i) => (i * 131) % 256)), read: (bytes) => scanCandidateIds(bytes, { maxIds: 10_000 }) },
  ];
}

export const bench: Bench = {
  name: 'Game-file readers, long fuzz',
  async run() {
    const head = ['reader', 'inputs', 'returned', 'refused (typed error)', 'slowest input ms', 'inputs/s', 'valid fixture reads/s', 'fuzz ÷ valid rate'];
    const rows: string[][] = [];
    let seed = 1000;
    for (const c of await cases()) {
      // The fixture must read as it is: a fuzz of a broken fixture proves nothing.
      await c.read(c.valid);
      const baselineStarted = performance.now();
      for (let i = 0; i < BASELINE_READS; i += 1) await c.read(c.valid);
      const validRate = BASELINE_READS / ((performance.now() - baselineStarted) / 1000);
      const random = Math.floor(INPUTS * RANDOM_SHARE);
      const started = performance.now();
      const tallies: FuzzTally[] = [
        await fuzzReader(mutations(c.valid, INPUTS - random, (seed += 1), c.hot), c.read),
        await fuzzReader(randomInputs(random, (seed += 1), Math.max(64, c.valid.length * 2), c.prefix), c.read),
      ];
      const seconds = (performance.now() - started) / 1000;
      const ok = tallies.reduce((n, t) => n + t.ok, 0);
      const error = tallies.reduce((n, t) => n + t.error, 0);
      assert.equal(ok + error, INPUTS, `${c.reader}: every input ended`);
      const rate = INPUTS / seconds;
      rows.push([
        c.reader,
        INPUTS.toLocaleString('en-US'),
        ok.toLocaleString('en-US'),
        error.toLocaleString('en-US'),
        Math.max(...tallies.map((t) => t.slowestMs)).toFixed(1),
        Math.round(rate).toLocaleString('en-US'),
        Math.round(validRate).toLocaleString('en-US'),
        (rate / validRate).toFixed(2),
      ]);
      console.log(`  ${c.reader}: ${INPUTS} inputs in ${seconds.toFixed(0)} s`);
    }
    const note =
      `Every input of every reader ended in a result or a typed GameFileError within the 2 s limit: no crash, no hang, no untyped error (any would have stopped the bench). ` +
      `${Math.round((1 - RANDOM_SHARE) * 100)} % mutations of the valid fixture, ${Math.round(RANDOM_SHARE * 100)} % random bytes after the format's first bytes.`;
    return {
      markdown: ['## Game-file readers, long fuzz (`bench/game-file-fuzz.bench.ts`)', '', note, '', markdownTable(head, rows)].join('\n'),
      text: [note, '', textTable(head, rows)].join('\n'),
    };
  },
};
