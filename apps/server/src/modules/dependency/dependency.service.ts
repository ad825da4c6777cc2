import { and, asc, desc, eq, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import { asSearchId, MAX_RESULTS_PER_SEARCH, MIN_SEARCH_LENGTH } from '@corner/domain';
import type { Context } from '../../context';
import { legacyItems, requiredItems, submissions } from '../../db/schema/index';
import { validationError } from '../../errors';
import { escapeLike } from '../../db/sql';
import { submissionForView, type SubmissionRow } from '../submission/submission.access';
import { creatorNameMatches } from '../submission/submission.search';

export type LegacyItemRow = typeof legacyItems.$inferSelect;

/**
 * The content search of the required-items dialog (SPEC section 9): a number above 0 searches by
 * id; otherwise a like match on name, keywords and creator (legacy items: title and creator). At
 * most 5 from each search. Portal results are published creations, or the caller's own.
 */
export async function searchDependencies(ctx: Context, phrase: string): Promise<{ submissions: SubmissionRow[]; legacy_items: LegacyItemRow[] }> {
  const text = phrase.trim();
  if (text.length < MIN_SEARCH_LENGTH && asSearchId(text) === null) {
    throw validationError({ phrase: [`Type at least ${MIN_SEARCH_LENGTH} characters to search.`] });
  }
  const id = asSearchId(text);
  const pattern = `%${escapeLike(text)}%`;
  const visible = or(
    and(eq(submissions.status, 'APPROVED'), lte(submissions.publish_at, new Date())),
    eq(submissions.member_id, ctx.auth.member!.id),
  );
  const portalMatch =
    id !== null
      ? eq(submissions.id, id)
      : or(ilike(submissions.name, pattern), ilike(submissions.keywords, pattern), creatorNameMatches(pattern));
  const portal = await ctx.db
    .select({ s: submissions })
    .from(submissions)
    .where(and(isNull(submissions.deleted_at), sql`${submissions.model_type} <> 'set_item'`, visible, portalMatch))
    .orderBy(desc(submissions.publish_at), asc(submissions.id))
    .limit(MAX_RESULTS_PER_SEARCH);
  const legacyMatch =
    id !== null ? eq(legacyItems.id, id) : or(ilike(legacyItems.title, pattern), ilike(legacyItems.creator_name, pattern));
  const legacy = await ctx.db
    .select()
    .from(legacyItems)
    .where(and(eq(legacyItems.published, true), eq(legacyItems.is_hidden, false), legacyMatch))
    .orderBy(desc(legacyItems.publish_date), asc(legacyItems.id))
    .limit(MAX_RESULTS_PER_SEARCH);
  return { submissions: portal.map((r) => r.s), legacy_items: legacy };
}

/** A creation's required downloads in their order. */
export async function requiredItemsOf(ctx: Context, submissionId: number) {
  await submissionForView(ctx, submissionId);
  return ctx.db.select().from(requiredItems).where(eq(requiredItems.submission_id, submissionId)).orderBy(asc(requiredItems.ord));
}
