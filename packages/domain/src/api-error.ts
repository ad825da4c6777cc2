/**
 * The error codes (`extensions.code`) where a screen changes rather than only shows the message:
 * step 5 reloads the missing list, the review page shows who holds the lock, sign-in waits out a
 * throttle. The server's error tables define them; a server test holds the two together.
 */
export const API_ERROR = {
  submissionIncomplete: 'SUBMISSION_INCOMPLETE',
  submissionChecksFailed: 'SUBMISSION_CHECKS_FAILED',
  reviewLocked: 'REVIEW_LOCKED',
  rateLimited: 'RATE_LIMITED',
  throttledAccount: 'THROTTLED_ACCOUNT',
  throttledAddress: 'THROTTLED_ADDRESS',
  legacyItemNotFound: 'LEGACY_ITEM_NOT_FOUND',
} as const;
export type ApiErrorCode = (typeof API_ERROR)[keyof typeof API_ERROR];

/** The codes of a refusal that passes with time (`extensions.retryAfter` seconds or `retryAfterMinutes`). */
export const THROTTLE_CODES: readonly string[] = [API_ERROR.rateLimited, API_ERROR.throttledAccount, API_ERROR.throttledAddress];
