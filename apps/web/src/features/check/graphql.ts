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
