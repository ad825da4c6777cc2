import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** A real PNG of the given size, drawn here (never a copied file). */
export function pngBytes(width = 8, height = 6, colour = '#88aacc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A real JPEG whose content differs with `seed` (so it is stored on its own). */
export function jpegBytes(seed: number, width = 40, height = 30): Promise<Buffer> {
  const r = (seed * 53) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** Bytes that start like a Sims 4 package (a DBPF 2.1 header, SIMS-FORMATS.md), built here. */
export function sims4PackageBytes(size = 200): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 96));
  bytes.write('DBPF', 0, 'ascii');
  bytes.writeUInt32LE(2, 4);
  bytes.writeUInt32LE(1, 8);
  bytes.writeUInt32LE(3, 60);
  for (let i = 96; i < bytes.length; i++) bytes[i] = i % 251;
  return bytes;
}

/** Stored blobs and temp files under a storage root. */
export function storedFiles(filesDir: string): { blobs: string[]; temps: string[] } {
  const list = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      : [];
  return { blobs: list(path.join(filesDir, 'blobs')), temps: list(path.join(filesDir, 'tmp')) };
}
