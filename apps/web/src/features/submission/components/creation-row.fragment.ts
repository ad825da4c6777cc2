import { graphql } from 'gql.tada';

/** What a row of a creator's list shows (CreationRow). */
export const CreationRowFragment = graphql(`
  fragment CreationRow on SubmissionProperties {
    id
    name
    model_type
    status
    publish_at
    updated_at
    submitted_at
    created_at
    deleted_at
    abilities {
      canEdit
    }
    latest_rejection_reason
    numReports
    numUnclearedTests
    tests {
      id
      status
      test_result
      cleared_at
      update_request_id
      notes
      test_notes
      updated_at
    }
    images {
      id
      url
    }
  }
`);
