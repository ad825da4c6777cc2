// Building a zip: the product's zip writer (the one the submission-zip and staff-basket job uses)
// against Info-ZIP `zip` at the same compression level, on the same files, in the same run.
//
// The files are package-like: a Sims 4 package header, then blocks that are partly random (meshes
// and textures already compressed) and partly repetitive (tuning XML, string tables), so deflate has
// real work and real gains, as with creators' uploads. Both write to a file on the same disk:
// - Info-ZIP: `zip -6 -q -j out.zip <files>` (one process, one thread);
// - product: writeZip(entries, (zip) => pipeline(zip, createWriteStream(out)), { compressionLevel: 6 })
//   with every entry deflated, reading each file as a stream (its blocks deflate in parallel on
//   libuv's thread pool, as the zip job does).
// Speed ratio = Info-ZIP time / product time (goal >= 0.8). Sizes of both zips are shown too.
// BENCH_ZIP_MIB (total, default 256) and BENCH_ZIP_ROUNDS (default 3) change a trial run.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { writeZip, type ZipEntrySource } from '../apps/server/src/modules/file/zip-writer';
import { markdownTable, mean, textTable, type Bench } from './harness';

const MiB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_ZIP_MIB ?? 256) * MiB;
const ROUNDS = Number(process.env.BENCH_ZIP_ROUNDS ?? 3);
const FILES = 16;
const LEVEL = 6;
const GOAL = 0.8;
const run = promisify(execFile);

/** One package-like file: half incompressible, half repetitive text, in 64 KiB blocks. */
function writePackageLike(file: string, size: number, seed: number): void {
  const fd = fs.openSync(file, 'w');
  const header = Buffer.alloc(96);
  header.write('DBPF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(1, 8);
  header.writeUInt32LE(seed, 92);
  fs.writeSync(fd, header);
  const tuning = Buffer.from(
    Array.from({ length: 2048 }, (_, i) => `<T n="tuning_${(i * 7919 + seed) % 5000}">${i % 97}</T>\n`).join(''),
  );
  let written = header.length;
  let block = 0;
  while (written < size) {
    const take = Math.min(64 * 1024, size - written);
    const bytes = block % 2 === 0 ? crypto.randomBytes(take) : tuning.subarray(0, take);
    fs.writeSync(fd, bytes);
    written += take;
    block += 1;
  }
  fs.closeSync(fd);
}

export const bench: Bench = {
  name: 'Zip building',
  async run() {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-zip-'));
    try {
      const sources = path.join(work, 'files');
      fs.mkdirSync(sources);
      const size = Math.floor(TOTAL / FILES);
      const names = Array.from({ length: FILES }, (_, i) => `creation-part-${i + 1}.package`);
      names.forEach((name, i) => writePackageLike(path.join(sources, name), size, i));
      const files = names.map((n) => path.join(sources, n));
      const entries: ZipEntrySource[] = files.map((file) => ({
        name: path.basename(file),
        size: fs.statSync(file).size,
        mtime: fs.statSync(file).mtime,
        compress: true,
        open: async () => fs.createReadStream(file),
      }));

      const infoZip: number[] = [];
      const product: number[] = [];
      let infoZipSize = 0;
      let productSize = 0;
      for (let round = 1; round <= ROUNDS; round += 1) {
        console.log(`  round ${round}: zip -${LEVEL}, then writeZip (${TOTAL / MiB} MiB in ${FILES} files)`);
        const a = path.join(work, `info-${round}.zip`);
        let started = process.hrtime.bigint();
        await run('zip', [`-${LEVEL}`, '-q', '-j', a, ...files]);
        infoZip.push(Number(process.hrtime.bigint() - started) / 1e9);
        infoZipSize = fs.statSync(a).size;
        fs.rmSync(a);

        const b = path.join(work, `product-${round}.zip`);
        started = process.hrtime.bigint();
        await writeZip(entries, (zip) => pipeline(zip, fs.createWriteStream(b)), { compressionLevel: LEVEL });
        product.push(Number(process.hrtime.bigint() - started) / 1e9);
        productSize = fs.statSync(b).size;
        const listing = (await run('unzip', ['-t', '-q', b])).stdout;
        if (!/No errors detected/.test(listing)) throw new Error(`unzip -t found errors in the product's zip: ${listing}`);
        fs.rmSync(b);
      }

      const ratio = mean(infoZip) / mean(product);
      const mibs = (s: number) => `${(TOTAL / MiB / s).toFixed(0)} MiB/s`;
      const head = ['Writer', 'Mean time', 'Throughput', 'Zip size'];
      const rows = [
        [`Info-ZIP \`zip -${LEVEL}\``, `${mean(infoZip).toFixed(2)} s`, mibs(mean(infoZip)), `${(infoZipSize / MiB).toFixed(1)} MiB`],
        [`product writeZip (level ${LEVEL})`, `${mean(product).toFixed(2)} s`, mibs(mean(product)), `${(productSize / MiB).toFixed(1)} MiB`],
      ];
      const verdict = `Speed ratio Info-ZIP / product: **${ratio.toFixed(2)}** (goal ≥ ${GOAL})${ratio >= GOAL ? '' : ' — below goal'}`;
      const markdown = [
        `## ${this.name}`,
        '',
        `\`bench/zip.bench.ts\`: ${TOTAL / MiB} MiB of package-like files (${FILES} files, half incompressible, half`,
        `repetitive tuning text) zipped at level ${LEVEL} by Info-ZIP and by the product's zip writer (1 MiB blocks deflated`,
        `in parallel on Node's zlib, as the submission-zip and staff-basket job runs it), each writing a file on the same disk, ${ROUNDS}`,
        'alternating rounds. The product zip is checked with `unzip -t` every round.',
        '',
        markdownTable(head, rows),
        '',
        verdict,
      ].join('\n');
      return { markdown, text: `${textTable(head, rows)}\n${verdict}` };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
