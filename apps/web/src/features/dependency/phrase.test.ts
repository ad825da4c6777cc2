import { describe, expect, it } from 'vitest';
import { canSearch, classifyPhrase } from './phrase';

describe('classifyPhrase', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['so', { kind: 'tooShort' }],
    ['12', { kind: 'tooShort' }],
    ['sofa', { kind: 'text', text: 'sofa' }],
    ['  rattan chair ', { kind: 'text', text: 'rattan chair' }],
    ['123', { kind: 'id', id: 123 }],
    ['000', { kind: 'text', text: '000' }],
    ['https://example.com/item/5', { kind: 'url', url: 'https://example.com/item/5' }],
    ['http://example.com', { kind: 'url', url: 'http://example.com/' }],
    ['ftp://example.com/file', { kind: 'text', text: 'ftp://example.com/file' }],
    ['example.com', { kind: 'text', text: 'example.com' }],
  ])('%j is %j', (phrase, expected) => {
    expect(classifyPhrase(phrase)).toEqual(expected);
  });

  it('lets the search run for text, ids and URLs only', () => {
    expect(canSearch(classifyPhrase('sof'))).toBe(true);
    expect(canSearch(classifyPhrase('42'))).toBe(false);
    expect(canSearch(classifyPhrase('420'))).toBe(true);
    expect(canSearch(classifyPhrase('https://a.example'))).toBe(true);
    expect(canSearch(classifyPhrase(''))).toBe(false);
  });
});
