import { graphql } from 'gql.tada';

/** Takes or refreshes the reviewer's lock (a heartbeat); answers whoever holds it. */
export const LockSubmissionMutation = graphql(`
  mutation LockSubmissionForReview($id: Int!, $force: Boolean) {
    lockSubmissionForReview(id: $id, force: $force) {
      submission_id
      is_mine
      locked_at
      member {
        MemberID
        UserName
      }
    }
  }
`);

export const ReleaseLockMutation = graphql(`
  mutation ReleaseReviewLock($id: Int!) {
    releaseReviewLock(id: $id)
  }
`);
