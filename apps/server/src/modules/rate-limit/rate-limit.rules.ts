import type { Config } from '../../config';

/**
 * What a rate limit counts: searches and list pages over many creations, uploads, and heavy work
 * started on request. Everything else (a creation, a count, `me`) is cheap and never counted.
 */
export type RateClass = 'searches' | 'uploads' | 'heavy';

/** The root fields each class counts; an operation counts once per field it asks for (aliases too). */
export const RATE_LIMITED_FIELDS: Readonly<Record<string, RateClass>> = {
  myItemsSearch: 'searches',
  newItemsSearch: 'searches',
  itemsSearch: 'searches',
  searchSubmissionDependencies: 'searches',
  searchConversations: 'searches',
  searchFiles: 'searches',
  searchArtists: 'searches',
  searchCollaborations: 'searches',
  searchCollections: 'searches',
  featuredSubmissionsSearch: 'searches',
  getAllSubmissionReports: 'searches',
  legacyItemsSearch: 'searches',
  searchCreations: 'searches',
  getFileUploadUrl: 'uploads',
  generateZipFileForSubmission: 'heavy',
  createStaffBasket: 'heavy',
  unzipSubmissionFile: 'heavy',
  getPageSource: 'heavy',
};

/** What people are told they did too much of. */
export const RATE_CLASS_WORDS: Readonly<Record<RateClass, string>> = {
  searches: 'searches',
  uploads: 'uploads',
  heavy: 'downloads, unzips and page look-ups',
};

/** An address may do this many times what one member may: several members can share one address. */
export const ADDRESS_FACTOR = 4;

/** Requests a member may make of each class per minute (0: not limited). */
export function perMinute(config: Config): Record<RateClass, number> {
  return {
    searches: config.RATE_LIMIT_SEARCHES_PER_MINUTE,
    uploads: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
    heavy: config.RATE_LIMIT_HEAVY_PER_MINUTE,
  };
}
