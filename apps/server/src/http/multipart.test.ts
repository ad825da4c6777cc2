import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, type Storage } from '../storage/index';
import { graphqlMultipartParts, multipartBody } from '../test/server';
import { sims4PackageBytes, storedFiles } from '../test/uploads';
import { parseGraphqlMultipart } from './multipart';
import { uploadRules } from './upload-rules';

/** The parser on its own, for what the HTTP stack cannot easily produce: broken storage, cut connections. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-multipart-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const rules = uploadRules({ MAX_IMAGE_BYTES: 1000, MAX_FILE_BYTES: 100_000 });
const QUERY = 'mutation ($file: Upload!) { createSubmissionFile(submission_id: 1, file: $file) { id } }';

function request(body: Readable, contentType: string): IncomingMessage {
  return Object.assign(body, { headers: { 'content-type': contentType } }) as unknown as IncomingMessage;
}

async function form(content: Buffer) {
  return multipartBody(graphqlMultipartParts(QUERY, {}, { 'variables.file': { name: 'chair.package', content } }));
}

describe('parseGraphqlMultipart', () => {
  it('fills the variable with the stored upload', async () => {
    const storage = new LocalDiskStorage(root);
    const { body, contentType } = await form(sims4PackageBytes(5000));
    const result = await parseGraphqlMultipart(request(Readable.from([body]), contentType), { storage, maxFiles: 2, rulesFor: () => () => rules.file });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.operation.variables!.file).toMatchObject({ filename: 'chair.package', size: 5000, mimetype: 'application/octet-stream', created: true });
    expect(result.uploads).toHaveLength(1);
  });

  it('answers 500 when storage fails, reads the rest of the request and tells the log', async () => {
    const errors: unknown[] = [];
    class FullDisk extends LocalDiskStorage {
      override put(): ReturnType<Storage['put']> {
        return Promise.reject(new Error('disk full'));
      }
    }
    const broken = new FullDisk(root);
    const { body, contentType } = await form(sims4PackageBytes(5000));
    const result = await parseGraphqlMultipart(request(Readable.from([body]), contentType), {
      storage: broken,
      maxFiles: 2,
      rulesFor: () => () => rules.file,
      onStorageError: (e) => errors.push(e),
    });
    expect(result).toMatchObject({ ok: false, status: 500, error: { message: '“chair.package” could not be stored. Please try again later.' } });
    expect(errors).toEqual([new Error('disk full')]);
  });

  it('answers 400 when the connection breaks mid-file, keeping nothing', async () => {
    const storage = new LocalDiskStorage(root);
    const before = storedFiles(root);
    const { body, contentType } = await form(sims4PackageBytes(50_000));
    async function* cut() {
      yield body.subarray(0, 20_000);
      throw new Error('socket hang up');
    }
    const result = await parseGraphqlMultipart(request(Readable.from(cut()), contentType), { storage, maxFiles: 2, rulesFor: () => () => rules.file });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(storedFiles(root)).toEqual(before);
  });
});
