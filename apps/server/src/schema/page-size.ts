/** Page size when a paged field is asked without `first`, and its upper bound. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Normalises `first` (capped) and `page` (1-based) into limit and offset. */
export function pageWindow(first: number | null | undefined, page: number | null | undefined, max = MAX_PAGE_SIZE) {
  const perPage = Math.min(Math.max(first ?? DEFAULT_PAGE_SIZE, 1), max);
  const currentPage = Math.max(page ?? 1, 1);
  return { perPage, currentPage, limit: perPage, offset: (currentPage - 1) * perPage };
}

export interface PaginatorInfo {
  count: number;
  currentPage: number;
  firstItem: number | null;
  hasMorePages: boolean;
  lastItem: number | null;
  lastPage: number;
  perPage: number;
  total: number;
  /** False when the rows were counted only up to a bound: `total` is then a lower bound. */
  totalIsExact: boolean;
}

export interface Page<T> {
  data: T[];
  paginatorInfo: PaginatorInfo;
}

/**
 * Lighthouse's paginator info for one page of `count` rows out of `total`. `exact` false: the list
 * has at least `total` rows (counted up to there), so its last page is at least `lastPage`.
 */
export function paginatorInfo(total: number, count: number, perPage: number, currentPage: number, exact = true): PaginatorInfo {
  const firstItem = count > 0 ? (currentPage - 1) * perPage + 1 : null;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  return {
    count,
    currentPage,
    firstItem,
    lastItem: firstItem === null ? null : firstItem + count - 1,
    hasMorePages: currentPage < lastPage,
    lastPage,
    perPage,
    total,
    totalIsExact: exact,
  };
}
