import { formatBytes, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '@corner/domain';
import { AppError, type ErrorCategory } from '../../errors';

export const ImageErrorCode = {
  NOT_FOUND: 'IMAGE_NOT_FOUND',
  TOO_LARGE: 'IMAGE_TOO_LARGE',
  NOT_AN_IMAGE: 'IMAGE_NOT_AN_IMAGE',
  EMPTY: 'IMAGE_EMPTY',
  TOO_MANY_PIXELS: 'IMAGE_TOO_MANY_PIXELS',
  UPLOAD_LOST: 'IMAGE_UPLOAD_LOST',
  ORDER_MISMATCH: 'IMAGE_ORDER_MISMATCH',
  HOTSPOT_NOT_FOUND: 'HOTSPOT_NOT_FOUND',
  HOTSPOT_INVALID: 'HOTSPOT_INVALID',
} as const;
export type ImageErrorCode = (typeof ImageErrorCode)[keyof typeof ImageErrorCode];

/** What each message needs to be exact. */
interface Params {
  IMAGE_NOT_FOUND: { id: number };
  IMAGE_TOO_LARGE: { size: number; max: number };
  IMAGE_NOT_AN_IMAGE: { filename: string };
  IMAGE_EMPTY: { filename: string };
  IMAGE_TOO_MANY_PIXELS: { width: number; height: number };
  IMAGE_UPLOAD_LOST: { filename: string };
  IMAGE_ORDER_MISMATCH: { missing: number[]; unknown: number[]; repeated: number[] };
  HOTSPOT_NOT_FOUND: { id: number };
  HOTSPOT_INVALID: { message: string };
}

const list = (ids: number[]) => ids.join(', ');

const MESSAGES: { [C in ImageErrorCode]: (p: Params[C]) => string } = {
  IMAGE_NOT_FOUND: (p) => `Image ${p.id} was not found.`,
  IMAGE_TOO_LARGE: (p) => UPLOAD_MESSAGES.imageTooLarge(p.size, p.max),
  IMAGE_NOT_AN_IMAGE: (p) => UPLOAD_MESSAGES.notAnImage(p.filename),
  IMAGE_EMPTY: (p) => UPLOAD_MESSAGES.empty(p.filename),
  IMAGE_TOO_MANY_PIXELS: (p) =>
    `The image is ${p.width} × ${p.height} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  IMAGE_UPLOAD_LOST: (p) => `“${p.filename}” could not be kept. Please upload it again.`,
  IMAGE_ORDER_MISMATCH: (p) =>
    [
      "The new order must list each of this creation's images exactly once.",
      p.missing.length ? `Missing: ${list(p.missing)}.` : '',
      p.unknown.length ? `Not images of this creation: ${list(p.unknown)}.` : '',
      p.repeated.length ? `Listed twice: ${list(p.repeated)}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  HOTSPOT_NOT_FOUND: (p) => `Hotspot ${p.id} was not found.`,
  HOTSPOT_INVALID: (p) => p.message,
};

const CATEGORY: Record<ImageErrorCode, ErrorCategory> = {
  IMAGE_NOT_FOUND: 'not_found',
  IMAGE_TOO_LARGE: 'validation',
  IMAGE_NOT_AN_IMAGE: 'validation',
  IMAGE_EMPTY: 'validation',
  IMAGE_TOO_MANY_PIXELS: 'validation',
  IMAGE_UPLOAD_LOST: 'conflict',
  IMAGE_ORDER_MISMATCH: 'validation',
  HOTSPOT_NOT_FOUND: 'not_found',
  HOTSPOT_INVALID: 'validation',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<ImageErrorCode, string>> = {
  IMAGE_TOO_LARGE: 'file',
  IMAGE_NOT_AN_IMAGE: 'file',
  IMAGE_EMPTY: 'file',
  IMAGE_TOO_MANY_PIXELS: 'file',
  IMAGE_ORDER_MISMATCH: 'image_ids',
};

export function imageError<C extends ImageErrorCode>(code: C, params: Params[C], extra: Record<string, unknown> = {}): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], { ...(field ? { validation: { [field]: [message] } } : {}), ...extra });
}

/** Sizes in messages and in `extensions` (the web app may show its own wording). */
export function imageTooLarge(size: number, max: number): AppError {
  return imageError('IMAGE_TOO_LARGE', { size, max }, { size, max, maxText: formatBytes(max) });
}
