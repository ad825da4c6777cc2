import { describe, expect, it } from 'vitest';
import { formatRelative } from './relative-time';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('reads a moment ago as just now', () => {
    expect(formatRelative(ago(10), NOW)).toBe('just now');
    expect(formatRelative(ago(-20), NOW)).toBe('just now');
  });

  it('uses the largest unit that fits', () => {
    expect(formatRelative(ago(5 * 60), NOW)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3600), NOW)).toBe('yesterday');
    expect(formatRelative(ago(15 * 86400), NOW)).toBe('2 weeks ago');
    expect(formatRelative(ago(400 * 86400), NOW)).toBe('last year');
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatRelative('soon', NOW)).toBe('soon');
  });
});
