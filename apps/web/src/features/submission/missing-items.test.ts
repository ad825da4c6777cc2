import { missingItems } from '@corner/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../app/i18n/en.json';
import { MISSING_ITEM_KEYS, missingItemText } from './missing-items';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
const t = i18n.t.bind(i18n);

describe('missingItemText', () => {
  it('has wording in en.json for every completeness code', () => {
    for (const key of Object.values(MISSING_ITEM_KEYS)) expect(i18n.exists(key), key).toBe(true);
  });

  it('says what to do, by code, instead of the spec’s "Missing …" messages', () => {
    const lot = missingItems({ model_type: 'lot', name: 'Home', description: 'Two', keywords: 'home', imageCount: 1, category: null, chosenAttributeGroupIds: [] });
    expect(lot.map((item) => missingItemText(t, item))).toEqual([
      'Make the description at least 5 words long',
      'Choose a category',
      'Say whether the lot is furnished',
      "Enter the lot's value",
      "Enter the lot's number of floors",
      "Enter the lot's width and depth",
      'Choose at least one tag',
    ]);
    expect(missingItemText(t, { code: 'childTags', message: 'Missing tags on "Chair"', step: 4, childName: 'Chair' })).toBe('Choose at least one tag for “Chair”');
    expect(missingItemText(t, { code: 'setItems', message: 'The set has no items', step: 1 })).toBe('Add at least one item to the set');
  });

  it('keeps the server’s message for a code it does not know', () => {
    expect(missingItemText(t, { code: 'somethingNew', message: 'Missing something new', step: 2 })).toBe('Missing something new');
    expect(missingItemText(t, { code: 'toString', message: 'Missing toString', step: 2 })).toBe('Missing toString');
  });
});
