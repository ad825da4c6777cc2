import { describe, expect, it } from 'vitest';
import { areaOf } from './first-paint';

describe('areaOf', () => {
  it('puts /staff and every path under it in staff’s corner, and the rest in creator’s', () => {
    for (const path of ['/staff', '/staff/', '/staff/review/12']) expect(areaOf(path), path).toBe('staff');
    for (const path of ['/', '/staffroom', '/my-creations', '/login']) expect(areaOf(path), path).toBe('creator');
  });
});
