import { MIN_DESCRIPTION_WORDS, type MissingCode } from '@corner/domain';
import type { TFunction } from 'i18next';

/** A completeness item as the API sends it (`MissingItem`). */
export interface MissingItemView {
  code: string;
  message: string;
  step: number;
  childName?: string | null;
}

/**
 * The creator's wording of each completeness code, under "completeness" in en.json. The domain's
 * English messages stay as SPEC section 5 words them (the API and its tests read those); the web app
 * says what to do instead. Typed by the domain's codes, so a new code needs its wording here.
 */
export const MISSING_ITEM_KEYS = {
  name: 'completeness.name',
  description: 'completeness.description',
  descriptionTooShort: 'completeness.descriptionTooShort',
  category: 'completeness.category',
  keywords: 'completeness.keywords',
  images: 'completeness.images',
  lotFurnished: 'completeness.lotFurnished',
  lotValue: 'completeness.lotValue',
  lotFloors: 'completeness.lotFloors',
  lotSize: 'completeness.lotSize',
  tags: 'completeness.tags',
  childTags: 'completeness.childTags',
  setItems: 'completeness.setItems',
} as const satisfies Record<MissingCode, `completeness.${string}`>;

function isMissingCode(code: string): code is MissingCode {
  return Object.hasOwn(MISSING_ITEM_KEYS, code);
}

/** What a missing item tells the creator; a code this build does not know keeps the server's message. */
export function missingItemText(t: TFunction, item: MissingItemView): string {
  if (!isMissingCode(item.code)) return item.message;
  return t(MISSING_ITEM_KEYS[item.code], { min: MIN_DESCRIPTION_WORDS, name: item.childName ?? '' });
}
