import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageResources, submissions, themes } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes } from '../../test/uploads';
import { inspectPendingFiles } from '../game-file/inspection.service';
import { catalogHead, writePackage, writeStbl, type FixtureResource } from '../game-file/test-fixtures';

/**
 * What changed in an update (issue 15, item 4), through the API: a creation approved by staff,
 * details (a name, a theme, a required item) and a picture changed since, and an update request bringing a new version of its package
 * with one resource changed and one object added; the diff as the review page reads it, before and
 * after the inspection job has read the new version, and only for the staff who review updates.
 */
const server = useTestServer();
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

const COBJ = 0x319e4f1d;
const THUMB = 0x3c1af1f2;
const STBL = 0x220557da;
const BED = 0x00de00000000be01n;
const SWATCH = 0x00de00000000be02n;

const FILE_CREATE = `mutation ($s: Int!, $file: Upload) { createSubmissionFile(submission_id: $s, file: $file) { id } }`;
const FILE_REPLACE = `mutation ($id: Int!, $file: Upload) { replaceSubmissionFile(id: $id, file: $file) { id version published_version } }`;
const IMAGE_CREATE = `mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id } }`;
const CHANGES = `query ($id: Int!) {
  submissionProperties(id: $id) {
    pending_update_request {
      id
      changes {
        request_id approved_at state
        fields { field type before after added removed }
        images { added { id filename } removed { id } reordered approved_count current_count }
        files {
          change file_id filename kind from { version } to { version }
          package {
            state message resources_before resources_after
            resources {
              added removed changed unchanged kinds { kind added removed changed }
              listed_added { key kind before after } listed_removed { key } listed_changed { key kind before after }
            }
            objects { added removed listed_added { id name } listed_removed { id name } }
            cas_parts { added removed }
          }
        }
      }
    }
  }
}`;

interface Caller {
  id: number;
  token: string;
}
let owner: Caller;
let staff: Caller;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id) };
}

beforeAll(async () => {
  owner = await caller();
  staff = await caller(['Submissions']);
});

const thumbnail = (shade: number) => new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * shade) & 0xff));
const STRINGS = writeStbl([
  { key: 0x1000, text: 'Velvet Bed' },
  { key: 0x1002, text: 'Velvet Bed, blue swatch' },
]);
const version1: FixtureResource[] = [
  { type: COBJ, group: 0, instance: BED, data: catalogHead(0x1000, 0x1001, 900), compression: 'zlib' },
  { type: THUMB, group: 0, instance: BED, data: thumbnail(3) },
  { type: STBL, group: 0, instance: 0x0011n, data: STRINGS, compression: 'zlib' },
];
// The thumbnail fixed (one resource changed) and a swatch added (one object, one resource).
const version2: FixtureResource[] = [
  { type: COBJ, group: 0, instance: BED, data: catalogHead(0x1000, 0x1001, 900), compression: 'zlib' },
  { type: THUMB, group: 0, instance: BED, data: thumbnail(5) },
  { type: STBL, group: 0, instance: 0x0011n, data: STRINGS, compression: 'zlib' },
  { type: COBJ, group: 0, instance: SWATCH, data: catalogHead(0x1002, 0x1001, 900), compression: 'zlib' },
];

async function ok(promise: Promise<{ data?: Record<string, any> | null; errors?: readonly unknown[] }>): Promise<Record<string, any>> {
  const res = await promise;
  expect(res.errors).toBeUndefined();
  return res.data!;
}

async function changesAs(id: number, token: string) {
  return (await ok(server.gql(CHANGES, { id }, { token }))).submissionProperties.pending_update_request as { id: number; changes: any } | null;
}

describe('what changed in an update', () => {
  it('lists the changed detail, the new picture and the replaced package’s resource and object, once the package is read', async () => {
    const db = server.database.db;
    const id = await buildSubmission(db, owner.id, { name: 'Velvet Bed' });
    const upload = (query: string, variables: Record<string, unknown>, name: string, content: Uint8Array | Buffer, token: string) =>
      ok(server.upload(query, variables, { 'variables.file': { name, content: Buffer.from(content) } }, { token }));
    const { createSubmissionFile: file } = await upload(FILE_CREATE, { s: id }, 'VelvetBed.package', writePackage(version1), owner.token);
    const { createSubmissionImage: first } = await upload(IMAGE_CREATE, { s: id }, 'bed.png', await pngBytes(40, 30), owner.token);

    const PROPERTIES = 'mutation ($id: Int!, $input: SubmissionPropertiesInput!) { updateSubmissionProperties(id: $id, input: $input) { name } }';
    const [spring, summer] = await db.select().from(themes).where(inArray(themes.name, ['Spring', 'Summer'])).orderBy(themes.name);
    await ok(server.gql(PROPERTIES, { id, input: { themes: [spring!.id] } }, { token: owner.token }));

    // Staff approve it; since then a reviewer renamed it, changed its theme, added a required item and a picture.
    await db.update(submissions).set({ status: 'SUBMITTED', was_submitted: true }).where(eq(submissions.id, id));
    await ok(server.gql('mutation ($id: Int!, $p: DateTime) { approveSubmission(id: $id, publish_at: $p) { status } }', { id, p: new Date(Date.now() - 60_000).toISOString() }, { token: staff.token }));
    await ok(server.gql(PROPERTIES, { id, input: { name: 'Velvet Canopy Bed', themes: [summer!.id] } }, { token: staff.token }));
    await ok(server.gql('mutation ($s: Int!, $i: RequiredDownloadInput!) { addRequiredItem(submission_id: $s, item: $i) { id } }', { s: id, i: { type: 'id', download: '4242', title: 'Canopy mesh' } }, { token: staff.token }));
    const { createSubmissionImage: added } = await upload(IMAGE_CREATE, { s: id }, 'swatches.png', await pngBytes(40, 30, '#3355aa'), staff.token);

    // The creator uploads the new version and sends the update.
    const replaced = await upload(FILE_REPLACE, { id: file.id }, 'VelvetBed.package', writePackage(version2), owner.token);
    expect(replaced.replaceSubmissionFile).toMatchObject({ version: 2, published_version: 1 });
    const sent = await ok(
      server.gql('mutation ($s: Int!, $f: [Int!], $i: [Int!]) { createSubmissionUpdateRequest(submission_id: $s, message: "A blue swatch and a fixed thumbnail.", file_ids: $f, image_ids: $i) { id } }', {
        s: id,
        f: [file.id],
        i: [added.id],
      }, { token: owner.token }),
    );
    const requestId = sent.createSubmissionUpdateRequest.id as number;

    // Until the new version is read, the package's comparison waits; the rest is there already.
    const waiting = (await changesAs(id, staff.token))!.changes;
    expect(waiting).toMatchObject({ request_id: requestId, state: 'pending', files: [{ change: 'replaced', package: { state: 'pending', resources: null } }] });
    expect(waiting.approved_at).not.toBeNull();

    await inspectPendingFiles({ database: server.database, config: server.config, log });
    // The routine inspection lists no resources: the first diff that compares the package does.
    const listed = () => server.database.db.select({ sha256: packageResources.sha256 }).from(packageResources);
    expect(await listed()).toEqual([]);
    const diff = (await changesAs(id, staff.token))!.changes;
    expect(diff.state).toBe('ready');
    expect(await listed()).toHaveLength(2);
    expect(diff.fields).toEqual([
      { field: 'name', type: 'text', before: 'Velvet Bed', after: 'Velvet Canopy Bed', added: [], removed: [] },
      { field: 'themes', type: 'list', before: null, after: null, added: ['Summer'], removed: ['Spring'] },
      { field: 'required_items', type: 'list', before: null, after: null, added: ['Canopy mesh (#4242)'], removed: [] },
    ]);
    expect(diff.images).toEqual({ added: [{ id: added.id, filename: 'swatches.png' }], removed: [], reordered: false, approved_count: 1, current_count: 2 });
    expect(first.id).not.toBe(added.id);
    expect(diff.files).toEqual([
      {
        change: 'replaced',
        file_id: file.id,
        filename: 'VelvetBed.package',
        kind: 'sims4-package',
        from: { version: 1 },
        to: { version: 2 },
        package: {
          state: 'ready',
          message: null,
          resources_before: 3,
          resources_after: 4,
          resources: {
            added: 1,
            removed: 0,
            changed: 1,
            unchanged: 2,
            kinds: [
              { kind: 'catalogObject', added: 1, removed: 0, changed: 0 },
              { kind: 'thumbnail', added: 0, removed: 0, changed: 1 },
            ],
            listed_added: [{ key: '319e4f1d:00000000:00de00000000be02', kind: 'catalogObject', before: null, after: catalogHead(0x1002, 0x1001, 900).length }],
            listed_removed: [],
            listed_changed: [{ key: '3c1af1f2:00000000:00de00000000be01', kind: 'thumbnail', before: 512, after: 512 }],
          },
          objects: { added: 1, removed: 0, listed_added: [{ id: '00de00000000be02', name: 'Velvet Bed, blue swatch' }], listed_removed: [] },
          cas_parts: { added: 0, removed: 0 },
        },
      },
    ]);

    // The creator reads their request, not its diff; nor does anyone who does not review updates.
    const mine = await changesAs(id, owner.token);
    expect(mine).toMatchObject({ id: requestId, changes: null });
    const stranger = await caller();
    expect(await changesAs(id, stranger.token)).toBeNull();

    // Once approved, the request has nothing pending to compare; the next update compares with it.
    await ok(server.gql('mutation ($id: Int!) { updateSubmissionUpdateRequest(id: $id, status: "APPROVED") { status } }', { id: requestId }, { token: staff.token }));
    const decided = await ok(server.gql(`query ($id: Int!) { submissionUpdateRequest(id: $id) { changes { state } } }`, { id: requestId }, { token: staff.token }));
    expect(decided.submissionUpdateRequest.changes).toBeNull();
  });

  it('compares only the files a request brings when no approval is recorded', async () => {
    const db = server.database.db;
    const id = await buildSubmission(db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000), name: 'Imported Bed' });
    // Approved before the change log existed: its package's first version is what visitors download.
    await db.update(submissions).set({ status: 'CREATED' }).where(eq(submissions.id, id));
    const { createSubmissionFile: file } = await ok(
      server.upload(FILE_CREATE, { s: id }, { 'variables.file': { name: 'Bed.package', content: Buffer.from(writePackage(version1)) } }, { token: owner.token }),
    );
    await db.update(submissions).set({ status: 'APPROVED' }).where(eq(submissions.id, id));
    await ok(server.upload(FILE_REPLACE, { id: file.id }, { 'variables.file': { name: 'Bed.package', content: Buffer.from(writePackage(version2)) } }, { token: owner.token }));
    await ok(server.gql('mutation ($s: Int!, $f: [Int!]) { createSubmissionUpdateRequest(submission_id: $s, message: "A swatch.", file_ids: $f) { id } }', { s: id, f: [file.id] }, { token: owner.token }));
    await inspectPendingFiles({ database: server.database, config: server.config, log });
    const diff = (await changesAs(id, staff.token))!.changes;
    expect(diff).toMatchObject({ approved_at: null, state: 'ready', fields: [], images: { added: [], removed: [], approved_count: 0, current_count: 0 } });
    expect(diff.files).toMatchObject([{ change: 'replaced', package: { resources: { added: 1, changed: 1 }, objects: { added: 1 } } }]);
  });
});
