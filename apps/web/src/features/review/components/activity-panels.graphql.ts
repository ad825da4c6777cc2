import { graphql } from 'gql.tada';

export const SubmissionUpdateRequestsQuery = graphql(`
  query SubmissionUpdateRequests($submission_id: Int!) {
    getSubmissionUpdateRequests(submission_id: $submission_id, first: 20) {
      data {
        id
        message
        status
        created_at
        decision_note
        member {
          MemberID
          UserName
        }
        file_versions {
          file_id
          version
          file_version {
            id
            filename
            filesize
            url
          }
        }
        images {
          id
          url
          filename
        }
      }
    }
  }
`);

export const DecideUpdateRequestMutation = graphql(`
  mutation DecideUpdateRequest($id: Int!, $status: String!, $message: String) {
    updateSubmissionUpdateRequest(id: $id, status: $status, message: $message) {
      id
      status
      decision_note
    }
  }
`);

/** The creator's other creations (itemsSearch by member_id), for the review page. */
export const CreatorCreationsQuery = graphql(`
  query CreatorCreations($queryParams: QueryParams) {
    itemsSearch(queryParams: $queryParams) {
      data {
        id
        name
        model_type
        status
        publish_at
        deleted_at
        updated_at
      }
      paginatorInfo {
        total
      }
    }
  }
`);
