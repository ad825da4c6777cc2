import { graphql } from 'gql.tada';

/** What the creator sees of one of their update requests (UpdateRequestCard). */
export const UpdateRequestCardFragment = graphql(`
  fragment UpdateRequestCard on SubmissionUpdateRequest {
    id
    status
    message
    decision_note
    created_at
    updated_at
    files {
      id
      filename
    }
    file_versions {
      file_id
      version
    }
    images {
      id
      url
      filename
    }
  }
`);
