import { MIN_DESCRIPTION_WORDS, type ModelType } from './submission';

/** The attribute type of tags (SPEC section 5). */
export const TAG_ATTRIBUTE_TYPE = 8;

/** The edit step each missing item is fixed on (DESIGN section 4). */
export type EditStep = 1 | 2 | 3 | 4 | 5;

export type MissingCode =
  | 'name'
  | 'description'
  | 'descriptionTooShort'
  | 'category'
  | 'keywords'
  | 'images'
  | 'lotFurnished'
  | 'lotValue'
  | 'lotFloors'
  | 'lotSize'
  | 'tags'
  | 'childTags'
  | 'setItems';

export interface MissingItem {
  code: MissingCode;
  message: string;
  step: EditStep;
  /** For a set: which child the item is about. */
  childName?: string;
}

/** What the completeness check needs to know about a creation's category. */
export interface CompletenessCategory {
  /** The attribute groups the category offers, with their type. */
  attributeGroups: readonly { id: number; attribute_type_id: number }[];
}

/** The facts the completeness check reads (the server and the web app both build this). */
export interface CompletenessInput {
  model_type: ModelType;
  name: string | null | undefined;
  description: string | null | undefined;
  keywords: string | null | undefined;
  imageCount: number;
  category: CompletenessCategory | null;
  /** The attribute groups of the chosen attributes (tags and others). */
  chosenAttributeGroupIds: readonly number[];
  lot?: {
    furnished: boolean | null | undefined;
    value: number | null | undefined;
    number_of_floors: number | null | undefined;
    lot_width: number | null | undefined;
    lot_depth: number | null | undefined;
  };
  /**
   * A set's children, each checked for tags (SPEC: for a set, every child must satisfy this). A set
   * needs at least one (docs/decisions.md, "Completeness: an empty set").
   */
  children?: readonly {
    name: string;
    category: CompletenessCategory | null;
    chosenAttributeGroupIds: readonly number[];
  }[];
}

export function wordCount(text: string | null | undefined): number {
  return (text ?? '').trim().split(/\s+/u).filter(Boolean).length;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';
const absent = (v: unknown) => v === null || v === undefined;

/** Tags are complete when the category has a tag group and one of its tags is chosen. */
function hasTags(category: CompletenessCategory | null, chosenGroupIds: readonly number[]): boolean {
  if (!category) return false;
  const tagGroups = category.attributeGroups.filter((g) => g.attribute_type_id === TAG_ATTRIBUTE_TYPE).map((g) => g.id);
  return tagGroups.length > 0 && chosenGroupIds.some((id) => tagGroups.includes(id));
}

/**
 * The completeness check of SPEC section 5: everything still missing before a creation can be
 * submitted, each with the step where it is fixed. An empty list means it can be submitted.
 */
export function missingItems(input: CompletenessInput): MissingItem[] {
  const missing: MissingItem[] = [];
  const add = (code: MissingCode, message: string, step: EditStep, childName?: string) =>
    missing.push(childName === undefined ? { code, message, step } : { code, message, step, childName });

  if (blank(input.name)) add('name', 'Missing name', 1);
  if (blank(input.description)) add('description', 'Missing description', 1);
  else if (wordCount(input.description) < MIN_DESCRIPTION_WORDS) {
    // SPEC 5's words, which clients match on: "Missing description, or description too short".
    add('descriptionTooShort', 'Missing description', 1);
  }
  // SPEC 5: "Missing description when there is no category" (the code says what is missing).
  if (!input.category) add('category', 'Missing description', 4);
  if (blank(input.keywords)) add('keywords', 'Missing keywords', 1);
  if (input.imageCount < 1) add('images', 'Missing images', 3);
  if (input.model_type === 'lot') {
    const lot = input.lot;
    if (absent(lot?.furnished)) add('lotFurnished', 'Missing lot furnished value', 1);
    if (absent(lot?.value)) add('lotValue', 'Missing lot value', 1);
    if (absent(lot?.number_of_floors)) add('lotFloors', 'Missing lot number of floors', 1);
    if (absent(lot?.lot_width) || absent(lot?.lot_depth)) add('lotSize', 'Missing lot size', 1);
  }
  if (input.model_type === 'set') {
    // SPEC 5 is silent here; a set without items offers nothing to download (docs/decisions.md).
    if (!input.children?.length) add('setItems', 'The set has no items', 1);
    if (!hasTags(input.category, input.chosenAttributeGroupIds)) add('tags', 'Missing tags', 4);
    for (const child of input.children ?? []) {
      if (!hasTags(child.category ?? input.category, child.chosenAttributeGroupIds)) {
        add('childTags', 'Missing tags', 4, child.name);
      }
    }
  } else if (!hasTags(input.category, input.chosenAttributeGroupIds)) {
    add('tags', 'Missing tags', 4);
  }
  return missing;
}
