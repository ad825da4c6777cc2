import { AppError, type ErrorCategory } from '../../errors';

/** Refusals of the zip operations (generateZipFileForSubmission, createStaffBasket, zipBundle, staffBasket). */
export const ZipBundleErrorCode = {
  NOT_FOUND: 'ZIP_BUNDLE_NOT_FOUND',
  BASKET_NOT_FOUND: 'STAFF_BASKET_NOT_FOUND',
  NO_FILES: 'ZIP_BUNDLE_NO_FILES',
  BASKET_EMPTY: 'STAFF_BASKET_EMPTY',
  BASKET_TOO_MANY: 'STAFF_BASKET_TOO_MANY_FILES',
  BASKET_FILES_NOT_FOUND: 'STAFF_BASKET_FILES_NOT_FOUND',
  NOT_STARTED: 'ZIP_BUNDLE_NOT_STARTED',
} as const;
export type ZipBundleErrorCode = (typeof ZipBundleErrorCode)[keyof typeof ZipBundleErrorCode];

/** What each message needs to be exact. */
interface Params {
  ZIP_BUNDLE_NOT_FOUND: { id: number };
  STAFF_BASKET_NOT_FOUND: { id: number };
  ZIP_BUNDLE_NO_FILES: Record<string, never>;
  STAFF_BASKET_EMPTY: Record<string, never>;
  STAFF_BASKET_TOO_MANY_FILES: { count: number; max: number };
  STAFF_BASKET_FILES_NOT_FOUND: { ids: number[] };
  ZIP_BUNDLE_NOT_STARTED: Record<string, never>;
}

const MESSAGES: { [C in ZipBundleErrorCode]: (p: Params[C]) => string } = {
  ZIP_BUNDLE_NOT_FOUND: (p) => `Download ${p.id} was not found.`,
  STAFF_BASKET_NOT_FOUND: (p) => `Staff basket ${p.id} was not found.`,
  ZIP_BUNDLE_NO_FILES: () => 'This creation has no files to download yet.',
  STAFF_BASKET_EMPTY: () => 'Choose at least one file for the basket.',
  STAFF_BASKET_TOO_MANY_FILES: (p) => `A basket holds at most ${p.max} files; ${p.count} were chosen.`,
  STAFF_BASKET_FILES_NOT_FOUND: (p) =>
    p.ids.length === 1 ? `File ${p.ids[0]} was not found.` : `These files were not found: ${p.ids.join(', ')}.`,
  ZIP_BUNDLE_NOT_STARTED: () => 'There was an error preparing the download. Please try again later.',
};

const CATEGORY: Record<ZipBundleErrorCode, ErrorCategory> = {
  ZIP_BUNDLE_NOT_FOUND: 'not_found',
  STAFF_BASKET_NOT_FOUND: 'not_found',
  ZIP_BUNDLE_NO_FILES: 'validation',
  STAFF_BASKET_EMPTY: 'validation',
  STAFF_BASKET_TOO_MANY_FILES: 'validation',
  STAFF_BASKET_FILES_NOT_FOUND: 'validation',
  ZIP_BUNDLE_NOT_STARTED: 'conflict',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<ZipBundleErrorCode, string>> = {
  ZIP_BUNDLE_NO_FILES: 'id',
  STAFF_BASKET_EMPTY: 'file_ids',
  STAFF_BASKET_TOO_MANY_FILES: 'file_ids',
  STAFF_BASKET_FILES_NOT_FOUND: 'file_ids',
};

export function zipBundleError<C extends ZipBundleErrorCode>(code: C, params: Params[C], extra: Record<string, unknown> = {}): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], { ...(field ? { validation: { [field]: [message] } } : {}), ...extra });
}

/**
 * Why a zip could not be built, kept in `zip_bundles.error` for the person following it (the
 * download helper shows SPEC 8's own sentence; staff baskets show this one).
 */
export const ZIP_BUILD_MESSAGES = {
  /** A version's stored content is missing, unreadable or not the size its row says. */
  unreadable: (filename: string) => `A file could not be read: “${filename}”.`,
  /** Writing the finished zip to storage failed. */
  notStored: () => 'The zip could not be stored. Please try again later.',
  /** The process building it stopped (a crash or a restart) and it was not finished. */
  interrupted: () => 'Building the zip was interrupted. Please ask for it again.',
  /** Anything else. */
  failed: () => 'The zip could not be built. Please try again later.',
} as const;
