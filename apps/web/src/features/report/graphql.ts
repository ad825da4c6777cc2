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
