import type { Readable } from 'node:stream';

/** What `put` stored: the key to read it back, its size in bytes and its sha256 (hex). */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  /** True when this put wrote new content; false when identical content was stored already. */
  created: boolean;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files and images live. Content is addressed by its sha256 (`blobs/ab/cd/<sha256>`),
 * so identical content is stored once and a key never changes meaning. Adapters: local disk now,
 * S3-compatible object storage later (STORAGE_URL); nothing outside `storage/` knows which one runs.
 */
export interface Storage {
  /**
   * Streams content in while hashing it; it becomes visible under its key only once complete.
   * When `source` fails (a size limit, a broken connection) nothing is kept and put rejects with
   * that error.
   */
  put(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject>;
  /** The content, or the given inclusive byte range of it. Rejects with BlobNotFoundError. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the content; removing what is not there is no error. */
  delete(key: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored content under ${key}.`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY = /^blobs\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/** The key of content with this sha256. */
export function blobKey(sha256: string): string {
  return `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** Only keys this module makes are accepted: nothing can name a path outside the store. */
export function assertBlobKey(key: string): void {
  const match = KEY.exec(key);
  if (!match || match[1] !== match[3]!.slice(0, 2) || match[2] !== match[3]!.slice(2, 4)) {
    throw new Error(`Not a storage key: ${key}`);
  }
}
