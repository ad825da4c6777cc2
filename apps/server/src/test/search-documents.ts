import type { SearchDocument } from '@corner/domain';

/** A search document for engine tests: an item of game 4 named after its id, published at `publishAt`; `fields` override. */
export function buildSearchDocument(id: number, fields: Partial<SearchDocument> = {}): SearchDocument {
  return {
    submissionId: id,
    name: `Creation ${id}`,
    description: '',
    keywords: '',
    kind: 'item',
    game: 4,
    categoryId: null,
    categoryIds: [],
    categoryPath: '',
    tagIds: [],
    tags: [],
    themes: [],
    creatorId: 1,
    creatorName: 'Ada',
    exclusive: false,
    publishAt: new Date('2026-01-01T00:00:00Z'),
    earlyAccessUntil: null,
    thumbnailPath: null,
    ...fields,
  };
}
