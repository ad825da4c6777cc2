import { describe, expect, it } from 'vitest';
import { progressView } from './progress';

const MiB = 1024 * 1024;

describe('progressView', () => {
  it('gives the percent and both sizes', () => {
    expect(progressView(3.2 * MiB, 48 * MiB)).toEqual({ percent: 6, loadedText: '3.2 MB', totalText: '48 MB' });
    expect(progressView(512, 2048)).toEqual({ percent: 25, loadedText: '512 bytes', totalText: '2 KB' });
  });

  it('never shows 100% before the last byte', () => {
    expect(progressView(48 * MiB - 1, 48 * MiB).percent).toBe(99);
    expect(progressView(48 * MiB, 48 * MiB).percent).toBe(100);
  });

  it('keeps odd reports in range', () => {
    expect(progressView(10, 0)).toEqual({ percent: 0, loadedText: '0 bytes', totalText: '0 bytes' });
    expect(progressView(-5, 100).percent).toBe(0);
    expect(progressView(150, 100)).toEqual({ percent: 100, loadedText: '100 bytes', totalText: '100 bytes' });
  });
});
