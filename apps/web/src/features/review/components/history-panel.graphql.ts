import { graphql } from 'gql.tada';

export const SubmissionLogsQuery = graphql(`
  query SubmissionLogs($submission_id: Int!, $first: Int, $page: Int) {
    submissionLogs(submission_id: $submission_id, first: $first, page: $page) {
      data {
        id
        entity
        entity_id
        action
        previous_values
        new_values
        created_at
        member {
          MemberID
          UserName
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        total
        hasMorePages
      }
    }
  }
`);
