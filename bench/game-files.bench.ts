// Reading game files (issue 14), three measurements, each against a baseline of the same run:
//   1. The index of a 500 MB package, through ranged reads from storage (local disk here; ranged GETs
//      on S3), in a process of its own: time and resident-memory growth. Baseline: reading the
//      whole file from disk once (what a reader that needs all the bytes pays at the least).
//      Goal: ≤ 1 s and ≤ 64 MiB growth.
//   2. The product's whole inspection of a 100 MB package (inspectContent: index, English string
//      tables, up to 500 catalog objects) against @s4tk/models' `Package.from` of the same bytes, each
//      in a process of its own, alternately. Goal: time ratio (s4tk ÷ product) ≥ 1.0, with less memory.
//   3. 1,000 packages of 50 KB through the inspection job (a worker thread, one row per content on
//      the embedded database), against the same contents read in-process by inspectContent (no
//      worker, no database). Goal: ≥ 200 inspected per second.
// Every package is built in code (fixture-writers.ts), streamed to disk or storage, never held whole.
// BENCH_GAME_FILES_BIG_MIB (default 500), _MID_MIB (100), _SMALL (1000) and _ROUNDS (3) change a trial run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { files as filesTable, fileVersions } from '../apps/server/src/db/schema/index';
import { byteSourceFromStorage } from '../apps/server/src/modules/game-file/storage-source';
import { catalogHead, packageFrame, writePackage, writeStbl, type FramedResource } from '../apps/server/src/modules/game-file/fixture-writers';
import { inspectContent } from '../apps/server/src/modules/game-file/inspect.reader';
import { inspectPendingFiles } from '../apps/server/src/modules/game-file/inspection.service';
import { LocalDiskStorage } from '../apps/server/src/storage/local-disk';
import { buildMember, buildSubmission } from '../apps/server/src/test/factories';
import { preparePglite } from './databases';
import { markdownTable, sampleStats, textTable, type Bench } from './harness';

const MiB = 1024 * 1024;
const BIG = Number(process.env.BENCH_GAME_FILES_BIG_MIB ?? 500) * MiB;
const MID = Number(process.env.BENCH_GAME_FILES_MID_MIB ?? 100) * MiB;
const SMALL = Number(process.env.BENCH_GAME_FILES_SMALL ?? 1000);
const ROUNDS = Number(process.env.BENCH_GAME_FILES_ROUNDS ?? 3);
const GOAL_INDEX_MS = 1000;
const GOAL_INDEX_MIB = 64;
const GOAL_RATIO = 1.0;
const GOAL_PER_SECOND = 200;

const T = { COBJ: 0x319e4f1d, OBJD: 0xc0db5ae7, CASP: 0x034aeecb, STBL: 0x220557da, IMAGE: 0x00b2d882, THUMB: 0x3c1af1f2 };
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

/** An object definition as the game writes its frame (version 2, the property table right after), with no properties. */
function objectDefinition(): Uint8Array {
  const bytes = new Uint8Array(64);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 2, true);
  view.setUint32(2, 6, true);
  view.setUint16(6, 0, true);
  return bytes;
}

interface Planned extends FramedResource {
  /** The stored bytes, made when they are written. */
  make(): Uint8Array;
}

/** A package's resources laid out to fill `bytes`: catalog objects, string tables, CAS parts, then images. */
function plan(bytes: number, seed: number): Planned[] {
  const out: Planned[] = [];
  const add = (type: number, instance: bigint, make: () => Uint8Array, compression: FramedResource['compression'] = 'none', length?: number) => {
    const sample = make();
    out.push({ type, group: 0, instance, storedLength: sample.length, length: length ?? sample.length, compression, make: () => sample });
  };
  const objects = 500;
  for (let i = 0; i < objects; i += 1) {
    const id = (BigInt(seed) << 40n) | BigInt(i + 1);
    add(T.COBJ, id, () => catalogHead(0x10000 + i, 0x20000 + i, 100 + i));
    add(T.OBJD, id, objectDefinition);
  }
  for (let t = 0; t < 10; t += 1) {
    const table = writeStbl(Array.from({ length: 1000 }, (_, i) => ({ key: t === 0 && i < objects * 2 ? (i < objects ? 0x10000 + i : 0x20000 + i - objects) : 0x30000 + t * 1000 + i, text: `Text ${t}-${i} of a catalog object` })));
    add(T.STBL, (BigInt(t) << 56n) | BigInt(seed), () => table);
  }
  for (let i = 0; i < 3000; i += 1) add(T.CASP, (BigInt(seed) << 32n) | BigInt(0x9000000 + i), () => new Uint8Array(96));
  const used = out.reduce((n, r) => n + r.storedLength, 0);
  const imageSize = 9 * 1024;
  const images = Math.max(0, Math.floor((bytes - used) / imageSize));
  const image = crypto.randomBytes(imageSize);
  for (let i = 0; i < images; i += 1) {
    out.push({ type: T.IMAGE, group: 0, instance: (BigInt(seed) << 48n) | BigInt(i), storedLength: imageSize, length: imageSize, make: () => image });
  }
  return out;
}

/** The package's bytes in order, a resource at a time. */
function* packageChunks(resources: Planned[]): Generator<Uint8Array> {
  const { header, index } = packageFrame(resources);
  yield header;
  for (const r of resources) yield r.make();
  yield index;
}

function writePackageFile(file: string, resources: Planned[]): number {
  const fd = fs.openSync(file, 'w');
  let size = 0;
  for (const chunk of packageChunks(resources)) size += fs.writeSync(fd, chunk);
  fs.closeSync(fd);
  return size;
}

interface ChildResult {
  ms: number;
  peakGrowthMiB: number;
  entries?: number;
  objects?: number;
  strings?: number;
}

function child(...args: string[]): ChildResult {
  const script = path.join(import.meta.dirname, 'game-files.child.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', script, ...args], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * MiB });
  assert.equal(run.status, 0, `game-files.child ${args[0]} failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ChildResult;
}

const median = (values: number[]) => sampleStats(values).p50;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const bench: Bench = {
  name: 'Reading game files',
  async run() {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-game-files-'));
    try {
      // 1. A 500 MB package's index, from storage.
      const storage = new LocalDiskStorage(path.join(work, 'storage'));
      const bigPlan = plan(BIG, 1);
      const stored = await storage.put(packageChunks(bigPlan));
      const bigFile = path.join(work, 'big.package');
      writePackageFile(bigFile, bigPlan);
      const indexRuns: ChildResult[] = [];
      const wholeReads: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        indexRuns.push(child('index', path.join(work, 'storage'), stored.key));
        const started = performance.now();
        fs.readFileSync(bigFile);
        wholeReads.push(performance.now() - started);
      }
      assert.equal(indexRuns[0]!.entries, bigPlan.length, 'the index lists every resource');
      const indexMs = median(indexRuns.map((r) => r.ms));
      const indexMiB = Math.max(...indexRuns.map((r) => r.peakGrowthMiB));
      const wholeMs = median(wholeReads);

      // 2. Whole inspection of a 100 MB package against @s4tk/models.
      const midFile = path.join(work, 'mid.package');
      const midPlan = plan(MID, 2);
      writePackageFile(midFile, midPlan);
      const ours: ChildResult[] = [];
      const theirs: ChildResult[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        ours.push(child('inspect', midFile));
        theirs.push(child('s4tk', midFile));
      }
      assert.equal(ours[0]!.entries, midPlan.length);
      assert.equal(theirs[0]!.entries, midPlan.length, '@s4tk/models read every resource');
      assert.equal(ours[0]!.objects, 500, 'the product named 500 catalog objects');
      const oursMs = median(ours.map((r) => r.ms));
      const theirsMs = median(theirs.map((r) => r.ms));
      const oursMiB = Math.max(...ours.map((r) => r.peakGrowthMiB));
      const theirsMiB = Math.max(...theirs.map((r) => r.peakGrowthMiB));
      const ratio = theirsMs / oursMs;

      // 3. 1,000 packages of 50 KB through the inspection job.
      const { database, config, cleanup } = await preparePglite();
      let jobRate = 0;
      let bareRate = 0;
      let jobTally = { read: 0, failed: 0, sha256s: [] as string[] };
      try {
        const member = await buildMember(database.db);
        const submissionId = await buildSubmission(database.db, member.id);
        const contentStorage = new LocalDiskStorage(config.filesDir);
        const keys: string[] = [];
        for (let i = 0; i < SMALL; i += 1) {
          const id = BigInt(i + 1) << 8n;
          const bytes = writePackage([
            { type: T.COBJ, group: 0, instance: id, data: catalogHead(0x1234, 0x5678, 100 + i) },
            { type: T.OBJD, group: 0, instance: id, data: objectDefinition() },
            { type: T.STBL, group: 0, instance: id, data: writeStbl([{ key: 0x1234, text: `Chair ${i}` }, { key: 0x5678, text: 'A chair' }]), compression: 'zlib' },
            { type: T.THUMB, group: 0, instance: id, data: crypto.randomBytes(48 * 1024) },
          ]);
          const { key, sha256, size } = await contentStorage.put([bytes]);
          keys.push(key);
          const [file] = await database.db
            .insert(filesTable)
            .values({ submission_id: submissionId, member_id: member.id, filename: `chair-${i}.package`, filesize: size, mimetype: 'application/octet-stream', kind: 'sims4-package', sha256, storage_key: key })
            .returning({ id: filesTable.id });
          await database.db.insert(fileVersions).values({ file_id: file!.id, version: 1, member_id: member.id, filename: `chair-${i}.package`, filesize: size, mimetype: 'application/octet-stream', sha256, storage_key: key });
        }
        const bareStarted = performance.now();
        for (const [i, key] of keys.entries()) {
          const inspection = await inspectContent(await byteSourceFromStorage(contentStorage, key), `chair-${i}.package`);
          assert.equal(inspection.format, 'package');
        }
        bareRate = SMALL / ((performance.now() - bareStarted) / 1000);
        const jobStarted = performance.now();
        jobTally = await inspectPendingFiles({ database, config, log }, { limit: SMALL });
        jobRate = SMALL / ((performance.now() - jobStarted) / 1000);
        assert.deepEqual({ read: jobTally.read, failed: jobTally.failed, contents: jobTally.sha256s.length }, { read: SMALL, failed: 0, contents: SMALL }, 'the job read every content');
      } finally {
        await cleanup();
      }

      const rows = [
        [`${fmt(BIG / MiB)} MiB package (${fmt(bigPlan.length)} resources): index through ranged storage reads`, `${fmt(indexMs)} ms`, `${fmt(indexMiB, 1)} MiB`, `read whole from disk: ${fmt(wholeMs)} ms`, fmt(wholeMs / indexMs, 1) + '×', `≤ ${GOAL_INDEX_MS} ms, ≤ ${GOAL_INDEX_MIB} MiB`, indexMs <= GOAL_INDEX_MS && indexMiB <= GOAL_INDEX_MIB ? 'yes' : '**no**'],
        [`${fmt(MID / MiB)} MiB package (${fmt(midPlan.length)} resources): whole inspection`, `${fmt(oursMs)} ms`, `${fmt(oursMiB, 1)} MiB`, `@s4tk/models Package.from: ${fmt(theirsMs)} ms, ${fmt(theirsMiB, 1)} MiB`, fmt(ratio, 2) + '×', `≥ ${GOAL_RATIO}×, less memory`, ratio >= GOAL_RATIO && oursMiB < theirsMiB ? 'yes' : '**no**'],
        [`${fmt(SMALL)} packages of 50 KB: the inspection job`, `${fmt(jobRate)} /s`, '', `inspectContent in-process: ${fmt(bareRate)} /s`, fmt(jobRate / bareRate, 2) + '×', `≥ ${GOAL_PER_SECOND} /s`, jobRate >= GOAL_PER_SECOND ? 'yes' : '**no**'],
      ];
      const head = ['measurement', 'product', 'memory growth', 'baseline (same run)', 'ratio', 'goal', 'met'];
      const note =
        `Median of ${ROUNDS} rounds; each product and @s4tk/models run is a process of its own (\`bench/game-files.child.ts\`), alternately, and its memory is the peak growth of its resident set. ` +
        `The ratio column: baseline time ÷ product time (for the job, product rate ÷ baseline rate).`;
      return {
        markdown: ['## Reading game files (`bench/game-files.bench.ts`)', '', note, '', markdownTable(head, rows)].join('\n'),
        text: [note, '', textTable(head, rows)].join('\n'),
      };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
