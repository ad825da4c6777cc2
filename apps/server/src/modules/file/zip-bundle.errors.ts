import { defineErrors, type ErrorCodeOf } from '../../errors';

/** Refusals of the zip operations (generateZipFileForSubmission, createStaffBasket, zipBundle, staffBasket). */
export const zipBundleError = defineErrors({
  ZIP_BUNDLE_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Download ${p.id} was not found.` },
  STAFF_BASKET_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Staff basket ${p.id} was not found.` },
  ZIP_BUNDLE_NO_FILES: { category: 'validation', field: 'id', message: () => 'This creation has no files to download yet.' },
  STAFF_BASKET_EMPTY: { category: 'validation', field: 'file_ids', message: () => 'Choose at least one file for the basket.' },
  STAFF_BASKET_TOO_MANY_FILES: {
    category: 'validation',
    field: 'file_ids',
    message: (p: { count: number; max: number }) => `A basket holds at most ${p.max} files; ${p.count} were chosen.`,
    extensions: (p) => ({ max: p.max }),
  },
  STAFF_BASKET_FILES_NOT_FOUND: {
    category: 'validation',
    field: 'file_ids',
    message: (p: { ids: number[] }) => (p.ids.length === 1 ? `File ${p.ids[0]} was not found.` : `These files were not found: ${p.ids.join(', ')}.`),
    extensions: (p) => ({ ids: p.ids }),
  },
  ZIP_BUNDLE_NOT_STARTED: { category: 'conflict', message: () => 'There was an error preparing the download. Please try again later.' },
});
export type ZipBundleErrorCode = ErrorCodeOf<typeof zipBundleError>;

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
