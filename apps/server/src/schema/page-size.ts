/** Page size when a paged field is asked without `first`, and its upper bound. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Normalises `first` (capped) and `page` (1-based) into limit and offset. */
export function pageWindow(first: number | null | undefined, page: number | null | undefined, max = MAX_PAGE_SIZE) {
  const perPage = Math.min(Math.max(first ?? DEFAULT_PAGE_SIZE, 1), max);
  const currentPage = Math.max(page ?? 1, 1);
  return { perPage, currentPage, limit: perPage, offset: (currentPage - 1) * perPage };
}
