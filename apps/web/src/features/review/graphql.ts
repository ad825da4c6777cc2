import { graphql } from 'gql.tada';
import { CountersFragment } from '../queue/graphql';
import { QueueRowFragment } from './components/queue-row.fragment';

/** Counters over every creation: staff sidebar badges and the staff overview. */
export const StaffCountersQuery = graphql(
  `
    query StaffCounters {
      staffCounters {
        ...CountersFields
      }
    }
  `,
  [CountersFragment],
);

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
          hasMorePages
        }
      }
      newItemsCount(queryParams: $countParams)
    }
  `,
  [QueueRowFragment],
);

/** The default of the approve dialog's date: the next free publishing slot. */
export const NextPublishSlotQuery = graphql(`
  query NextPublishSlot {
    nextPublishSlot
  }
`);

export const ApproveSubmissionMutation = graphql(`
  mutation ApproveSubmission($id: Int!, $publish_at: DateTime) {
    approveSubmission(id: $id, publish_at: $publish_at) {
      id
      status
      publish_at
    }
  }
`);

export const ApproveSubmissionsMutation = graphql(`
  mutation ApproveSubmissions($ids: [Int!]!, $publish_at: DateTime) {
    approveSubmissions(ids: $ids, publish_at: $publish_at) {
      id
      approved
      message
    }
  }
`);

export const RejectSubmissionMutation = graphql(`
  mutation RejectSubmission($id: Int!, $reason_ids: [Int!]!, $message: String) {
    rejectSubmission(id: $id, reason_ids: $reason_ids, message: $message) {
      id
      status
      latest_rejection_reason
    }
  }
`);

export const UndoReviewDecisionMutation = graphql(`
  mutation UndoReviewDecision($id: Int!) {
    undoReviewDecision(id: $id) {
      id
      status
      publish_at
    }
  }
`);

export const CreateSubmissionTestMutation = graphql(`
  mutation CreateSubmissionTest($submission_id: Int!, $update_request_id: Int, $notes: String) {
    createSubmissionTest(submission_id: $submission_id, update_request_id: $update_request_id, notes: $notes) {
      id
      status
    }
  }
`);

/** Rejection reasons by category, and the kind's message templates, for the reject dialog. */
export const RejectDialogQuery = graphql(`
  query RejectDialog($model_type: String) {
    rejectionCategories(first: 100) {
      data {
        id
        name
        reasons {
          id
          name
          description
        }
      }
    }
    rejectionTemplates(model_type: $model_type) {
      id
      title
      message
    }
  }
`);

/** Everything a reviewer reads about one creation (the review page's main column). */
export const ReviewSubmissionQuery = graphql(`
  query ReviewSubmission($id: Int!) {
    submissionProperties(id: $id) {
      id
      abilities {
        canApprove
        canReject
        canTest
      }
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
      missing_items {
        code
        message
        step
      }
    }
  }
`);

/** Takes or refreshes the reviewer's lock (a heartbeat); answers whoever holds it. */
export const LockSubmissionMutation = graphql(`
  mutation LockSubmissionForReview($id: Int!, $force: Boolean) {
    lockSubmissionForReview(id: $id, force: $force) {
      submission_id
      is_mine
      locked_at
      member {
        MemberID
        UserName
      }
    }
  }
`);

export const ReleaseLockMutation = graphql(`
  mutation ReleaseReviewLock($id: Int!) {
    releaseReviewLock(id: $id)
  }
`);

export const ReviewChecklistQuery = graphql(`
  query ReviewChecklist($model_type: String!) {
    reviewChecklist(model_type: $model_type) {
      model_type
      items {
        id
        label
        hint
      }
    }
  }
`);

export const SubmissionTestsQuery = graphql(`
  query SubmissionTests($submission_id: Int!) {
    getSubmissionTests(submission_id: $submission_id) {
      id
      update_request_id
      status
      test_result
      notes
      test_notes
      tester_notes
      created_at
      updated_at
      cleared_at
      member {
        MemberID
        UserName
      }
      tester {
        MemberID
        UserName
      }
    }
  }
`);

export const UpdateSubmissionTestMutation = graphql(`
  mutation UpdateSubmissionTest($id: Int!, $status: String, $test_result: String, $test_notes: String, $tester_notes: String) {
    updateSubmissionTest(id: $id, status: $status, test_result: $test_result, test_notes: $test_notes, tester_notes: $tester_notes) {
      id
      status
      test_result
      test_notes
      tester_notes
    }
  }
`);

export const ClearSubmissionTestMutation = graphql(`
  mutation ClearSubmissionTest($id: Int!) {
    clearSubmissionTest(id: $id) {
      id
      status
      cleared_at
    }
  }
`);

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

export const SubmissionReportsQuery = graphql(`
  query SubmissionReports($submission_id: Int!) {
    getSubmissionReports(submission_id: $submission_id, first: 50, include_dismissed: true) {
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
      }
    }
  }
`);

export const DismissReportMutation = graphql(`
  mutation DismissSubmissionReport($id: Int!) {
    deleteSubmissionReport(id: $id)
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

/** Queue sizes per day for the overview's chart (the last point is today, live). */
export const QueueHistoryQuery = graphql(`
  query QueueHistory($days: Int) {
    queueHistory(days: $days) {
      day
      isLive
      waiting
      testing
      failedTesting
      rejected
      reported
      updated
      updatesTesting
      approved
    }
  }
`);

/** Members with roles, for "Assign to" (those with admin access are the team). */
export const TeamMembersQuery = graphql(`
  query TeamMembers {
    membersWithRoles {
      MemberID
      UserName
      roles {
        name
        permissions {
          id
          name
        }
      }
    }
  }
`);

export const SearchArtistsQuery = graphql(`
  query SearchArtists($name: String) {
    searchArtists(name: $name, first: 10) {
      data {
        MemberID
        UserName
      }
    }
  }
`);

export const AssignToTeamMemberMutation = graphql(`
  mutation AssignToTeamMember($id: Int!, $member_id: Int) {
    assignToTeamMember(id: $id, member_id: $member_id) {
      id
      team_member_id
      team_member {
        MemberID
        UserName
      }
    }
  }
`);

export const PublishSubmissionAsMutation = graphql(`
  mutation PublishSubmissionAs($id: Int!, $member_id: Int!) {
    publishSubmissionAs(id: $id, member_id: $member_id) {
      id
      creator {
        MemberID
        UserName
      }
    }
  }
`);

export const RestoreSubmissionMutation = graphql(`
  mutation RestoreSubmission($id: Int!) {
    restoreSubmission(id: $id) {
      id
      deleted_at
    }
  }
`);
