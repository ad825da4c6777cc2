import { graphql } from 'gql.tada';
import { StaffReportFields } from '../graphql';

/** A creation's reports, dismissed ones too, for staff of the reported page. */
export const SubmissionReportsQuery = graphql(
  `
    query SubmissionReports($submission_id: Int!) {
      getSubmissionReports(submission_id: $submission_id, first: 50, include_dismissed: true) {
        data {
          ...StaffReportFields
        }
      }
    }
  `,
  [StaffReportFields],
);

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
