import { graphql } from 'gql.tada';

/** What a row of a staff queue shows (QueueTable). */
export const QueueRowFragment = graphql(`
  fragment QueueRow on SubmissionProperties {
    id
    name
    model_type
    status
    abilities {
      canApprove
      canReject
      canTest
    }
    publish_at
    updated_at
    submitted_at
    created_at
    deleted_at
    latest_rejection_reason
    numReports
    numUnclearedTests
    numUpdates
    possible_duplicate
    fast_track
    creator {
      MemberID
      UserName
    }
    category {
      id
      name
    }
    images {
      id
      url
    }
  }
`);
