import { formatBytes, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '@corner/domain';
import { defineErrors, withIdLists, type AppError, type ErrorCodeOf } from '../../errors';

export const imageError = defineErrors({
  IMAGE_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Image ${p.id} was not found.` },
  IMAGE_TOO_LARGE: {
    category: 'validation',
    field: 'file',
    message: (p: { size: number; max: number }) => UPLOAD_MESSAGES.imageTooLarge(p.size, p.max),
    // Sizes in `extensions` too: the web app may show its own wording.
    extensions: (p) => ({ size: p.size, max: p.max, maxText: formatBytes(p.max) }),
  },
  IMAGE_NOT_AN_IMAGE: { category: 'validation', field: 'file', message: (p: { filename: string }) => UPLOAD_MESSAGES.notAnImage(p.filename) },
  IMAGE_EMPTY: { category: 'validation', field: 'file', message: (p: { filename: string }) => UPLOAD_MESSAGES.empty(p.filename) },
  IMAGE_TOO_MANY_PIXELS: {
    category: 'validation',
    field: 'file',
    message: (p: { width: number; height: number }) =>
      `The image is ${p.width} × ${p.height} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  },
  IMAGE_UPLOAD_LOST: { category: 'conflict', message: (p: { filename: string }) => `“${p.filename}” could not be kept. Please upload it again.` },
  IMAGE_ORDER_MISMATCH: {
    category: 'validation',
    field: 'image_ids',
    message: (p: { missing: number[]; unknown: number[]; repeated: number[] }) =>
      withIdLists("The new order must list each of this creation's images exactly once.", {
        Missing: p.missing,
        'Not images of this creation': p.unknown,
        'Listed twice': p.repeated,
      }),
  },
  HOTSPOT_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Hotspot ${p.id} was not found.` },
  /** `validation` maps each field of the hotspot to its messages; the first one is the message. */
  IMAGE_INVALID: {
    category: 'validation',
    message: (p: { validation: Record<string, string[]> }) => Object.values(p.validation)[0]?.[0] ?? 'The image’s details are not valid.',
    extensions: (p) => ({ validation: p.validation }),
  },
  HOTSPOT_INVALID: {
    category: 'validation',
    message: (p: { validation: Record<string, string[]> }) => Object.values(p.validation)[0]?.[0] ?? 'The hotspot is not valid.',
    extensions: (p) => ({ validation: p.validation }),
  },
});
export type ImageErrorCode = ErrorCodeOf<typeof imageError>;

export function imageTooLarge(size: number, max: number): AppError {
  return imageError('IMAGE_TOO_LARGE', { size, max });
}
