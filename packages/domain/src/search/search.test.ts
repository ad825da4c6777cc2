import { describe, expect, it } from 'vitest';
import { editDistance, queryWords, tsQueryText, typoAlternatives, typoAllowance } from './search';

describe('a visitor’s words', () => {
  it('are letters and digits only, lower case, at most twelve', () => {
    expect(queryWords("Velvet SOFA's & <b>x</b> 'or' 1!")).toEqual(['velvet', 'sofa', 's', 'b', 'x', 'b', 'or', '1']);
    expect(queryWords('a b c d e f g h i j k l m n')).toHaveLength(12);
  });

  it('become a tsquery where each must match, the last also as a prefix, a typo with its alternatives', () => {
    expect(tsQueryText([{ word: 'velvet' }, { word: 'sof' }])).toBe('velvet & sof:*');
    expect(tsQueryText([{ word: 'velvit', alternatives: ['velvet'] }, { word: 'sofa' }])).toBe('(velvit | velvet) & sofa:*');
    expect(tsQueryText([{ word: 'bensh', alternatives: ['bench', 'bens'] }])).toBe('(bensh:* | bench | bens)');
    expect(tsQueryText([])).toBeNull();
    // A last word with its completions from the index is looked up whole.
    expect(tsQueryText([{ word: 'velvet' }, { word: 'sof', completions: ['sofa', 'sofabed'] }])).toBe('velvet & (sof | sofa | sofabed)');
    expect(tsQueryText([{ word: 'sofa', completions: ['sofa'], alternatives: ['soda'] }])).toBe('(sofa | soda)');
  });
});

describe('typos', () => {
  it('allow none up to 2 letters, one up to 5, two beyond', () => {
    expect([typoAllowance('of'), typoAllowance('sofa'), typoAllowance('bensh'), typoAllowance('vintge')]).toEqual([0, 1, 1, 2]);
  });

  it('count insertions, deletions, substitutions and swaps of neighbours as one each', () => {
    expect(editDistance('bench', 'bensh')).toBe(1);
    expect(editDistance('chair', 'chiar')).toBe(1);
    expect(editDistance('vintage', 'vintge')).toBe(1);
    expect(editDistance('velvet', 'velvit')).toBe(1);
    expect(editDistance('sofa', 'sofa')).toBe(0);
    expect(editDistance('lamp', 'chair')).toBe(4);
  });

  it('keep the close words within the allowance', () => {
    expect(typoAlternatives('bensh', ['bench', 'bensh', 'beach', 'bunch', 'benches'])).toEqual(['bench']);
    expect(typoAlternatives('vintge', ['vintage', 'vintages', 'wine'])).toEqual(['vintage', 'vintages']);
    expect(typoAlternatives('ab', ['ac'])).toEqual([]);
    expect(typoAlternatives('sofa', ['so-fa', 'sofà'])).toEqual(['sofà']);
  });
});
