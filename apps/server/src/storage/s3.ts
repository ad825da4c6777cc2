import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertStagingKey,
  assertStorageKey,
  BlobNotFoundError,
  blobKey,
  ContentDigester,
  digestContent,
  isBlobKey,
  parseStagingKey,
  type ByteRange,
  type ObjectInfo,
  type PromotedObject,
  type Storage,
  type StoredObject,
  type UploadTarget,
  type UploadTargetOptions,
} from './storage';

/** Where the S3 adapter keeps things, as STORAGE_URL names it. */
export interface S3Settings {
  bucket: string;
  /** Folder inside the bucket ('' for its root), without leading or trailing slash. */
  prefix: string;
  /** An S3-compatible server (MinIO, R2, …); absent for AWS itself. */
  endpoint?: string;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
  /** From the URL; absent: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * Reads `s3://KEY:SECRET@bucket/optional/prefix?endpoint=https://host:port&region=…&forcePathStyle=true`.
 * The key and secret are URL-encoded (a `/` in a secret is `%2F`) and may be left out for AWS_* variables.
 * A value that cannot work throws a message naming STORAGE_URL and never repeating the secret.
 */
export function parseStorageUrl(value: string, env: Record<string, string | undefined> = process.env): S3Settings {
  const fail = (why: string) => new Error(`Invalid configuration:\n  STORAGE_URL: ${why}`);
  const shape = 'expected s3://ACCESS_KEY:SECRET@bucket/optional/prefix?endpoint=https://host:port&region=us-east-1&forcePathStyle=true';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail(`not a URL; ${shape}`);
  }
  if (url.protocol !== 's3:') throw fail(`must start with s3:// (it starts with ${url.protocol}//); ${shape}`);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw fail(`"${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens); ${shape}`);
  let prefix: string;
  try {
    prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    throw fail('the prefix after the bucket is not valid URL encoding');
  }
  if (prefix && !/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/.test(prefix) || prefix.split('/').some((s) => s === '.' || s === '..')) {
    throw fail(`the prefix "${prefix}" may hold only letters, digits, "/" between folder names and !_.*'()-`);
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name)) throw fail(`unknown parameter "${name}" (known: ${[...PARAMS].join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      // reported below
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw fail(`endpoint "${endpoint}" is not an http(s) URL`);
  }
  const style = url.searchParams.get('forcePathStyle') ?? 'false';
  if (style !== 'true' && style !== 'false') throw fail(`forcePathStyle must be true or false, not "${style}"`);
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw fail(`"${region}" is not a region name`);
  let credentials: S3Settings['credentials'];
  if (url.username || url.password) {
    if (!url.username || !url.password) throw fail('give both the access key and the secret (s3://KEY:SECRET@bucket), or neither to use AWS_* variables');
    try {
      credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
    } catch {
      throw fail('the access key or secret is not valid URL encoding (encode "/" as %2F, "+" as %2B)');
    }
  }
  return { bucket, prefix, endpoint, region, forcePathStyle: style === 'true', ...(credentials ? { credentials } : {}) };
}

/** S3 copies a single object of at most 5 GiB in one request; larger ones are copied in parts. */
const MAX_SINGLE_COPY = 5 * 1024 ** 3;
/** Part size of a copy in parts: 512 MiB keeps a 5 TiB object under S3's 10,000 parts. */
const COPY_PART_SIZE = 512 * 1024 ** 2;
/** Part size of a streamed put: memory held is this times UPLOAD_QUEUE (32 MiB). */
const UPLOAD_PART_SIZE = 8 * 1024 ** 2;
const UPLOAD_QUEUE = 4;

/** The inclusive byte ranges of a copy in parts. */
export function copyRanges(size: number, partSize = COPY_PART_SIZE): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (let start = 0; start < size; start += partSize) ranges.push({ start, end: Math.min(start + partSize, size) - 1 });
  return ranges;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412;
}

/**
 * Content-addressed storage in an S3 bucket, with the same layout as local disk under an optional
 * prefix: `blobs/ab/cd/<sha256>`, staged direct uploads under `uploads/<memberId>/<uuid>`.
 * A put streams to a temporary key `tmp/<uuid>` while hashing (a multipart upload for anything over
 * 8 MiB), then copies it to its content key (unless that content is there already) and deletes
 * the temporary key: nothing is visible under a content key until it is complete. Interrupted puts
 * leave only `tmp/` keys and unfinished multipart uploads, which `removeTemporary` (the sweep) clears.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Content is hashed (sha256) by this adapter already. The SDK's default checksums would send
      // streamed bodies in aws-chunked framing and put checksum parameters into presigned URLs,
      // which several S3-compatible servers do not understand; send them only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  private storageKey(objectKey: string): string {
    return this.settings.prefix ? objectKey.slice(this.settings.prefix.length + 1) : objectKey;
  }

  async put(source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StoredObject> {
    const tmp = `tmp/${crypto.randomUUID()}`;
    const digester = new ContentDigester();
    let sourceError: { error: unknown } | null = null;
    async function* hashed(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of source as AsyncIterable<Uint8Array>) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          digester.update(bytes);
          yield bytes;
        }
      } catch (error) {
        sourceError = { error };
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(tmp), Body: Readable.from(hashed()), ContentType: 'application/octet-stream' },
      partSize: UPLOAD_PART_SIZE,
      queueSize: UPLOAD_QUEUE,
      // A failed upload aborts its multipart upload, so its parts do not linger.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The source's own error (a size limit, a lost connection) is what the caller needs to see,
      // not whatever aborting the multipart upload answered.
      if (sourceError) throw (sourceError as { error: unknown }).error;
      throw error;
    }
    const { sha256, size } = digester.digest();
    try {
      const created = await this.copyToContent(tmp, sha256, size);
      return { key: blobKey(sha256), size, sha256, created };
    } finally {
      await this.deleteObject(tmp);
    }
  }

  /**
   * Copies `from` to the content key of `sha256` unless that content is stored already. With
   * `ifMatch`, the copy happens only while `from` is still the object that was hashed.
   */
  private async copyToContent(from: string, sha256: string, size: number, ifMatch?: string): Promise<boolean> {
    const key = blobKey(sha256);
    if (await this.exists(key)) return false;
    const Bucket = this.settings.bucket;
    const CopySource = encodeURI(`${Bucket}/${this.objectKey(from)}`);
    const Key = this.objectKey(key);
    // Content objects carry no name or type of their own: one object serves every file with that content.
    if (size <= MAX_SINGLE_COPY) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket,
          Key,
          CopySource,
          MetadataDirective: 'REPLACE',
          ContentType: 'application/octet-stream',
          ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
        }),
      );
      return true;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/octet-stream' }));
    try {
      const parts = [];
      for (const [i, range] of copyRanges(size).entries()) {
        const result = await this.client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber: i + 1,
            CopySource,
            CopySourceRange: `bytes=${range.start}-${range.end}`,
            ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
          }),
        );
        parts.push({ PartNumber: i + 1, ETag: result.CopyPartResult?.ETag });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
    return true;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.deleteObject(key);
  }

  private async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  /**
   * A presigned PutObject URL. Content-Type and Content-Disposition are signed headers (the PUT must
   * send them as given) and the key is part of the signed path, so the URL uploads this key only.
   * S3 cannot cap a presigned PUT's size: the limit is enforced when the upload is registered.
   */
  async uploadTarget(key: string, options: UploadTargetOptions): Promise<UploadTarget> {
    assertStagingKey(key);
    const signingDate = options.now ?? new Date();
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.objectKey(key),
      ContentType: options.mimetype,
      ContentDisposition: options.disposition,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signingDate,
      signableHeaders: new Set(['content-type', 'content-disposition']),
    });
    return {
      url,
      headers: { 'content-type': options.mimetype, 'content-disposition': options.disposition },
      expiresAt: new Date(Math.floor(signingDate.getTime() / 1000) * 1000 + options.expiresInSeconds * 1000),
    };
  }

  /**
   * The origin of the presigned URLs `uploadTarget` hands out, as the SDK builds them (virtual-hosted
   * or path style, AWS or a custom endpoint). Signed by a client with placeholder credentials, so
   * nothing is looked up or sent anywhere.
   */
  async browserOrigin(): Promise<string> {
    const { settings } = this;
    const client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      credentials: { accessKeyId: 'origin', secretAccessKey: 'origin' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: settings.bucket, Key: this.objectKey('uploads/1/origin') }), { expiresIn: 60 });
    client.destroy();
    return new URL(url).origin;
  }

  /**
   * Reads the staged object once, hashing it, then copies it to its content key only if it is still
   * the object that was read (its ETag: a presigned URL can PUT again until it expires), and deletes
   * the staged object.
   */
  async promote(key: string): Promise<PromotedObject> {
    assertStagingKey(key);
    let object;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
    const { sha256, size, firstBytes } = await digestContent(object.Body as Readable);
    let created;
    try {
      created = await this.copyToContent(key, sha256, size, object.ETag);
    } catch (error) {
      if (isNotFound(error) || isPreconditionFailed(error)) throw new BlobNotFoundError(key);
      throw error;
    }
    await this.deleteObject(key);
    return { key: blobKey(sha256), size, sha256, created, firstBytes };
  }

  async *list(prefix: 'blobs/' | 'uploads/'): AsyncIterable<ObjectInfo> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: this.objectKey(prefix) });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        const key = this.storageKey(object.Key);
        if (prefix === 'blobs/' ? !isBlobKey(key) : !parseStagingKey(key)) continue;
        yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  async removeTemporary(before: Date): Promise<number> {
    let removed = 0;
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: this.objectKey('tmp/') });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || (object.LastModified && object.LastModified >= before)) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: object.Key }));
        removed += 1;
      }
    }
    // Parts of a multipart put whose process died. (A bucket lifecycle rule
    // AbortIncompleteMultipartUpload does the same; servers without the listing skip this.)
    let listing;
    try {
      listing = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.settings.bucket, Prefix: this.objectKey('tmp/') }));
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 501) return removed;
      throw error;
    }
    for (const upload of listing.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated >= before)) continue;
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: upload.Key, UploadId: upload.UploadId }));
      removed += 1;
    }
    return removed;
  }
}
