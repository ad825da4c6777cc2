import { graphql } from 'gql.tada';

/** The kinds of problem a report may name: `type` is sent and stored, `name` is shown. */
export const ReportTypesQuery = graphql(`
  query ReportTypes {
    reportTypes {
      type
      name
    }
  }
`);

/** What staff see of a report, in the review page's panel and in All reports. */
export const StaffReportFields = graphql(`
  fragment StaffReportFields on SubmissionReport @_unmask {
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
`);
