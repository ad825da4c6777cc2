import { describe, expect, it } from 'vitest';
import { readSiteConfig } from './site-config';

describe('readSiteConfig', () => {
  it('reads the main site and the HTTP timeout', () => {
    expect(readSiteConfig({ mainSiteUrl: 'https://main.test/', httpTimeoutMs: 15000, uploads: {} })).toEqual({ mainSiteUrl: 'https://main.test/', httpTimeoutMs: 15000 });
  });

  it('takes a missing or unusable timeout as none (0)', () => {
    for (const httpTimeoutMs of [undefined, null, -5, 1.5, '100', Number.NaN]) {
      expect(readSiteConfig({ mainSiteUrl: 'https://main.test/', httpTimeoutMs }).httpTimeoutMs).toBe(0);
    }
  });

  it('refuses a body without a main site URL (the fallback stays)', () => {
    expect(() => readSiteConfig({ httpTimeoutMs: 100 })).toThrow('mainSiteUrl is missing');
    expect(() => readSiteConfig(null)).toThrow('mainSiteUrl is missing');
  });

  it('reads a demo instance’s sign-ins, keeping only whole entries, and none on a real instance', () => {
    const demo = {
      password: 'corner-demo',
      members: [{ email: 'staff@corner.test', what: 'Submissions', tryThis: 'approve one' }, { email: 'broken@corner.test' }],
    };
    expect(readSiteConfig({ mainSiteUrl: 'https://main.test/', demo }).demo).toEqual({ password: 'corner-demo', members: [{ email: 'staff@corner.test', what: 'Submissions', tryThis: 'approve one' }] });
    expect(readSiteConfig({ mainSiteUrl: 'https://main.test/', demo: null }).demo).toBeUndefined();
    expect(readSiteConfig({ mainSiteUrl: 'https://main.test/', demo: { members: [] } }).demo).toBeUndefined();
  });
});
