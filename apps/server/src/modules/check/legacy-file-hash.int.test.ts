import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { legacyFileHashes, legacyFiles, legacyItems, submissionBridges, submissions } from '../../db/schema/index';
import type { JobServices } from '../../jobs/job';
import { generatedLegacyMembers, generatedLegacyRows, insertLegacyRowsPostgres } from '../../seed/legacy';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { catalogHead, writePackage } from '../game-file/test-fixtures';
import { hashLegacyFiles, LEGACY_HASH_BATCH } from './legacy-file-hash.service';

/**
 * Duplicates of the older system's files (issue 15): the sweep hashes every legacy file once, with
 * real files in the legacy folder on the embedded legacy source, and a creation holding the same
 * content as another member's legacy item is flagged and shows that item to reviewers. Changed,
 * missing and removed files, the sweep's rest and its resumption are covered too.
 */
const server = useTestServer();
const DAY = 86_400_000;
const DUPLICATES = `query ($id: Int!) { submissionProperties(id: $id) { possible_duplicate possible_duplicates { kind id filename other { id } legacy_item_id legacy_item { ID title creator } } } }`;
const CREATE_FILE = `mutation ($submission_id: Int!, $file: Upload!) { createSubmissionFile(submission_id: $submission_id, file: $file) { id } }`;
const silentLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

const original = writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x8001n, data: catalogHead(1, 2, 3) }]);
const ownBytes = writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x8003n, data: catalogHead(4, 5, 6) }]);
const bridgedBytes = writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x8004n, data: catalogHead(7, 8, 9) }]);
const sha = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

let services: JobServices;
let staffToken: string;
let elder: number;
let copier: number;
let copy: number;

function writeLegacyFile(itemId: number, filename: string, bytes: Uint8Array) {
  const dir = path.join(server.config.legacyFilesDir, 'files', String(Math.floor(itemId / 1000)));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, filename), bytes);
}

async function duplicatesOf(id: number) {
  const res = await server.gql(DUPLICATES, { id }, { token: staffToken });
  expect(res.errors).toBeUndefined();
  return res.data!.submissionProperties as {
    possible_duplicate: boolean;
    possible_duplicates: { kind: string; id: string; filename: string | null; other: { id: number } | null; legacy_item_id: number | null; legacy_item: { ID: number; title: string; creator: string } | null }[];
  };
}

beforeAll(async () => {
  const db = server.database.db;
  services = { database: server.database, config: server.config, storage: server.storage, log: silentLog, legacy: server.legacy } as unknown as JobServices;
  staffToken = await server.tokenFor((await buildMember(db, { roles: ['Submissions'] })).id);
  elder = (await buildMember(db)).id;
  copier = (await buildMember(db)).id;
  const item = (id: number, member_id: number, title: string) => ({ id, member_id, title, description: '', keywords: '', game: 4, status: 'published', publish_date: new Date(Date.now() - 300 * DAY), is_hidden: false, reports: 0, uploads: 0 });
  await insertLegacyRowsPostgres(db, {
    members: [
      { id: elder, username: 'Elder Maker', email: null },
      { id: copier, username: 'Copier', email: null },
    ],
    items: [item(8001, elder, 'Velvet Sofa'), item(8002, elder, 'Lost Lamp'), item(8003, copier, 'My Own Old Chair'), item(8004, elder, 'Migrated Table')],
    files: [
      { item_id: 8001, filename: 'VelvetSofa.package', filesize: original.length, mimetype: 'application/octet-stream', version: 1 },
      { item_id: 8002, filename: 'LostLamp.package', filesize: 10, mimetype: 'application/octet-stream', version: 1 },
      { item_id: 8003, filename: 'OwnChair.package', filesize: ownBytes.length, mimetype: 'application/octet-stream', version: 1 },
      { item_id: 8004, filename: 'Table.package', filesize: bridgedBytes.length, mimetype: 'application/octet-stream', version: 1 },
    ],
  });
  writeLegacyFile(8001, 'VelvetSofa.package', original);
  writeLegacyFile(8003, 'OwnChair.package', ownBytes);
  writeLegacyFile(8004, 'Table.package', bridgedBytes);
  // 8004 was migrated: its creation (the elder's) stands for it.
  const migrated = await buildSubmission(db, elder, { name: 'Migrated Table' });
  await db.insert(submissionBridges).values({ submission_id: migrated, legacy_item_id: 8004 });

  // The copier's creation under review holds the sofa's file, their own old chair and the migrated table.
  copy = await buildSubmission(db, copier, { name: 'Sofa (mine!)' });
  const token = await server.tokenFor(copier);
  for (const [name, bytes] of [
    ['sofa.package', original],
    ['chair.package', ownBytes],
    ['table.package', bridgedBytes],
  ] as const) {
    const res = await server.upload(CREATE_FILE, { submission_id: copy }, { 'variables.file': { name, content: Buffer.from(bytes) } }, { token });
    expect(res.errors, name).toBeUndefined();
  }
  await db.update(submissions).set({ status: 'SUBMITTED', submitted_at: new Date() }).where(eq(submissions.id, copy));
});

describe('legacy file hashes', () => {
  it('hashes every legacy file once and flags a creation holding another member’s legacy file, linking the item', async () => {
    expect((await duplicatesOf(copy)).possible_duplicates).toEqual([]);

    const first = await hashLegacyFiles(services, { restart: true });
    expect(first).toMatchObject({ items: 4, hashed: 3, missing: 1, finished: true, resting: false });
    expect(first.flagged).toBeGreaterThanOrEqual(1);
    const rows = await server.database.db.select().from(legacyFileHashes);
    expect(rows.find((r) => r.legacy_item_id === 8001)?.sha256).toBe(sha(original));
    expect(rows.find((r) => r.legacy_item_id === 8002)?.sha256).toBeNull();

    const [flagged] = await server.database.db.select({ flag: submissions.possible_duplicate }).from(submissions).where(eq(submissions.id, copy));
    expect(flagged!.flag).toBe(true);
    const seen = await duplicatesOf(copy);
    // Only the elder's item that was not migrated: not the copier's own old item, not the migrated table.
    expect(seen.possible_duplicates).toEqual([
      { kind: 'file', id: sha(original), filename: 'sofa.package', other: null, legacy_item_id: 8001, legacy_item: { ID: 8001, title: 'Velvet Sofa', creator: 'Elder Maker' } },
    ]);
  });

  it('rests after a finished sweep, and a new sweep reads only what changed', async () => {
    await hashLegacyFiles(services, { restart: true });
    expect(await hashLegacyFiles(services)).toMatchObject({ resting: true, items: 0 });
    // The missing file is read again each sweep; nothing else is.
    expect(await hashLegacyFiles(services, { restart: true })).toMatchObject({ items: 4, hashed: 0, missing: 1, finished: true });

    // The elder replaces the sofa's file in the old system (a new version): read again, and the copy is no longer flagged.
    const replaced = writePackage([{ type: 0x319e4f1d, group: 0, instance: 0x8001n, data: catalogHead(11, 12, 13) }]);
    writeLegacyFile(8001, 'VelvetSofa.package', replaced);
    await server.database.db.update(legacyFiles).set({ version: 2, filesize: replaced.length }).where(eq(legacyFiles.item_id, 8001));
    const again = await hashLegacyFiles(services, { restart: true });
    expect(again).toMatchObject({ hashed: 1, missing: 1 });
    expect(again.flagged).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(legacyFileHashes).where(eq(legacyFileHashes.legacy_item_id, 8001));
    expect(row!.sha256).toBe(sha(replaced));
    const [unflagged] = await server.database.db.select({ flag: submissions.possible_duplicate }).from(submissions).where(eq(submissions.id, copy));
    expect(unflagged!.flag).toBe(false);
    expect((await duplicatesOf(copy)).possible_duplicates).toEqual([]);

    // Put back: the copy is flagged again.
    writeLegacyFile(8001, 'VelvetSofa.package', original);
    await server.database.db.update(legacyFiles).set({ version: 3, filesize: original.length }).where(eq(legacyFiles.item_id, 8001));
    await hashLegacyFiles(services, { restart: true });
    expect((await duplicatesOf(copy)).possible_duplicate).toBe(true);
  });

  it('forgets the hashes of files and items the old system no longer has', async () => {
    const db = server.database.db;
    await insertLegacyRowsPostgres(db, {
      items: [{ id: 8500, member_id: elder, title: 'Short-lived', description: '', keywords: '', game: 4, status: 'draft', publish_date: null, is_hidden: false, reports: 0, uploads: 0 }],
      files: [{ item_id: 8500, filename: 'Short.package', filesize: 3, mimetype: 'application/octet-stream', version: 1 }],
    });
    writeLegacyFile(8500, 'Short.package', new Uint8Array([1, 2, 3]));
    await hashLegacyFiles(services, { restart: true });
    expect(await db.select().from(legacyFileHashes).where(eq(legacyFileHashes.legacy_item_id, 8500))).toHaveLength(1);

    await db.delete(legacyFiles).where(eq(legacyFiles.item_id, 8500));
    await db.delete(legacyItems).where(eq(legacyItems.id, 8500));
    const result = await hashLegacyFiles(services, { restart: true });
    expect(result.removed).toBe(1);
    expect(await db.select().from(legacyFileHashes).where(eq(legacyFileHashes.legacy_item_id, 8500))).toHaveLength(0);
    expect(await db.select().from(legacyFileHashes).where(eq(legacyFileHashes.legacy_item_id, 8001))).toHaveLength(1);
  });

  it('stops when its time is up and goes on where it stood in the next run', async () => {
    const db = server.database.db;
    const count = LEGACY_HASH_BATCH + 50;
    await insertLegacyRowsPostgres(db, { members: generatedLegacyMembers(5), items: generatedLegacyRows(20_000, count, 5).items });
    await hashLegacyFiles(services, { restart: true });
    const fresh = await hashLegacyFiles(services, { restart: true, budgetMs: 0 });
    expect(fresh).toMatchObject({ items: LEGACY_HASH_BATCH, finished: false });
    const rest = await hashLegacyFiles(services);
    expect(rest.finished).toBe(true);
    expect(fresh.items + rest.items).toBe(4 + count);
  });
});
