import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ACCESS,
  hasPermission,
  permissionSet,
  TEST_RESULTS,
  TEST_STATUSES,
  UNFINISHED_TEST_STATUSES,
  type SubmissionStatus,
  type TestResult,
  type TestStatus,
} from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { decodeRows, defineLoader, groupBy, jsonRows, outer, type LoaderHost } from '../../db/loader';
import { anyOf, preparedQuery, type Placeholders } from '../../db/prepared';
import { files, images, submissions, testFiles, testImages, tests, updateRequests } from '../../db/schema/index';
import { validationError } from '../../errors';
import { loadAuthMember } from '../member/member.service';
import { changes, writeLog } from '../log/log.service';
import { recordStoryAndNotify } from '../story/story.service';
import { loadSubmission, type SubmissionRow } from '../submission/submission.access';
import { setChildren } from '../submission/submission.service';
import type { ImageView } from '../image/image.service';
import type { FileRow } from '../file/file-read.service';
import { assertNotLockedByOther } from './review-lock.service';
import { reviewError } from './review.errors';

export type TestRow = typeof tests.$inferSelect;

/** Notes are free text written by staff; this keeps a pasted log file from filling the database. */
export const MAX_TEST_NOTE_LENGTH = 10_000;

/** A creation's tests, newest first; only one update request's when `updateRequestId` is given. */
export async function listTests(db: DbOrTx, submissionId: number, updateRequestId?: number | null): Promise<TestRow[]> {
  const where: SQL[] = [eq(tests.submission_id, submissionId)];
  if (updateRequestId != null) where.push(eq(tests.update_request_id, updateRequestId));
  return db.select().from(tests).where(and(...where)).orderBy(desc(tests.created_at), desc(tests.id));
}

const testsOfSubmissions = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db.select().from(tests).where(anyOf(tests.submission_id, values.ids)).orderBy(desc(tests.created_at), desc(tests.id)),
);

const testsBySubmission = defineLoader(async (db, ids: number[]) => {
  const rows = await testsOfSubmissions(db, { ids });
  return groupBy(rows, (test) => test.submission_id);
}, [] as TestRow[]);

/** A page of creations reads its rows' tests with its own statement (`Loader.preload`). */
export const testsPreload = testsBySubmission.preload<SubmissionRow>({
  name: 'tests',
  keyOf: (s) => s.id,
  column: jsonRows(tests, eq(tests.submission_id, outer(submissions.id)), sql`${tests.created_at} desc, ${tests.id} desc`),
  decode: (json) => decodeRows(tests, json),
});

/** A creation's tests, newest first, through the request's loader: a page of creations reads them in one query. */
export const loadTests = (ctx: LoaderHost, submissionId: number): Promise<TestRow[]> => testsBySubmission(ctx, submissionId);

/** The pictures a tester attached (signed URLs: test pictures are never public). */
export async function imagesOfTest(db: DbOrTx, testId: number): Promise<ImageView[]> {
  const found = await db
    .select({ image: images })
    .from(testImages)
    .innerJoin(images, eq(images.id, testImages.image_id))
    .where(and(eq(testImages.test_id, testId), isNull(images.deleted_at)))
    .orderBy(asc(images.id));
  return found.map((r) => ({ ...r.image, isPublic: false }));
}

export async function filesOfTest(db: DbOrTx, testId: number): Promise<FileRow[]> {
  const found = await db
    .select({ file: files })
    .from(testFiles)
    .innerJoin(files, eq(files.id, testFiles.file_id))
    .where(eq(testFiles.test_id, testId))
    .orderBy(asc(files.id));
  return found.map((r) => r.file);
}

async function loadTest(db: DbOrTx, id: number, forUpdate = false): Promise<TestRow> {
  const query = db.select().from(tests).where(eq(tests.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw reviewError('TEST_NOT_FOUND', { id });
  return row;
}

/**
 * The creation and the test, locked in that order (the order every test change uses, so two testers
 * never deadlock), after checking nobody else holds the review lock.
 */
async function lockTest(ctx: Context, tx: DbOrTx, id: number): Promise<{ s: SubmissionRow; t: TestRow }> {
  const { submission_id } = await loadTest(tx, id);
  const s = await loadSubmission(tx, submission_id, { forUpdate: true });
  const t = await loadTest(tx, id, true);
  await assertNotLockedByOther(ctx, tx, s.id);
  return { s, t };
}

/**
 * Keeps the creation's status in step with its own tests (DESIGN 3): a SUBMITTED creation with an
 * unfinished test is TESTING; a TESTING creation whose last unfinished test ended (or went) is
 * SUBMITTED again, whatever the result (a failure then waits in the failed-testing queue).
 * Update-request tests never move the creation.
 */
async function syncTestingStatus(ctx: Context, tx: DbOrTx, s: SubmissionRow): Promise<void> {
  if (s.status !== 'SUBMITTED' && s.status !== 'TESTING') return;
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(tests)
    .where(and(eq(tests.submission_id, s.id), isNull(tests.update_request_id), inArray(tests.status, [...UNFINISHED_TEST_STATUSES])));
  const next: SubmissionStatus = n > 0 ? 'TESTING' : 'SUBMITTED';
  if (next === s.status) return;
  await tx.update(submissions).set({ status: next }).where(eq(submissions.id, s.id));
  if (s.model_type === 'set') {
    const children = await setChildren(tx, s.model_id);
    if (children.length) await tx.update(submissions).set({ status: next }).where(inArray(submissions.id, children.map((c) => c.id)));
  }
  await writeLog(tx, {
    submission_id: s.id,
    member_id: ctx.auth.member!.id,
    entity: 'submission',
    entity_id: s.id,
    action: 'status',
    previous_values: { status: s.status },
    new_values: { status: next },
  });
}

function checkNotes(input: Record<string, string | null | undefined>): void {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value && value.length > MAX_TEST_NOTE_LENGTH) fields[key] = [`Keep ${key.replace('_', ' ')} under ${MAX_TEST_NOTE_LENGTH} characters.`];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** A member who may test: a staff member (admin access). */
async function assertStaffMember(tx: DbOrTx, memberId: number, field: string): Promise<void> {
  const member = await loadAuthMember(tx, memberId);
  if (!member) throw reviewError('REVIEW_MEMBER_NOT_FOUND', { id: memberId, field });
  if (!hasPermission(permissionSet(member), ADMIN_ACCESS)) throw reviewError('REVIEW_MEMBER_NOT_STAFF', { name: member.username, field });
}

const TESTABLE: readonly SubmissionStatus[] = ['SUBMITTED', 'TESTING', 'APPROVED'];

/**
 * Opens a test of a creation (or of one of its update requests). A test of the creation itself
 * takes a SUBMITTED creation to TESTING.
 */
export async function createTest(
  ctx: Context,
  input: { submission_id: number; update_request_id?: number | null; notes?: string | null; tester_id?: number | null },
): Promise<TestRow> {
  checkNotes({ notes: input.notes });
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, input.submission_id, { forUpdate: true });
    if (s.deleted_at) throw reviewError('REVIEW_DELETED', { id: s.id });
    if (s.model_type === 'set_item') throw reviewError('REVIEW_SET_ITEM', { id: s.id });
    if (!TESTABLE.includes(s.status)) throw reviewError('TEST_NOT_TESTABLE', { id: s.id, status: s.status });
    if (input.update_request_id != null) {
      const [request] = await tx
        .select({ id: updateRequests.id })
        .from(updateRequests)
        .where(and(eq(updateRequests.id, input.update_request_id), eq(updateRequests.submission_id, s.id)));
      if (!request) throw reviewError('TEST_UPDATE_REQUEST_UNKNOWN', { id: input.update_request_id, submissionId: s.id });
    }
    if (input.tester_id != null) await assertStaffMember(tx, input.tester_id, 'tester_id');
    await assertNotLockedByOther(ctx, tx, s.id);
    const [created] = await tx
      .insert(tests)
      .values({
        submission_id: s.id,
        update_request_id: input.update_request_id ?? null,
        member_id: ctx.auth.member!.id,
        tester_id: input.tester_id ?? null,
        notes: input.notes ?? null,
      })
      .returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'test',
      entity_id: created!.id,
      action: 'created',
      new_values: { status: 'OPEN', notes: created!.notes, tester_id: created!.tester_id, update_request_id: created!.update_request_id },
    });
    if (created!.update_request_id === null) await syncTestingStatus(ctx, tx, s);
    return created!;
  });
}

export interface TestUpdate {
  status?: string | null;
  notes?: string | null;
  test_notes?: string | null;
  tester_notes?: string | null;
  test_result?: string | null;
  image_ids?: readonly number[] | null;
  file_ids?: readonly number[] | null;
}

/** The status and result a test moves to, checked (DESIGN 3: DONE needs a result; CLEARED is clearTest's). */
function nextState(t: TestRow, input: TestUpdate): { status: TestStatus; test_result: TestResult | null } {
  const status = (input.status ?? t.status) as TestStatus;
  if (!TEST_STATUSES.includes(status) || status === 'CLEARED') {
    throw reviewError('TEST_STATUS_INVALID', { from: t.status, to: status });
  }
  if (input.test_result != null && !TEST_RESULTS.includes(input.test_result as TestResult)) {
    throw validationError({ test_result: ['The test result is PASSED or FAILED.'] }, 'TEST_RESULT_INVALID');
  }
  if (status !== 'DONE') {
    if (input.test_result != null) throw reviewError('TEST_RESULT_NOT_DONE', {});
    return { status, test_result: null };
  }
  const result = (input.test_result ?? (t.status === 'DONE' ? t.test_result : null)) as TestResult | null;
  if (!result) throw reviewError('TEST_RESULT_REQUIRED', {});
  return { status, test_result: result };
}

/** Replaces a test's pictures or files; each must belong to the test's creation. */
async function replaceAttachments(tx: DbOrTx, t: TestRow, what: 'images' | 'files', ids: readonly number[]): Promise<number[] | null> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const table = what === 'images' ? images : files;
  const join = what === 'images' ? testImages : testFiles;
  const found = unique.length
    ? await tx.select({ id: table.id }).from(table).where(and(inArray(table.id, unique), eq(table.submission_id, t.submission_id)))
    : [];
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw reviewError('TEST_ATTACHMENT_UNKNOWN', { what, ids: missing });
  const column = what === 'images' ? testImages.image_id : testFiles.file_id;
  const existing = (await tx.select({ id: column }).from(join).where(eq(join.test_id, t.id))).map((r) => r.id).sort((a, b) => a - b);
  if (JSON.stringify(existing) === JSON.stringify(unique)) return null;
  await tx.delete(join).where(eq(join.test_id, t.id));
  if (unique.length) {
    await tx.insert(join).values(unique.map((id) => (what === 'images' ? { test_id: t.id, image_id: id } : { test_id: t.id, file_id: id })) as never);
  }
  return unique;
}

/**
 * Works a test: status (OPEN, IN_PROGRESS, DONE; a DONE test may be reopened), notes, the result
 * (needed for DONE), pictures and files. Whoever starts an unassigned test becomes its tester.
 */
export async function updateTest(ctx: Context, id: number, input: TestUpdate): Promise<TestRow> {
  checkNotes({ notes: input.notes, test_notes: input.test_notes, tester_notes: input.tester_notes });
  return ctx.db.transaction(async (tx) => {
    const { s, t } = await lockTest(ctx, tx, id);
    if (t.status === 'CLEARED') throw reviewError('TEST_CLEARED', { id });
    const state = nextState(t, input);
    const fields: Partial<TestRow> = { ...state };
    for (const key of ['notes', 'test_notes', 'tester_notes'] as const) if (input[key] !== undefined) fields[key] = input[key];
    if (state.status === 'IN_PROGRESS' && t.tester_id === null) fields.tester_id = ctx.auth.member!.id;
    // The creator acts on a failed test only through its notes: finishing one without them leaves
    // the creator with "test failed" and nothing to fix.
    if (state.test_result === 'FAILED' && !(fields.test_notes !== undefined ? fields.test_notes : t.test_notes)?.trim()) {
      throw reviewError('TEST_NOTES_REQUIRED', {});
    }
    const diff = changes(t as unknown as Record<string, unknown>, fields);
    const attached: Record<string, unknown> = {};
    if (input.image_ids != null) {
      const ids = await replaceAttachments(tx, t, 'images', input.image_ids);
      if (ids) attached.image_ids = ids;
    }
    if (input.file_ids != null) {
      const ids = await replaceAttachments(tx, t, 'files', input.file_ids);
      if (ids) attached.file_ids = ids;
    }
    if (diff) await tx.update(tests).set(fields).where(eq(tests.id, id));
    if (diff || Object.keys(attached).length) {
      await writeLog(tx, {
        submission_id: s.id,
        member_id: ctx.auth.member!.id,
        entity: 'test',
        entity_id: id,
        action: state.status !== t.status && state.status === 'DONE' ? 'finished' : 'updated',
        previous_values: diff?.previous_values ?? null,
        new_values: { ...diff?.new_values, ...attached },
      });
    }
    if (t.update_request_id === null) await syncTestingStatus(ctx, tx, s);
    if (state.test_result === 'FAILED' && (t.status !== 'DONE' || t.test_result !== 'FAILED')) {
      await recordStoryAndNotify(tx, { submission_id: s.id, kind: 'test_failed', actor_id: ctx.auth.member!.id });
    }
    return loadTest(tx, id);
  });
}

/** Removes a test (opened by mistake); a TESTING creation without other unfinished tests is SUBMITTED again. */
export async function deleteTest(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { s, t } = await lockTest(ctx, tx, id);
    await tx.delete(tests).where(eq(tests.id, id));
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'test',
      entity_id: id,
      action: 'deleted',
      previous_values: { status: t.status, test_result: t.test_result, notes: t.notes, test_notes: t.test_notes, update_request_id: t.update_request_id },
    });
    if (t.update_request_id === null) await syncTestingStatus(ctx, tx, s);
    return true;
  });
}

/** Confirms a failed test (DONE, FAILED) as dealt with: CLEARED, out of the failed-testing queue. */
export async function clearTest(ctx: Context, id: number): Promise<TestRow> {
  return ctx.db.transaction(async (tx) => {
    const { s, t } = await lockTest(ctx, tx, id);
    if (t.status !== 'DONE' || t.test_result !== 'FAILED') throw reviewError('TEST_NOT_FAILED', { id });
    const [cleared] = await tx.update(tests).set({ status: 'CLEARED', cleared_at: new Date() }).where(eq(tests.id, id)).returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'test',
      entity_id: id,
      action: 'cleared',
      previous_values: { status: 'DONE' },
      new_values: { status: 'CLEARED' },
    });
    return cleared!;
  });
}
