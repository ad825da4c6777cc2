import crypto from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/server';
import { storedFiles } from '../test/uploads';
import { useTestS3 } from '../test/s3';
import { stagingKey } from '../storage/index';
import { createUrlSigner } from '../storage/signed-url';

/** The local-disk direct-upload route over a real socket: signatures, expiry, one upload per key, the size limit. */
const MAX = 100_000;
const server = useTestServer({ MAX_FILE_BYTES: String(MAX) });
let origin = '';
beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});

const newKey = (member = 4) => stagingKey(member, crypto.randomUUID());
const target = (key: string) => server.storage.uploadTarget(key, { mimetype: 'application/octet-stream', disposition: 'attachment', expiresInSeconds: 3600 });

/** A PUT over a real connection; `body` chunks are written one after another (no Content-Length unless given). */
function put(url: string, body: Buffer[], headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> | null }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, origin), { method: 'PUT', headers: { 'content-type': 'application/octet-stream', ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode!, json: text ? (JSON.parse(text) as Record<string, unknown>) : null });
      });
    });
    // The server may answer and close before the whole body went out: that answer is what counts.
    req.on('error', (error) => reject(error));
    const write = (i: number) => {
      if (i === body.length) return req.end();
      if (!req.write(body[i]!)) req.once('drain', () => write(i + 1));
      else setImmediate(() => write(i + 1));
    };
    write(0);
  });
}

describe('PUT /uploads/{memberId}/{uuid}', () => {
  it('stores the body under the signed key, once', async () => {
    const key = newKey();
    const { url } = await target(key);
    const body = crypto.randomBytes(50_000);
    expect(await put(url, [body.subarray(0, 20_000), body.subarray(20_000)])).toEqual({ status: 200, json: { key, size: 50_000 } });
    expect(await server.storage.stat(key)).toMatchObject({ size: 50_000 });

    const again = await put(url, [Buffer.from('another file')]);
    expect(again).toEqual({ status: 409, json: { error: 'Conflict', code: 'UPLOAD_EXISTS', reason: 'This upload link was used already. Ask for a new one to upload another file.' } });
    expect(await server.storage.stat(key)).toMatchObject({ size: 50_000 });
  });

  it('refuses an expired link and keeps nothing', async () => {
    const key = newKey();
    const signer = createUrlSigner(server.config);
    const url = signer.sign(`/${key}`, new Date(Date.now() - 2 * 3_600_000 - 60_000));
    const answer = await put(url, [Buffer.from('late')]);
    expect(answer).toEqual({
      status: 403,
      json: { error: 'Forbidden', code: 'UPLOAD_URL_INVALID', reason: 'This upload link has expired or is not for this file. Ask for a new one and upload again.' },
    });
    expect(await server.storage.exists(key)).toBe(false);
  });

  it('refuses the link of one key used for another, or with a changed signature', async () => {
    const a = newKey();
    const b = newKey();
    const { url } = await target(a);
    const forB = url.replace(a, b);
    expect((await put(forB, [Buffer.from('x')])).status).toBe(403);
    expect(await server.storage.exists(b)).toBe(false);
    const otherMember = url.replace(`uploads/4/`, `uploads/5/`);
    expect((await put(otherMember, [Buffer.from('x')])).status).toBe(403);
    const tampered = url.replace(/signature=./, (m) => (m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`));
    expect((await put(tampered, [Buffer.from('x')])).status).toBe(403);
    expect(await server.storage.exists(a)).toBe(false);
  });

  it('refuses a body declared over the limit before storing a byte of it', async () => {
    const key = newKey();
    const { url } = await target(key);
    const answer = await put(url, [Buffer.alloc(MAX + 1)], { 'content-length': String(MAX + 1) });
    expect(answer).toEqual({ status: 413, json: { error: 'Payload Too Large', code: 'FILE_TOO_LARGE', reason: 'The file is too large: files may be at most 97.7 KB.' } });
    expect(await server.storage.exists(key)).toBe(false);
  });

  it('stops a streamed body at the limit and keeps nothing of it', async () => {
    const key = newKey();
    const { url } = await target(key);
    const chunks = Array.from({ length: 30 }, () => crypto.randomBytes(10_000));
    const answer = await put(url, chunks);
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await server.storage.exists(key)).toBe(false);
    expect(storedFiles(server.config.filesDir).temps).toEqual([]);
    // The link still works for a file within the limit.
    expect((await put(url, [Buffer.from('fits')])).status).toBe(200);
  });

  it('leaves the body alone whatever its content type says', async () => {
    const key = newKey();
    const { url } = await target(key);
    const answer = await put(url, [Buffer.from('{"not": "parsed"')], { 'content-type': 'application/json' });
    expect(answer).toEqual({ status: 200, json: { key, size: 16 } });
  });
});

describe('PUT /uploads on object storage', () => {
  const s3 = useTestS3();
  const onS3 = useTestServer({}, { storage: () => s3.storage('route') });

  it('is not where uploads go', async () => {
    const key = newKey();
    const url = createUrlSigner(onS3.config).sign(`/${key}`);
    const response = await onS3.app.inject({ method: 'PUT', url, payload: 'x', headers: { 'content-type': 'application/octet-stream' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'DIRECT_UPLOAD_NOT_HERE' });
  });
});
