import { LANGUAGE_CODE } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, languageName, languageOptions } from './languages';

describe('languages', () => {
  it('offers only codes the preferences rule accepts', () => {
    for (const code of LANGUAGE_CODES) expect(code).toMatch(LANGUAGE_CODE);
  });

  it('names languages in English', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
  });

  it('keeps a stored code that is not in the list', () => {
    expect(languageOptions(['eo']).some((o) => o.value === 'eo')).toBe(true);
  });
});
