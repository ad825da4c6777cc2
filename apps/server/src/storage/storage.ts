import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES } from '@corner/domain';

/** What `put` stored: the key to read it back, its size in bytes and its sha256 (hex). */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  /** True when this put wrote new content; false when identical content was stored already. */
  created: boolean;
}

/** What `promote` moved into the content store: a StoredObject and the content's first bytes. */
export interface PromotedObject extends StoredObject {
  /** The first SNIFF_BYTES (or fewer, for a shorter file), for classifying without another read. */
  firstBytes: Uint8Array;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored object as `list` and `stat` see it. */
export interface ObjectInfo {
  key: string;
  size: number;
  /** When it was last written: the sweep's notion of its age. */
  modifiedAt: Date;
}

/** Where and how a client uploads one staging key itself (a signed direct upload). */
export interface UploadTarget {
  /** Absolute for object storage; a path on this server (`/uploads/…`) for local disk. */
  url: string;
  /** Headers the PUT must send exactly as given (they are part of the signature on S3). */
  headers: Record<string, string>;
  /** When the URL stops working. */
  expiresAt: Date;
}

export interface UploadTargetOptions {
  /** The Content-Type the client will send (its claim; the server sniffs the content anyway). */
  mimetype: string;
  /** The Content-Disposition the client will send. */
  disposition: string;
  expiresInSeconds: number;
  /** When the signature is made (now when absent); a past time gives a URL that has expired already. */
  now?: Date;
}

/**
 * Where uploaded files and images live. Content is addressed by its sha256 (`blobs/ab/cd/<sha256>`),
 * so identical content is stored once and a key never changes meaning. Direct uploads first land
 * under a staging key (`uploads/<memberId>/<uuid>`) and are moved into the content store by
 * `promote` once the server has hashed and checked them. Adapters: local disk (`local-disk.ts`) and
 * S3-compatible object storage (`s3.ts`, STORAGE_URL); nothing outside `storage/` knows which one runs.
 */
export interface Storage {
  /**
   * Streams content in while hashing it; it becomes visible under its key only once complete.
   * When `source` fails (a size limit, a broken connection) nothing is kept and put rejects with
   * that error.
   */
  put(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject>;
  /** The content (or staged upload), or the given inclusive byte range of it. Rejects with BlobNotFoundError. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and age of a content or staging key; null when there is nothing under it. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes content or a staged upload; removing what is not there is no error. */
  delete(key: string): Promise<void>;
  /**
   * Where a client PUTs the content of staging key `key`: a presigned S3 URL, or this server's own
   * signed `PUT /uploads/…` route on local disk. The signature covers the key, so the URL cannot
   * be used for another one.
   */
  uploadTarget(key: string, options: UploadTargetOptions): Promise<UploadTarget>;
  /**
   * Hashes a finished staged upload into the content store and removes the staged object.
   * Rejects with BlobNotFoundError when nothing is staged under the key, when another promote of
   * it won, or when the staged object was replaced while it was being read (then nothing moved).
   */
  promote(stagingKey: string): Promise<PromotedObject>;
  /** Every content key (`blobs/`) or staging key (`uploads/`) with its size and age, for the sweep. */
  list(prefix: 'blobs/' | 'uploads/'): AsyncIterable<ObjectInfo>;
  /**
   * Removes what interrupted writes left behind (temporary files, unfinished multipart uploads)
   * that started before `before`. Returns how many went.
   */
  removeTemporary(before: Date): Promise<number>;
  /**
   * Receives a direct upload's body into a staging key (only adapters whose upload targets point at
   * this server have it). Nothing is visible under the key until the whole body arrived; a key
   * that holds an upload, or held one that was promoted, is refused with UploadExistsError, a body
   * over `maxBytes` with UploadTooLargeError.
   */
  receiveUpload?(key: string, source: AsyncIterable<Uint8Array>, options: { maxBytes: number }): Promise<{ size: number }>;
  /**
   * The origin (`https://bucket.s3.region.amazonaws.com`) browsers talk to for this storage's upload
   * targets, for the Content-Security-Policy; absent when they point at this server (local disk).
   */
  browserOrigin?(): Promise<string>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored content under ${key}.`);
    this.name = 'BlobNotFoundError';
  }
}

/** A second PUT to a staging key: the first upload (or its registration) stands. */
export class UploadExistsError extends Error {
  constructor(readonly key: string) {
    super(`An upload was already received for ${key}.`);
    this.name = 'UploadExistsError';
  }
}

/** A direct upload's body went past the limit while it streamed in; nothing was kept. */
export class UploadTooLargeError extends Error {
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`The upload for ${key} is larger than ${maxBytes} bytes.`);
    this.name = 'UploadTooLargeError';
  }
}

/**
 * Temporary files and unfinished uploads older than this are left over from a crash or a lost
 * connection. Generous, so that a slow upload of a large file is never taken for one.
 */
export const TEMPORARY_MAX_AGE_MS = 24 * 3_600_000;

const BLOB_KEY = /^blobs\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STAGING_KEY = new RegExp(`^uploads\\/([1-9]\\d{0,9})\\/(${UUID})$`);

/** The key of content with this sha256. */
export function blobKey(sha256: string): string {
  return `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

export function isBlobKey(key: string): boolean {
  const match = BLOB_KEY.exec(key);
  return !!match && match[1] === match[3]!.slice(0, 2) && match[2] === match[3]!.slice(2, 4);
}

/** Only keys this module makes are accepted: nothing can name a path outside the store. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a storage key: ${key}`);
}

/** The sha256 a content key names. */
export function sha256OfBlobKey(key: string): string {
  assertBlobKey(key);
  return key.slice(-64);
}

/** A new staging key for a direct upload by this member: `uploads/<memberId>/<uuid>`. */
export function stagingKey(memberId: number, uuid: string): string {
  const key = `uploads/${memberId}/${uuid}`;
  assertStagingKey(key);
  return key;
}

/** The member a staging key belongs to, or null when `key` is not a staging key. */
export function parseStagingKey(key: string): { memberId: number; uuid: string } | null {
  const match = STAGING_KEY.exec(key);
  return match ? { memberId: Number(match[1]), uuid: match[2]! } : null;
}

export function assertStagingKey(key: string): void {
  if (!parseStagingKey(key)) throw new Error(`Not a staging key: ${key}`);
}

/** A content key or a staging key; anything else (a path, `..`) is refused. */
export function assertStorageKey(key: string): void {
  if (!isBlobKey(key) && !parseStagingKey(key)) throw new Error(`Not a storage key: ${key}`);
}

/** What storage knows of content once it has gone by: its sha256 (hex), size and first SNIFF_BYTES bytes. */
export interface ContentDigest {
  sha256: string;
  size: number;
  firstBytes: Uint8Array;
}

/** Follows content as it goes by, chunk by chunk (hashing it, counting it, keeping its first bytes). */
export class ContentDigester {
  private readonly hash = crypto.createHash('sha256');
  private readonly head: Uint8Array[] = [];
  private headLength = 0;
  size = 0;

  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.head.push(part);
      this.headLength += part.length;
    }
  }

  /** The digest of everything seen; call once, at the end. */
  digest(): ContentDigest {
    return { sha256: this.hash.digest('hex'), size: this.size, firstBytes: new Uint8Array(Buffer.concat(this.head)) };
  }
}

/** Reads content to its end and answers its digest. */
export async function digestContent(source: AsyncIterable<Uint8Array>): Promise<ContentDigest> {
  const digester = new ContentDigester();
  for await (const chunk of source) digester.update(chunk);
  return digester.digest();
}

/** The first SNIFF_BYTES of stored content (one small ranged read), for classifying it; empty content gives none. */
export async function readFirstBytes(storage: Pick<Storage, 'get'>, key: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of await storage.get(key, { start: 0, end: Math.min(SNIFF_BYTES, size) - 1 })) chunks.push(chunk as Uint8Array);
  return new Uint8Array(Buffer.concat(chunks));
}
