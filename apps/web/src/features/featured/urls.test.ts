import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURED_PARAMS, featuredUrl, readFeaturedParams, writeFeaturedParams } from './urls';

describe('featured list parameters', () => {
  it('reads type, page and the open list, "new" included', () => {
    expect(readFeaturedParams(new URLSearchParams('type=homepage&page=3&list=12'))).toEqual({ type: 'homepage', page: 3, list: 12 });
    expect(readFeaturedParams(new URLSearchParams('list=new')).list).toBe('new');
  });

  it('falls back to the defaults for anything malformed', () => {
    expect(readFeaturedParams(new URLSearchParams('type=%20%20&page=0&list=abc'))).toEqual(DEFAULT_FEATURED_PARAMS);
    expect(readFeaturedParams(new URLSearchParams('page=-2&list=1.5'))).toEqual(DEFAULT_FEATURED_PARAMS);
    expect(readFeaturedParams(new URLSearchParams('page=99999999999999999999')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeFeaturedParams(DEFAULT_FEATURED_PARAMS).toString()).toBe('');
    const params = { type: 'weekly picks', page: 2, list: 'new' as const };
    expect(readFeaturedParams(writeFeaturedParams(params))).toEqual(params);
    expect(featuredUrl({ type: ' homepage ', page: 1, list: 4 })).toBe('/staff/featured?type=homepage&list=4');
    expect(featuredUrl()).toBe('/staff/featured');
  });
});
