import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { LocalDiskStorage, stagingKey } from '../../storage/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestS3 } from '../../test/s3';
import { useTestServer, type TestServer } from '../../test/server';
import { sims4PackageBytes } from '../../test/uploads';

/**
 * Signed direct uploads end to end, on local disk and on S3 (s3rver): getFileUploadUrl, a real HTTP
 * PUT of the file to the URL it returns, registration of the key with createSubmissionFile or
 * replaceSubmissionFile, and the download of the registered file, byte for byte.
 */
const MAX_FILE_BYTES = 3 * 1024 * 1024;
const env = { MAX_FILE_BYTES: String(MAX_FILE_BYTES) };
const s3 = useTestS3();
const servers: [string, TestServer][] = [
  ['local disk', useTestServer(env)],
  ['S3 (s3rver)', useTestServer(env, { storage: () => s3.storage('direct') })],
];
const origins = new Map<TestServer, string>();
beforeAll(async () => {
  for (const [, server] of servers) {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(server, `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`);
  }
});

const GET_URL = `mutation ($filename: String!, $mimetype: String!) {
  getFileUploadUrl(filename: $filename, mimetype: $mimetype) { url key mimetype disposition method headers expires_at max_bytes }
}`;
const CREATE = `mutation ($submission_id: Int!, $key: String, $filename: String) {
  createSubmissionFile(submission_id: $submission_id, key: $key, filename: $filename) { id filename filesize mimetype kind version sha256 url }
}`;
const REPLACE = `mutation ($id: Int!, $key: String, $filename: String) {
  replaceSubmissionFile(id: $id, key: $key, filename: $filename) { id filename filesize version sha256 url }
}`;

interface UploadUrl {
  url: string;
  key: string;
  mimetype: string;
  disposition: string;
  method: string;
  headers: Record<string, string>;
  expires_at: string;
  max_bytes: number;
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe.each(servers)('direct uploads on %s', (name, server) => {
  let owner: { id: number; token: string };
  let other: { id: number; token: string };
  beforeAll(async () => {
    const db = server.database.db;
    const o = await buildMember(db);
    const x = await buildMember(db);
    owner = { id: o.id, token: await server.tokenFor(o.id) };
    other = { id: x.id, token: await server.tokenFor(x.id) };
  });

  async function uploadUrl(filename: string, token = owner.token, mimetype = ''): Promise<UploadUrl> {
    const res = await server.gql<{ getFileUploadUrl: UploadUrl }>(GET_URL, { filename, mimetype }, { token });
    expect(res.errors).toBeUndefined();
    return res.data!.getFileUploadUrl;
  }

  /** What a browser does with the answer: PUT the bytes to the URL with the headers, over a real connection. */
  async function putFile(target: Pick<UploadUrl, 'url' | 'headers'>, bytes: Buffer): Promise<Response> {
    return fetch(new URL(target.url, origins.get(server)), { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) });
  }

  async function download(url: string): Promise<Buffer> {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  /** Stages bytes under a key behind the route's back (for sizes the route itself would refuse). */
  async function stageDirectly(key: string, bytes: Buffer): Promise<void> {
    const storage = server.storage;
    if (storage instanceof LocalDiskStorage) {
      await storage.receiveUpload(key, Readable.from([bytes]), { maxBytes: Number.MAX_SAFE_INTEGER });
    } else {
      const target = await storage.uploadTarget(key, { mimetype: 'application/octet-stream', disposition: 'attachment', expiresInSeconds: 600 });
      expect((await putFile(target, bytes)).status).toBe(200);
    }
  }

  it('hands out a URL for a key of the caller’s own, with a clean name and the limits', async () => {
    const before = Date.now();
    const u = await uploadUrl('C:\\Users\\cora\\Downloads\\Cosy “Chair”.package', owner.token, 'Application/Octet-Stream');
    expect(u.key).toMatch(new RegExp(`^uploads/${owner.id}/[0-9a-f-]{36}$`));
    expect(u).toMatchObject({ mimetype: 'application/octet-stream', method: 'PUT', max_bytes: MAX_FILE_BYTES });
    expect(u.disposition).toBe(`attachment; filename="Cosy _Chair_.package"; filename*=UTF-8''Cosy%20%E2%80%9CChair%E2%80%9D.package`);
    expect(u.headers).toEqual({ 'content-type': 'application/octet-stream', 'content-disposition': u.disposition });
    expect(new Date(u.expires_at).getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600 * 1000);
    expect(new URL(u.url, 'http://server').pathname).toMatch(new RegExp(`/${u.key}$`));
    expect((await uploadUrl('x.package', owner.token, 'not a type')).mimetype).toBe('application/octet-stream');

    const res = await server.gql(GET_URL, { filename: 'x.package', mimetype: '' });
    expect(res.errors?.[0]).toMatchObject({ message: 'not-authorized', extensions: { category: 'authorization' } });
    const blank = await server.gql(GET_URL, { filename: '  /  ', mimetype: '' }, { token: owner.token });
    expect(blank.errors?.[0]).toMatchObject({ message: 'Enter a file name.', extensions: { code: 'FILE_NAME_INVALID' } });
  });

  it('registers a PUT file with createSubmissionFile and serves it back byte for byte', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const bytes = sims4PackageBytes(2 * 1024 * 1024 + 17);
    const u = await uploadUrl('Big Sofa.package');
    expect((await putFile(u, bytes)).status).toBe(200);

    const res = await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Big Sofa.package' }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    const file = res.data!.createSubmissionFile;
    expect(file).toMatchObject({ filename: 'Big Sofa.package', filesize: bytes.length, kind: 'sims4-package', version: 1, sha256: sha(bytes) });
    expect(sha(await download(file.url))).toBe(sha(bytes));
    // The staged upload is gone; the content lives under its sha256.
    expect(await server.storage.exists(u.key)).toBe(false);
    expect(await server.storage.exists(`blobs/${sha(bytes).slice(0, 2)}/${sha(bytes).slice(2, 4)}/${sha(bytes)}`)).toBe(true);

    // The key registers one file only.
    const again = await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Big Sofa.package' }, { token: owner.token });
    expect(again.errors?.[0]).toMatchObject({
      message: '“Big Sofa.package” was not uploaded, or its upload expired. Please upload it again.',
      extensions: { code: 'FILE_UPLOAD_MISSING' },
    });
  });

  it('registers a PUT file as a new version with replaceSubmissionFile', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const first = await uploadUrl('Lamp.package');
    expect((await putFile(first, sims4PackageBytes(4000))).status).toBe(200);
    const created = await server.gql(CREATE, { submission_id: submission, key: first.key, filename: 'Lamp.package' }, { token: owner.token });
    expect(created.errors).toBeUndefined();

    const second = await uploadUrl('Lamp v2.package');
    const bytes = Buffer.concat([sims4PackageBytes(3000), crypto.randomBytes(500)]);
    expect((await putFile(second, bytes)).status).toBe(200);
    const res = await server.gql(REPLACE, { id: created.data!.createSubmissionFile.id, key: second.key, filename: 'Lamp v2.package' }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.replaceSubmissionFile).toMatchObject({ version: 2, filesize: 3500, sha256: sha(bytes) });
    expect(sha(await download(res.data!.replaceSubmissionFile.url))).toBe(sha(bytes));
  });

  it('refuses to register another member’s upload, and leaves it for its owner', async () => {
    const mine = await buildSubmission(server.database.db, owner.id);
    const theirs = await buildSubmission(server.database.db, other.id);
    const u = await uploadUrl('Mine.package');
    expect((await putFile(u, sims4PackageBytes(1000))).status).toBe(200);

    const res = await server.gql(CREATE, { submission_id: theirs, key: u.key, filename: 'Stolen.package' }, { token: other.token });
    expect(res.errors?.[0]).toMatchObject({ message: 'not-authorized', extensions: { category: 'authorization', code: 'NOT_OWNER' } });
    expect(await server.storage.exists(u.key)).toBe(true);
    const count = await server.database.db.select().from(files).where(eq(files.submission_id, theirs));
    expect(count).toEqual([]);

    const ok = await server.gql(CREATE, { submission_id: mine, key: u.key, filename: 'Mine.package' }, { token: owner.token });
    expect(ok.errors).toBeUndefined();
  });

  it('refuses a key it never handed out, and one never uploaded', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    for (const key of ['blobs/aa/bb/cc', '../../etc/passwd', `uploads/${owner.id}/not-a-uuid`]) {
      const res = await server.gql(CREATE, { submission_id: submission, key, filename: 'x.package' }, { token: owner.token });
      expect(res.errors?.[0]).toMatchObject({
        message: 'This is not an upload key from getFileUploadUrl. Upload the file again.',
        extensions: { code: 'FILE_UPLOAD_KEY_INVALID', validation: { key: [expect.any(String)] } },
      });
    }
    const u = await uploadUrl('Never.package');
    const res = await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Never.package' }, { token: owner.token });
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'FILE_UPLOAD_MISSING' } });
  });

  it('refuses an upload over MAX_FILE_BYTES when it is registered, and deletes it', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const key = stagingKey(owner.id, crypto.randomUUID());
    await stageDirectly(key, sims4PackageBytes(MAX_FILE_BYTES + 1));
    const res = await server.gql(CREATE, { submission_id: submission, key, filename: 'Huge.package' }, { token: owner.token });
    expect(res.errors?.[0]).toMatchObject({ message: '“Huge.package” is more than 3 MB; files may be at most 3 MB.', extensions: { code: 'FILE_TOO_LARGE' } });
    expect(await server.storage.exists(key)).toBe(false);
  });

  it('refuses content the site does not accept, whatever its name, and deletes it', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const u = await uploadUrl('Sneaky.package');
    expect((await putFile(u, Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(200);
    const res = await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Sneaky.package' }, { token: owner.token });
    expect(res.errors?.[0]).toMatchObject({
      message: '“Sneaky.package” is not a file the site accepts: upload Sims packages, tray files, zips or images.',
      extensions: { code: 'FILE_NOT_ACCEPTED' },
    });
    expect(await server.storage.exists(u.key)).toBe(false);
    expect(await server.database.db.select().from(files).where(eq(files.submission_id, submission))).toEqual([]);
  });

  it('refuses a PUT once the URL has expired', async () => {
    const key = stagingKey(owner.id, crypto.randomUUID());
    const target = await server.storage.uploadTarget(key, {
      mimetype: 'application/octet-stream',
      disposition: 'attachment',
      expiresInSeconds: 600,
      now: new Date(Date.now() - 3 * 3_600_000),
    });
    expect((await putFile(target, sims4PackageBytes(500))).status).toBe(403);
    expect(await server.storage.exists(key)).toBe(false);
  });

  if (name === 'local disk') {
    it('refuses an upload that lay staged longer than its link lived', async () => {
      const submission = await buildSubmission(server.database.db, owner.id);
      const u = await uploadUrl('Old.package');
      expect((await putFile(u, sims4PackageBytes(800))).status).toBe(200);
      const staged = path.join(server.config.filesDir, u.key);
      const old = new Date(Date.now() - (server.config.DIRECT_UPLOAD_TTL_SECONDS + 60) * 1000);
      fs.utimesSync(staged, old, old);
      const res = await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Old.package' }, { token: owner.token });
      expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'FILE_UPLOAD_MISSING' } });
      expect(fs.existsSync(staged)).toBe(false);
    });

    it('refuses a second PUT to a key, also once it is registered', async () => {
      const submission = await buildSubmission(server.database.db, owner.id);
      const u = await uploadUrl('Once.package');
      expect((await putFile(u, sims4PackageBytes(900))).status).toBe(200);
      expect((await putFile(u, sims4PackageBytes(901))).status).toBe(409);
      expect((await server.gql(CREATE, { submission_id: submission, key: u.key, filename: 'Once.package' }, { token: owner.token })).errors).toBeUndefined();
      expect((await putFile(u, sims4PackageBytes(902))).status).toBe(409);
    });
  }
});
