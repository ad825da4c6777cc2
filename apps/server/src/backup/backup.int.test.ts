import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { allReferencedSha256s } from '../modules/file/blob.service';
import { blobKey } from '../storage/index';
import { createTestDatabaseUrl } from '../test/database';
import { withDatabase } from '../test/global-setup';
import { gqlAt, useMainProcesses, type MainProcess } from '../test/main-process';
import { pngBytes, sims4PackageBytes } from '../test/uploads';
import { ACCESS_FILE } from './access';
import { restoreBackup } from './restore';

/**
 * `npm run backup` and `npm run restore` on the real server process: a running instance with data
 * (the demo's creations, files and conversations, and what this test adds) is backed up while it
 * goes on answering, restored into an empty data folder (and, on the PostgreSQL server, an empty
 * database), started, and holds every creation, file (the same bytes) and message again.
 * Runs on the embedded database, or on the PostgreSQL server when TEST_DATABASE_URL is set (the
 * engine is in the test's name, so neither run passes without doing the round trip).
 */
const sourceUrl = await createTestDatabaseUrl();
const engine = sourceUrl ? 'the PostgreSQL server' : 'the embedded database';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-backup-'));
const sourceDir = path.join(root, 'source');
const restoredDir = path.join(root, 'restored');
const backupsDir = path.join(root, 'backups');
/** PostgreSQL: the empty database the backup is restored into, made by the test and dropped after it. */
let restoredUrl: string | null = null;

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  if (restoredUrl) await adminQuery(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
});
// Registered after the cleanup, so the processes are stopped before their folders go (hooks run in reverse).
const start = useMainProcesses();
const cli = path.resolve(import.meta.dirname, '../backup-cli.ts');
// The CLI runs in the test's folder (so `--to backups` is a folder of its own), where `--import tsx` would not find tsx.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

async function adminQuery(text: string): Promise<void> {
  const template = inject('dbTemplate');
  if (template.kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** `npm run backup|restore -- args` as a process of its own, on this configuration. */
function runCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const merged: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, ['--import', tsx, cli, ...args], { env: merged, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function stop(server: MainProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.proc.once('exit', resolve));
  server.proc.kill('SIGINT');
  return exited;
}

async function upload(url: string, token: string, query: string, variables: Record<string, unknown>, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { data: Record<string, any>; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function download(url: string, signed: string): Promise<Buffer> {
  const response = await fetch(`${url}${signed}`);
  expect(response.status, signed).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Rows of a table as JSON, by id, for comparing two databases. */
async function tableRows(database: Database, table: string, where = 'true'): Promise<string[]> {
  const found = await database.query(`select * from ${table} where ${where} order by id`);
  return found.map((row) => JSON.stringify(row));
}

const CREATION = 'query ($id: Int!) { submissionProperties(id: $id) { name files { filename sha256 url } } }';
const CONVERSATION = 'query ($id: Int!) { conversation(id: $id) { subject threads { text attachments { filename url } } } }';
const REPLY = 'mutation ($id: Int!, $message: String!) { createConversationReply(conversation_id: $id, message: $message) { id } }';

describe(`npm run backup and npm run restore on ${engine}`, () => {
  it('backs up a running instance, restores it into an empty folder, and finds every creation, file and message again', async () => {
    // Jobs are not worked, so that nothing changes the source's rows once the test stops writing.
    const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: sourceUrl ?? undefined, JOBS_WORK: 'false' };
    const source = await start(sourceDir, sourceEnv);
    expect(source.output()).toContain('demo data seeded');
    if (!sourceUrl) expect(fs.statSync(path.join(sourceDir, ACCESS_FILE)).mode & 0o777).toBe(0o600);

    // What this test adds to the demo's data: a creation with a file and a picture, a message with an attachment.
    const token = (await gqlAt(source.url, 'mutation { login(user: "creator@corner.test", password: "corner-demo") }')).data.login as string;
    const creation = (await gqlAt(source.url, 'mutation { createMod(name: "Backed-up lamp", description: "A creation that must survive a backup and a restore") { id } }', {}, token)).data
      .createMod.id as number;
    const packageBytes = Buffer.concat([sims4PackageBytes(4096), crypto.randomBytes(2048)]);
    await upload(source.url, token, 'mutation ($s: Int!, $file: Upload!) { createSubmissionFile(submission_id: $s, file: $file) { id } }', { s: creation }, { name: 'Lamp.package', bytes: packageBytes });
    const pictureBytes = await pngBytes(64, 48, '#c0ffee');
    await upload(source.url, token, 'mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id } }', { s: creation }, { name: 'lamp.png', bytes: pictureBytes });
    const attachmentBytes = crypto.randomBytes(3000);
    const withAttachment = (
      await upload(source.url, token, 'mutation ($file: Upload) { createConversation(subject: "Lamp textures", message: "The textures are attached.", file: $file) { id } }', {}, {
        name: 'textures.bin',
        bytes: attachmentBytes,
      })
    ).createConversation.id as number;
    const busy = (await gqlAt(source.url, 'mutation { createConversation(subject: "Written during the backup", message: "First") { id } }', {}, token)).data.createConversation.id as number;

    // A backup while the server goes on taking messages.
    let backingUp = true;
    const sent: string[] = [];
    const writing = (async () => {
      for (let i = 1; backingUp; i++) {
        const answer = await gqlAt(source.url, REPLY, { id: busy, message: `Reply ${i}` }, token);
        expect(answer.errors).toBeUndefined();
        sent.push(`Reply ${i}`);
      }
    })();
    const backup = await runCli(['backup', '--to', 'backups'], sourceEnv).finally(() => (backingUp = false));
    await writing;
    expect(backup.output).toMatch(/Backup written to backups\/corner-/);
    expect(backup.output).toContain(sourceUrl ? 'PostgreSQL server, pg_dump' : 'dumped by the running server');
    expect(backup.code).toBe(0);
    const [backupName] = fs.readdirSync(backupsDir);
    const backupDir = path.join(backupsDir, backupName!);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as { database: { tables: Record<string, number> }; files: { count: number } };
    expect(manifest.database.tables['public.submissions']).toBeGreaterThan(5);
    expect(manifest.files.count).toBeGreaterThan(10);

    // Bad input: refused, and nothing already saved changes.
    const sourceEntries = fs.readdirSync(sourceDir).sort();
    await expect(restoreBackup(loadConfig({ DATA_DIR: path.join(root, 'nowhere') }), path.join(backupsDir, 'corner-none'))).rejects.toThrow(/There is no backup at/);
    expect(fs.existsSync(path.join(root, 'nowhere'))).toBe(false);
    if (sourceUrl) {
      await expect(restoreBackup(loadConfig({ DATA_DIR: path.join(root, 'nowhere'), DATABASE_URL: sourceUrl }), backupDir)).rejects.toThrow(/is not empty/);
    } else {
      await expect(restoreBackup(loadConfig({ DATA_DIR: sourceDir }), backupDir)).rejects.toThrow(/is in use by process/);
      await expect(restoreBackup(loadConfig({ DATA_DIR: path.join(sourceDir, 'files') }), backupDir)).rejects.toThrow(/is not empty/);
    }
    expect(fs.readdirSync(sourceDir).sort()).toEqual(sourceEntries);
    expect(await stop(source)).toBe(0);
    if (!sourceUrl) expect(fs.existsSync(path.join(sourceDir, ACCESS_FILE))).toBe(false);

    // The restore, into an empty folder (and an empty database).
    if (sourceUrl) {
      const name = `${new URL(sourceUrl).pathname.slice(1)}_restored`;
      await adminQuery(`create database ${name}`);
      restoredUrl = withDatabase(sourceUrl, name);
    }
    const restoredEnv = { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl ?? undefined };
    const restore = await runCli(['restore', path.join('backups', backupName!)], restoredEnv);
    expect(restore.output).toContain('each table as many as in the backup');
    expect(restore.code).toBe(0);
    // Twice is refused: the target holds the first restore now.
    await expect(restoreBackup(loadConfig(restoredEnv), backupDir)).rejects.toThrow(/is not empty/);

    // The restored instance: the same sign-in works, the creation's files and the message's attachment have the same bytes.
    const restored = await start(restoredDir, { ...restoredEnv, JOBS_WORK: 'false' });
    expect(restored.output()).not.toContain('demo data seeded');
    const lamp = (await gqlAt(restored.url, CREATION, { id: creation }, token)).data.submissionProperties;
    expect(lamp.name).toBe('Backed-up lamp');
    expect(lamp.files.map((f: { filename: string }) => f.filename)).toEqual(['Lamp.package']);
    expect((await download(restored.url, lamp.files[0].url)).equals(packageBytes)).toBe(true);
    const message = (await gqlAt(restored.url, CONVERSATION, { id: withAttachment }, token)).data.conversation;
    expect(message.threads[0].text).toBe('The textures are attached.');
    expect((await download(restored.url, message.threads[0].attachments[0].url)).equals(attachmentBytes)).toBe(true);
    expect(await stop(restored)).toBe(0);

    // Every creation, file and message of the source is in the restored database, row for row, and
    // every file a row uses has the same bytes; of the messages written during the backup, the
    // restored conversation holds those sent before its dump: the first ones, in order.
    const open = (dir: string, url: string | null) => openDatabase(url ? { url, poolSize: 1 } : { dir: path.join(dir, 'db') });
    const before = await open(sourceDir, sourceUrl);
    const after = await open(restoredDir, restoredUrl);
    try {
      for (const table of ['submissions', 'files', 'file_versions', 'images', 'conversation_attachments']) {
        expect(await tableRows(after, table), table).toEqual(await tableRows(before, table));
      }
      expect(await tableRows(after, 'conversations', `id <> ${busy}`)).toEqual(await tableRows(before, 'conversations', `id <> ${busy}`));
      expect(await tableRows(after, 'conversation_threads', `conversation_id <> ${busy}`)).toEqual(await tableRows(before, 'conversation_threads', `conversation_id <> ${busy}`));
      const busyTexts = async (database: Database) =>
        (await database.query<{ text: string }>(`select text from conversation_threads where conversation_id = ${busy} order by id`)).map((r) => r.text);
      const all = await busyTexts(before);
      const kept = await busyTexts(after);
      expect(all).toEqual(['First', ...sent]);
      expect(kept).toEqual(all.slice(0, kept.length));
      expect(kept.length, 'the server took messages after the dump').toBeLessThan(all.length);

      const used = await allReferencedSha256s(before.db);
      expect(await allReferencedSha256s(after.db)).toEqual(used);
      expect(used.size).toBeGreaterThan(10);
      for (const sha256 of used) {
        const bytes = fs.readFileSync(path.join(restoredDir, 'files', blobKey(sha256)));
        expect(bytes.equals(fs.readFileSync(path.join(sourceDir, 'files', blobKey(sha256)))), sha256).toBe(true);
      }
    } finally {
      await before.close();
      await after.close();
    }
  }, 300_000);
});
