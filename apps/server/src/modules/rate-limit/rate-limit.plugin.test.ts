import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { rateClassHits } from './rate-limit.plugin';

describe('rateClassHits', () => {
  it('counts the root fields of each class, through inline and named fragments, each named fragment once', () => {
    const document = parse(`
      query Lists {
        a: myItemsSearch { data { id } }
        ... on Query { b: newItemsSearch { data { id } } }
        ...Searches
        ...Searches
        me { MemberID }
      }
      fragment Searches on Query { c: itemsSearch { data { id } } }
      mutation Other { d: myItemsSearch { data { id } } }
    `);
    expect(rateClassHits(document, 'Lists')).toEqual(new Map([['searches', 3]]));
    expect(rateClassHits(document, 'Other')).toEqual(new Map([['searches', 1]]));
    expect(rateClassHits(parse('{ me { MemberID } }'), null)).toEqual(new Map());
  });

  it('answers a parsed document again from what it counted the first time', () => {
    const document = parse('query Lists { myItemsSearch { data { id } } }');
    expect(rateClassHits(document, 'Lists')).toBe(rateClassHits(document, 'Lists'));
  });
});
