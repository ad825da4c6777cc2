import { describe, expect, it } from 'vitest';
import { fileManagementUrl, readFileManagementParams } from './urls';

describe('file management urls', () => {
  it('reads ?search=', () => {
    expect(readFileManagementParams(new URLSearchParams('search=%20chair%20'))).toEqual({ search: 'chair' });
    expect(readFileManagementParams(new URLSearchParams(''))).toEqual({ search: '' });
  });

  it('writes ?search= only when there is something to search', () => {
    expect(fileManagementUrl({ search: 'old chair' })).toBe('/staff/file-management?search=old+chair');
    expect(fileManagementUrl({ search: '  ' })).toBe('/staff/file-management');
    expect(fileManagementUrl()).toBe('/staff/file-management');
  });
});
