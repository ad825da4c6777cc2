import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/database';
import { gqlAt, useMainProcesses, type MainProcess } from '../test/main-process';
import { writeLargeZip } from '../test/zips';

/**
 * The real server process (`main.ts`) is killed with SIGKILL while its unzip job is storing
 * entries, then started again on the same data. Nothing half-done may ever be visible: the
 * creation has either the zip or all of its files, every stored blob is whole, and the job is
 * retried once pg-boss sees it expired and completes, making each file exactly once.
 * Runs on the embedded database, or on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-unzip-fault-'));
const blobsDir = path.join(dataDir, 'files', 'blobs');
let databaseUrl: string | null = null;

/** Six entries of 32 MiB that do not compress: storing them takes the job a few seconds. */
const ENTRIES = 6;
const ENTRY_BYTES = 32 * 1024 * 1024;

beforeAll(async () => {
  databaseUrl = await createTestDatabaseUrl();
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const startMain = useMainProcesses();

/** The server on this test's data and database, with jobs noticed dead within seconds. */
function start(): Promise<MainProcess> {
  return startMain(dataDir, {
    UNZIP_WAIT_SECONDS: '0',
    // Long enough for a whole unzip of these entries, short enough to notice the dead one soon.
    JOB_EXPIRE_SECONDS: '10',
    JOB_SUPERVISE_SECONDS: '1',
    DATABASE_URL: databaseUrl ?? undefined,
  });
}

function blobs(): string[] {
  return fs.existsSync(blobsDir) ? fs.readdirSync(blobsDir, { recursive: true }).map(String).filter((f) => f.split(path.sep).length === 3) : [];
}

/** A blob is whole when its content hashes to its name. */
async function isWhole(blob: string): Promise<boolean> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(path.join(blobsDir, blob))) hash.update(chunk as Buffer);
  return hash.digest('hex') === path.basename(blob);
}

const FILES = 'query ($id: Int!) { submissionProperties(id: $id) { files { id filename kind sha256 } } }';

describe('an unzip job whose server is killed', () => {
  it('never shows part of the zip, and completes after the restart with each file once', async () => {
    const zipPath = path.join(dataDir, 'big.zip');
    await writeLargeZip(zipPath, ENTRIES, ENTRY_BYTES);

    let server = await start();
    const login = await gqlAt(server.url, 'mutation { login(user: "creator@corner.test", password: "corner-demo") }', {});
    const token = login.data.login as string;
    const created = await gqlAt(server.url, 'mutation { createMod(name: "Big set", description: "A set of very large packages for testing") { id } }', {}, token);
    const submission = created.data.createMod.id as number;

    const form = new FormData();
    const query = 'mutation ($s: Int!, $file: Upload!) { createSubmissionFile(submission_id: $s, file: $file) { id kind } }';
    form.append('operations', JSON.stringify({ query, variables: { s: submission, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', await fs.openAsBlob(zipPath), 'Big set.zip');
    const uploaded = (await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as {
      data: { createSubmissionFile: { id: number; kind: string } };
    };
    expect(uploaded.data.createSubmissionFile.kind).toBe('zip');
    const zipId = uploaded.data.createSubmissionFile.id;
    const before = new Set(blobs());

    /** The creation's live files: only the zip, or all of its entries; never some of them. */
    const checkFiles = async (url: string) => {
      const listed = (await gqlAt(url, FILES, { id: submission }, token)).data.submissionProperties.files as { id: number; filename: string }[];
      const names = listed.map((f) => f.filename).sort();
      const all = Array.from({ length: ENTRIES }, (_, i) => `part ${i + 1}.package`).sort();
      expect([['Big set.zip'], all]).toContainEqual(names);
      return listed;
    };

    const UNZIP = 'mutation ($id: Int!) { unzipSubmissionFile(fileId: $id) }';
    const first = JSON.parse((await gqlAt(server.url, UNZIP, { id: zipId }, token)).data.unzipSubmissionFile as string);
    expect(first).toEqual({ status: 'pending', message: '“Big set.zip” is still being unpacked. Its files will appear when it is done.' });

    // Wait until the job has stored at least one entry, then kill the process mid-job.
    for (;;) {
      await checkFiles(server.url);
      if (blobs().some((b) => !before.has(b))) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const killedPid = server.proc.pid;
    server.proc.kill('SIGKILL');
    await new Promise((resolve) => server.proc.once('exit', resolve));
    const stored = blobs().filter((b) => !before.has(b));
    expect(stored.length, 'the job was stopped part-way through its entries').toBeLessThan(ENTRIES);
    for (const b of blobs()) expect(await isWhole(b), `blob ${b} is whole`).toBe(true);

    server = await start();
    expect((await checkFiles(server.url)).map((f) => f.filename)).toEqual(['Big set.zip']);

    // Asking again follows the same job (retried once pg-boss notices it expired) until it is done.
    let answer: { status: string; message: string; files?: number[] } = { status: 'pending', message: '' };
    const deadline = Date.now() + 40_000;
    while (answer.status === 'pending' && Date.now() < deadline) {
      await checkFiles(server.url);
      answer = JSON.parse((await gqlAt(server.url, UNZIP, { id: zipId }, token)).data.unzipSubmissionFile as string);
      if (answer.status === 'pending') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answer).toEqual({ status: 'ok', message: `Unpacked ${ENTRIES} files from “Big set.zip”.`, files: expect.any(Array) });

    const made = (await checkFiles(server.url)) as unknown as { id: number; sha256: string; kind: string }[];
    expect(made.map((f) => f.id).sort()).toEqual([...answer.files!].sort());
    expect(new Set(made.map((f) => f.kind))).toEqual(new Set(['sims4-package']));
    // Every blob is whole, and each is the zip, a file's content or what was there before: the
    // killed run's entries were stored again (same content, same key) and kept, nothing is orphaned.
    const after = blobs();
    for (const b of after) expect(await isWhole(b), `blob ${b} is whole`).toBe(true);
    expect(new Set(after)).toEqual(new Set([...before, ...made.map((f) => path.join(f.sha256.slice(0, 2), f.sha256.slice(2, 4), f.sha256))]));
    // The killed process's temp copy of the zip was removed by the run that finished. (A retry of
    // the job that raced it may still hold its own copy for a moment: only the dead one's must go.)
    expect(fs.readdirSync(path.join(dataDir, 'tmp', 'unzip')).filter((name) => name.includes(`~${killedPid}~`))).toEqual([]);

    const stopped = new Promise<number | null>((resolve) => server.proc.once('exit', resolve));
    server.proc.kill('SIGINT');
    expect(await stopped).toBe(0);
  }, 180_000);
});
