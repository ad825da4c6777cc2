import { describe, expect, it } from 'vitest';
import {
  editStepPath,
  effectiveSort,
  listQueryParams,
  listUrl,
  readListParams,
  readUploadParams,
  uploadPath,
  writeListParams,
} from './urls';

describe('edit step paths', () => {
  it('builds /my-creations/edit/step-{n}/{type}/{itemId}', () => {
    expect(editStepPath(4, 'lot', 12)).toBe('/my-creations/edit/step-4/lot/12');
  });
});

describe('upload params', () => {
  it('reads a known kind and ignores others', () => {
    expect(readUploadParams(new URLSearchParams('kind=lot'))).toEqual({ kind: 'lot' });
    expect(readUploadParams(new URLSearchParams('kind=set_item'))).toEqual({ kind: null });
    expect(readUploadParams(new URLSearchParams(''))).toEqual({ kind: null });
  });

  it('writes ?kind= only with a kind', () => {
    expect(uploadPath({ kind: 'mod' })).toBe('/upload?kind=mod');
    expect(uploadPath()).toBe('/upload');
  });
});

describe('list params', () => {
  it('reads search, sort, order and page', () => {
    expect(readListParams(new URLSearchParams('search=sofa&sort=name&order=desc&page=3'))).toEqual({
      search: 'sofa',
      sort: { field: 'name', order: 'desc' },
      page: 3,
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({ search: '', sort: null, page: 1 });
    expect(readListParams(new URLSearchParams('sort=password&page=-2'))).toEqual({ search: '', sort: null, page: 1 });
    expect(readListParams(new URLSearchParams('sort=updated_at&order=sideways&page=1.5'))).toEqual({
      search: '',
      sort: { field: 'updated_at', order: 'desc' },
      page: 1,
    });
    expect(readListParams(new URLSearchParams('sort=name')).sort).toEqual({ field: 'name', order: 'asc' });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeListParams({ search: '  ', sort: null, page: 1 }).toString()).toBe('');
    expect(writeListParams({ search: 'old sofa', sort: { field: 'name', order: 'asc' }, page: 2 }).toString()).toBe(
      'search=old+sofa&sort=name&page=2',
    );
    expect(writeListParams({ sort: { field: 'created_at', order: 'asc' } }).toString()).toBe('sort=created_at&order=asc');
  });

  it('round-trips through the URL', () => {
    const params = { search: 'lamp', sort: { field: 'publish_at', order: 'asc' }, page: 4 } as const;
    expect(readListParams(writeListParams(params))).toEqual(params);
    expect(listUrl('/published', params)).toBe('/published?search=lamp&sort=publish_at&order=asc&page=4');
    expect(listUrl('/published', {})).toBe('/published');
  });

  it('uses the queue order when the URL names no sort', () => {
    expect(effectiveSort('approved', readListParams(new URLSearchParams('')))).toEqual({ field: 'publish_at', order: 'desc' });
    expect(effectiveSort('approved', readListParams(new URLSearchParams('sort=name')))).toEqual({ field: 'name', order: 'asc' });
  });

  it('turns into queryParams for myItemsSearch and myItemsCount', () => {
    expect(listQueryParams('waiting', { search: ' sofa ', sort: null, page: 2 }, 20)).toEqual({
      queue: 'waiting',
      search: 'sofa',
      first: 20,
      page: 2,
    });
    expect(listQueryParams('all', { search: '', sort: { field: 'name', order: 'asc' }, page: 1 }, 20)).toEqual({
      queue: 'all',
      sort: 'name',
      order: 'asc',
      first: 20,
      page: 1,
    });
  });
});
