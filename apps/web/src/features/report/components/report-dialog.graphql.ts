import { graphql } from 'gql.tada';

export const CreateReportMutation = graphql(`
  mutation CreateSubmissionReport($submission_id: Int!, $type: String, $note: String) {
    createSubmissionReport(submission_id: $submission_id, type: $type, note: $note) {
      id
      type
      note
      deleted_at
    }
  }
`);

export const UpdateReportMutation = graphql(`
  mutation UpdateSubmissionReport($id: Int!, $type: String, $note: String) {
    updateSubmissionReport(id: $id, type: $type, note: $note) {
      id
      type
      note
    }
  }
`);
