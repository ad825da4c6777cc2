import { describe, expect, it } from 'vitest';
import { fileManagementUrl, readFileManagementParams, writeFileManagementParams, withFileManagementParams } from './urls';

describe('file management urls', () => {
  it('reads ?search=', () => {
    expect(readFileManagementParams(new URLSearchParams('search=%20chair%20'))).toMatchObject({ search: 'chair' });
    expect(readFileManagementParams(new URLSearchParams(''))).toEqual({ search: '', page: 1, file: null, basket: null });
  });

  it('reads the page, the open file and the basket', () => {
    expect(readFileManagementParams(new URLSearchParams('search=x&page=3&file=42&basket=7'))).toEqual({ search: 'x', page: 3, file: 42, basket: 7 });
  });

  it('ignores malformed numbers', () => {
    for (const bad of ['0', '-2', '1.5', 'abc', '99999999999999999999', '']) {
      expect(readFileManagementParams(new URLSearchParams({ page: bad, file: bad, basket: bad }))).toEqual({ search: '', page: 1, file: null, basket: null });
    }
  });

  it('writes ?search= only when there is something to search', () => {
    expect(fileManagementUrl({ search: 'old chair' })).toBe('/staff/file-management?search=old+chair');
    expect(fileManagementUrl({ search: '  ' })).toBe('/staff/file-management');
    expect(fileManagementUrl()).toBe('/staff/file-management');
  });

  it('leaves the defaults out and keeps the rest', () => {
    expect(writeFileManagementParams({ search: 'a', page: 1, file: null, basket: null }).toString()).toBe('search=a');
    expect(fileManagementUrl({ search: 'a', page: 2, file: 5, basket: 9 })).toBe('/staff/file-management?search=a&page=2&file=5&basket=9');
  });

  it('round-trips', () => {
    const params = { search: 'chair & table', page: 4, file: 12, basket: null };
    expect(readFileManagementParams(writeFileManagementParams(params))).toEqual(params);
  });

  it('writes the archive’s URL with the same parameters', () => {
    expect(fileManagementUrl({ search: 'x', file: 3 }, '/staff/archived')).toBe('/staff/archived?search=x&file=3');
  });

  it('keeps the other parameters of the page (the archive’s legacy items) when it writes its own', () => {
    const current = new URLSearchParams('legacy=velvet&search=old&page=3&legacyPage=2');
    expect(withFileManagementParams(current, { search: 'chair', page: 1, file: 4, basket: null }).toString()).toBe('legacy=velvet&legacyPage=2&search=chair&file=4');
  });
});
