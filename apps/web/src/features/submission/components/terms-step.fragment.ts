import { graphql } from 'gql.tada';
import { AutomaticChecksFragment } from '../../check/graphql';

/** What step 5 (TermsStep) edits and reports. */
export const TermsStepFragment = graphql(
  `
  fragment TermsStep on SubmissionProperties {
    id
    model_type
    status
    deleted_at
    abilities {
      canSubmit
      canWithdraw
      canSetEarlyAccess
    }
    tsr_exclusive
    early_access_days
    feedback_option
    recolor_option
    can_be_shared
    enable_social_media_links
    terms_notes
    missing_items {
      code
      message
      step
      childName
    }
    queue_position {
      position
      waiting
      estimate_low_days
      estimate_high_days
    }
    ...AutomaticChecks
  }
`,
  [AutomaticChecksFragment],
);
