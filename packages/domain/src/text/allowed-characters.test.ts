import { describe, expect, it } from 'vitest';
import { allowedCharactersMessage, disallowedCharacters } from './allowed-characters';

describe('allowed characters (SPEC section 5)', () => {
  it('accepts letters of any language, digits, space, line breaks, brackets and the listed punctuation', () => {
    const ok = 'Café Ünïcödé 123\nline two\r\n(x) [y] {z} ! " ´ _ \' - , + . & ? # @ $ § ; :';
    expect(disallowedCharacters(ok)).toEqual([]);
    expect(allowedCharactersMessage('Name', ok)).toBeNull();
    expect(allowedCharactersMessage('Name', '')).toBeNull();
  });

  it('names each offending character once, in order', () => {
    expect(disallowedCharacters('50% off / now 50%!')).toEqual(['%', '/']);
    expect(allowedCharactersMessage('Description', 'a < b')).toBe('Description contains a character that is not allowed: "<".');
    expect(allowedCharactersMessage('Keywords', 'sofa 🛋️, chair* ~')).toBe('Keywords contains characters that are not allowed: "🛋", "*", "~".');
  });

  it('names invisible characters instead of quoting nothing', () => {
    expect(allowedCharactersMessage('Name', 'a\u00a0b')).toBe('Name contains a character that is not allowed: non-breaking space.');
  });
});
