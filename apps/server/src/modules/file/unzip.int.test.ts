import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../context';
import { fileLogs, files, logs, submissions } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/job';
import { createUrlSigner } from '../../storage/signed-url';
import { buildMember, buildSubmission } from '../../test/factories';
import { silentLog, useTestServer, type TestServer } from '../../test/server';
import { jpegBytes, pngBytes, sims4PackageBytes, storedFiles } from '../../test/uploads';
import { appleDoubleBytes, modestlyCompressible, packageBytes, rawZip, trayImageBytes, trayItemBytes, zipOf } from '../../test/zips';
import { runUnzipJob, UNZIP_JOB, unzipSubmissionFile, type UnzipAnswer } from './unzip.service';

/**
 * unzipSubmissionFile through the real HTTP stack, the real pg-boss job and real storage, with
 * zips built here: a creator's ordinary zip, and hostile ones as raw bytes. Limits are set low so
 * size refusals need only small zips.
 */
const MiB = 1024 * 1024;
const server = useTestServer(
  { MAX_FILE_BYTES: String(4 * MiB), UNZIP_MAX_TOTAL_BYTES: String(5 * MiB), UNZIP_MAX_ENTRIES: '20', UNZIP_MAX_RATIO: '50' },
  { jobs: true },
);

const CREATE = 'mutation ($s: Int!, $file: Upload!) { createSubmissionFile(submission_id: $s, file: $file) { id kind } }';
const UNZIP = 'mutation ($id: Int!) { unzipSubmissionFile(fileId: $id) }';

interface Member {
  id: number;
  token: string;
}
let owner: Member;
let other: Member;
let staff: Member;

async function member(s: TestServer, roles: string[] = []): Promise<Member> {
  const m = await buildMember(s.database.db, { roles });
  return { id: m.id, token: await s.tokenFor(m.id) };
}

beforeAll(async () => {
  owner = await member(server);
  other = await member(server);
  staff = await member(server, ['Submissions']);
});

async function uploadFile(s: TestServer, submission: number, content: Buffer, name: string, token = owner.token): Promise<number> {
  const res = await s.upload(CREATE, { s: submission }, { 'variables.file': { name, content } }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.createSubmissionFile.id as number;
}

async function unzip(s: TestServer, id: number, token = owner.token) {
  const res = await s.gql<{ unzipSubmissionFile: string }>(UNZIP, { id }, { token });
  return { answer: res.data?.unzipSubmissionFile ? (JSON.parse(res.data.unzipSubmissionFile) as UnzipAnswer) : null, errors: res.errors };
}

function filesOf(s: TestServer, submission: number) {
  return s.database.db.select().from(files).where(eq(files.submission_id, submission)).orderBy(asc(files.id));
}

function unzipTemps(s: TestServer): string[] {
  const dir = path.join(s.config.DATA_DIR, 'tmp', 'unzip');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function readStored(s: TestServer, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await s.storage.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Until the job is running or finished (a worker took it), or two seconds passed. */
async function startedOrDone(id: string | null): Promise<void> {
  for (let i = 0; id && i < 40; i += 1) {
    const status = await server.jobs!.status(UNZIP_JOB, id);
    if (status && status.state !== 'created') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A creator's zip as tools make it: content in folders, beside what operating systems add. */
async function creatorZip() {
  const content = {
    chair: packageBytes(10, 1500),
    swatch: packageBytes(11, 900),
    tray: trayItemBytes(),
    trayImage: trayImageBytes(),
    png: await pngBytes(),
    jpeg: await jpegBytes(3),
    script: await zipOf([{ name: 'cosy_chair.pyc', data: Buffer.from('compiled python, pretend') }]),
  };
  const zip = await zipOf([
    { name: 'Cosy Chair/' },
    { name: 'Cosy Chair/Cosy Chair.package', data: content.chair },
    { name: 'Cosy Chair/Swatches/Cosy Chair.package', data: content.swatch },
    { name: 'Tray/0x00000002!0x0000000000abcdef.trayitem', data: content.tray },
    { name: 'Tray/0x00000002!0x0000000000abcdef.bpi', data: content.trayImage, compress: false },
    { name: 'Pictures/preview.png', data: content.png, compress: false },
    { name: 'Pictures/in game.jpg', data: content.jpeg },
    { name: 'Scripts/cosy_chair.ts4script', data: content.script, compress: false },
    { name: '__MACOSX/Cosy Chair/._Cosy Chair.package', data: appleDoubleBytes() },
    { name: 'Thumbs.db', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.alloc(60)]) },
    { name: 'desktop.ini', data: Buffer.from('[.ShellClassInfo]\r\nIconResource=chair.ico\r\n') },
    { name: 'Read me.txt', data: Buffer.from('Thank you for downloading the Cosy Chair! Put the package in Mods.') },
    { name: 'Cosy Chair/empty.package', data: Buffer.alloc(0) },
  ]);
  return { zip, content };
}

const CREATOR_ZIP_MESSAGE =
  'Unpacked 7 files from “Cosy Chair.zip”. Skipped 3 files the operating system added (__MACOSX, Thumbs.db and desktop.ini). ' +
  'Skipped 1 file the site does not accept: “Read me.txt”. Skipped an empty file: “Cosy Chair/empty.package”.';

describe('unzipSubmissionFile', () => {
  it('unpacks a creator’s zip into files of the right kinds, and soft-deletes the zip with its history', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const { zip, content } = await creatorZip();
    const zipId = await uploadFile(server, submission, zip, 'Cosy Chair.zip');

    const { answer, errors } = await unzip(server, zipId);
    expect(errors).toBeUndefined();
    expect(answer).toEqual({ status: 'ok', message: CREATOR_ZIP_MESSAGE, files: expect.any(Array) });

    const rows = await filesOf(server, submission);
    const [zipRow, ...made] = rows;
    expect(zipRow).toMatchObject({ id: zipId, kind: 'zip', deleted_at: expect.any(Date) });
    expect(answer!.files).toEqual(made.map((f) => f.id));
    expect(made.map((f) => [f.filename, f.kind, f.mimetype, f.filesize, f.sha256, f.member_id, f.deleted_at])).toEqual([
      ['Cosy Chair.package', 'sims4-package', 'application/octet-stream', 1500, sha256(content.chair), owner.id, null],
      ['Cosy Chair (2).package', 'sims4-package', 'application/octet-stream', 900, sha256(content.swatch), owner.id, null],
      ['0x00000002!0x0000000000abcdef.trayitem', 'tray-item', 'application/octet-stream', content.tray.length, sha256(content.tray), owner.id, null],
      ['0x00000002!0x0000000000abcdef.bpi', 'tray-image', 'application/octet-stream', content.trayImage.length, sha256(content.trayImage), owner.id, null],
      ['preview.png', 'image', 'image/png', content.png.length, sha256(content.png), owner.id, null],
      ['in game.jpg', 'image', 'image/jpeg', content.jpeg.length, sha256(content.jpeg), owner.id, null],
      ['cosy_chair.ts4script', 'ts4script', 'application/zip', content.script.length, sha256(content.script), owner.id, null],
    ]);
    // The stored bytes are the entry's bytes.
    expect(await readStored(server, made[0]!.storage_key)).toEqual(content.chair);
    expect(await readStored(server, made[4]!.storage_key)).toEqual(content.png);

    const db = server.database.db;
    const [chairLog] = await db.select().from(fileLogs).where(eq(fileLogs.file_id, made[1]!.id));
    expect(chairLog).toMatchObject({
      action: 'created',
      member_id: owner.id,
      details: expect.objectContaining({ unzipped_from: zipId, entry: 'Cosy Chair/Swatches/Cosy Chair.package', kind: 'sims4-package' }),
    });
    const zipLogs = await db.select().from(fileLogs).where(eq(fileLogs.file_id, zipId)).orderBy(asc(fileLogs.id));
    expect(zipLogs.map((l) => l.action)).toEqual(['created', 'unzipped']);
    expect(zipLogs[1]!.details).toMatchObject({ filename: 'Cosy Chair.zip', files: answer!.files });
    const [submissionLog] = await db.select().from(logs).where(and(eq(logs.entity, 'file'), eq(logs.entity_id, zipId), eq(logs.action, 'unzipped')));
    expect(submissionLog).toMatchObject({ submission_id: submission, member_id: owner.id, new_values: { files: answer!.files, skipped: 5 } });
    expect(unzipTemps(server)).toEqual([]);

    // Asking again (a second click, a stale page) answers the same and makes nothing new.
    expect((await unzip(server, zipId)).answer).toEqual(answer);
    // So does the job itself when run again, as after a crash between commit and completion.
    const services = { ...server, urlSigner: createUrlSigner(server.config), jobs: server.jobs!, log: { error() {}, warn() {}, info() {} } };
    expect(await runUnzipJob(services, { id: zipId, memberId: owner.id })).toEqual(answer);
    expect(await filesOf(server, submission)).toHaveLength(rows.length);
  });

  it('unpacks once when asked twice at the same time, or when two runs race', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const zip = await zipOf([1, 2, 3].map((i) => ({ name: `Chair ${i}.package`, data: packageBytes(100 + i) })));
    const zipId = await uploadFile(server, submission, zip, 'Chairs.zip');
    const [a, b] = await Promise.all([unzip(server, zipId), unzip(server, zipId)]);
    expect(a.answer).toMatchObject({ status: 'ok', message: 'Unpacked 3 files from “Chairs.zip”.' });
    expect(b.answer).toEqual(a.answer);
    expect((await filesOf(server, submission)).filter((f) => !f.deleted_at)).toHaveLength(3);
    const [sent] = await server.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and singleton_key = $2`, [UNZIP_JOB, `file-${zipId}`]);
    expect(sent!.n).toBe(1);

    // Two runs of the job at once (a retry racing a run thought dead) also end with one set of files.
    const second = await buildSubmission(server.database.db, owner.id);
    const secondZip = await uploadFile(server, second, zip, 'Chairs.zip');
    const services = { ...server, urlSigner: createUrlSigner(server.config), jobs: server.jobs!, log: { error() {}, warn() {}, info() {} } };
    const [r1, r2] = await Promise.all([
      runUnzipJob(services, { id: secondZip, memberId: owner.id }),
      runUnzipJob(services, { id: secondZip, memberId: owner.id }),
    ]);
    expect(r1).toMatchObject({ status: 'ok', files: expect.any(Array) });
    expect(r2).toEqual(r1);
    expect((await filesOf(server, second)).filter((f) => !f.deleted_at).map((f) => f.id)).toEqual(r1.files);
  });

  it('sends one job when a second click looks before the first sends and sends after its job started', async () => {
    // The race behind a flaky run: both clicks find no job, the first sends one and a worker takes
    // it, then the second sends, which the queue's one-waiting-job rule no longer stops. The zip's
    // row lock makes the second click look only once the first one's job is there.
    const submission = await buildSubmission(server.database.db, owner.id);
    const zip = await zipOf([{ name: 'Chair.package', data: packageBytes(140) }]);
    const zipId = await uploadFile(server, submission, zip, 'Chair.zip');
    const real = server.jobs!;
    let secondLooked: () => void = () => {};
    const looked = new Promise<void>((resolve) => (secondLooked = resolve));
    let firstSent: (id: string | null) => void = () => {};
    const sentId = new Promise<string | null>((resolve) => (firstSent = resolve));
    let finds = 0;
    let sends = 0;
    const jobs: JobQueue = {
      ...real,
      async findUnfinished(name, key, tx) {
        const call = (finds += 1);
        const found = await real.findUnfinished(name, key, tx);
        // The first click waits (a little) for the second to have looked too.
        if (call === 1) await Promise.race([looked, new Promise((resolve) => setTimeout(resolve, 500))]);
        if (call === 2) {
          secondLooked();
          // Looked before the first one sent: go on once its job has left the waiting state.
          if (!found) await startedOrDone(await sentId);
        }
        return found;
      },
      async send(name, data, options) {
        const id = await real.send(name, data, options);
        if ((sends += 1) === 1) firstSent(id);
        return id;
      },
    };
    const ctx = { ...(await jobContext({ ...server, urlSigner: createUrlSigner(server.config), jobs: real, log: silentLog }, owner.id)), jobs };
    const [a, b] = await Promise.all([unzipSubmissionFile(ctx, zipId), unzipSubmissionFile(ctx, zipId)]);
    expect(a).toMatchObject({ status: 'ok', message: 'Unpacked 1 file from “Chair.zip”.' });
    expect(b).toEqual(a);
    const [sent] = await server.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and singleton_key = $2`, [UNZIP_JOB, `file-${zipId}`]);
    expect(sent!.n).toBe(1);
  });

  it('takes a rejected creation of its owner back to CREATED; staff unpack without reopening it', async () => {
    const db = server.database.db;
    const zip = await zipOf([{ name: 'chair.package', data: packageBytes(20) }]);
    const mine = await buildSubmission(db, owner.id);
    const mineZip = await uploadFile(server, mine, zip, 'chair.zip');
    await db.update(submissions).set({ status: 'REJECTED' }).where(eq(submissions.id, mine));
    expect((await unzip(server, mineZip)).answer).toMatchObject({ status: 'ok' });
    const [reopened] = await db.select().from(submissions).where(eq(submissions.id, mine));
    expect(reopened!.status).toBe('CREATED');

    const theirs = await buildSubmission(db, owner.id);
    const theirsZip = await uploadFile(server, theirs, zip, 'chair.zip');
    await db.update(submissions).set({ status: 'REJECTED' }).where(eq(submissions.id, theirs));
    const { answer } = await unzip(server, theirsZip, staff.token);
    expect(answer).toMatchObject({ status: 'ok', message: 'Unpacked 1 file from “chair.zip”.' });
    const [still] = await db.select().from(submissions).where(eq(submissions.id, theirs));
    expect(still!.status).toBe('REJECTED');
    const [made] = await db.select().from(files).where(eq(files.id, answer!.files![0]!));
    expect(made!.member_id).toBe(owner.id);
    const [log] = await db.select().from(fileLogs).where(eq(fileLogs.file_id, made!.id));
    expect(log!.member_id).toBe(staff.id);
  });

  it('refuses other creators, files that are not zips, deleted files and creations that cannot be edited', async () => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const zipId = await uploadFile(server, submission, await zipOf([{ name: 'a.package', data: packageBytes(30) }]), 'a.zip');
    const stranger = await unzip(server, zipId, other.token);
    expect(stranger.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });

    const pkg = await uploadFile(server, submission, sims4PackageBytes(300), 'chair.package');
    const notZip = await unzip(server, pkg);
    expect(notZip.errors?.[0]).toMatchObject({
      message: '“chair.package” is not a zip file.',
      extensions: { category: 'validation', code: 'FILE_NOT_A_ZIP', validation: { fileId: ['“chair.package” is not a zip file.'] } },
    });

    await server.gql('mutation ($id: Int!) { deleteSubmissionFile(id: $id) }', { id: zipId }, { token: owner.token });
    expect((await unzip(server, zipId)).errors?.[0]).toMatchObject({ message: `File ${zipId} was not found.`, extensions: { code: 'FILE_NOT_FOUND' } });
    expect((await unzip(server, 987_654)).errors?.[0]).toMatchObject({ message: 'File 987654 was not found.', extensions: { code: 'FILE_NOT_FOUND' } });

    const submitted = await buildSubmission(db, owner.id);
    const submittedZip = await uploadFile(server, submitted, await zipOf([{ name: 'b.package', data: packageBytes(31) }]), 'b.zip');
    await db.update(submissions).set({ status: 'SUBMITTED' }).where(eq(submissions.id, submitted));
    expect((await unzip(server, submittedZip)).errors?.[0]?.extensions).toMatchObject({ category: 'conflict', code: 'SUBMISSION_NOT_EDITABLE' });
    expect((await filesOf(server, submitted)).map((f) => f.deleted_at)).toEqual([null]);
  });

  it('answers that it failed when the job keeps failing, after its retries, and works once the fault is gone', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const zipId = await uploadFile(server, submission, await zipOf([{ name: 'c.package', data: packageBytes(40) }]), 'c.zip');
    // A real fault: the job's temp folder cannot be made (a file stands where it goes).
    const tmp = path.join(server.config.DATA_DIR, 'tmp', 'unzip');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(tmp), { recursive: true });
    fs.writeFileSync(tmp, 'in the way');
    try {
      const { answer } = await unzip(server, zipId);
      expect(answer).toEqual({ status: 'error', message: 'The zip could not be unpacked. Please try again later.' });
      const [job] = await server.database.query<{ state: string; retry_count: number }>(
        `select state::text as state, retry_count from pgboss.job where name = $1 and singleton_key = $2`,
        [UNZIP_JOB, `file-${zipId}`],
      );
      expect(job).toEqual({ state: 'failed', retry_count: 2 });
      expect((await filesOf(server, submission)).map((f) => [f.id, f.deleted_at])).toEqual([[zipId, null]]);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    expect((await unzip(server, zipId)).answer).toMatchObject({ status: 'ok', message: 'Unpacked 1 file from “c.zip”.' });
  }, 30_000);
});

/** DBPF header then `size` zero bytes: compresses about a thousand times. */
function zeroPackage(size: number): Buffer {
  return Buffer.concat([sims4PackageBytes(96), Buffer.alloc(size)]);
}

function realPackage(size: number, seed: number): Buffer {
  return Buffer.concat([sims4PackageBytes(96), modestlyCompressible(size, seed)]);
}

/** A good entry before the hostile one, new content each time: what it stored must go again. */
let goodSeed = 1000;
const good = () => ({ name: 'Mods/good.package', data: packageBytes((goodSeed += 1)) });

/** Each hostile zip, and the end of its message ("“hostile.zip” was not unpacked: …"). */
const HOSTILE: [string, () => Buffer | Promise<Buffer>, string][] = [
  ['a “../” entry', () => rawZip([good(), { name: '../evil.package', data: packageBytes(51) }]), 'the entry “../evil.package” points outside the zip (its path has “..”)'],
  ['an absolute path', () => rawZip([{ name: '/home/sims/evil.package', data: packageBytes(52) }]), 'the entry “/home/sims/evil.package” has an absolute path'],
  ['a drive letter', () => rawZip([{ name: 'C:/Mods/evil.package', data: packageBytes(53) }]), 'the entry “C:/Mods/evil.package” has an absolute path'],
  ['a backslash path', () => rawZip([{ name: '..\\..\\evil.package', data: packageBytes(54) }]), 'the entry “..\\..\\evil.package” has a backslash in its path'],
  ['a symbolic link', () => rawZip([good(), { name: 'Mods/link.package', data: Buffer.from('/etc/passwd'), method: 0, unixMode: 0o120777 }]), 'the entry “Mods/link.package” is a link, not a file'],
  ['a named pipe', () => rawZip([{ name: 'Mods/pipe.package', data: Buffer.alloc(0), method: 0, unixMode: 0o010644 }]), 'the entry “Mods/pipe.package” is a special file (a device, pipe or socket), not a regular file'],
  ['a zip bomb', () => rawZip([good(), { name: 'Mods/bomb.package', data: zeroPackage(3 * MiB) }]), 'the entry “Mods/bomb.package” unpacks to more than 50 times its packed size (a zip bomb)'],
  [
    'an entry that unpacks to more than its header says',
    () => rawZip([good(), { name: 'Mods/liar.package', data: zeroPackage(2 * MiB), recordedSize: 1000 }]),
    'the entry “Mods/liar.package” does not unpack to the size the zip records for it (a damaged zip, or one made to mislead)',
  ],
  [
    'a nested zip',
    async () => rawZip([good(), { name: 'Mods/more.zip', data: await zipOf([{ name: 'x.package', data: packageBytes(55) }]), method: 0 }]),
    'the entry “Mods/more.zip” is itself an archive; unpack it and upload what it holds, or upload it as a zip of its own',
  ],
  [
    'a renamed gzip archive',
    () => rawZip([good(), { name: 'Mods/textures.package', data: zlib.gzipSync(packageBytes(56)), method: 0 }]),
    'the entry “Mods/textures.package” is itself an archive; unpack it and upload what it holds, or upload it as a zip of its own',
  ],
  ['too many entries', () => rawZip(Array.from({ length: 21 }, (_, i) => ({ name: `Mods/${i}.package`, data: packageBytes(60 + i) }))), 'it holds 21 entries; a zip may hold at most 20'],
  [
    'more than the total',
    () => rawZip([{ name: 'Mods/one.package', data: realPackage(3 * MiB, 1) }, { name: 'Mods/two.package', data: realPackage(3 * MiB, 2) }]),
    'its files unpack to more than 5 MB together, the most a zip may hold',
  ],
  ['an entry over the file limit', () => rawZip([{ name: 'Mods/huge.package', data: realPackage(4.5 * MiB - 96, 3) }]), 'the entry “Mods/huge.package” is 4.5 MB; files may be at most 4 MB'],
  ['an encrypted entry', () => rawZip([good(), { name: 'Mods/secret.package', data: packageBytes(57), flags: 1 }]), 'the entry “Mods/secret.package” is password-protected; zip the files again without a password'],
  [
    'an unknown compression method',
    () => rawZip([{ name: 'Mods/lzma.package', data: packageBytes(58), method: 14 }]),
    'the entry “Mods/lzma.package” is packed with a method the site cannot unpack; zip the files again with standard compression',
  ],
  ['a damaged entry', () => rawZip([good(), { name: 'Mods/damaged.package', data: packageBytes(59), recordedCrc: 0x1234 }]), 'the entry “Mods/damaged.package” is damaged'],
  [
    'entries sharing their data',
    () => rawZip([{ name: 'Mods/a.package', data: packageBytes(70) }, { name: 'Mods/b.package', sharesDataWith: 0, data: packageBytes(70) }]),
    'its entries overlap each other (a zip bomb)',
  ],
  ['a corrupt file', () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(500)]), 'it is damaged or not a zip file'],
  ['a cut-off zip', async () => (await zipOf([good(), { name: 'Mods/more.package', data: packageBytes(71) }])).subarray(0, 300), 'it is damaged or not a zip file'],
];

describe('hostile and broken zips', () => {
  it.each(HOSTILE)('refuses %s as a whole, with its own message, keeping nothing', async (_name, build, why) => {
    const db = server.database.db;
    const submission = await buildSubmission(db, owner.id);
    const zipId = await uploadFile(server, submission, await build(), 'hostile.zip');
    await db.update(submissions).set({ status: 'REJECTED' }).where(eq(submissions.id, submission));
    const before = storedFiles(server.config.filesDir);

    const { answer, errors } = await unzip(server, zipId);
    expect(errors).toBeUndefined();
    expect(answer).toEqual({ status: 'error', message: `“hostile.zip” was not unpacked: ${why}.` });

    expect((await filesOf(server, submission)).map((f) => [f.id, f.deleted_at])).toEqual([[zipId, null]]);
    expect(await db.select().from(fileLogs).where(eq(fileLogs.action, 'unzipped')).then((l) => l.filter((x) => x.file_id === zipId))).toEqual([]);
    expect(storedFiles(server.config.filesDir)).toEqual(before);
    expect(unzipTemps(server)).toEqual([]);
    // Nothing was edited, so the rejected creation stays rejected.
    const [s] = await db.select().from(submissions).where(eq(submissions.id, submission));
    expect(s!.status).toBe('REJECTED');
  });

  it('answers an error, and keeps the zip, when it holds nothing the site accepts', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const zip = await zipOf([{ name: 'Read me.txt', data: Buffer.from('Nothing to see here, just words.') }, { name: '.DS_Store', data: Buffer.alloc(40, 1) }]);
    const zipId = await uploadFile(server, submission, zip, 'words.zip');
    expect((await unzip(server, zipId)).answer).toEqual({
      status: 'error',
      message:
        '“words.zip” holds no files the site accepts (Sims packages, tray files, images or script mods). ' +
        'Skipped 1 file the operating system added (.DS_Store). Skipped 1 file the site does not accept: “Read me.txt”.',
    });
    expect((await filesOf(server, submission)).map((f) => f.deleted_at)).toEqual([null]);
  });
});

describe('when the job takes longer than UNZIP_WAIT_SECONDS', () => {
  const slow = useTestServer({ UNZIP_WAIT_SECONDS: '0' }, { jobs: true });

  it('answers pending, and the same call later answers with the files', async () => {
    const creator = await member(slow);
    const submission = await buildSubmission(slow.database.db, creator.id);
    const zip = await zipOf([{ name: 'chair.package', data: packageBytes(80) }, { name: 'sofa.package', data: packageBytes(81) }]);
    const zipId = await uploadFile(slow, submission, zip, 'Living room.zip', creator.token);
    expect((await unzip(slow, zipId, creator.token)).answer).toEqual({
      status: 'pending',
      message: '“Living room.zip” is still being unpacked. Its files will appear when it is done.',
    });
    await expect
      .poll(async () => (await unzip(slow, zipId, creator.token)).answer, { timeout: 20_000, interval: 200 })
      .toMatchObject({ status: 'ok', message: 'Unpacked 2 files from “Living room.zip”.' });
    expect((await filesOf(slow, submission)).filter((f) => !f.deleted_at)).toHaveLength(2);
    const [sent] = await slow.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and singleton_key = $2`, [UNZIP_JOB, `file-${zipId}`]);
    expect(sent!.n).toBe(1);
  }, 30_000);
});
