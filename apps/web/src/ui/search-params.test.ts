import { describe, expect, it } from 'vitest';
import { positiveIntParam } from './search-params';

describe('positiveIntParam', () => {
  it('reads positive whole numbers', () => {
    expect(positiveIntParam('1')).toBe(1);
    expect(positiveIntParam('250')).toBe(250);
  });

  it('answers null for everything else', () => {
    for (const value of [null, '', '0', '-2', '1.5', '2.0', '1e3', ' 3', '07', 'page', '99999999999999999999']) {
      expect(positiveIntParam(value), String(value)).toBeNull();
    }
  });
});
