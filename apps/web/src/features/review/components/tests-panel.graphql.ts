import { graphql } from 'gql.tada';

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
