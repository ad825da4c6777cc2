import type { FileHandle } from 'node:fs/promises';
import { gameFileError } from './game-file.errors';

/**
 * Random access to a file's bytes, so a multi-GB .package is never read whole: the readers ask for
 * the header, then the index, then single resources.
 */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `offset`; the readers only ask within `size`. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A source over bytes already in memory (tests, small uploads). */
export function byteSourceFromBytes(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => {
      if (!inRange(bytes.length, offset, length)) throw gameFileError('GAME_FILE_READ_FAILED', {});
      return bytes.subarray(offset, offset + length);
    },
  };
}

/**
 * A source over an open file (`fs.promises.open(path, 'r')`). The caller keeps the handle and
 * closes it; the size is taken once, so a file that shrinks meanwhile gives GAME_FILE_READ_FAILED.
 */
export async function byteSourceFromFile(handle: FileHandle): Promise<ByteSource> {
  const { size } = await handle.stat();
  return {
    size,
    read: async (offset, length) => {
      if (!inRange(size, offset, length)) throw gameFileError('GAME_FILE_READ_FAILED', {});
      const buffer = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, offset + filled);
        if (bytesRead === 0) throw gameFileError('GAME_FILE_READ_FAILED', {});
        filled += bytesRead;
      }
      return buffer;
    },
  };
}

function inRange(size: number, offset: number, length: number): boolean {
  return Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset + length <= size;
}

/**
 * Reads from a source the readers did not write, checking what comes back: a source that returns
 * fewer bytes than asked would otherwise show up later as a confusing parse error.
 */
export async function readExact(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  if (!inRange(source.size, offset, length)) throw gameFileError('GAME_FILE_READ_FAILED', {});
  if (length === 0) return new Uint8Array(0);
  const bytes = await source.read(offset, length);
  if (!(bytes instanceof Uint8Array) || bytes.length !== length) throw gameFileError('GAME_FILE_READ_FAILED', {});
  return bytes;
}
