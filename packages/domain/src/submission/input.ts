import { z } from 'zod';
import { allowedCharactersMessage } from '../text/allowed-characters';
import { CURRENT_GAME_VERSION } from './submission';
import { FEEDBACK_OPTIONS, RECOLOR_OPTIONS } from './options';

/** How each text field is called on screen, for messages. */
export const TEXT_FIELD_LABELS = {
  name: 'Name',
  description: 'Description',
  keywords: 'Keywords',
  notes: 'Notes',
  credits_to: 'Credits',
  terms_notes: 'Terms notes',
} as const;

/** Limits of the text fields, in characters. */
export const TEXT_LIMITS = {
  name: 100,
  description: 5000,
  keywords: 500,
  notes: 2000,
  credits_to: 1000,
  terms_notes: 2000,
} as const;

/** A text field that must only hold allowed characters (SPEC section 5) and fit its limit. */
function text(field: keyof typeof TEXT_FIELD_LABELS) {
  const label = TEXT_FIELD_LABELS[field];
  return z
    .string()
    .max(TEXT_LIMITS[field], `${label} must be ${TEXT_LIMITS[field]} characters or fewer.`)
    .superRefine((value, ctx) => {
      const message = allowedCharactersMessage(label, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

const httpUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'Enter a web address starting with http:// or https://.');

const count = (label: string, max: number) =>
  z.number().int(`${label} must be a whole number.`).min(0, `${label} cannot be negative.`).max(max, `${label} must be ${max} or less.`);

/** A number from a fixed list of option values. */
export function oneOf(values: readonly number[], message: string) {
  return z.number().int().refine((v) => values.includes(v), message);
}

/** Creating any kind needs a name and a description (SPEC section 5). */
export const createSubmissionInput = z.object({
  name: text('name').refine((v) => v.trim().length > 0, 'Name is required.'),
  description: text('description').refine((v) => v.trim().length > 0, 'Description is required.'),
});

/** Item and set item fields. */
export const itemFieldsInput = z
  .object({
    is_recolor: z.boolean(),
    max_polycount: count('Maximum polycount', 10_000_000).nullable(),
  })
  .partial();

/** Lot fields: value in simoleons, size in tiles, floors. */
export const lotFieldsInput = z
  .object({
    value: count('Lot value', 1_000_000_000).nullable(),
    lot_width: z.number().int().min(1, 'Lot width must be at least 1.').max(64, 'Lot width must be 64 or less.').nullable(),
    lot_depth: z.number().int().min(1, 'Lot depth must be at least 1.').max(64, 'Lot depth must be 64 or less.').nullable(),
    furnished: z.boolean().nullable(),
    number_of_floors: z.number().int().min(1, 'A lot has at least 1 floor.').max(10, 'A lot has 10 floors or fewer.').nullable(),
  })
  .partial();

export const requiredItemInput = z.object({
  type: z.enum(['url', 'id', 'old_item_id']),
  download: z.string().trim().min(1, 'A required item needs an id or a web address.').max(2000),
  title: z.string().max(200).nullable().optional(),
});

export const externalUrlInput = z.object({
  url: httpUrl,
  name: z.string().max(200).nullable().optional(),
  image: httpUrl.nullable().optional(),
});

/**
 * Everything a creator edits across the five steps (SPEC section 3 "Submission properties").
 * Every field is optional: an update changes only what it names; lists replace the whole list.
 */
export const submissionPropertiesInput = z
  .object({
    name: text('name').refine((v) => v.trim().length > 0, 'Name cannot be empty.'),
    description: text('description'),
    notes: text('notes').nullable(),
    credits_to: text('credits_to').nullable(),
    keywords: text('keywords').nullable(),
    terms_notes: text('terms_notes').nullable(),
    video_url: httpUrl.nullable(),
    game_version: z.number().int().min(1).max(CURRENT_GAME_VERSION),
    polycount: count('Polycount', 10_000_000).nullable(),
    feedback_option: oneOf(FEEDBACK_OPTIONS, 'Choose one of the feedback options.').nullable(),
    recolor_option: oneOf(RECOLOR_OPTIONS, 'Choose one of the recolour options.').nullable(),
    can_be_shared: z.boolean().nullable(),
    enable_social_media_links: z.boolean().nullable(),
    tsr_exclusive: z.boolean().nullable(),
    category_id: z.number().int().positive().nullable(),
    attributes: z.array(z.number().int().positive()).max(200),
    themes: z.array(z.number().int().positive()).max(50),
    collaborations: z.array(z.number().int().positive()).max(50),
    collections: z.array(z.number().int().positive()).max(50),
    recommended_items: z.array(z.number().int().positive()).max(50),
    required_items: z.array(requiredItemInput).max(100),
    external_urls: z.array(externalUrlInput).max(50),
  })
  .partial();

export type CreateSubmissionInput = z.infer<typeof createSubmissionInput>;
export type SubmissionPropertiesInput = z.infer<typeof submissionPropertiesInput>;
export type ItemFieldsInput = z.infer<typeof itemFieldsInput>;
export type LotFieldsInput = z.infer<typeof lotFieldsInput>;

/** zod issues as Lighthouse's `validation` map: `input.field` → messages. */
export function validationMap(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = 'input'): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
