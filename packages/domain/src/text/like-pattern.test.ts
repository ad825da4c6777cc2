import { describe, expect, it } from 'vitest';
import { likePattern } from './like-pattern';

describe('likePattern', () => {
  it('uses a value with wildcards as the pattern it is', () => {
    expect(likePattern('%Sofa%')).toBe('%Sofa%');
    expect(likePattern('Sofa%')).toBe('Sofa%');
    expect(likePattern('S_fa')).toBe('S_fa');
  });

  it('looks for a value without wildcards anywhere', () => {
    expect(likePattern('Sofa')).toBe('%Sofa%');
    expect(likePattern('')).toBe('%%');
  });

  it('takes an escaped wildcard as the character itself, and a backslash at the end as a backslash', () => {
    expect(likePattern('50\\% off')).toBe('%50\\% off%');
    expect(likePattern('100\\_')).toBe('%100\\_%');
    expect(likePattern('C:\\')).toBe('%C:\\\\%');
  });
});
