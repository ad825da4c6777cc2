import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { isPublished, UPDATE_REQUEST_STATUSES, type UpdateRequestStatus } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  files,
  fileVersions,
  images,
  logs,
  submissions,
  tests,
  updateRequestFiles,
  updateRequestImages,
  updateRequests,
} from '../../db/schema/index';
import { AuthorizationCode, refuse, validationError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { logFileChange } from '../file/file.service';
import { versionsOf, type FileRow, type FileVersionView } from '../file/file-read.service';
import type { ImageView } from '../image/image.service';
import { loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { canReadAllUpdateRequests, canReadUpdateRequests, canReadUpdateRequestTests, canRequestUpdate } from './update-request.policy';
import { updateRequestError } from './update-request.errors';

export type UpdateRequestRow = typeof updateRequests.$inferSelect;
export type UpdateRequestTestRow = typeof tests.$inferSelect;

/** The longest message a creator may send with an update. */
export const MAX_UPDATE_MESSAGE_LENGTH = 5000;

/** The decisions staff take on a pending request. */
const DECISIONS: readonly UpdateRequestStatus[] = ['APPROVED', 'REJECTED'];

/** The owner of the creation, or staff of the updated or testing pages. */
function assertCanRead(ctx: Context, s: Pick<SubmissionRow, 'member_id'>): void {
  if (!canReadUpdateRequests(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
}

async function loadUpdateRequest(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<UpdateRequestRow> {
  const query = db.select().from(updateRequests).where(eq(updateRequests.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw updateRequestError('UPDATE_REQUEST_NOT_FOUND', { id });
  return row;
}

/** One update request, for the creation's owner or staff who read update requests. */
export async function updateRequestForView(ctx: Context, id: number): Promise<UpdateRequestRow> {
  const request = await loadUpdateRequest(ctx.db, id);
  assertCanRead(ctx, await loadSubmission(ctx.db, request.submission_id));
  return request;
}

function checkStatuses(statuses: readonly string[] | null | undefined): UpdateRequestStatus[] | null {
  if (!statuses || statuses.length === 0) return null;
  const unknown = statuses.filter((s) => !(UPDATE_REQUEST_STATUSES as readonly string[]).includes(s));
  if (unknown.length) {
    throw validationError({ status: [`Unknown status: ${unknown.join(', ')}. Use ${UPDATE_REQUEST_STATUSES.join(', ')}.`] });
  }
  return statuses as UpdateRequestStatus[];
}

/**
 * Update requests, newest first. With `submission_id`: that creation's, for its owner or staff.
 * Without: every creation's for staff of the updated or testing pages; anyone else gets the
 * requests on their own creations (so the creator area can list them with the same query).
 */
export async function listUpdateRequests(
  ctx: Context,
  input: { submission_id?: number | null; status?: readonly string[] | null; first?: number | null; page?: number | null },
): Promise<Page<UpdateRequestRow>> {
  const statuses = checkStatuses(input.status);
  const where: (SQL | undefined)[] = [statuses ? inArray(updateRequests.status, statuses) : undefined];
  if (input.submission_id != null) {
    assertCanRead(ctx, await loadSubmission(ctx.db, input.submission_id));
    where.push(eq(updateRequests.submission_id, input.submission_id));
  } else if (!canReadAllUpdateRequests(ctx.auth)) {
    where.push(sql`${updateRequests.submission_id} in (select ${submissions.id} from ${submissions} where ${submissions.member_id} = ${ctx.auth.member!.id})`);
  }
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const condition = and(...where);
  const [data, [count]] = await Promise.all([
    ctx.db.select().from(updateRequests).where(condition).orderBy(desc(updateRequests.created_at), desc(updateRequests.id)).limit(limit).offset(offset),
    ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(updateRequests).where(condition),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * A creator asks to update their APPROVED creation (published or scheduled): a message (required),
 * files of the creation that have a new version since the published one, and images of the
 * creation. At most one request per creation is PENDING at a time. The request brings, for each of
 * its files, the newest version at the moment it is sent (see versionsBrought).
 */
export async function createUpdateRequest(
  ctx: Context,
  input: { submission_id: number; message?: string | null; file_ids?: readonly number[] | null; image_ids?: readonly number[] | null },
): Promise<UpdateRequestRow> {
  const message = input.message?.trim() ?? '';
  const fileIds = unique(input.file_ids ?? []);
  const imageIds = unique(input.image_ids ?? []);
  const actor = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    // The creation's lock orders two requests sent at once: the second sees the first as pending.
    const s = await loadSubmission(tx, input.submission_id, { forUpdate: true });
    if (!canRequestUpdate(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    if (s.deleted_at !== null) throw updateRequestError('UPDATE_REQUEST_SUBMISSION_NOT_APPROVED', { status: 'DELETED' });
    if (s.status !== 'APPROVED') throw updateRequestError('UPDATE_REQUEST_SUBMISSION_NOT_APPROVED', { status: s.status });
    if (!message) throw updateRequestError('UPDATE_REQUEST_MESSAGE_MISSING', {});
    if (message.length > MAX_UPDATE_MESSAGE_LENGTH) throw updateRequestError('UPDATE_REQUEST_MESSAGE_TOO_LONG', { max: MAX_UPDATE_MESSAGE_LENGTH });
    const [pending] = await tx
      .select({ id: updateRequests.id })
      .from(updateRequests)
      .where(and(eq(updateRequests.submission_id, s.id), eq(updateRequests.status, 'PENDING')));
    if (pending) throw updateRequestError('UPDATE_REQUEST_ALREADY_PENDING', { id: pending.id });

    const fileRows = fileIds.length
      ? await tx.select().from(files).where(and(inArray(files.id, fileIds), eq(files.submission_id, s.id), isNull(files.deleted_at)))
      : [];
    const missingFiles = fileIds.filter((id) => !fileRows.some((f) => f.id === id));
    if (missingFiles.length) throw updateRequestError('UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION', { ids: missingFiles });
    const stale = fileRows.find((f) => f.published_version === f.version);
    if (stale) throw updateRequestError('UPDATE_REQUEST_FILE_NOTHING_NEW', { filename: stale.filename, version: stale.version });

    const imageRows = imageIds.length
      ? await tx
          .select({ id: images.id })
          .from(images)
          .where(and(inArray(images.id, imageIds), eq(images.submission_id, s.id), isNull(images.deleted_at)))
      : [];
    const missingImages = imageIds.filter((id) => !imageRows.some((i) => i.id === id));
    if (missingImages.length) throw updateRequestError('UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION', { ids: missingImages });

    const [request] = await tx.insert(updateRequests).values({ submission_id: s.id, member_id: actor, message, status: 'PENDING' }).returning();
    if (fileIds.length) await tx.insert(updateRequestFiles).values(fileIds.map((file_id) => ({ update_request_id: request!.id, file_id })));
    if (imageIds.length) await tx.insert(updateRequestImages).values(imageIds.map((image_id) => ({ update_request_id: request!.id, image_id })));
    await writeLog(tx, {
      submission_id: s.id,
      member_id: actor,
      entity: 'update_request',
      entity_id: request!.id,
      action: 'created',
      new_values: {
        status: 'PENDING',
        message,
        file_ids: fileIds,
        image_ids: imageIds,
        versions: fileRows.map((f) => ({ file_id: f.id, version: f.version, published_version: f.published_version })),
      },
    });
    return request!;
  });
}

/** One file version a request brings. */
export interface BroughtVersion {
  file_id: number;
  version: number;
}

/**
 * The version each file of a request brings: the file's newest version when the request was sent
 * (the newest version row created at or before the request). A version uploaded while the request
 * waits is not part of it: staff approve what they were asked about, and a creator sends a new
 * request for later changes.
 */
export async function versionsBrought(db: DbOrTx, request: UpdateRequestRow): Promise<BroughtVersion[]> {
  const rows = await db
    .select({ file_id: updateRequestFiles.file_id, version: sql<number | null>`max(${fileVersions.version})` })
    .from(updateRequestFiles)
    .leftJoin(fileVersions, and(eq(fileVersions.file_id, updateRequestFiles.file_id), lte(fileVersions.created_at, request.created_at)))
    .where(eq(updateRequestFiles.update_request_id, request.id))
    .groupBy(updateRequestFiles.file_id)
    .orderBy(asc(updateRequestFiles.file_id));
  return rows.filter((r) => r.version !== null).map((r) => ({ file_id: r.file_id, version: Number(r.version) }));
}

/**
 * Staff decide on a pending request. APPROVED makes each of its files' brought version the
 * published version (what visitors download), in the same transaction, with the files' logs;
 * REJECTED leaves the files as they are. `note` (optional) is staff's word on the decision, kept in
 * the Log. Approving waits for the update's unfinished tests.
 */
export async function decideUpdateRequest(ctx: Context, id: number, status: string, note?: string | null): Promise<UpdateRequestRow> {
  if (!(DECISIONS as readonly string[]).includes(status)) throw updateRequestError('UPDATE_REQUEST_STATUS_INVALID', { status });
  const actor = ctx.auth.member!.id;
  const text = note?.trim() || null;
  return ctx.db.transaction(async (tx) => {
    const { submission_id } = await loadUpdateRequest(tx, id);
    // The creation first, then the request: every change to a creation's files takes its lock first.
    const s = await loadSubmission(tx, submission_id, { forUpdate: true });
    const request = await loadUpdateRequest(tx, id, { forUpdate: true });
    if (request.status !== 'PENDING') throw updateRequestError('UPDATE_REQUEST_NOT_PENDING', { status: request.status });
    const published: { file_id: number; from: number | null; to: number }[] = [];
    if (status === 'APPROVED') {
      const [running] = await tx
        .select({ id: tests.id })
        .from(tests)
        .where(and(eq(tests.update_request_id, id), inArray(tests.status, ['OPEN', 'IN_PROGRESS'])))
        .limit(1);
      if (running) throw updateRequestError('UPDATE_REQUEST_TEST_RUNNING', {});
      for (const { file_id, version } of await versionsBrought(tx, request)) {
        const [file] = await tx.select().from(files).where(eq(files.id, file_id)).for('update');
        // A file deleted since has nothing for visitors to download; a version already published stays.
        if (!file || file.deleted_at !== null || file.published_version === version) continue;
        await tx.update(files).set({ published_version: version }).where(eq(files.id, file_id));
        await logFileChange(tx, {
          fileId: file_id,
          submissionId: s.id,
          actorId: actor,
          action: 'published-version',
          details: { from: file.published_version, to: version, update_request_id: id },
          previous: { published_version: file.published_version },
          next: { published_version: version },
        });
        published.push({ file_id, from: file.published_version, to: version });
      }
    }
    const [row] = await tx.update(updateRequests).set({ status: status as UpdateRequestStatus }).where(eq(updateRequests.id, id)).returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: actor,
      entity: 'update_request',
      entity_id: id,
      action: 'status',
      previous_values: { status: request.status },
      new_values: { status, ...(text ? { note: text } : {}), ...(published.length ? { published_versions: published } : {}) },
    });
    if (status === 'APPROVED') await recordStoryAndNotify(tx, { submission_id: s.id, kind: 'update_approved', actor_id: actor });
    return row!;
  });
}

/** The creator withdraws their request while it is pending; its tests go with it. */
export async function deleteUpdateRequest(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const request = await loadUpdateRequest(tx, id, { forUpdate: true });
    const s = await loadSubmission(tx, request.submission_id);
    if (!canRequestUpdate(ctx.auth, s)) throw refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    if (request.status !== 'PENDING') throw updateRequestError('UPDATE_REQUEST_NOT_PENDING', { status: request.status });
    const [fileIds, imageIds] = await Promise.all([fileIdsOf(tx, id), imageIdsOf(tx, id)]);
    await tx.delete(updateRequests).where(eq(updateRequests.id, id));
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'update_request',
      entity_id: id,
      action: 'deleted',
      previous_values: { status: request.status, message: request.message, file_ids: fileIds, image_ids: imageIds },
    });
    return true;
  });
}

async function fileIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.select({ id: updateRequestFiles.file_id }).from(updateRequestFiles).where(eq(updateRequestFiles.update_request_id, id));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function imageIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.select({ id: updateRequestImages.image_id }).from(updateRequestImages).where(eq(updateRequestImages.update_request_id, id));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The details of a version a request brings (with its download URL through FileVersion.url). */
export async function broughtVersionView(db: DbOrTx, v: BroughtVersion): Promise<FileVersionView | null> {
  const [file] = await db.select().from(files).where(eq(files.id, v.file_id));
  return file ? ((await versionsOf(db, file)).find((x) => x.version === v.version) ?? null) : null;
}

/** The files a request names, oldest first (deleted ones too: the request still names them). */
export async function filesOf(db: DbOrTx, request: UpdateRequestRow): Promise<FileRow[]> {
  return db
    .select({ file: files })
    .from(updateRequestFiles)
    .innerJoin(files, eq(files.id, updateRequestFiles.file_id))
    .where(eq(updateRequestFiles.update_request_id, request.id))
    .orderBy(asc(files.created_at), asc(files.id))
    .then((rows) => rows.map((r) => r.file));
}

/** The images a request names, in the creation's order. */
export async function imagesOf(db: DbOrTx, request: UpdateRequestRow): Promise<ImageView[]> {
  const s = await loadSubmission(db, request.submission_id);
  const rows = await db
    .select({ image: images })
    .from(updateRequestImages)
    .innerJoin(images, eq(images.id, updateRequestImages.image_id))
    .where(eq(updateRequestImages.update_request_id, request.id))
    .orderBy(asc(images.ord), asc(images.id));
  return rows.map((r) => ({ ...r.image, isPublic: isPublished(s) }));
}

/**
 * The tests of a request (rows of `tests` with its update_request_id), oldest first, for staff: they
 * carry staff-only notes. Creators read their tests through the creation's own test list.
 */
export async function testsOf(ctx: Context, request: UpdateRequestRow): Promise<UpdateRequestTestRow[]> {
  if (!canReadUpdateRequestTests(ctx.auth)) return [];
  return ctx.db.select().from(tests).where(eq(tests.update_request_id, request.id)).orderBy(asc(tests.created_at), asc(tests.id));
}

/** Staff's note on the decision, from the request's latest status Log; null while none was given. */
export async function decisionNoteOf(db: DbOrTx, request: UpdateRequestRow): Promise<string | null> {
  if (request.status === 'PENDING') return null;
  const [entry] = await db
    .select({ new_values: logs.new_values })
    .from(logs)
    .where(and(eq(logs.entity, 'update_request'), eq(logs.entity_id, request.id), eq(logs.action, 'status')))
    .orderBy(desc(logs.id))
    .limit(1);
  const note = (entry?.new_values as { note?: unknown } | null)?.note;
  return typeof note === 'string' ? note : null;
}

/** A creation's pending request, for its owner and staff who read update requests; null for anyone else. */
export async function pendingOf(ctx: Context, s: SubmissionRow): Promise<UpdateRequestRow | null> {
  if (!canReadUpdateRequests(ctx.auth, s)) return null;
  const [row] = await ctx.db
    .select()
    .from(updateRequests)
    .where(and(eq(updateRequests.submission_id, s.id), eq(updateRequests.status, 'PENDING')))
    .limit(1);
  return row ?? null;
}
