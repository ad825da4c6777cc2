import { AppError, type ErrorCategory } from '../../errors';

export const FeaturedErrorCode = {
  NOT_FOUND: 'FEATURED_NOT_FOUND',
  SUBMISSIONS_INVALID: 'FEATURED_SUBMISSIONS_INVALID',
  ORDER_MISMATCH: 'FEATURED_ORDER_MISMATCH',
} as const;
export type FeaturedErrorCode = (typeof FeaturedErrorCode)[keyof typeof FeaturedErrorCode];

/** What each message needs to be exact. */
interface Params {
  FEATURED_NOT_FOUND: { id: number };
  FEATURED_SUBMISSIONS_INVALID: { unknown: number[]; notApproved: number[]; repeated: number[] };
  FEATURED_ORDER_MISMATCH: { missing: number[]; unknown: number[]; repeated: number[] };
}

const list = (ids: number[]) => ids.join(', ');

const MESSAGES: { [C in FeaturedErrorCode]: (p: Params[C]) => string } = {
  FEATURED_NOT_FOUND: (p) => `Featured list ${p.id} was not found.`,
  FEATURED_SUBMISSIONS_INVALID: (p) =>
    [
      'Only approved or published creations can be featured, each once.',
      p.unknown.length ? `Not found: ${list(p.unknown)}.` : '',
      p.notApproved.length ? `Not approved: ${list(p.notApproved)}.` : '',
      p.repeated.length ? `Listed twice: ${list(p.repeated)}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  FEATURED_ORDER_MISMATCH: (p) =>
    [
      'The new order must list each creation of this featured list exactly once.',
      p.missing.length ? `Missing: ${list(p.missing)}.` : '',
      p.unknown.length ? `Not in this list: ${list(p.unknown)}.` : '',
      p.repeated.length ? `Listed twice: ${list(p.repeated)}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
};

const CATEGORY: Record<FeaturedErrorCode, ErrorCategory> = {
  FEATURED_NOT_FOUND: 'not_found',
  FEATURED_SUBMISSIONS_INVALID: 'validation',
  FEATURED_ORDER_MISMATCH: 'validation',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<FeaturedErrorCode, string>> = {
  FEATURED_SUBMISSIONS_INVALID: 'submission_ids',
  FEATURED_ORDER_MISMATCH: 'submission_ids',
};

export function featuredError<C extends FeaturedErrorCode>(code: C, params: Params[C]): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], field ? { validation: { [field]: [message] } } : {});
}

/** The messages of the featured list's own fields (SPEC 5: type, index and publish_at are required). */
export const FEATURED_FIELD_MESSAGES = {
  typeRequired: 'The type is required.',
  typeTooLong: (max: number) => `The type may have at most ${max} characters.`,
  indexRequired: 'The index is required.',
  indexNegative: 'The index must be 0 or more.',
  publishAtRequired: 'The publish date (publish_at) is required.',
  nameTooLong: (max: number) => `The name may have at most ${max} characters.`,
} as const;
