import { categoryPathText, earlyAccessUntil, isSearchable, type SearchableKind, type SearchDocument } from '@corner/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupBy } from '../../db/loader';
import { attributes, categories, images, members, submissionAttributes, submissions, submissionThemes, themes } from '../../db/schema/index';
import { imagePath } from '../image/image.service';

/**
 * What the index should hold for each of these creations, read in a fixed number of queries
 * whatever their number: a document for each that is searchable now (domain `isSearchable`), and
 * the ids of the others (to be taken out).
 */
export async function searchDocumentsOf(db: DbOrTx, ids: readonly number[], now = new Date()): Promise<{ documents: SearchDocument[]; absent: number[] }> {
  if (ids.length === 0) return { documents: [], absent: [] };
  const found = await db
    .select({ s: submissions, creatorName: members.username })
    .from(submissions)
    .innerJoin(members, eq(members.id, submissions.member_id))
    .where(inArray(submissions.id, [...ids]));
  const searchable = found.filter(({ s }) => isSearchable(s, now));
  const live = new Set(searchable.map(({ s }) => s.id));
  const absent = ids.filter((id) => !live.has(id));
  if (searchable.length === 0) return { documents: [], absent };
  const liveIds = searchable.map(({ s }) => s.id);

  const [allCategories, tagRows, themeRows, pictureRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name, parent: categories.parent_category_id }).from(categories),
    db
      .select({ submissionId: submissionAttributes.submission_id, id: attributes.id, name: attributes.name })
      .from(submissionAttributes)
      .innerJoin(attributes, eq(attributes.id, submissionAttributes.attribute_id))
      .where(inArray(submissionAttributes.submission_id, liveIds))
      .orderBy(asc(attributes.name), asc(attributes.id)),
    db
      .select({ submissionId: submissionThemes.submission_id, name: themes.name })
      .from(submissionThemes)
      .innerJoin(themes, eq(themes.id, submissionThemes.theme_id))
      .where(inArray(submissionThemes.submission_id, liveIds))
      .orderBy(asc(themes.name)),
    db
      .selectDistinctOn([images.submission_id], { submissionId: images.submission_id, id: images.id, member_id: images.member_id })
      .from(images)
      .where(and(inArray(images.submission_id, liveIds), isNull(images.deleted_at)))
      .orderBy(images.submission_id, asc(images.ord), asc(images.id)),
  ]);
  const categoryById = new Map(allCategories.map((c) => [c.id, c]));
  const tagsOf = groupBy(tagRows, (t) => t.submissionId);
  const themesOf = groupBy(themeRows, (t) => t.submissionId);
  const pictureOf = new Map(pictureRows.map((p) => [p.submissionId, p]));
  const lineage = (id: number | null) => {
    const chain: { id: number; name: string }[] = [];
    for (let c = id === null ? undefined : categoryById.get(id); c && chain.length < 20; c = c.parent === null ? undefined : categoryById.get(c.parent)) chain.unshift(c);
    return chain;
  };

  const documents = searchable.map(({ s, creatorName }): SearchDocument => {
    const chain = lineage(s.category_id);
    const tags = tagsOf.get(s.id) ?? [];
    const picture = pictureOf.get(s.id);
    return {
      submissionId: s.id,
      name: s.name,
      description: s.description,
      keywords: s.keywords ?? '',
      kind: s.model_type as SearchableKind,
      game: s.game_version,
      categoryId: s.category_id,
      categoryIds: chain.map((c) => c.id),
      categoryPath: categoryPathText(chain.map((c) => c.name)),
      tagIds: tags.map((t) => t.id),
      tags: tags.map((t) => t.name),
      themes: (themesOf.get(s.id) ?? []).map((t) => t.name),
      creatorId: s.member_id,
      creatorName,
      exclusive: s.tsr_exclusive ?? false,
      publishAt: s.publish_at!,
      earlyAccessUntil: earlyAccessUntil(s),
      thumbnailPath: picture ? imagePath(picture) : null,
    };
  });
  return { documents, absent };
}
