import { graphql } from 'gql.tada';
import { UpdateRequestCardFragment } from './update-request-card.fragment';

/** Where a creation stands in review, as its creator reads it above every edit step (EditBanner). */
export const EditBannerFragment = graphql(
  `
    fragment EditBanner on SubmissionProperties {
      id
      name
      model_type
      status
      deleted_at
      publish_at
      latest_rejection_reason
      numReports
      tests {
        id
        status
        test_result
        cleared_at
        update_request_id
        notes
        test_notes
        created_at
        updated_at
      }
      pending_update_request {
        id
        ...UpdateRequestCard
      }
    }
  `,
  [UpdateRequestCardFragment],
);
