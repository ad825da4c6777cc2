import { FEATURED_LINK } from './links';
import { positiveIntParam } from '../../ui/search-params';

/** The list open in the drawer: a saved list's id, or "new" while one is being made. */
export type OpenFeaturedList = number | 'new' | null;

/**
 * The typed search parameters of /staff/featured (shareable links, STYLE rule 6): the type shown,
 * the page, and the list open in the drawer.
 */
export interface FeaturedParams {
  /** Only lists of this type; null shows every type. */
  type: string | null;
  /** 1-based. */
  page: number;
  list: OpenFeaturedList;
}

export const DEFAULT_FEATURED_PARAMS: FeaturedParams = { type: null, page: 1, list: null };

/** Lists per page. */
export const FEATURED_PAGE_SIZE = 20;

/** Reads `?type=&page=&list=`; anything malformed falls back to the default. */
export function readFeaturedParams(params: URLSearchParams): FeaturedParams {
  const list = params.get('list');
  return {
    type: params.get('type')?.trim() || null,
    page: positiveIntParam(params.get('page')) ?? 1,
    list: list === 'new' ? 'new' : positiveIntParam(list),
  };
}

/** The parameters without their defaults, so the plain page has a plain URL. */
export function writeFeaturedParams(params: Partial<FeaturedParams>): URLSearchParams {
  const out = new URLSearchParams();
  const type = params.type?.trim();
  if (type) out.set('type', type);
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  if (params.list) out.set('list', String(params.list));
  return out;
}

/** The page's path with its parameters, e.g. "/staff/featured?type=homepage&list=4". */
export function featuredUrl(params: Partial<FeaturedParams> = {}): string {
  const query = writeFeaturedParams(params).toString();
  return query ? `${FEATURED_LINK.to}?${query}` : FEATURED_LINK.to;
}
