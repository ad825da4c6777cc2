import { describe, expect, it } from 'vitest';
import { wantedPath } from './session';

describe('wantedPath', () => {
  it('returns the kept path', () => {
    expect(wantedPath({ from: '/staff/file-management?search=chair' })).toBe('/staff/file-management?search=chair');
  });

  it('defaults to the home page', () => {
    expect(wantedPath(undefined)).toBe('/');
    expect(wantedPath(null)).toBe('/');
    expect(wantedPath({})).toBe('/');
    expect(wantedPath({ from: 42 })).toBe('/');
  });

  it('never leads back to /login or off the site', () => {
    expect(wantedPath({ from: '/login' })).toBe('/');
    expect(wantedPath({ from: '/login?x=1' })).toBe('/');
    expect(wantedPath({ from: '//evil.example' })).toBe('/');
    expect(wantedPath({ from: 'https://evil.example' })).toBe('/');
  });
});
