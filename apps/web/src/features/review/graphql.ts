import { graphql } from 'gql.tada';
import { AutomaticChecksFragment } from '../check/graphql';
import { QueueRowFragment } from './components/queue-row.fragment';

/** One page of a staff queue (newItemsSearch) and the queue's size (the same count as its badge). */
export const StaffQueueQuery = graphql(
  `
    query StaffQueue($queryParams: QueryParams, $countParams: QueryParams) {
      newItemsSearch(queryParams: $queryParams) {
        data {
          id
          ...QueueRow
        }
        paginatorInfo {
          count
          currentPage
          firstItem
          lastItem
          lastPage
          perPage
          total
          totalIsExact
          hasMorePages
        }
      }
      newItemsCount(queryParams: $countParams)
    }
  `,
  [QueueRowFragment],
);

/** Everything a reviewer reads about one creation (the review page's main column). */
export const ReviewSubmissionQuery = graphql(
  `
  query ReviewSubmission($id: Int!) {
    submissionProperties(id: $id) {
      id
      abilities {
        canApprove
        canReject
        canTest
      }
      canReport
      name
      description
      keywords
      credits_to
      notes
      video_url
      game_version
      model_type
      status
      polycount
      publish_at
      submitted_at
      created_at
      updated_at
      deleted_at
      latest_rejection_reason
      tsr_exclusive
      feedback_option
      recolor_option
      can_be_shared
      enable_social_media_links
      terms_notes
      numReports
      numUnclearedTests
      numUpdates
      wasSubmitted
      pending_update_request {
        id
      }
      creator {
        MemberID
        UserName
      }
      moderator {
        MemberID
        UserName
      }
      team_member {
        MemberID
        UserName
      }
      category {
        id
        name
        parent {
          id
          name
          parent {
            id
            name
          }
        }
      }
      attributes {
        id
        name
      }
      themes {
        id
        name
      }
      collections {
        id
        name
      }
      collaborations {
        id
        name
      }
      images {
        id
        url
        filename
        width
        height
      }
      files {
        id
        filename
        filesize
        kind
        mimetype
        version
        published_version
        created_at
        url
      }
      required_items {
        id
        type
        download
        title
      }
      external_urls {
        id
        url
        name
      }
      set_items {
        id
        name
        status
      }
      ...AutomaticChecks
      possible_duplicate
      fast_track
      creator_trusted
      possible_duplicates {
        kind
        id
        filename
        other {
          id
          name
        }
        legacy_item_id
        legacy_item {
          ID
          title
          creator
        }
      }
      missing_items {
        code
        message
        step
        childName
      }
    }
  }
`,
  [AutomaticChecksFragment],
);
