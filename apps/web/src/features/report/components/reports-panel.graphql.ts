import { graphql } from 'gql.tada';

/** A creation's reports, dismissed ones too, for staff of the reported page. */
export const SubmissionReportsQuery = graphql(`
  query SubmissionReports($submission_id: Int!) {
    getSubmissionReports(submission_id: $submission_id, first: 50, include_dismissed: true) {
      data {
        id
        type
        note
        created_at
        deleted_at
        member {
          MemberID
          UserName
        }
      }
    }
  }
`);

export const DismissReportMutation = graphql(`
  mutation DismissSubmissionReport($id: Int!) {
    deleteSubmissionReport(id: $id)
  }
`);

export const RestoreReportMutation = graphql(`
  mutation RestoreSubmissionReport($id: Int!) {
    restoreSubmissionReport(id: $id) {
      id
      deleted_at
    }
  }
`);
