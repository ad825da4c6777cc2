import { z } from 'zod';
import { FEEDBACK_OPTIONS, NOTIFICATION_OPTIONS, RECOLOR_OPTIONS, SHARING_OPTIONS, SOCIAL_MEDIA_OPTIONS } from '../submission/options';
import { oneOf } from '../submission/input';
import { COLOR_SCHEMES } from './color-scheme';

/** Language codes a creator can list in their preferences. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/**
 * The rules for updating member preferences (SPEC section 3). Every field is optional: an update
 * changes only what it names. `expansion_packs` is the full list of owned pack ids.
 */
export const memberPreferencesInput = z
  .object({
    terms_of_use: z.boolean(),
    about: z.string().max(5000, 'About must be 5000 characters or fewer.').nullable(),
    expansion_packs: z.array(z.number().int().positive()).max(500),
    feedback_option: oneOf(FEEDBACK_OPTIONS, 'Choose one of the feedback options.'),
    recolor_option: oneOf(RECOLOR_OPTIONS, 'Choose one of the recolour options.'),
    default_sharing_option: oneOf(SHARING_OPTIONS, 'Choose one of the sharing options.'),
    default_social_media_option: oneOf(SOCIAL_MEDIA_OPTIONS, 'Choose one of the social media options.'),
    notification_option: oneOf(NOTIFICATION_OPTIONS, 'Choose one of the notification options.'),
    notification_on_approved: z.boolean(),
    notification_on_publish: z.boolean(),
    show_country_option: z.boolean(),
    languages: z.array(z.string().regex(LANGUAGE_CODE, 'Languages are codes like "en" or "pt-BR".')).max(50),
    color_scheme: z.enum(COLOR_SCHEMES, { message: 'Choose auto, light or dark.' }),
  })
  .partial();

export type MemberPreferencesInput = z.infer<typeof memberPreferencesInput>;

/** A loose e-mail shape check: something@something.tld, no spaces. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
