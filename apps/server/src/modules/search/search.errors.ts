import { MAX_QUERY_LENGTH, SEARCH_SORTS, SEARCHABLE_KINDS } from '@corner/domain';
import { defineErrors, type ErrorCodeOf } from '../../errors';

/** The search index's refusals (modules/search): the public search's and the staff page's. */
export const searchError = defineErrors({
  SEARCH_QUERY_TOO_LONG: { category: 'validation', field: 'query', message: () => `A search may be at most ${MAX_QUERY_LENGTH} characters long.` },
  SEARCH_SORT_UNKNOWN: { category: 'validation', field: 'sort', message: (p: { sort: string }) => `“${p.sort}” is not an order of the search: use ${SEARCH_SORTS.join(', ')}.` },
  SEARCH_KIND_UNKNOWN: { category: 'validation', field: 'kind', message: (p: { kind: string }) => `“${p.kind}” is not a kind visitors search for: use ${SEARCHABLE_KINDS.join(', ')}.` },
  SEARCH_PAGE_TOO_DEEP: { category: 'validation', field: 'page', message: (p: { max: number }) => `A search pages through its first ${p.max.toLocaleString('en')} matches only; narrow it with more words or filters.` },
  SEARCH_CREATION_NOT_FOUND: { category: 'not_found', field: 'id', message: (p: { ids: number[] }) => `There is no creation ${p.ids.join(', ')}.` },
  SEARCH_NOTHING_CHOSEN: { category: 'validation', field: 'ids', message: () => 'Give the creations to reindex, or reindex everything.' },
  SEARCH_TOO_MANY: { category: 'validation', field: 'ids', message: (p: { max: number }) => `At most ${p.max} creations can be reindexed by id at once; reindex everything instead.` },
});
export type SearchErrorCode = ErrorCodeOf<typeof searchError>;
