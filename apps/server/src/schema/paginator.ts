import type { ObjectRef } from '@pothos/core';
import { builder } from './builder';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageWindow, paginatorInfo, type Page, type PaginatorInfo } from './page-size';
import type { Page, PaginatorInfo } from './page-size';

export const PaginatorInfoRef = builder.objectRef<PaginatorInfo>('PaginatorInfo').implement({
  description: 'Where a page sits in a paged list (Lighthouse paginator info).',
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'Items on this page.' }),
    currentPage: t.exposeInt('currentPage'),
    firstItem: t.exposeInt('firstItem', { nullable: true }),
    hasMorePages: t.exposeBoolean('hasMorePages'),
    lastItem: t.exposeInt('lastItem', { nullable: true }),
    lastPage: t.exposeInt('lastPage'),
    perPage: t.exposeInt('perPage'),
    total: t.exposeInt('total', { description: 'How many rows the list holds; at least this many when totalIsExact is false.' }),
    totalIsExact: t.exposeBoolean('totalIsExact', {
      description:
        'False when the rows were counted only up to a bound (a text search matching more than SEARCH_COUNT_BOUND, 1,000 by default): the list then holds more than total - 1 rows, and pages past lastPage may follow (hasMorePages says).',
    }),
  }),
});

/** A `{ data, paginatorInfo }` type for one object type, named `<Type>Paginator`. */
export function paginatorOf<T>(name: string, item: ObjectRef<any, T>) {
  return builder.objectRef<Page<T>>(`${name}Paginator`).implement({
    fields: (t) => ({
      // The paged field above already multiplied the rows' cost by its page size.
      data: t.field({ type: [item], complexity: { field: 0, multiplier: 1 }, resolve: (p) => p.data }),
      paginatorInfo: t.field({ type: PaginatorInfoRef, resolve: (p) => p.paginatorInfo }),
    }),
  });
}
