import { FEATURABLE_STATUS } from '@corner/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { featuredSubmissionItems, featuredSubmissions, submissions } from '../../db/schema/index';
import { validationError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { changes, writeLog } from '../log/log.service';
import type { SubmissionRow } from '../submission/submission.access';
import { FEATURED_FIELD_MESSAGES as M, featuredError } from './featured.errors';

export type FeaturedRow = typeof featuredSubmissions.$inferSelect;

export const MAX_FEATURED_TYPE_LENGTH = 50;
export const MAX_FEATURED_NAME_LENGTH = 200;

/** The fields of a featured list as the API takes them: undefined leaves a field out, null clears it. */
export interface FeaturedInput {
  type?: string | null;
  index?: number | null;
  name?: string | null;
  publish_at?: Date | null;
  submission_ids?: readonly number[] | null;
}

type FeaturedFields = Pick<FeaturedRow, 'type' | 'index' | 'name' | 'publish_at'>;

/**
 * Checks the list's own fields. On create every required field must be given; on update a required
 * field may be left out but not cleared. All problems come back in one validation error, one
 * message per field.
 */
function checkFields(input: FeaturedInput, creating: boolean): Partial<FeaturedFields> {
  const problems: Record<string, string[]> = {};
  const out: Partial<FeaturedFields> = {};
  const required = (value: unknown) => (creating ? value == null : value === null);
  const type = typeof input.type === 'string' ? input.type.trim() : input.type;
  if (required(type) || type === '') problems.type = [M.typeRequired];
  else if (typeof type === 'string' && type.length > MAX_FEATURED_TYPE_LENGTH) problems.type = [M.typeTooLong(MAX_FEATURED_TYPE_LENGTH)];
  else if (typeof type === 'string') out.type = type;
  if (required(input.index)) problems.index = [M.indexRequired];
  else if (typeof input.index === 'number' && input.index < 0) problems.index = [M.indexNegative];
  else if (typeof input.index === 'number') out.index = input.index;
  if (input.name !== undefined) {
    const name = input.name?.trim() || null;
    if (name && name.length > MAX_FEATURED_NAME_LENGTH) problems.name = [M.nameTooLong(MAX_FEATURED_NAME_LENGTH)];
    else out.name = name;
  }
  if (required(input.publish_at)) problems.publish_at = [M.publishAtRequired];
  else if (input.publish_at) out.publish_at = input.publish_at;
  if (Object.keys(problems).length) throw validationError(problems, 'FEATURED_INVALID');
  return out;
}

function repeatedOf(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  return [...new Set(ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
}

/** Only APPROVED (scheduled or published), live creations may be featured, each once. */
async function checkSubmissions(db: DbOrTx, ids: readonly number[]): Promise<void> {
  const repeated = repeatedOf(ids);
  const found = ids.length
    ? await db.select({ id: submissions.id, status: submissions.status, deleted_at: submissions.deleted_at }).from(submissions).where(inArray(submissions.id, [...ids]))
    : [];
  const unknown = [...new Set(ids)].filter((id) => !found.some((s) => s.id === id));
  const notApproved = found.filter((s) => s.status !== FEATURABLE_STATUS || s.deleted_at !== null).map((s) => s.id);
  if (unknown.length || notApproved.length || repeated.length) {
    throw featuredError('FEATURED_SUBMISSIONS_INVALID', { unknown, notApproved: notApproved.sort((a, b) => a - b), repeated });
  }
}

async function setItems(tx: DbOrTx, id: number, ids: readonly number[]): Promise<void> {
  await tx.delete(featuredSubmissionItems).where(eq(featuredSubmissionItems.featured_submission_id, id));
  if (ids.length) {
    await tx.insert(featuredSubmissionItems).values(ids.map((submission_id, ord) => ({ featured_submission_id: id, submission_id, ord })));
  }
}

/** A list's creation ids in order. */
export async function itemIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: featuredSubmissionItems.submission_id })
    .from(featuredSubmissionItems)
    .where(eq(featuredSubmissionItems.featured_submission_id, id))
    .orderBy(asc(featuredSubmissionItems.ord), asc(featuredSubmissionItems.submission_id));
  return rows.map((r) => r.id);
}

/** A list's creations in order (deleted ones drop out of it). */
export async function submissionsOf(db: DbOrTx, id: number): Promise<SubmissionRow[]> {
  const rows = await db
    .select({ s: submissions })
    .from(featuredSubmissionItems)
    .innerJoin(submissions, eq(submissions.id, featuredSubmissionItems.submission_id))
    .where(and(eq(featuredSubmissionItems.featured_submission_id, id), isNull(submissions.deleted_at)))
    .orderBy(asc(featuredSubmissionItems.ord), asc(featuredSubmissionItems.submission_id));
  return rows.map((r) => r.s);
}

async function loadFeatured(db: DbOrTx, id: number, forUpdate = false): Promise<FeaturedRow> {
  const query = db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw featuredError('FEATURED_NOT_FOUND', { id });
  return row;
}

export function featuredById(ctx: Context, id: number): Promise<FeaturedRow> {
  return loadFeatured(ctx.db, id);
}

/** Featured lists, newest publish date first, of one type when given. */
export async function searchFeatured(ctx: Context, input: { type?: string | null; first?: number | null; page?: number | null }): Promise<Page<FeaturedRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const type = input.type?.trim();
  const where = type ? eq(featuredSubmissions.type, type) : undefined;
  const [data, [count]] = await Promise.all([
    ctx.db.select().from(featuredSubmissions).where(where).orderBy(desc(featuredSubmissions.publish_at), desc(featuredSubmissions.id)).limit(limit).offset(offset),
    ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(featuredSubmissions).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}

const logValues = (row: FeaturedFields, ids: readonly number[]) => ({
  type: row.type,
  index: row.index,
  name: row.name,
  publish_at: row.publish_at.toISOString(),
  submission_ids: [...ids],
});

/** Creates a featured list: type, index and publish_at required; its creations in the order given. */
export async function createFeatured(ctx: Context, input: FeaturedInput): Promise<FeaturedRow> {
  const fields = checkFields(input, true) as FeaturedFields;
  const ids = input.submission_ids ?? [];
  return ctx.db.transaction(async (tx) => {
    await checkSubmissions(tx, ids);
    const [row] = await tx
      .insert(featuredSubmissions)
      .values({ ...fields, name: fields.name ?? null, member_id: ctx.auth.member!.id })
      .returning();
    await setItems(tx, row!.id, ids);
    await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'featured_submission', entity_id: row!.id, action: 'created', new_values: logValues(row!, ids) });
    return row!;
  });
}

/** Changes the fields given; `submission_ids`, when given, replaces the list (in that order). */
export async function updateFeatured(ctx: Context, id: number, input: FeaturedInput): Promise<FeaturedRow> {
  const fields = checkFields(input, false);
  return ctx.db.transaction(async (tx) => {
    const before = await loadFeatured(tx, id, true);
    const beforeIds = await itemIdsOf(tx, id);
    const ids = input.submission_ids ?? null;
    if (ids) await checkSubmissions(tx, ids);
    const [row] = Object.keys(fields).length ? await tx.update(featuredSubmissions).set(fields).where(eq(featuredSubmissions.id, id)).returning() : [before];
    if (ids) await setItems(tx, id, ids);
    const diff = changes(logValues(before, beforeIds), logValues(row!, ids ?? beforeIds));
    if (diff) await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'featured_submission', entity_id: id, action: 'updated', ...diff });
    return row!;
  });
}

/** Puts a list's creations in the given order: each of them exactly once. */
export async function reorderFeatured(ctx: Context, id: number, ids: readonly number[]): Promise<FeaturedRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadFeatured(tx, id, true);
    const current = await itemIdsOf(tx, id);
    const missing = current.filter((s) => !ids.includes(s));
    const unknown = [...new Set(ids.filter((s) => !current.includes(s)))];
    const repeated = repeatedOf(ids);
    if (missing.length || unknown.length || repeated.length) throw featuredError('FEATURED_ORDER_MISMATCH', { missing, unknown, repeated });
    if (current.every((s, i) => ids[i] === s)) return row;
    for (const [ord, submissionId] of ids.entries()) {
      await tx
        .update(featuredSubmissionItems)
        .set({ ord })
        .where(and(eq(featuredSubmissionItems.featured_submission_id, id), eq(featuredSubmissionItems.submission_id, submissionId)));
    }
    const [updated] = await tx.update(featuredSubmissions).set({ updated_at: new Date() }).where(eq(featuredSubmissions.id, id)).returning();
    await writeLog(tx, {
      submission_id: null,
      member_id: ctx.auth.member!.id,
      entity: 'featured_submission',
      entity_id: id,
      action: 'reordered',
      previous_values: { submission_ids: current },
      new_values: { submission_ids: [...ids] },
    });
    return updated!;
  });
}

/** Deletes a featured list (its creations stay as they are). */
export async function deleteFeatured(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadFeatured(tx, id, true);
    const ids = await itemIdsOf(tx, id);
    await tx.delete(featuredSubmissions).where(eq(featuredSubmissions.id, id));
    await writeLog(tx, { submission_id: null, member_id: ctx.auth.member!.id, entity: 'featured_submission', entity_id: id, action: 'deleted', previous_values: logValues(row, ids) });
    return true;
  });
}
