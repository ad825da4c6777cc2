import type { Readable } from 'node:stream';
import type { Storage } from '../../storage/index';
import type { ByteSource } from './byte-source.reader';
import { gameFileError } from './game-file.errors';

/**
 * A ByteSource over stored content: each read is one ranged read (a ranged GET on S3), so a large
 * package is never held whole; the readers ask for the header, the index and single resources.
 */
export async function byteSourceFromStorage(storage: Storage, key: string): Promise<ByteSource> {
  const info = await storage.stat(key);
  if (!info) throw gameFileError('GAME_FILE_READ_FAILED', {});
  return {
    size: info.size,
    read: async (offset, length) => {
      if (length === 0) return new Uint8Array(0);
      return collectExactly(await storage.get(key, { start: offset, end: offset + length - 1 }), length);
    },
  };
}

/**
 * A stored stream's bytes, which must be exactly `length` (a range asked for, or a content's recorded
 * size); anything else is GAME_FILE_READ_FAILED (the content changed or storage is damaged).
 */
export async function collectExactly(stream: Readable, length: number): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  let filled = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    if (filled + chunk.length > length) {
      stream.destroy();
      throw gameFileError('GAME_FILE_READ_FAILED', {});
    }
    out.set(chunk, filled);
    filled += chunk.length;
  }
  if (filled !== length) throw gameFileError('GAME_FILE_READ_FAILED', {});
  return out;
}
