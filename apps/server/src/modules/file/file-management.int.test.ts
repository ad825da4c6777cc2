import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { submissions } from '../../db/schema/index';
import { buildMember, buildRole, buildSubmission, buildSubmissionFile } from '../../test/factories';
import { useTestServer } from '../../test/server';

/** Staff file management: searchFiles (live files and the archive) and file(id). */
const server = useTestServer();

const SEARCH = `query ($search: String, $deleted: Boolean, $first: Int, $page: Int) {
  searchFiles(search: $search, deleted: $deleted, first: $first, page: $page) {
    data { id filename member_id submission_id sha256 deleted_at submission { id name } member { MemberID UserName } }
    paginatorInfo { count currentPage firstItem hasMorePages lastItem lastPage perPage total }
  }
}`;

interface Row {
  id: number;
  filename: string;
  member_id: number;
  submission_id: number;
  sha256: string;
  deleted_at: string | null;
  submission: { id: number; name: string };
  member: { MemberID: number; UserName: string };
}

let viewer: string;
let alice: { id: number; token: string; username: string };
let bob: { id: number; username: string };
let aliceCreation: number;
let bobCreation: number;
let goneCreation: number;
/** Files by name, with what they were built with. */
const built: Record<string, { id: number; versions: string[]; updated_at: Date }> = {};
let clock = Date.UTC(2024, 0, 1);

const hex = () => crypto.randomBytes(32).toString('hex');

async function file(name: string, submission: number, options: { versions?: number; deleted?: boolean } = {}) {
  clock += 60_000;
  const versions = Array.from({ length: options.versions ?? 1 }, hex);
  const updated_at = new Date(clock);
  const id = await buildSubmissionFile(server.database.db, submission, {
    filename: name,
    versions,
    updated_at,
    deleted_at: options.deleted ? new Date(clock) : null,
  });
  built[name] = { id, versions, updated_at };
}

beforeAll(async () => {
  const db = server.database.db;
  const viewerRole = await buildRole(db, 'File viewer (test)', [pagePermission('file-management', 'view')]);
  viewer = await server.tokenFor((await buildMember(db, { roles: [viewerRole] })).id);
  const a = await buildMember(db, { username: 'Alice Weaver' });
  alice = { id: a.id, token: await server.tokenFor(a.id), username: a.username };
  const b = await buildMember(db, { username: 'Bob Builder' });
  bob = { id: b.id, username: b.username };
  aliceCreation = await buildSubmission(db, alice.id, { name: 'Quilted things' });
  bobCreation = await buildSubmission(db, bob.id, { name: 'Bob’s bricks', status: 'APPROVED' });
  goneCreation = await buildSubmission(db, bob.id, { name: 'Gone' });
  await file('quilt.package', aliceCreation, { versions: 3 });
  await file('Patchwork Quilt.package', aliceCreation);
  await file('100%_cotton.package', aliceCreation);
  await file('100 cotton.package', aliceCreation);
  await file('brick.package', bobCreation);
  await file('old brick.package', bobCreation, { deleted: true });
  await file('gone.package', goneCreation);
  await db.update(submissions).set({ deleted_at: new Date() }).where(eq(submissions.id, goneCreation));
  // A page's worth of filler, so paging has something to do.
  for (let i = 1; i <= 6; i++) await file(`filler ${i}.package`, bobCreation);
});

async function search(variables: Record<string, unknown>, token = viewer) {
  const res = await server.gql<{ searchFiles: { data: Row[]; paginatorInfo: Record<string, unknown> } }>(SEARCH, variables, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.searchFiles;
}

const names = (rows: Row[]) => rows.map((r) => r.filename);
const live = ['quilt.package', 'Patchwork Quilt.package', '100%_cotton.package', '100 cotton.package', 'brick.package', ...[1, 2, 3, 4, 5, 6].map((i) => `filler ${i}.package`)];
/** Newest change first: the order the files were built in, reversed. */
const newestFirst = (list: string[]) => [...list].sort((x, y) => built[y]!.updated_at.getTime() - built[x]!.updated_at.getTime());

describe('searchFiles', () => {
  it('lists every live file, newest change first, with its creation and owner', async () => {
    const page = await search({ first: 100 });
    expect(names(page.data)).toEqual(newestFirst(live));
    expect(page.paginatorInfo).toMatchObject({ total: live.length, count: live.length, currentPage: 1, hasMorePages: false });
    const quilt = page.data.find((r) => r.filename === 'quilt.package')!;
    expect(quilt).toMatchObject({
      submission: { id: aliceCreation, name: 'Quilted things' },
      member: { MemberID: alice.id, UserName: 'Alice Weaver' },
      deleted_at: null,
    });
    for (const row of page.data) {
      expect(row.member.MemberID).toBe(row.member_id);
      expect(row.submission.id).toBe(row.submission_id);
    }
    expect(names((await search({ search: '   ', first: 100 })).data)).toEqual(newestFirst(live));
  });

  it('pages with Lighthouse paginator info', async () => {
    const all = newestFirst(live);
    const second = await search({ first: 4, page: 2 });
    expect(names(second.data)).toEqual(all.slice(4, 8));
    expect(second.paginatorInfo).toEqual({ count: 4, currentPage: 2, firstItem: 5, hasMorePages: true, lastItem: 8, lastPage: 3, perPage: 4, total: 11 });
    const last = await search({ first: 4, page: 3 });
    expect(names(last.data)).toEqual(all.slice(8));
    expect(last.paginatorInfo).toMatchObject({ count: 3, hasMorePages: false, lastItem: 11 });
    const past = await search({ first: 4, page: 9 });
    expect(past.data).toEqual([]);
    expect(past.paginatorInfo).toMatchObject({ count: 0, firstItem: null, lastItem: null, total: 11 });
  });

  it('matches a part of the file name, case-insensitively, with % and _ taken literally', async () => {
    expect(names((await search({ search: 'QUILT' })).data)).toEqual(newestFirst(['quilt.package', 'Patchwork Quilt.package']));
    expect(names((await search({ search: '%' })).data)).toEqual(['100%_cotton.package']);
    expect(names((await search({ search: '_' })).data)).toEqual(['100%_cotton.package']);
    expect(names((await search({ search: '%_c' })).data)).toEqual(['100%_cotton.package']);
    expect(names((await search({ search: 'no such file' })).data)).toEqual([]);
  });

  it('matches the owner’s name, and a number matches a file, owner or creation id', async () => {
    expect(names((await search({ search: 'wEAVER' })).data)).toEqual(newestFirst(['quilt.package', 'Patchwork Quilt.package', '100%_cotton.package', '100 cotton.package']));
    const alices = ['quilt.package', 'Patchwork Quilt.package', '100%_cotton.package', '100 cotton.package'];
    const bobs = ['brick.package', ...[1, 2, 3, 4, 5, 6].map((i) => `filler ${i}.package`)];
    const cases: [number, string[]][] = [
      [built['brick.package']!.id, ['brick.package']],
      [alice.id, alices],
      [bobCreation, bobs],
    ];
    for (const [n, expected] of cases) {
      const rows = (await search({ search: String(n), first: 100 })).data;
      expect(names(rows)).toEqual(expect.arrayContaining(expected));
      // Anything else found matches the number as an id or as text.
      for (const r of rows) {
        const asId = [r.id, r.member_id, r.submission_id].includes(n);
        expect(asId || `${r.filename} ${r.member.UserName}`.includes(String(n)), `${r.filename} for ${n}`).toBe(true);
      }
    }
    // Beyond an id's range is no error, just no id match.
    expect((await search({ search: '99999999999' })).data).toEqual([]);
  });

  it('matches the start of a sha256 of the current content or of any earlier version', async () => {
    const quilt = built['quilt.package']!;
    const current = quilt.versions.at(-1)!;
    expect(names((await search({ search: current.slice(0, 8) })).data)).toEqual(['quilt.package']);
    expect(names((await search({ search: current.toUpperCase() })).data)).toEqual(['quilt.package']);
    expect(names((await search({ search: quilt.versions[0]!.slice(0, 12) })).data)).toEqual(['quilt.package']);
    // Fewer than 8 digits is too short to be a hash (and matches nothing else here).
    expect(await search({ search: current.slice(0, 7) })).toMatchObject({ data: [] });
  });

  it('lists the archive with deleted: deleted files and every file of a deleted creation', async () => {
    const archive = await search({ deleted: true });
    expect(names(archive.data)).toEqual(newestFirst(['old brick.package', 'gone.package']));
    expect(archive.paginatorInfo).toMatchObject({ total: 2 });
    expect(archive.data.find((r) => r.filename === 'old brick.package')!.deleted_at).toEqual(expect.any(String));
    expect(names((await search({ deleted: true, search: 'brick' })).data)).toEqual(['old brick.package']);
    expect(names((await search({ search: 'brick' })).data)).toEqual(['brick.package']);
  });

  it('is for staff who manage files', async () => {
    const db = server.database.db;
    const content = await server.tokenFor((await buildMember(db, { roles: ['Content manager'] })).id);
    for (const token of [alice.token, content, null]) {
      const res = await server.gql(SEARCH, {}, { token });
      expect(res.errors?.[0]?.extensions?.category).toBe('authorization');
      expect(res.data?.searchFiles ?? null).toBeNull();
    }
    const manager = await server.tokenFor((await buildMember(db, { roles: ['Submissions'] })).id);
    expect((await search({}, manager)).paginatorInfo).toMatchObject({ total: live.length });
  });
});

describe('file(id)', () => {
  const VIEW = 'query ($id: Int!) { file(id: $id) { id filename deleted_at version versions { version } submission { id } member { MemberID } } }';

  it('shows a file, deleted or not, to its owner and to file staff only', async () => {
    const quilt = built['quilt.package']!.id;
    const mine = await server.gql(VIEW, { id: quilt }, { token: alice.token });
    expect(mine.data!.file).toEqual({
      id: quilt,
      filename: 'quilt.package',
      deleted_at: null,
      version: 3,
      versions: [{ version: 3 }, { version: 2 }, { version: 1 }],
      submission: { id: aliceCreation },
      member: { MemberID: alice.id },
    });
    const deleted = await server.gql(VIEW, { id: built['old brick.package']!.id }, { token: viewer });
    expect(deleted.data!.file).toMatchObject({ filename: 'old brick.package', deleted_at: expect.any(String) });

    const bobs = await server.gql(VIEW, { id: built['brick.package']!.id }, { token: alice.token });
    expect(bobs.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    expect(bobs.data?.file ?? null).toBeNull();
    const missing = await server.gql(VIEW, { id: 987654 }, { token: viewer });
    expect(missing.errors?.[0]).toMatchObject({ message: 'File 987654 was not found.', extensions: { category: 'not_found' } });
  });
});
