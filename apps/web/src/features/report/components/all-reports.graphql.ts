import { graphql } from 'gql.tada';
import { StaffReportFields } from '../graphql';

/** Every report of one kind and state, a page at a time, with the creation each is about. */
export const AllReportsQuery = graphql(
  `
    query AllReports($type: String, $state: String, $first: Int, $page: Int) {
      getAllSubmissionReports(type: $type, state: $state, first: $first, page: $page) {
        data {
          ...StaffReportFields
          submission {
            id
            name
            model_type
          }
        }
        paginatorInfo {
          currentPage
          lastPage
          firstItem
          lastItem
          total
        }
      }
      reportTypes {
        type
        name
      }
    }
  `,
  [StaffReportFields],
);
