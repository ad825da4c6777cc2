import { graphql } from 'gql.tada';

/** A creation's automatic checks, as step 5 and the review page show them. */
export const AutomaticChecksFragment = graphql(`
  fragment AutomaticChecks on SubmissionProperties {
    automatic_checks {
      id
      title
      outcome
      message
    }
  }
`);

/** Staff trust a creator, or no longer (issue 15): returns the new state. */
export const SetCreatorTrustedMutation = graphql(`
  mutation SetCreatorTrusted($member_id: Int!, $trusted: Boolean!) {
    setCreatorTrusted(member_id: $member_id, trusted: $trusted)
  }
`);

/** The staff overview's counts of flagged creations under review. */
export const ReviewFlagCountsQuery = graphql(`
  query ReviewFlagCounts {
    reviewFlagCounts {
      possibleDuplicates
      fastTrack
    }
  }
`);
