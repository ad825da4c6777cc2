import { describe, expect, it } from 'vitest';
import { missingItems, wordCount, type CompletenessInput } from './completeness';

const tagCategory = { attributeGroups: [{ id: 10, attribute_type_id: 8 }, { id: 11, attribute_type_id: 1 }] };
const complete: CompletenessInput = {
  model_type: 'item',
  name: 'Sage Linen Sofa',
  description: 'A deep three-seater sofa in sage linen',
  keywords: 'sofa, linen',
  imageCount: 1,
  category: tagCategory,
  chosenAttributeGroupIds: [10],
};
const codes = (input: Partial<CompletenessInput>) => missingItems({ ...complete, ...input }).map((m) => m.code);

describe('missingItems (SPEC section 5)', () => {
  it('finds nothing missing on a complete creation', () => {
    expect(missingItems(complete)).toEqual([]);
  });

  it('reports each missing item with its message and step', () => {
    const all = missingItems({ model_type: 'item', name: '', description: '', keywords: '', imageCount: 0, category: null, chosenAttributeGroupIds: [] });
    expect(all.map((m) => [m.code, m.message, m.step])).toEqual([
      ['name', 'Missing name', 1],
      ['description', 'Missing description', 1],
      ['category', 'Missing description', 4],
      ['keywords', 'Missing keywords', 1],
      ['images', 'Missing images', 3],
      ['tags', 'Missing tags', 4],
    ]);
  });

  it('a description needs 5 words; blank text counts as missing', () => {
    expect(codes({ description: 'Four words only here' })).toEqual(['descriptionTooShort']);
    // The API's text is SPEC 5's, whichever of the two it is.
    expect(missingItems({ ...complete, description: 'Four words only here' })[0]!.message).toBe('Missing description');
    expect(codes({ description: 'Exactly five words right here' })).toEqual([]);
    expect(codes({ description: '   ', name: ' \n ' })).toEqual(['name', 'description']);
    expect(wordCount('  spaced   out\ttext\n here ')).toBe(4);
  });

  it('tags need a tag group (type 8) in the category and a chosen tag of it', () => {
    expect(codes({ chosenAttributeGroupIds: [11] })).toEqual(['tags']);
    expect(codes({ category: { attributeGroups: [{ id: 11, attribute_type_id: 1 }] }, chosenAttributeGroupIds: [11] })).toEqual(['tags']);
  });

  it('a lot needs furnished, value, floors and both sides of its size; 0 and false are answers', () => {
    const lot = { model_type: 'lot' as const };
    expect(codes({ ...lot })).toEqual(['lotFurnished', 'lotValue', 'lotFloors', 'lotSize']);
    expect(codes({ ...lot, lot: { furnished: false, value: 0, number_of_floors: 1, lot_width: 20, lot_depth: null } })).toEqual(['lotSize']);
    expect(codes({ ...lot, lot: { furnished: false, value: 0, number_of_floors: 1, lot_width: 20, lot_depth: 15 } })).toEqual([]);
  });

  it('a set needs at least one item, fixed on step 1', () => {
    const set = { model_type: 'set' as const };
    expect(missingItems({ ...complete, ...set, children: [] })).toEqual([{ code: 'setItems', message: 'The set has no items', step: 1 }]);
    // A caller that leaves the children out is asking about a set without any.
    expect(codes({ ...set })).toEqual(['setItems']);
    expect(codes({ ...set, children: [{ name: 'Chair', category: null, chosenAttributeGroupIds: [10] }] })).toEqual([]);
  });

  it('an empty set is reported beside its other gaps; other kinds never are', () => {
    const all = missingItems({ model_type: 'set', name: '', description: '', keywords: '', imageCount: 0, category: null, chosenAttributeGroupIds: [], children: [] });
    expect(all.map((m) => m.code)).toEqual(['name', 'description', 'category', 'keywords', 'images', 'setItems', 'tags']);
    for (const model_type of ['item', 'lot', 'room', 'sim', 'mod', 'set_item'] as const) {
      expect(codes({ model_type, lot: { furnished: true, value: 1, number_of_floors: 1, lot_width: 1, lot_depth: 1 } })).not.toContain('setItems');
    }
  });

  it('a set needs tags on every child, a child without a category using the set’s', () => {
    const set = { model_type: 'set' as const };
    expect(codes({ ...set, children: [{ name: 'Chair', category: null, chosenAttributeGroupIds: [10] }] })).toEqual([]);
    const missing = missingItems({ ...complete, ...set, children: [{ name: 'Chair', category: null, chosenAttributeGroupIds: [] }, { name: 'Table', category: tagCategory, chosenAttributeGroupIds: [10] }] });
    expect(missing).toEqual([{ code: 'childTags', message: 'Missing tags', step: 4, childName: 'Chair' }]);
  });
});
