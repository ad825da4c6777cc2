import { graphql } from 'gql.tada';

export const ApproveSubmissionMutation = graphql(`
  mutation ApproveSubmission($id: Int!, $publish_at: DateTime) {
    approveSubmission(id: $id, publish_at: $publish_at) {
      id
      status
      publish_at
    }
  }
`);

export const ApproveSubmissionsMutation = graphql(`
  mutation ApproveSubmissions($ids: [Int!]!, $publish_at: DateTime) {
    approveSubmissions(ids: $ids, publish_at: $publish_at) {
      id
      approved
      message
    }
  }
`);

export const RejectSubmissionMutation = graphql(`
  mutation RejectSubmission($id: Int!, $reason_ids: [Int!]!, $message: String) {
    rejectSubmission(id: $id, reason_ids: $reason_ids, message: $message) {
      id
      status
      latest_rejection_reason
    }
  }
`);

export const UndoReviewDecisionMutation = graphql(`
  mutation UndoReviewDecision($id: Int!) {
    undoReviewDecision(id: $id) {
      id
      status
      publish_at
    }
  }
`);

export const CreateSubmissionTestMutation = graphql(`
  mutation CreateSubmissionTest($submission_id: Int!, $update_request_id: Int, $notes: String) {
    createSubmissionTest(submission_id: $submission_id, update_request_id: $update_request_id, notes: $notes) {
      id
      status
    }
  }
`);
