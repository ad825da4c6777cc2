import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { parseStorageUrl, S3Storage } from '../storage/index';

/** s3rver's built-in account; it does not check V4 signatures, only their expiry. */
const KEY = 'S3RVER';
const SECRET = 'S3RVER';
export const TEST_BUCKET = 'corner-test';

export interface TestS3 {
  /** The STORAGE_URL naming the running server's bucket (under `prefix`). */
  url(prefix?: string): string;
  /** A fresh S3 adapter on the running server. */
  storage(prefix?: string): S3Storage;
  /** s3rver's folder: what is really stored, to look at behind the adapter's back. */
  directory: string;
}

/**
 * A real S3-protocol server (s3rver) on a random port and a temp folder, started before the test
 * file's other `beforeAll` hooks that come after this call and stopped after them.
 */
export function useTestS3(): TestS3 {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-s3rver-'));
  let server: S3rver | null = null;
  let port = 0;
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
    ({ port } = await server.run());
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const url = (prefix = '') =>
    `s3://${KEY}:${SECRET}@${TEST_BUCKET}/${prefix}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&forcePathStyle=true`;
  return { url, storage: (prefix) => new S3Storage(parseStorageUrl(url(prefix))), directory };
}
