/**
 * Files made by the tests themselves: a Sims 4 package of any size, PNG images and a zip of them.
 * Written under the OS temp folder; nothing is downloaded.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';

const made: string[] = [];

/** A fresh folder for a test's files; removeTempDirs deletes every one made. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-e2e-files-'));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A file the site takes as a Sims 4 package: the 96-byte DBPF header (magic "DBPF", major 2,
 * minor 1, an empty index) followed by random bytes, `size` bytes in all, written in 1 MiB chunks.
 */
export function writePackage(file: string, size: number): string {
  const header = Buffer.alloc(96);
  header.write('DBPF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(1, 8);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, header);
    let left = Math.floor(size) - header.length;
    while (left > 0) {
      const chunk = randomBytes(Math.min(left, 1024 * 1024));
      fs.writeSync(fd, chunk);
      left -= chunk.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

export async function writePng(file: string, colour: string): Promise<string> {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).png().toFile(file);
  return file;
}

/** A zip of the given files, each under its own name. */
export async function writeZip(file: string, entries: string[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addFile(entry, path.basename(entry));
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    zip.outputStream.pipe(out).on('close', resolve).on('error', reject);
  });
  return file;
}

/** The names of the entries of a zip on disk (read with yauzl). */
export function zipEntryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) {
        reject(error ?? new Error('Could not open the zip'));
        return;
      }
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
