import { describe, expect, it } from 'vitest';
import { asHttpUrl, asSearchId, mainSiteItemId, mainSiteItemUrl, normaliseRequiredItem, readOpenGraph } from './dependency';

describe('content search phrases', () => {
  it('counts http and https addresses as URLs, nothing else', () => {
    expect(asHttpUrl('https://example.org/item/1')?.hostname).toBe('example.org');
    expect(asHttpUrl(' http://example.org ')).not.toBeNull();
    expect(asHttpUrl('ftp://example.org')).toBeNull();
    expect(asHttpUrl('javascript:alert(1)')).toBeNull();
    expect(asHttpUrl('sofa')).toBeNull();
  });
  it('searches by id only for numbers above 0', () => {
    expect(asSearchId('123')).toBe(123);
    expect(asSearchId('0')).toBeNull();
    expect(asSearchId('12a')).toBeNull();
    expect(asSearchId('-4')).toBeNull();
  });
  it('reduces a main-site URL with /id/{digits}/ to the id', () => {
    expect(mainSiteItemId('https://main.example/downloads/details/id/1234567/sofa/', 'https://main.example/')).toBe(1234567);
    expect(mainSiteItemId('https://www.main.example/downloads/details/id/1234567', 'https://main.example')).toBe(1234567);
    expect(mainSiteItemId('https://main.example/downloads/sofa', 'https://main.example/')).toBeNull();
    // Another site's address is never reduced, whatever its path.
    expect(mainSiteItemId('https://other.example/downloads/details/id/1234567/sofa/', 'https://main.example/')).toBeNull();
    expect(mainSiteItemId('https://main.example.evil.test/id/1234567/', 'https://main.example/')).toBeNull();
  });
});

describe('readOpenGraph', () => {
  it('reads og:title and og:image in any attribute order and decodes entities', () => {
    const html = `<html><head><title>Fallback</title>
      <meta content="Cosy &amp; Bright Sofa" property="og:title">
      <meta property='og:image' content='/img/sofa.jpg'/></head></html>`;
    expect(readOpenGraph(html, 'https://shop.example/items/7')).toEqual({
      title: 'Cosy & Bright Sofa',
      image: 'https://shop.example/img/sofa.jpg',
    });
  });
  it('falls back to <title>, and to nothing', () => {
    expect(readOpenGraph('<title>Just a title</title>')).toEqual({ title: 'Just a title', image: null });
    expect(readOpenGraph('<p>no head</p>')).toEqual({ title: null, image: null });
  });
});

describe('required items of the main site', () => {
  const site = 'https://main.example/';
  it('turn a main-site item address into a required item by id, and keep any other address as it is', () => {
    expect(normaliseRequiredItem({ type: 'url', download: ' https://main.example/downloads/details/id/123456/sofa/ ', title: 'Sofa' }, site)).toEqual({ type: 'id', download: '123456', title: 'Sofa' });
    expect(normaliseRequiredItem({ type: 'url', download: 'https://other.example/id/123456/' }, site)).toEqual({ type: 'url', download: 'https://other.example/id/123456/' });
    expect(normaliseRequiredItem({ type: 'old_item_id', download: ' 987 ' }, site)).toEqual({ type: 'old_item_id', download: '987' });
  });

  it('link an item to its page on the main website', () => {
    expect(mainSiteItemUrl('https://main.example/', 123456)).toBe('https://main.example/downloads/details/id/123456/');
    expect(mainSiteItemId(mainSiteItemUrl(site, 42), site)).toBe(42);
  });
});
