import { describe, expect, it } from 'vitest';
import { DOWNLOAD_OPEN_DELAY_MS, isSettled, zipBundleView } from './zip-bundle';

const bundle = (status: string, added = 0, total = 0, extra: { url?: string | null; error?: string | null } = {}) => ({
  status,
  num_files_added: added,
  num_files_to_add: total,
  url: null,
  error: null,
  ...extra,
});

describe('zipBundleView', () => {
  it('shows progress while pending or building', () => {
    expect(zipBundleView(bundle('PENDING', 0, 0))).toEqual({ phase: 'loading', added: 0, total: 0, percent: null });
    expect(zipBundleView(bundle('BUILDING', 1, 3))).toEqual({ phase: 'loading', added: 1, total: 3, percent: 33 });
  });

  it('never shows more added than there are to add', () => {
    expect(zipBundleView(bundle('BUILDING', 9, 3))).toEqual({ phase: 'loading', added: 3, total: 3, percent: 100 });
    expect(zipBundleView(bundle('BUILDING', -1, 3))).toMatchObject({ added: 0, percent: 0 });
  });

  it('is ready with its URL', () => {
    expect(zipBundleView(bundle('READY', 3, 3, { url: '/files/zips/1.zip' }))).toEqual({ phase: 'ready', url: '/files/zips/1.zip' });
    // READY without a URL yet is still loading.
    expect(zipBundleView(bundle('READY', 3, 3)).phase).toBe('loading');
  });

  it('fails with its error', () => {
    expect(zipBundleView(bundle('FAILED', 1, 3, { error: 'A file is missing from storage.' }))).toEqual({ phase: 'failed', error: 'A file is missing from storage.' });
    expect(zipBundleView(bundle('FAILED', 0, 0, { error: '  ' }))).toEqual({ phase: 'failed', error: null });
  });

  it('stops polling only when ready or failed', () => {
    expect(isSettled(bundle('PENDING'))).toBe(false);
    expect(isSettled(bundle('BUILDING', 1, 2))).toBe(false);
    expect(isSettled(bundle('READY', 2, 2, { url: '/z.zip' }))).toBe(true);
    expect(isSettled(bundle('FAILED'))).toBe(true);
  });

  it('opens a download within SPEC 9’s 100 to 500 ms', () => {
    expect(DOWNLOAD_OPEN_DELAY_MS).toBeGreaterThanOrEqual(100);
    expect(DOWNLOAD_OPEN_DELAY_MS).toBeLessThanOrEqual(500);
  });
});
