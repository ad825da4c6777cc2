import { defineErrors, withIdLists, type ErrorCodeOf } from '../../errors';

export const featuredError = defineErrors({
  FEATURED_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Featured list ${p.id} was not found.` },
  FEATURED_SUBMISSIONS_INVALID: {
    category: 'validation',
    field: 'submission_ids',
    message: (p: { unknown: number[]; notApproved: number[]; repeated: number[] }) =>
      withIdLists('Only approved or published creations can be featured, each once.', {
        'Not found': p.unknown,
        'Not approved': p.notApproved,
        'Listed twice': p.repeated,
      }),
  },
  FEATURED_ORDER_MISMATCH: {
    category: 'validation',
    field: 'submission_ids',
    message: (p: { missing: number[]; unknown: number[]; repeated: number[] }) =>
      withIdLists('The new order must list each creation of this featured list exactly once.', {
        Missing: p.missing,
        'Not in this list': p.unknown,
        'Listed twice': p.repeated,
      }),
  },
});
export type FeaturedErrorCode = ErrorCodeOf<typeof featuredError>;

/** The messages of the featured list's own fields (SPEC 5: type, index and publish_at are required). */
export const FEATURED_FIELD_MESSAGES = {
  typeRequired: 'The type is required.',
  typeTooLong: (max: number) => `The type may have at most ${max} characters.`,
  indexRequired: 'The index is required.',
  indexNegative: 'The index must be 0 or more.',
  publishAtRequired: 'The publish date (publish_at) is required.',
  nameTooLong: (max: number) => `The name may have at most ${max} characters.`,
} as const;
