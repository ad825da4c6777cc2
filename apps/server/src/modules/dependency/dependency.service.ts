import { and, asc, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { asSearchId, MAX_RESULTS_PER_SEARCH, MIN_SEARCH_LENGTH, normaliseObjectGuid } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { objectGuids, requiredItems, submissions } from '../../db/schema/index';
import { validationError } from '../../errors';
import { escapeLike } from '../../db/sql';
import { submissionForView, type SubmissionRow } from '../submission/submission.access';
import { creatorNameMatches } from '../submission/submission.search';
import { findPublishedLegacyItems, type LegacyItem } from '../legacy/legacy.service';

/**
 * The content search of the required-items dialog (SPEC section 9): a number above 0 searches by
 * id; otherwise a like match on name, keywords and creator (legacy items: title and creator, through
 * the legacy source). At most 5 from each search. Portal results are published creations, or the
 * caller's own; legacy ones are live on the old site and not hidden.
 */
export async function searchDependencies(ctx: Context, phrase: string): Promise<{ submissions: SubmissionRow[]; legacy_items: LegacyItem[] }> {
  const text = phrase.trim();
  if (text.length < MIN_SEARCH_LENGTH && asSearchId(text) === null) {
    throw validationError({ phrase: [`Type at least ${MIN_SEARCH_LENGTH} characters to search.`] });
  }
  const id = asSearchId(text);
  const pattern = `%${escapeLike(text)}%`;
  const visible = publishedOrOf([ctx.auth.member!.id]);
  const portalMatch =
    id !== null
      ? eq(submissions.id, id)
      : or(ilike(submissions.name, pattern), ilike(submissions.keywords, pattern), creatorNameMatches(pattern));
  // The portal's creations and the legacy items are searched at once: neither waits for the other.
  const [portal, legacy] = await Promise.all([
    ctx.db
      .select({ s: submissions })
      .from(submissions)
      .where(and(isNull(submissions.deleted_at), sql`${submissions.model_type} <> 'set_item'`, visible, portalMatch))
      .orderBy(desc(submissions.publish_at), asc(submissions.id))
      .limit(MAX_RESULTS_PER_SEARCH),
    findPublishedLegacyItems(ctx, id !== null ? { id } : { phrase: text }),
  ]);
  return { submissions: portal.map((r) => r.s), legacy_items: legacy };
}

/** A creation's required downloads in their order. */
export async function requiredItemsOf(ctx: Context, submissionId: number) {
  await submissionForView(ctx, submissionId);
  return ctx.db.select().from(requiredItems).where(eq(requiredItems.submission_id, submissionId)).orderBy(asc(requiredItems.ord));
}

/** How many ids one getItemFromGuids may ask about. */
export const MAX_GUIDS_PER_LOOKUP = 500;

/**
 * The creations that define the given object GUIDs (SPEC 7 getItemFromGuids): what a lot, room or
 * household uses, matched to the site. Each answer pairs one id with one creation; an id no creation
 * defines is left out. Like the content search, only published creations and the caller's own.
 * Ids are 16 hex digits (a `0x` prefix and upper case are accepted); anything else is refused.
 */
export async function itemsFromGuids(ctx: Context, guids: readonly string[]): Promise<{ object_guid: string; submission: SubmissionRow }[]> {
  if (guids.length > MAX_GUIDS_PER_LOOKUP) throw validationError({ object_guid: [`Ask about at most ${MAX_GUIDS_PER_LOOKUP} ids at once.`] });
  const wanted = guids.map((g) => normaliseObjectGuid(g));
  const bad = guids.filter((_, i) => wanted[i] === null);
  if (bad.length > 0) throw validationError({ object_guid: [`Not an object id (16 hex digits): ${bad.slice(0, 5).join(', ')}.`] });
  return creationsDefiningObjects(ctx.db, wanted as string[], publishedOrOf([ctx.auth.member!.id]));
}

/**
 * Creations a member may find as content to depend on: published ones, and any of the members named
 * (the caller's own; for what a creator's file uses, that creator's too). A condition on `submissions`.
 */
export function publishedOrOf(memberIds: readonly number[]): SQL {
  return or(and(eq(submissions.status, 'APPROVED'), lte(submissions.publish_at, new Date())), inArray(submissions.member_id, [...memberIds]))!;
}

/**
 * The creations that define these object ids (normalised 16-digit hex), as pairs of id and
 * creation, among the creations `which` (a condition on `submissions`) lets through; deleted
 * creations never.
 */
export async function creationsDefiningObjects(db: DbOrTx, guids: readonly string[], which: SQL): Promise<{ object_guid: string; submission: SubmissionRow }[]> {
  if (guids.length === 0) return [];
  const found = await db
    .selectDistinctOn([objectGuids.object_guid, submissions.id], { object_guid: objectGuids.object_guid, s: submissions })
    .from(objectGuids)
    .innerJoin(submissions, eq(submissions.id, objectGuids.submission_id))
    .where(and(inArray(objectGuids.object_guid, [...new Set(guids)]), isNull(submissions.deleted_at), which))
    .orderBy(asc(objectGuids.object_guid), asc(submissions.id));
  return found.map((r) => ({ object_guid: r.object_guid, submission: r.s }));
}
