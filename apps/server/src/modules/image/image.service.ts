import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  imageHotspotInput,
  imageHotspotUpdateInput,
  imageUpdateInput,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  validationMap,
  type ImageMimeType,
} from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { decodeRows, defineLoader, groupBy, jsonRows, outer, type LoaderHost } from '../../db/loader';
import { anyOf, preparedQuery, type Placeholders } from '../../db/prepared';
import { imageHotspots, images, submissions } from '../../db/schema/index';
import type { StoredUpload } from '../../storage/upload';
import type { Storage } from '../../storage/index';
import { changes, writeLog } from '../log/log.service';
import { claimUpload } from '../file/blob.service';
import { checkCanEdit, isPublished, beginEdit, type SubmissionRow } from '../submission/submission.access';
import { imageError, imageTooLarge } from './image.errors';

export type ImageRow = typeof images.$inferSelect;
export type HotspotRow = typeof imageHotspots.$inferSelect;

/** An image as the API shows it: whether its URL needs a signature, and its hotspots when already loaded. */
export interface ImageView extends ImageRow {
  isPublic: boolean;
  hotspots?: HotspotRow[];
}

const FORMATS: Record<string, ImageMimeType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** The path an image is served at (SPEC section 7). */
export function imagePath(image: Pick<ImageRow, 'member_id' | 'id'>): string {
  return `/${image.member_id}/images/${image.id}`;
}

/** The URL a client loads: public for published creations, otherwise signed for a short while. */
export function imageUrl(ctx: Context, image: ImageView): string {
  const path = imagePath(image);
  return image.isPublic ? path : ctx.urlSigner.sign(path);
}

/** A creation's live images in order, each with its hotspots (two queries whatever the count). */
export async function listImages(db: DbOrTx, s: SubmissionRow): Promise<ImageView[]> {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.submission_id, s.id), isNull(images.deleted_at)))
    .orderBy(asc(images.ord), asc(images.id));
  return withHotspots(db, rows, isPublished(s));
}

const imagesOfSubmissions = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db
    .select()
    .from(images)
    .where(and(anyOf(images.submission_id, values.ids), isNull(images.deleted_at)))
    .orderBy(asc(images.ord), asc(images.id)),
);

const hotspotsOfImages = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db.select().from(imageHotspots).where(anyOf(imageHotspots.image_id, values.ids)).orderBy(asc(imageHotspots.id)),
);

const imagesBySubmission = defineLoader(
  async (db, ids: number[]) => groupBy((await imagesOfSubmissions(db, { ids })).map((r): ImageView => ({ ...r, isPublic: false })), (image) => image.submission_id!),
  [] as ImageView[],
);

/** A page of creations reads its rows' images with its own statement (`Loader.preload`). */
export const imagesPreload = imagesBySubmission.preload<SubmissionRow>({
  name: 'images',
  keyOf: (s) => s.id,
  column: jsonRows(images, and(eq(images.submission_id, outer(submissions.id)), isNull(images.deleted_at))!, sql`${images.ord} asc, ${images.id} asc`),
  decode: (json) => decodeRows(images, json).map((r): ImageView => ({ ...r, isPublic: false })),
});

/**
 * listImages through the request's loader: a page of creations reads its images in one query. Their
 * hotspots are read only when asked for (`loadHotspots`): a list of creations shows none.
 */
export async function loadImages(ctx: LoaderHost, s: SubmissionRow): Promise<ImageView[]> {
  const isPublic = isPublished(s);
  return (await imagesBySubmission(ctx, s.id)).map((image) => ({ ...image, isPublic }));
}

const hotspotsByImage = defineLoader(async (db, ids: number[]) => groupBy(await hotspotsOfImages(db, { ids }), (spot) => spot.image_id), [] as HotspotRow[]);

/** An image's hotspots through the request's loader: the images of a page ask in one query. */
export function loadHotspots(ctx: LoaderHost, imageId: number): Promise<HotspotRow[]> {
  return hotspotsByImage(ctx, imageId);
}

async function withHotspots(db: DbOrTx, rows: ImageRow[], isPublic: boolean): Promise<ImageView[]> {
  const spots = rows.length
    ? await db
        .select()
        .from(imageHotspots)
        .where(inArray(imageHotspots.image_id, rows.map((r) => r.id)))
        .orderBy(asc(imageHotspots.id))
    : [];
  return attachHotspots(rows, spots, isPublic);
}

function attachHotspots(rows: ImageRow[], spots: HotspotRow[], isPublic: boolean): ImageView[] {
  return rows.map((r) => ({ ...r, isPublic, hotspots: spots.filter((h) => h.image_id === r.id) }));
}

/**
 * Checks with sharp that stored content really is an image of an accepted type that decodes, and
 * reads its size as shown (EXIF orientation applied). Pictures over MAX_IMAGE_PIXELS are refused
 * from their header, before anything is decoded.
 */
export async function inspectImage(storage: Storage, upload: StoredUpload): Promise<{ mimetype: ImageMimeType; width: number; height: number }> {
  const notAnImage = () => imageError('IMAGE_NOT_AN_IMAGE', { filename: upload.filename });
  const sniffed = sniffImageType(upload.firstBytes);
  if (!sniffed) throw notAnImage();
  const image = sharp({ failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const source = await storage.get(upload.key);
  source.on('error', (error) => image.destroy(error));
  source.pipe(image);
  let meta;
  try {
    meta = await image.metadata();
  } catch (error) {
    // sharp refuses to even describe a picture over the pixel limit; read just its header (no
    // pixels are decoded) to say how big it is.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      const header = sharp({ limitInputPixels: false });
      (await storage.get(upload.key)).pipe(header);
      const big = await header.metadata().catch(() => null);
      if (big?.width && big.height) throw imageError('IMAGE_TOO_MANY_PIXELS', { width: big.width, height: big.pageHeight ?? big.height });
    }
    throw notAnImage();
  }
  const mimetype = meta.format ? FORMATS[meta.format] : undefined;
  if (!mimetype || mimetype !== sniffed || !meta.width || !meta.height) throw notAnImage();
  const pageHeight = meta.pageHeight ?? meta.height;
  if (meta.width * pageHeight > MAX_IMAGE_PIXELS) {
    throw imageError('IMAGE_TOO_MANY_PIXELS', { width: meta.width, height: pageHeight });
  }
  try {
    // Decode it once, small: a truncated or corrupt picture fails here, not in a visitor's browser.
    await image.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw notAnImage();
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? pageHeight;
  return { mimetype, width, height };
}

/** Appends an image to a creation's images (SPEC: createSubmissionImage). */
export async function createSubmissionImage(ctx: Context, submissionId: number, upload: StoredUpload): Promise<ImageView> {
  // Refuse callers before decoding anything; the transaction checks again under the row lock.
  await checkCanEdit(ctx, submissionId);
  if (upload.size > ctx.config.MAX_IMAGE_BYTES) throw imageTooLarge(upload.size, ctx.config.MAX_IMAGE_BYTES);
  const { mimetype, width, height } = await inspectImage(ctx.storage, upload);
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, submissionId, tx);
    await claimUpload(tx, ctx.storage, upload, () => imageError('IMAGE_UPLOAD_LOST', { filename: upload.filename }));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(images)
      .where(and(eq(images.submission_id, s.id), isNull(images.deleted_at)));
    const [row] = await tx
      .insert(images)
      .values({
        submission_id: s.id,
        member_id: s.member_id,
        ord: n + 1,
        filename: upload.filename,
        mimetype,
        filesize: upload.size,
        width,
        height,
        sha256: upload.sha256,
        storage_key: upload.key,
      })
      .returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'image',
      entity_id: row!.id,
      action: 'created',
      new_values: { filename: row!.filename, ord: row!.ord, width, height, filesize: upload.size, sha256: upload.sha256 },
    });
    return { ...row!, isPublic: isPublished(s), hotspots: [] };
  });
}

/**
 * An image row (deleted or not) and its creation, which the caller must be allowed to edit now.
 * Access is checked before "deleted" so a stranger learns nothing from the answer.
 */
async function imageForEdit(ctx: Context, tx: DbOrTx, id: number): Promise<{ image: ImageRow; submission: SubmissionRow }> {
  const [image] = await tx.select().from(images).where(eq(images.id, id));
  if (!image || image.submission_id === null) throw imageError('IMAGE_NOT_FOUND', { id });
  const submission = await beginEdit(ctx, image.submission_id, tx);
  if (image.deleted_at) throw imageError('IMAGE_NOT_FOUND', { id });
  return { image, submission };
}

/** Renumbers a creation's live images 1..n in their current order. */
async function renumber(tx: DbOrTx, submissionId: number): Promise<void> {
  await tx.execute(sql`
    update ${images} set ord = ranked.position
    from (
      select id, row_number() over (order by ord, id) as position
      from ${images} where submission_id = ${submissionId} and deleted_at is null
    ) as ranked
    where ${images.id} = ranked.id and ${images.ord} <> ranked.position`);
}

/**
 * Changes an image's own details (SPEC 7's "update of submission images"): its caption. The picture,
 * its place and its hotspots are kept.
 */
export async function updateSubmissionImage(ctx: Context, id: number, input: { caption: string }): Promise<ImageView> {
  return ctx.db.transaction(async (tx) => {
    const { image, submission } = await imageForEdit(ctx, tx, id);
    const parsed = imageUpdateInput.safeParse(input);
    if (!parsed.success) throw imageError('IMAGE_INVALID', { validation: validationMap(parsed.error.issues, '') });
    const diff = changes(image, parsed.data);
    let row = image;
    if (diff) {
      [row] = (await tx.update(images).set(parsed.data).where(eq(images.id, id)).returning()) as [ImageRow];
      await writeLog(tx, { submission_id: submission.id, member_id: ctx.auth.member!.id, entity: 'image', entity_id: id, action: 'updated', ...diff });
    }
    return (await withHotspots(tx, [row], isPublished(submission)))[0]!;
  });
}

/** Soft-deletes an image; the others close up so the order stays 1..n. */
export async function deleteSubmissionImage(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { image, submission } = await imageForEdit(ctx, tx, id);
    await tx.update(images).set({ deleted_at: new Date() }).where(eq(images.id, id));
    await renumber(tx, submission.id);
    await writeLog(tx, {
      submission_id: submission.id,
      member_id: ctx.auth.member!.id,
      entity: 'image',
      entity_id: id,
      action: 'deleted',
      previous_values: { filename: image.filename, ord: image.ord },
    });
    return true;
  });
}

/** Puts a creation's images in the given order; the list must name each live image exactly once. */
export async function setImageOrder(ctx: Context, submissionId: number, imageIds: readonly number[]): Promise<ImageView[]> {
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, submissionId, tx);
    const live = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.submission_id, s.id), isNull(images.deleted_at)))
      .orderBy(asc(images.ord), asc(images.id));
    const liveIds = live.map((r) => r.id);
    const seen = new Set<number>();
    const repeated = [...new Set(imageIds.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
    const missing = liveIds.filter((id) => !seen.has(id));
    const unknown = [...seen].filter((id) => !liveIds.includes(id));
    if (missing.length || unknown.length || repeated.length) {
      throw imageError('IMAGE_ORDER_MISMATCH', { missing, unknown, repeated });
    }
    if (imageIds.some((id, i) => liveIds[i] !== id)) {
      for (const [i, id] of imageIds.entries()) await tx.update(images).set({ ord: i + 1 }).where(eq(images.id, id));
      await writeLog(tx, {
        submission_id: s.id,
        member_id: ctx.auth.member!.id,
        entity: 'image',
        entity_id: null,
        action: 'reordered',
        previous_values: { order: liveIds },
        new_values: { order: [...imageIds] },
      });
    }
    return listImages(tx, s);
  });
}

function hotspotError(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return imageError('HOTSPOT_INVALID', { validation: validationMap(issues, '') });
}

/** Adds a hotspot: a point (x, y as fractions of the image) linking to a page. */
export async function createImageHotspot(
  ctx: Context,
  input: { image_id: number; url: string; title?: string | null; x: number; y: number },
): Promise<HotspotRow> {
  return ctx.db.transaction(async (tx) => {
    const { image, submission } = await imageForEdit(ctx, tx, input.image_id);
    const parsed = imageHotspotInput.safeParse({ url: input.url, title: input.title ?? null, x: input.x, y: input.y });
    if (!parsed.success) throw hotspotError(parsed.error.issues);
    const [row] = await tx
      .insert(imageHotspots)
      .values({ image_id: image.id, submission_id: submission.id, ...parsed.data, title: parsed.data.title || null })
      .returning();
    await writeLog(tx, {
      submission_id: submission.id,
      member_id: ctx.auth.member!.id,
      entity: 'hotspot',
      entity_id: row!.id,
      action: 'created',
      new_values: { image_id: image.id, url: row!.url, title: row!.title, x: row!.x, y: row!.y },
    });
    return row!;
  });
}

/** A hotspot and its creation, which the caller must be allowed to edit now. */
async function hotspotForEdit(ctx: Context, tx: DbOrTx, id: number): Promise<{ hotspot: HotspotRow; submission: SubmissionRow }> {
  const [hotspot] = await tx.select().from(imageHotspots).where(eq(imageHotspots.id, id));
  if (!hotspot) throw imageError('HOTSPOT_NOT_FOUND', { id });
  const submission = await beginEdit(ctx, hotspot.submission_id, tx);
  return { hotspot, submission };
}

/** Changes the fields given of a hotspot. */
export async function updateImageHotspot(
  ctx: Context,
  id: number,
  input: { url?: string | null; title?: string | null; x?: number | null; y?: number | null },
): Promise<HotspotRow> {
  return ctx.db.transaction(async (tx) => {
    const { hotspot, submission } = await hotspotForEdit(ctx, tx, id);
    const given = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || k === 'title')));
    const parsed = imageHotspotUpdateInput.safeParse(given);
    if (!parsed.success) throw hotspotError(parsed.error.issues);
    const next = { ...parsed.data, ...('title' in parsed.data ? { title: parsed.data.title || null } : {}) };
    const diff = changes(hotspot, next);
    if (!diff) return hotspot;
    const [row] = await tx.update(imageHotspots).set(next).where(eq(imageHotspots.id, id)).returning();
    await writeLog(tx, { submission_id: submission.id, member_id: ctx.auth.member!.id, entity: 'hotspot', entity_id: id, action: 'updated', ...diff });
    return row!;
  });
}

export async function deleteImageHotspot(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { hotspot, submission } = await hotspotForEdit(ctx, tx, id);
    await tx.delete(imageHotspots).where(eq(imageHotspots.id, id));
    await writeLog(tx, {
      submission_id: submission.id,
      member_id: ctx.auth.member!.id,
      entity: 'hotspot',
      entity_id: id,
      action: 'deleted',
      previous_values: { image_id: hotspot.image_id, url: hotspot.url, title: hotspot.title, x: hotspot.x, y: hotspot.y },
    });
    return true;
  });
}
