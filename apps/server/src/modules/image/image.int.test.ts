import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, logs } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { jpegBytes, pngBytes, storedFiles } from '../../test/uploads';

/** Images end to end: multipart upload, order, hotspots; limits set low to test them. */
const MAX_IMAGE_BYTES = 4000;
const server = useTestServer({ MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) });

const CREATE = `mutation Create($submission_id: Int!, $file: Upload!) {
  createSubmissionImage(submission_id: $submission_id, file: $file) { id ord filename member_id width height url created_at hotspots { id } }
}`;
const LIST = `query ($id: Int!) { submissionProperties(id: $id) { images { id ord url hotspots { id url title x y submission_id } } } }`;

let owner: { id: number; token: string };
let other: { id: number; token: string };
let staff: { id: number; token: string };

beforeAll(async () => {
  const db = server.database.db;
  const o = await buildMember(db);
  const x = await buildMember(db);
  const s = await buildMember(db, { roles: ['Submissions'] });
  owner = { id: o.id, token: await server.tokenFor(o.id) };
  other = { id: x.id, token: await server.tokenFor(x.id) };
  staff = { id: s.id, token: await server.tokenFor(s.id) };
});

async function upload(submissionId: number, content: Buffer | string, name = 'shot.png', token = owner.token) {
  return server.upload(CREATE, { submission_id: submissionId }, { 'variables.file': { name, content, type: 'image/png' } }, { token });
}

async function uploadOk(submissionId: number, content: Buffer, name = 'shot.png') {
  const res = await upload(submissionId, content, name);
  expect(res.errors).toBeUndefined();
  return res.data!.createSubmissionImage as { id: number; ord: number; url: string };
}

describe('createSubmissionImage', () => {
  it('stores a real image, reads its size and appends it at the end', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const res = await upload(submission, await pngBytes(8, 6), 'C:\\shots\\front.png');
    expect(res.errors).toBeUndefined();
    const image = res.data!.createSubmissionImage;
    expect(image).toMatchObject({ ord: 1, filename: 'front.png', member_id: owner.id, width: 8, height: 6, hotspots: [] });
    expect(image.url).toMatch(new RegExp(`^/${owner.id}/images/${image.id}\\?expires=\\d+&signature=[\\w-]+$`));
    const second = await uploadOk(submission, await jpegBytes(1));
    expect(second.ord).toBe(2);

    const [log] = await server.database.db.select().from(logs).where(and(eq(logs.entity, 'image'), eq(logs.entity_id, image.id)));
    expect(log).toMatchObject({ submission_id: submission, member_id: owner.id, action: 'created' });
  });

  it('stores identical content once (one blob for two images)', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir).blobs.length;
    const content = await jpegBytes(77);
    const a = await uploadOk(submission, content, 'a.jpg');
    const b = await uploadOk(submission, content, 'b.jpg');
    expect(a.id).not.toBe(b.id);
    const rows = await server.database.db.select().from(images).where(eq(images.submission_id, submission));
    expect(new Set(rows.map((r) => r.storage_key)).size).toBe(1);
    expect(storedFiles(server.config.filesDir).blobs.length).toBe(before + 1);
  });

  it("refuses another creator's creation, and keeps nothing of the upload", async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const res = await upload(submission, await jpegBytes(200), 'mine.jpg', other.token);
    expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('refuses anonymous callers before storing anything', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const res = await upload(submission, await jpegBytes(201), 'anon.jpg', '');
    expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
    expect(res.errors?.[0]?.extensions?.reason).toBe('You need to sign in to do this.');
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('refuses a creation waiting for review, but lets reviewers change it', async () => {
    const submission = await buildSubmission(server.database.db, owner.id, { status: 'SUBMITTED' });
    const res = await upload(submission, await jpegBytes(3));
    expect(res.errors?.[0]).toMatchObject({
      message: 'This creation is waiting for review. Withdraw it to edit it again.',
      extensions: { category: 'conflict', code: 'SUBMISSION_NOT_EDITABLE' },
    });
    const byStaff = await upload(submission, await jpegBytes(4), 'staff.jpg', staff.token);
    expect(byStaff.errors).toBeUndefined();
    // The picture stays in the creator's folder of the bucket.
    expect(byStaff.data!.createSubmissionImage.member_id).toBe(owner.id);
  });

  it('refuses an image over the limit while it streams in, with its real size', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const big = Buffer.concat([await pngBytes(2, 2), Buffer.alloc(10 * 1024, 1)]);
    const res = await upload(submission, big, 'huge.png');
    expect(res.statusCode).toBe(200);
    expect(res.errors?.[0]).toMatchObject({
      message: `The image is ${(big.length / 1024).toFixed(1)} KB; images may be at most 3.9 KB.`,
      extensions: { category: 'validation', code: 'IMAGE_TOO_LARGE', max: MAX_IMAGE_BYTES },
    });
    expect(res.errors?.[0]?.extensions?.validation).toEqual({ file: [res.errors![0]!.message] });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('refuses a picture with more pixels than the limit, saying how big it is', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const res = await upload(submission, await withPngSize(await pngBytes(4, 4), 12000, 9000), 'huge.png');
    expect(res.errors?.[0]?.extensions?.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(res.errors?.[0]?.message).toContain('12000');
  });

  it('refuses a text file named .png, and a picture that does not decode', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const before = storedFiles(server.config.filesDir);
    const text = await upload(submission, 'These are my notes, not a picture at all. '.repeat(3), 'notes.png');
    expect(text.errors?.[0]).toMatchObject({
      message: '“notes.png” is not an image the site accepts: upload a JPEG, PNG, WebP or GIF picture.',
      extensions: { category: 'validation', code: 'IMAGE_NOT_AN_IMAGE' },
    });
    const png = await pngBytes(30, 30);
    const broken = await upload(submission, png.subarray(0, png.length - 20), 'broken.png');
    expect(broken.errors?.[0]?.extensions?.code).toBe('IMAGE_NOT_AN_IMAGE');
    const empty = await upload(submission, Buffer.alloc(0), 'empty.png');
    expect(empty.errors?.[0]).toMatchObject({ message: '“empty.png” is empty.', extensions: { code: 'IMAGE_EMPTY' } });
    expect(storedFiles(server.config.filesDir)).toEqual(before);
  });

  it('will not take an Upload from a JSON request', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const res = await server.gql(CREATE, { submission_id: submission, file: { key: 'blobs/aa/bb/x', sha256: 'x' } }, { token: owner.token });
    expect(res.errors?.[0]?.message).toContain('Send files as a GraphQL multipart request');
  });
});

describe('deleteSubmissionImage and setImageOrder', () => {
  it('deletes softly and keeps the order dense', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const ids = [];
    for (const seed of [10, 11, 12]) ids.push((await uploadOk(submission, await jpegBytes(seed))).id);
    const del = await server.gql('mutation ($id: Int!) { deleteSubmissionImage(id: $id) }', { id: ids[0] }, { token: owner.token });
    expect(del.data?.deleteSubmissionImage).toBe(true);
    const listed = await server.gql(LIST, { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.images.map((i: { id: number; ord: number }) => [i.id, i.ord])).toEqual([
      [ids[1], 1],
      [ids[2], 2],
    ]);
    const [row] = await server.database.db.select().from(images).where(eq(images.id, ids[0]!));
    expect(row!.deleted_at).not.toBeNull();
    const again = await server.gql('mutation ($id: Int!) { deleteSubmissionImage(id: $id) }', { id: ids[0] }, { token: owner.token });
    expect(again.errors?.[0]).toMatchObject({ message: `Image ${ids[0]} was not found.`, extensions: { category: 'not_found' } });
    const stranger = await server.gql('mutation ($id: Int!) { deleteSubmissionImage(id: $id) }', { id: ids[1] }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
  });

  it('orders exactly the live images, and says what is wrong otherwise', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const [a, b, c] = [
      (await uploadOk(submission, await jpegBytes(20))).id,
      (await uploadOk(submission, await jpegBytes(21))).id,
      (await uploadOk(submission, await jpegBytes(22))).id,
    ];
    const ORDER = 'mutation ($s: Int!, $ids: [Int!]!) { setImageOrder(submission_id: $s, image_ids: $ids) { id ord } }';
    const ok = await server.gql(ORDER, { s: submission, ids: [c, a, b] }, { token: owner.token });
    expect(ok.data!.setImageOrder).toEqual([
      { id: c, ord: 1 },
      { id: a, ord: 2 },
      { id: b, ord: 3 },
    ]);
    const [log] = await server.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.submission_id, submission), eq(logs.action, 'reordered')))
      .orderBy(desc(logs.id));
    expect(log).toMatchObject({ previous_values: { order: [a, b, c] }, new_values: { order: [c, a, b] } });

    const bad = await server.gql(ORDER, { s: submission, ids: [c, c, 999999] }, { token: owner.token });
    expect(bad.errors?.[0]).toMatchObject({
      message: `The new order must list each of this creation's images exactly once. Missing: ${a}, ${b}. Not images of this creation: 999999. Listed twice: ${c}.`,
      extensions: { category: 'validation', code: 'IMAGE_ORDER_MISMATCH' },
    });
    expect(bad.errors?.[0]?.extensions?.validation).toEqual({ image_ids: [bad.errors![0]!.message] });
    const stranger = await server.gql(ORDER, { s: submission, ids: [a, b, c] }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
  });
});

describe('updateSubmissionImage', () => {
  const UPDATE = 'mutation ($id: Int!, $caption: String!) { updateSubmissionImage(id: $id, caption: $caption) { id ord caption hotspots { id url } } }';

  it('changes the caption and keeps the picture, its place and its hotspots; logged; bad words and strangers refused', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    await uploadOk(submission, await jpegBytes(10));
    const image = await uploadOk(submission, await jpegBytes(20));
    const spot = await server.gql('mutation ($image: Int!) { createImageHotspot(image_id: $image, url: "https://example.com/lamp", x: 0.5, y: 0.5) { id } }', { image: image.id }, { token: owner.token });
    const res = await server.gql(UPDATE, { id: image.id, caption: '  The lamp, lit at night  ' }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateSubmissionImage).toEqual({ id: image.id, ord: 2, caption: 'The lamp, lit at night', hotspots: [{ id: spot.data!.createImageHotspot.id, url: 'https://example.com/lamp' }] });
    const listed = await server.gql(`query ($id: Int!) { submissionProperties(id: $id) { images { id caption } } }`, { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.images).toEqual([
      { id: expect.any(Number), caption: '' },
      { id: image.id, caption: 'The lamp, lit at night' },
    ]);
    const bad = await server.gql(UPDATE, { id: image.id, caption: 'Lamp <script>' }, { token: owner.token });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'IMAGE_INVALID', category: 'validation', validation: { caption: [expect.stringContaining('The caption')] } } });
    expect((await server.gql(UPDATE, { id: image.id, caption: 'x'.repeat(201) }, { token: owner.token })).errors?.[0]?.extensions?.code).toBe('IMAGE_INVALID');
    expect((await server.gql(UPDATE, { id: image.id, caption: 'Mine now' }, { token: other.token })).errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
    const history = await server.database.db.select({ action: logs.action, next: logs.new_values }).from(logs).where(and(eq(logs.entity, 'image'), eq(logs.entity_id, image.id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated']);
    expect(history[1]!.next).toEqual({ caption: 'The lamp, lit at night' });
  });
});

describe('hotspots', () => {
  const CREATE_SPOT = `mutation ($image: Int!, $url: String!, $title: String, $x: Float!, $y: Float!) {
    createImageHotspot(image_id: $image, url: $url, title: $title, x: $x, y: $y) { id submission_id url title x y }
  }`;

  it('are created, changed and deleted on the owner’s images, with logs', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const image = await uploadOk(submission, await jpegBytes(30));
    const created = await server.gql(CREATE_SPOT, { image: image.id, url: 'https://example.com/sofa', title: 'Sofa', x: 0.25, y: 0.75 }, { token: owner.token });
    expect(created.errors).toBeUndefined();
    const spot = created.data!.createImageHotspot;
    expect(spot).toMatchObject({ submission_id: submission, url: 'https://example.com/sofa', title: 'Sofa', x: 0.25, y: 0.75 });

    const updated = await server.gql(
      'mutation ($id: Int!) { updateImageHotspot(id: $id, x: 1, title: null) { x y title url } }',
      { id: spot.id },
      { token: owner.token },
    );
    expect(updated.data!.updateImageHotspot).toEqual({ x: 1, y: 0.75, title: null, url: 'https://example.com/sofa' });
    const listed = await server.gql(LIST, { id: submission }, { token: owner.token });
    expect(listed.data!.submissionProperties.images[0].hotspots).toEqual([
      { id: spot.id, submission_id: submission, url: 'https://example.com/sofa', title: null, x: 1, y: 0.75 },
    ]);
    const deleted = await server.gql('mutation ($id: Int!) { deleteImageHotspot(id: $id) }', { id: spot.id }, { token: owner.token });
    expect(deleted.data!.deleteImageHotspot).toBe(true);
    const history = await server.database.db.select({ action: logs.action }).from(logs).where(and(eq(logs.entity, 'hotspot'), eq(logs.entity_id, spot.id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('refuse points outside the image, links that are not web pages, and strangers', async () => {
    const submission = await buildSubmission(server.database.db, owner.id);
    const image = await uploadOk(submission, await jpegBytes(31));
    const outside = await server.gql(CREATE_SPOT, { image: image.id, url: 'https://example.com', x: 1.5, y: -0.1 }, { token: owner.token });
    expect(outside.errors?.[0]).toMatchObject({
      message: "The hotspot's x must be between 0 and 1 (a fraction of the image's width).",
      extensions: { category: 'validation', code: 'HOTSPOT_INVALID' },
    });
    expect(Object.keys(outside.errors![0]!.extensions!.validation!)).toEqual(['x', 'y']);
    const script = await server.gql(CREATE_SPOT, { image: image.id, url: 'javascript:alert(1)', x: 0.5, y: 0.5 }, { token: owner.token });
    expect(script.errors?.[0]?.message).toBe('The hotspot link must be a web address starting with http:// or https://.');
    const badTitle = await server.gql(CREATE_SPOT, { image: image.id, url: 'https://e.com', title: 'Sofa 💥', x: 0.5, y: 0.5 }, { token: owner.token });
    expect(badTitle.errors?.[0]?.message).toBe('Hotspot title contains a character that is not allowed: "💥".');
    const stranger = await server.gql(CREATE_SPOT, { image: image.id, url: 'https://e.com', x: 0.5, y: 0.5 }, { token: other.token });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_OWNER');
  });
});

/** The same PNG with its header (IHDR) claiming another size, CRC recomputed: a tiny file that says it is huge. */
async function withPngSize(png: Buffer, width: number, height: number): Promise<Buffer> {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
