import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { useTestS3 } from '../test/s3';
import { createStorage } from './index';
import { LocalDiskStorage } from './local-disk';
import { copyRanges, parseStorageUrl, S3Storage } from './s3';
import { stagingKey } from './storage';

/** What only the S3 adapter does: STORAGE_URL, presigned URLs, prefixes, temporary keys. */
const s3 = useTestS3();

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint, region, path style and credentials', () => {
    expect(parseStorageUrl('s3://AKIA:se%2Fcret@my-bucket/corner/files?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true')).toEqual({
      bucket: 'my-bucket',
      prefix: 'corner/files',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'se/cret' },
    });
    // Without credentials the AWS_* variables (the SDK's chain) are used; the region may come from there too.
    expect(parseStorageUrl('s3://bucket', { AWS_REGION: 'ap-south-1' })).toEqual({ bucket: 'bucket', prefix: '', endpoint: undefined, region: 'ap-south-1', forcePathStyle: false });
  });

  it.each([
    ['https://bucket/x', 'must start with s3://'],
    ['s3://Bad_Bucket', 'is not a bucket name'],
    ['s3://bucket/my%20files', 'the prefix "my files" may hold only'],
    ['s3://bucket?endpont=http://x', 'unknown parameter "endpont"'],
    ['s3://bucket?endpoint=minio:9000', 'is not an http(s) URL'],
    ['s3://bucket?forcePathStyle=yes', 'forcePathStyle must be true or false'],
    ['s3://KEYONLY@bucket', 'give both the access key and the secret'],
    ['not a url', 'not a URL'],
  ])('refuses %s with a message naming the variable', (value, why) => {
    expect(() => parseStorageUrl(value, {})).toThrow(/^Invalid configuration:\n {2}STORAGE_URL: /);
    expect(() => parseStorageUrl(value, {})).toThrow(why);
  });

  it('never repeats the secret in a refusal', () => {
    expect(() => parseStorageUrl('s3://AKIA:topsecret@bucket?region=Nowhere!', {})).toThrow(/^(?![\s\S]*topsecret)/);
  });

  it('makes createStorage choose S3 when set, local disk when not, and stop on a bad value', () => {
    const base = loadConfig({ DATA_DIR: '/tmp/corner-never-written' });
    expect(createStorage({ ...base, STORAGE_URL: s3.url('p') })).toBeInstanceOf(S3Storage);
    expect(createStorage(base)).toBeInstanceOf(LocalDiskStorage);
    expect(() => createStorage({ ...base, STORAGE_URL: 'https://bucket' })).toThrow('STORAGE_URL');
  });
});

describe('copies in parts', () => {
  it('cover every byte once, in order', () => {
    expect(copyRanges(10, 4)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 9 },
    ]);
    expect(copyRanges(8, 4)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
    ]);
    const parts = copyRanges(6 * 1024 ** 3);
    expect(parts).toHaveLength(12);
    expect(parts.at(-1)!.end).toBe(6 * 1024 ** 3 - 1);
  });
});

/**
 * AWS Signature V4 of a presigned URL, checked here independently of the SDK. s3rver accepts any
 * V4 signature (it checks only the expiry), so this is how the tests show that the URL is bound
 * to its key: the signature verifies for the key it was made for and for no other.
 */
function verifyPresigned(url: URL, method: string, headers: Record<string, string>, secret: string): boolean {
  const q = url.searchParams;
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const signed = q.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { host: url.host, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
  const canonicalHeaders = signed.map((h) => `${h}:${(all[h] ?? '').trim()}\n`).join('');
  const canonical = [method, url.pathname, query, canonicalHeaders, signed.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date, region, service] = q.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', q.get('X-Amz-Date'), scope, crypto.createHash('sha256').update(canonical).digest('hex')].join('\n');
  const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return crypto.createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature');
}

describe('S3 direct uploads', () => {
  const options = { mimetype: 'application/zip', disposition: 'attachment; filename="chairs.zip"', expiresInSeconds: 900 };

  it('presigns a PUT bound to its key, with Content-Type and Content-Disposition signed', async () => {
    const storage = s3.storage('signed');
    const key = stagingKey(5, crypto.randomUUID());
    const target = await storage.uploadTarget(key, options);
    const url = new URL(target.url);
    expect(url.pathname).toBe(`/corner-test/signed/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-disposition;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(verifyPresigned(url, 'PUT', target.headers, 'S3RVER')).toBe(true);
    // The same signature for another key, another content type or another secret does not verify.
    const other = new URL(url);
    other.pathname = `/corner-test/signed/${stagingKey(5, crypto.randomUUID())}`;
    expect(verifyPresigned(other, 'PUT', target.headers, 'S3RVER')).toBe(false);
    expect(verifyPresigned(url, 'PUT', { ...target.headers, 'content-type': 'text/html' }, 'S3RVER')).toBe(false);
    expect(verifyPresigned(url, 'GET', target.headers, 'S3RVER')).toBe(false);
    expect(verifyPresigned(url, 'PUT', target.headers, 'other')).toBe(false);
  });

  it('stores what the PUT sent under the staging key, with the signed headers', async () => {
    const storage = s3.storage('signed');
    const key = stagingKey(5, crypto.randomUUID());
    const target = await storage.uploadTarget(key, options);
    const response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: 'PK\x03\x04 a zip' });
    expect(response.status).toBe(200);
    const meta = JSON.parse(fs.readFileSync(path.join(s3.directory, 'corner-test', 'signed', ...key.split('/')) + '._S3rver_metadata.json', 'utf8'));
    expect(meta).toMatchObject({ 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="chairs.zip"' });
    // Promoted content carries no name of its own: one object serves every file with that content.
    const promoted = await storage.promote(key);
    const contentMeta = JSON.parse(fs.readFileSync(path.join(s3.directory, 'corner-test', 'signed', ...promoted.key.split('/')) + '._S3rver_metadata.json', 'utf8'));
    expect(contentMeta['content-type']).toBe('application/octet-stream');
    expect(contentMeta['content-disposition']).toBeUndefined();
  });

  it('has its URLs refused by the server once expired', async () => {
    const storage = s3.storage('signed');
    const key = stagingKey(5, crypto.randomUUID());
    const target = await storage.uploadTarget(key, { ...options, now: new Date(Date.now() - 3_600_000) });
    const response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: 'too late' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await storage.exists(key)).toBe(false);
  });
});

describe('S3 layout', () => {
  it('keeps each prefix to itself', async () => {
    const a = s3.storage('tenant-a');
    const b = s3.storage('tenant-b');
    const stored = await a.put([Buffer.from('only in a')]);
    expect(fs.existsSync(path.join(s3.directory, 'corner-test', 'tenant-a', ...stored.key.split('/')) + '._S3rver_object')).toBe(true);
    const inB = [];
    for await (const o of b.list('blobs/')) inB.push(o.key);
    expect(inB).not.toContain(stored.key);
    expect(await b.exists(stored.key)).toBe(false);
  });

  it('removes temporary keys that interrupted puts left', async () => {
    const storage = s3.storage('temps');
    const { bucket } = storage.settings;
    await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: `temps/tmp/${crypto.randomUUID()}`, Body: 'half of a put' }));
    expect(await storage.removeTemporary(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await storage.removeTemporary(new Date(Date.now() + 3_600_000))).toBe(1);
    expect(await storage.removeTemporary(new Date(Date.now() + 3_600_000))).toBe(0);
  });
});
