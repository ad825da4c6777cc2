import { describe, expect, it } from 'vitest';
import { cutText } from './text';

describe('cutText', () => {
  const url = `https://corner.test/6/images/13?expires=1795341600&signature=${'a'.repeat(300)}`;

  it('cuts after 200 characters and marks the cut (SPEC section 2: the lightbox URL)', () => {
    const cut = cutText(url, 200);
    expect(cut).toBe(`${url.slice(0, 200)}…`);
    expect(Array.from(cut)).toHaveLength(201);
  });

  it('leaves text of 200 characters or fewer as it is', () => {
    expect(cutText('x'.repeat(200), 200)).toBe('x'.repeat(200));
    expect(cutText('/6/images/13', 200)).toBe('/6/images/13');
    expect(cutText('', 200)).toBe('');
  });

  it('never splits a character made of two code units', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀…');
  });
});
