import { z } from 'zod';
import { allowedCharactersMessage } from '../text/allowed-characters';

/**
 * Input rules of what hangs off a creation's files and images: image hotspots, object GUIDs and
 * game items. Messages are the ones people see.
 */

/** A text field with the allowed characters of SPEC section 5 and a length limit. */
function text(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .superRefine((value, ctx) => {
      const message = allowedCharactersMessage(label, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** True when `value` parses as an http or https address (SPEC section 5: what counts as a URL). */
export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be 2000 characters or fewer.`)
    .refine(isHttpUrl, `${label} must be a web address starting with http:// or https://.`);

/** A position on an image as a fraction of its width or height: 0 is the left or top edge, 1 the other. */
const fraction = (axis: 'x' | 'y') =>
  z
    .number()
    .min(0, `The hotspot's ${axis} must be between 0 and 1 (a fraction of the image's ${axis === 'x' ? 'width' : 'height'}).`)
    .max(1, `The hotspot's ${axis} must be between 0 and 1 (a fraction of the image's ${axis === 'x' ? 'width' : 'height'}).`);

/** A hotspot links a point on an image to a page (usually the item shown there). */
export const imageHotspotInput = z.object({
  url: httpUrl('The hotspot link'),
  title: text('Hotspot title', 200).nullable().optional(),
  x: fraction('x'),
  y: fraction('y'),
});
/** Updating a hotspot changes only the fields given. */
export const imageHotspotUpdateInput = imageHotspotInput.partial();
export type ImageHotspotInput = z.infer<typeof imageHotspotInput>;

/** A picture's own words (SPEC 7's update of submission images): what it shows; empty clears it. */
export const imageUpdateInput = z.object({ caption: text('The caption', 200) });

/** Matches an object GUID as people type it: up to 16 hex digits, with or without "0x". */
const OBJECT_GUID = /^(?:0x)?([0-9a-f]{1,16})$/i;

/**
 * An object GUID (object definition id, SIMS-FORMATS.md) as stored: 16 lower-case hex digits,
 * left-padded with zeros; null when `value` is not one.
 */
export function normaliseObjectGuid(value: string): string | null {
  const match = OBJECT_GUID.exec(value.trim());
  return match ? match[1]!.toLowerCase().padStart(16, '0') : null;
}

export const OBJECT_GUID_MESSAGE = 'An object GUID is 16 hexadecimal digits (0-9, a-f), like 0x00000000001a2b3c.';

/** A game item a lot or household uses: its name, type, where to download it, which pack it is from. */
export const gameItemInput = z.object({
  name: text('Game item name', 200).refine((v) => v.length > 0, 'Game item name is required.'),
  type: text('Game item type', 100).nullable().optional(),
  download_url: httpUrl('The download link').nullable().optional(),
  expansion_pack: text('Expansion pack', 100).nullable().optional(),
});
export const gameItemUpdateInput = gameItemInput.partial();
export type GameItemInput = z.infer<typeof gameItemInput>;
