import { describe, expect, it } from 'vitest';
import { isEmail, memberPreferencesInput } from './preferences';

describe('memberPreferencesInput', () => {
  it('accepts a partial update', () => {
    expect(memberPreferencesInput.parse({ languages: ['en', 'pt-BR'] })).toEqual({ languages: ['en', 'pt-BR'] });
  });
  it('names what is wrong', () => {
    const r = memberPreferencesInput.safeParse({ languages: ['English'], feedback_option: 12 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['feedback_option', 'languages.0']);
  });
});

describe('isEmail', () => {
  it.each([
    ['creator@corner.test', true],
    ['a.b+c@sub.example.org', true],
    ['', false],
    ['no-at-sign', false],
    ['two@@corner.test', false],
    ['spaces in@corner.test', false],
  ])('%s → %s', (value, ok) => expect(isEmail(value)).toBe(ok));
});
