import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { readZip } from './read-zip.testing';
import { writeZip, zipEntryNames, ZipEntryError, type ZipEntrySource } from './zip-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-zip-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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
