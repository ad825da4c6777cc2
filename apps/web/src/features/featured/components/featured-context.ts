/**
 * Featured queries are asked again after any change to a list: the mutations name these types,
 * since a deletion answers only a Boolean and an empty page holds no FeaturedSubmission.
 */
export const FEATURED_CONTEXT = { additionalTypenames: ['FeaturedSubmission', 'FeaturedSubmissionPaginator'] };
