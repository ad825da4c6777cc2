import { describe, expect, it } from 'vitest';
import { asHttpUrl, asSearchId, mainSiteItemId, readOpenGraph } from './dependency';

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
    expect(mainSiteItemId('https://main.example/downloads/details/id/1234567/sofa/')).toBe(1234567);
    expect(mainSiteItemId('https://main.example/downloads/sofa')).toBeNull();
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
