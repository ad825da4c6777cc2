import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAndPrepare } from '../boot';
import { loadConfig } from '../config';
import { runStorageSweep } from '../jobs/storage-sweep.job';
import { useMainProcesses } from '../test/main-process';
import { sims4PackageBytes } from '../test/uploads';
import { silentLog } from '../test/server';

/**
 * The real server process (`main.ts` on an embedded database, as `npm start` runs it) killed with
 * SIGKILL in the middle of a large multipart upload and of a large direct-upload PUT. After a
 * restart on the same data nothing half-written is visible (no file row, no content key, no staged
 * upload), the product works, and the storage sweep leaves the store clean.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-fault-'));
  dirs.push(dir);
  return dir;
}

const start = useMainProcesses();

async function gql<T = Record<string, any>>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** Every file under a folder of the store, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Resolves once `check` holds, looking again as the event loop turns (what the server writes is the clock here). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Opens a request and sends only the first part of its body; the rest never comes. */
function beginRequest(url: string, method: string, headers: Record<string, string | number>, head: Buffer): http.ClientRequest {
  const req = http.request(url, { method, headers });
  req.on('error', () => {}); // the server is about to die under it
  req.write(head);
  return req;
}

const FILE_QUERY = `query ($id: Int!) { submissionProperties(id: $id) { files(include_deleted: true) { id filename sha256 url } } }`;
const GET_URL = `mutation ($filename: String!) { getFileUploadUrl(filename: $filename, mimetype: "") { url key headers } }`;
const CREATE_BY_KEY = `mutation ($submission_id: Int!, $key: String!, $filename: String!) {
  createSubmissionFile(submission_id: $submission_id, key: $key, filename: $filename) { id sha256 url }
}`;
const CREATE_BY_FILE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id sha256 url } }`;

describe('a server killed in the middle of uploads', () => {
  it('shows nothing half-written after a restart, keeps working, and the sweep leaves the store clean', async () => {
    const dataDir = newDataDir();
    const filesDir = path.join(dataDir, 'files');
    const first = await start(dataDir);
    const token = (await gql<{ login: string }>(first.url, 'mutation { login(user: "creator@corner.test", password: "corner-demo") }')).data.login;
    const created = await gql<{ createMod: { id: number } }>(first.url, 'mutation { createMod(name: "Fault test", description: "Files that survive a crash, or not.") { id } }', {}, token);
    const submissionId = created.data.createMod.id;
    const blobsBefore = filesUnder(path.join(filesDir, 'blobs'));
    const big = sims4PackageBytes(64 * 1024 * 1024);

    // A multipart upload of a 64 MiB package: the form, and the first 4 MiB of the file.
    const boundary = `----corner${crypto.randomBytes(8).toString('hex')}`;
    const preamble = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: CREATE_BY_FILE, variables: { submission_id: submissionId, file: null } })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: ['variables.file'] })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="Huge.package"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const multipart = beginRequest(
      `${first.url}/graphql`,
      'POST',
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': preamble.length + big.length + `\r\n--${boundary}--\r\n`.length,
        authorization: `Bearer ${token}`,
      },
      Buffer.concat([preamble, big.subarray(0, 4 * 1024 * 1024)]),
    );

    // A direct upload of the same size to its signed URL: the first 4 MiB.
    const target = (await gql<{ getFileUploadUrl: { url: string; key: string; headers: Record<string, string> } }>(first.url, GET_URL, { filename: 'Huge direct.package' }, token)).data
      .getFileUploadUrl;
    const direct = beginRequest(new URL(target.url, first.url).toString(), 'PUT', { ...target.headers, 'content-length': big.length }, big.subarray(0, 4 * 1024 * 1024));

    // Both bodies are being written to disk: two temp files with bytes in them. Then the process dies.
    const temps = () => filesUnder(path.join(filesDir, 'tmp')).map((f) => fs.statSync(path.join(filesDir, 'tmp', f)).size);
    await until(() => temps().filter((size) => size > 0).length === 2);
    first.proc.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    multipart.destroy();
    direct.destroy();

    // What the crash left is half-written temp files only, smaller than the files.
    expect(temps()).toHaveLength(2);
    for (const size of temps()) expect(size).toBeLessThan(big.length);

    const second = await start(dataDir);
    const afterCrash = await gql(second.url, FILE_QUERY, { id: submissionId }, token);
    expect(afterCrash.errors).toBeUndefined();
    expect(afterCrash.data.submissionProperties.files).toEqual([]);
    expect(filesUnder(path.join(filesDir, 'blobs'))).toEqual(blobsBefore);
    expect(filesUnder(path.join(filesDir, 'uploads'))).toEqual([]);
    const lost = await gql(second.url, CREATE_BY_KEY, { submission_id: submissionId, key: target.key, filename: 'Huge direct.package' }, token);
    expect(lost.errors?.[0]).toMatchObject({ extensions: { code: 'FILE_UPLOAD_MISSING' } });

    // The product works after the restart: a multipart upload and a direct upload, each downloaded back.
    const small = sims4PackageBytes(300_000);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: CREATE_BY_FILE, variables: { submission_id: submissionId, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(small)]), 'Small.package');
    const viaForm = (await (await fetch(`${second.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as {
      data: { createSubmissionFile: { id: number; url: string } };
    };
    expect(viaForm.data.createSubmissionFile.id).toBeGreaterThan(0);

    const medium = Buffer.concat([sims4PackageBytes(2 * 1024 * 1024), crypto.randomBytes(1000)]);
    const again = (await gql<{ getFileUploadUrl: { url: string; key: string; headers: Record<string, string> } }>(second.url, GET_URL, { filename: 'Medium.package' }, token)).data
      .getFileUploadUrl;
    expect((await fetch(new URL(again.url, second.url), { method: 'PUT', headers: again.headers, body: new Uint8Array(medium) })).status).toBe(200);
    const viaKey = await gql<{ createSubmissionFile: { id: number; url: string } }>(second.url, CREATE_BY_KEY, { submission_id: submissionId, key: again.key, filename: 'Medium.package' }, token);
    expect(viaKey.errors).toBeUndefined();

    const downloads = async (url: string) => {
      const files = (await gql(url, FILE_QUERY, { id: submissionId }, token)).data.submissionProperties.files as { filename: string; url: string }[];
      return Object.fromEntries(
        await Promise.all(files.map(async (f) => [f.filename, Buffer.from(await (await fetch(`${url}${f.url}`)).arrayBuffer())] as const)),
      );
    };
    expect(await downloads(second.url)).toEqual({ 'Small.package': small, 'Medium.package': medium });
    second.proc.kill('SIGINT');
    expect(await second.exited).toBe(0);

    // The sweep, run as if a day had passed: the crash's temp files and the registered upload's marker go, content in use stays.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const { database, storage, release } = await openAndPrepare(config, { seedDemo: false });
    try {
      const swept = await runStorageSweep({ database, storage, config, log: silentLog }, new Date(Date.now() + 25 * 3_600_000));
      expect(swept).toEqual({ contents: 0, uploads: 1, temporary: 2, failed: 0 });
    } finally {
      await database.close();
      release();
    }
    expect(filesUnder(path.join(filesDir, 'tmp'))).toEqual([]);
    expect(filesUnder(path.join(filesDir, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(filesDir, 'blobs'))).toHaveLength(blobsBefore.length + 2);

    // And after the sweep every file still downloads.
    const third = await start(dataDir);
    expect(await downloads(third.url)).toEqual({ 'Small.package': small, 'Medium.package': medium });
    third.proc.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('does not start with a STORAGE_URL that cannot work, and says which variable is wrong', async () => {
    const dataDir = newDataDir();
    const failed = await start(dataDir, { STORAGE_URL: 'https://my-bucket/files' }).catch((error: { output: string; code: number }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { output: string }).output).toContain('STORAGE_URL: must start with s3://');
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 60_000);
});
