import { graphql } from 'gql.tada';

/** Every report of one kind and state, a page at a time, with the creation each is about. */
export const AllReportsQuery = graphql(`
  query AllReports($type: String, $state: String, $first: Int, $page: Int) {
    getAllSubmissionReports(type: $type, state: $state, first: $first, page: $page) {
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
`);
