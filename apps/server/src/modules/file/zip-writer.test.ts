import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { readZip } from './read-zip.testing';
import { writeZip, zipEntryNames, ZipEntryError, type ZipEntrySource } from './zip-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-zip-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MiB = 1024 * 1024;

/** Info-ZIP's own test of every entry (CRCs, sizes, headers): a second reader besides yauzl. */
async function unzipTest(file: string): Promise<string> {
  const { stdout } = await promisify(execFile)('unzip', ['-tq', file], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

async function zipTo(file: string, entries: ZipEntrySource[], options: Parameters<typeof writeZip>[2] = {}): Promise<void> {
  await writeZip(entries, (zip) => pipeline(zip, fs.createWriteStream(file)), options);
}

/** A source that hands its bytes over in uneven chunks, so blocks and chunks never line up. */
function chunkedEntry(name: string, content: Buffer, compress = true): ZipEntrySource {
  return {
    name,
    size: content.length,
    mtime: new Date('2024-05-06T07:08:10Z'),
    compress,
    open: async () => {
      const chunks: Buffer[] = [];
      for (let at = 0, n = 1; at < content.length; n += 1) {
        const take = Math.min(((n * 7919) % 100_000) + 1, content.length - at);
        chunks.push(content.subarray(at, at + take));
        at += take;
      }
      return Readable.from(chunks);
    },
  };
}

/** Alternating random and repeated-text stretches of uneven lengths, crossing 1 MiB block edges. */
function mixedContent(size: number): Buffer {
  const text = Buffer.from(Array.from({ length: 4000 }, (_, i) => `<T n="tuning_${(i * 31) % 700}">${i % 13}</T>\n`).join(''));
  const parts: Buffer[] = [];
  for (let at = 0, n = 0; at < size; n += 1) {
    const take = Math.min(10_000 + ((n * 104_729) % 200_000), size - at);
    parts.push(n % 2 === 0 ? crypto.randomBytes(take) : Buffer.from(text.subarray(0, Math.min(take, text.length)).toString().repeat(Math.ceil(take / text.length)).slice(0, take)));
    at += take;
  }
  return Buffer.concat(parts);
}

function fileEntry(name: string, content: Buffer, options: Partial<ZipEntrySource> = {}): ZipEntrySource {
  const file = path.join(dir, crypto.randomUUID());
  fs.writeFileSync(file, content);
  return {
    name,
    size: content.length,
    mtime: new Date('2024-05-06T07:08:10Z'),
    compress: true,
    open: async () => fs.createReadStream(file),
    ...options,
  };
}

async function readZipSizes(file: string): Promise<{ name: string; compressedSize: number }[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const sizes: { name: string; compressedSize: number }[] = [];
  try {
    for await (const entry of zip.eachEntry()) sizes.push({ name: entry.fileName, compressedSize: entry.compressedSize });
  } finally {
    zip.close();
  }
  return sizes;
}

describe('writeZip', () => {
  it('streams plain files into a zip that reads back byte for byte, stored or deflated as asked', async () => {
    const text = Buffer.from('a package-like text '.repeat(5000));
    const random = crypto.randomBytes(300_000);
    const entries = [fileEntry('text.package', text), fileEntry('picture.jpg', random, { compress: false, mtime: new Date('2021-01-02T03:04:06Z') })];
    const out = path.join(dir, 'out.zip');
    const progress: number[] = [];
    const answer = await writeZip(entries, (zip) => pipeline(zip, fs.createWriteStream(out)).then(() => 'written'), {
      onProgress: (n) => progress.push(n),
    });
    expect(answer).toBe('written');
    expect(progress).toEqual([1, 2]);
    const read = await readZip(out);
    expect(read.map((e) => e.name)).toEqual(['text.package', 'picture.jpg']);
    expect(read[0]!.bytes.equals(text)).toBe(true);
    expect(read[0]!.compressionMethod).toBe(8);
    expect(fs.statSync(out).size).toBeLessThan(text.length / 10 + random.length + 1000);
    expect(read[1]!.bytes.equals(random)).toBe(true);
    expect(read[1]!.compressionMethod).toBe(0);
    expect(read[1]!.mtime.toISOString()).toBe('2021-01-02T03:04:06.000Z');
  });

  it('round-trips random, repetitive and mixed content exactly, across block edges and in uneven chunks', async () => {
    const mixed = mixedContent(3 * MiB + 12_345);
    const random = crypto.randomBytes(2 * MiB + 1);
    // 5 MiB of one repeated line: matches reach back across block edges, so it stays tiny.
    const repetitive = Buffer.from('<T n="sim_trait">Loves the outdoors</T>\n'.repeat(Math.ceil((5 * MiB) / 40))).subarray(0, 5 * MiB);
    const entries = [
      chunkedEntry('mixed.package', mixed),
      chunkedEntry('random.package', random),
      fileEntry('repetitive.package', repetitive),
      chunkedEntry('exactly-one-block.package', mixed.subarray(0, MiB)),
      chunkedEntry('empty.package', Buffer.alloc(0)),
      chunkedEntry('empty-stored.jpg', Buffer.alloc(0), false),
      chunkedEntry('one-byte.package', Buffer.from('x')),
      chunkedEntry('mixed-stored.zip', mixed, false),
      chunkedEntry('Ünïcödé – 名前.package', Buffer.from('names are UTF-8')),
    ];
    const out = path.join(dir, 'round-trip.zip');
    await zipTo(out, entries);

    const read = await readZip(out);
    expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    const contents = [mixed, random, repetitive, mixed.subarray(0, MiB), Buffer.alloc(0), Buffer.alloc(0), Buffer.from('x'), mixed, Buffer.from('names are UTF-8')];
    read.forEach((entry, i) => expect(entry.bytes.equals(contents[i]!), entry.name).toBe(true));
    expect(read.map((e) => e.compressionMethod)).toEqual([8, 8, 8, 8, 8, 0, 8, 0, 8]);
    expect(await unzipTest(out)).toMatch(/No errors detected/);

    const { compressedSize } = (await readZipSizes(out)).find((e) => e.name === 'repetitive.package')!;
    expect(compressedSize).toBeLessThan(repetitive.length / 200);
  });

  it('writes ZIP64 records that yauzl and unzip read, when forced and when there are 65,535 entries or more', { timeout: 120_000 }, async () => {
    const text = Buffer.from('package text '.repeat(200_000));
    const forced = path.join(dir, 'forced-zip64.zip');
    await zipTo(forced, [fileEntry('text.package', text), fileEntry('picture.jpg', crypto.randomBytes(5000), { compress: false })], { forceZip64: true });
    const bytes = fs.readFileSync(forced);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const read = await readZip(forced);
    expect(read[0]!.bytes.equals(text)).toBe(true);
    expect(read[1]!.bytes.length).toBe(5000);
    expect(await unzipTest(forced)).toMatch(/No errors detected/);

    const many = path.join(dir, 'many.zip');
    const count = 0xffff + 2;
    const entries = Array.from({ length: count }, (_, i) => chunkedEntry(`file-${i}.txt`, Buffer.from(String(i)), i % 1000 === 0));
    await zipTo(many, entries);
    const listed = await readZipSizes(many);
    expect(listed.length).toBe(count);
    expect(listed[count - 1]!.name).toBe(`file-${count - 1}.txt`);
    expect(fs.readFileSync(many).includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    // unzip checks every entry's CRC and size.
    expect(await unzipTest(many)).toMatch(/No errors detected/);
  });

  it('fails with the entry that could not be opened, and the output sees the failure', async () => {
    const good = fileEntry('good.package', Buffer.from('good'));
    const missing: ZipEntrySource = { ...fileEntry('missing.package', Buffer.from('x')), open: () => Promise.reject(new Error('gone')) };
    let outputError: unknown = null;
    const run = writeZip([good, missing], async (zip) => {
      try {
        for await (const _ of zip) {
          // drain
        }
      } catch (error) {
        outputError = error;
        throw error;
      }
    });
    await expect(run).rejects.toBeInstanceOf(ZipEntryError);
    await expect(run).rejects.toMatchObject({ entry: missing });
    expect(outputError).toBeInstanceOf(ZipEntryError);
  });

  it('fails on content of another size than promised, and on a stream that breaks', async () => {
    const short = fileEntry('short.package', Buffer.from('1234'), { size: 10 });
    await expect(writeZip([short], (zip) => Readable.from(zip).toArray())).rejects.toMatchObject({ entry: short });
    const broken: ZipEntrySource = {
      ...fileEntry('broken.package', Buffer.alloc(10)),
      open: async () =>
        new Readable({
          read() {
            this.destroy(new Error('disk error'));
          },
        }),
    };
    await expect(writeZip([broken], (zip) => Readable.from(zip).toArray())).rejects.toMatchObject({ entry: broken });
  });

  it('rejects with the output’s own error when the output fails', async () => {
    const entry = fileEntry('a.package', crypto.randomBytes(200_000));
    await expect(writeZip([entry], () => Promise.reject(new Error('bucket full')))).rejects.toThrow('bucket full');
  });
});

describe('zipEntryNames', () => {
  it('makes names unique ignoring case, keeping the extension', () => {
    expect(zipEntryNames(['chair.package', 'Chair.package', 'chair.package', 'readme'], (i) => `file-${i}`)).toEqual([
      'chair.package',
      'Chair (2).package',
      'chair (3).package',
      'readme',
    ]);
  });

  it('keeps folders and characters Windows refuses out, and names what is left empty', () => {
    expect(zipEntryNames(['a/b.package', 'what?.package', '..', ' ', 'trailing. '], (i) => `file-${i}`)).toEqual([
      'a_b.package',
      'what_.package',
      'file-2',
      'file-3',
      'trailing',
    ]);
  });
});
