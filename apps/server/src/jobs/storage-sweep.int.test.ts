import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, zipBundles } from '../db/schema/index';
import { LocalDiskStorage, S3Storage, stagingKey, type Storage } from '../storage/index';
import { buildConversation, buildConversationThread, buildMember, buildSubmission, buildSubmissionFile } from '../test/factories';
import { useTestS3 } from '../test/s3';
import { useTestServer, type TestServer, silentLog } from '../test/server';
import { runStorageSweep, STORAGE_SWEEP_CRON, STORAGE_SWEEP_JOB, storageSweepJob } from './storage-sweep.job';

/**
 * The storage sweep on real storage (local disk and s3rver) and the test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Ages are storage's own modification times; the sweep is run
 * "later" by handing it a `now` in the future, never by waiting.
 */
const HOUR = 3_600_000;
const s3 = useTestS3();
const servers: [string, TestServer][] = [
  ['local disk', useTestServer({}, { jobs: true })],
  ['S3 (s3rver)', useTestServer({}, { storage: () => s3.storage('sweep') })],
];

const later = (ms: number) => new Date(Date.now() + ms);

async function keys(storage: Storage, prefix: 'blobs/' | 'uploads/'): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list(prefix)) out.push(o.key);
  return out;
}

/** What an interrupted write leaves behind, as each adapter would have it. */
async function leaveTemporary(storage: Storage): Promise<void> {
  if (storage instanceof LocalDiskStorage) {
    fs.mkdirSync(path.join(storage.root, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(storage.root, 'tmp', `${crypto.randomUUID()}.part`), 'half a file');
  } else if (storage instanceof S3Storage) {
    const { bucket, prefix } = storage.settings;
    await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}/tmp/${crypto.randomUUID()}`, Body: 'half a file' }));
  }
}

describe.each(servers)('storage sweep on %s', (_name, server) => {
  const services = () => ({ database: server.database, storage: server.storage, config: server.config, log: silentLog });
  const put = (text: string) => server.storage.put([Buffer.from(text)]);

  it('removes content no row uses once it is a day old, and keeps every content a row uses', async () => {
    const db = server.database.db;
    const member = await buildMember(db);
    const submission = await buildSubmission(db, member.id);
    const orphan = await put(`orphan ${crypto.randomUUID()}`);
    const image = await put(`image ${crypto.randomUUID()}`);
    const oldVersion = await put(`version 1 ${crypto.randomUUID()}`);
    const current = await put(`version 2 ${crypto.randomUUID()}`);
    const zip = await put(`zip ${crypto.randomUUID()}`);
    const attachment = await put(`attachment ${crypto.randomUUID()}`);
    await db.insert(images).values({ submission_id: submission, member_id: member.id, filename: 'a.png', mimetype: 'image/png', filesize: 1, sha256: image.sha256, storage_key: image.key });
    await buildSubmissionFile(db, submission, { versions: [oldVersion.sha256, current.sha256] });
    await db.insert(zipBundles).values({ member_id: member.id, kind: 'basket', filename: 'b.zip', status: 'READY', sha256: zip.sha256, storage_key: zip.key });
    const conversation = await buildConversation(db, member.id, { subject: 'Hi' });
    await buildConversationThread(db, conversation, member.id, { text: 'see attached', attachment: { storage_key: attachment.key } });

    // Today nothing goes: the orphan may be an upload whose row is about to be inserted.
    expect(await runStorageSweep(services())).toMatchObject({ contents: 0, failed: 0 });
    expect(await server.storage.exists(orphan.key)).toBe(true);

    const result = await runStorageSweep(services(), later(25 * HOUR));
    expect(result).toMatchObject({ contents: 1, failed: 0 });
    expect(await server.storage.exists(orphan.key)).toBe(false);
    for (const kept of [image, oldVersion, current, zip, attachment]) expect(await server.storage.exists(kept.key)).toBe(true);
  });

  it('removes staged direct uploads an hour after their link expired, and their markers', async () => {
    const storage = server.storage;
    const fresh = stagingKey(9, crypto.randomUUID());
    const body = Buffer.from('a staged upload');
    if (storage.receiveUpload) {
      await storage.receiveUpload(fresh, Readable.from([body]), { maxBytes: 1000 });
    } else {
      const target = await storage.uploadTarget(fresh, { mimetype: 'application/octet-stream', disposition: 'attachment', expiresInSeconds: 600 });
      expect((await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(body) })).status).toBe(200);
    }
    const ttl = server.config.DIRECT_UPLOAD_TTL_SECONDS * 1000;

    expect(await runStorageSweep(services(), later(ttl + HOUR - 60_000))).toMatchObject({ uploads: 0 });
    expect(await keys(storage, 'uploads/')).toContain(fresh);
    expect(await runStorageSweep(services(), later(ttl + HOUR + 60_000))).toMatchObject({ uploads: 1 });
    expect(await keys(storage, 'uploads/')).not.toContain(fresh);
    // The promoted content itself is not the sweep's to judge by the upload's age.
  });

  it('removes what interrupted writes left, once they are a day old', async () => {
    await leaveTemporary(server.storage);
    expect(await runStorageSweep(services(), later(HOUR))).toMatchObject({ temporary: 0 });
    expect(await runStorageSweep(services(), later(25 * HOUR))).toMatchObject({ temporary: 1 });
    expect(await runStorageSweep(services(), later(25 * HOUR))).toMatchObject({ temporary: 0 });
  });

  it('keeps content whose row is being inserted while it sweeps', async () => {
    const db = server.database.db;
    const member = await buildMember(db);
    const submission = await buildSubmission(db, member.id);
    const content = await put(`racing ${crypto.randomUUID()}`);
    let sweep: Promise<unknown> | null = null;
    await db.transaction(async (tx) => {
      // What claimUpload does before a row is inserted: the content's lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${content.sha256}, 0))`);
      sweep = runStorageSweep(services(), later(25 * HOUR));
      if (server.database.kind === 'postgres') {
        // The sweep saw no row (it is not committed) and now waits for the lock.
        for (;;) {
          const [row] = await server.database.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
          if (row!.n > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      // (On PGlite one connection runs one transaction at a time: the sweep waits for this one whole.)
      await buildSubmissionFile(tx as never, submission, { versions: [content.sha256] });
    });
    await sweep;
    expect(await server.storage.exists(content.key)).toBe(true);
  });

  if (_name === 'local disk') {
    it('runs hourly through pg-boss', async () => {
      expect(storageSweepJob.cron).toBe(STORAGE_SWEEP_CRON);
      expect(STORAGE_SWEEP_CRON).toMatch(/^\d+ \* \* \* \*$/);
      const schedules = await server.jobs!.boss.getSchedules();
      expect(schedules.map((s) => s.name)).toContain(STORAGE_SWEEP_JOB);
      const orphan = await put(`sent ${crypto.randomUUID()}`);
      const old = new Date(Date.now() - 25 * HOUR);
      fs.utimesSync(path.join(server.config.filesDir, orphan.key), old, old);
      const id = await server.jobs!.send(STORAGE_SWEEP_JOB, {});
      const status = await server.jobs!.wait(STORAGE_SWEEP_JOB, id!, 20_000);
      expect(status).toMatchObject({ state: 'completed', output: { contents: 1, failed: 0 } });
      expect(await server.storage.exists(orphan.key)).toBe(false);
    });
  }
});
