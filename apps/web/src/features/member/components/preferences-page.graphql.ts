import { graphql } from 'gql.tada';

// The preferences page's own documents, apart from the session's (graphql.ts), which the sign-in
// page downloads.

/** Every preference of the signed-in member, and the packs they can own (for /preferences). */
export const PreferencesQuery = graphql(`
  query Preferences {
    me {
      MemberID
      UserName
      Email
      preferences {
        member_id
        terms_of_use
        about
        expansion_packs {
          id
        }
        feedback_option
        recolor_option
        default_sharing_option
        default_social_media_option
        notification_option
        notification_on_approved
        notification_on_publish
        show_country_option
        languages
        color_scheme
      }
    }
    expansionPacks {
      id
      game
      type
      name
    }
  }
`);

/** Only the fields given change; expansion_packs is the full list of owned pack ids. */
export const UpdateMemberPreferencesMutation = graphql(`
  mutation UpdateMemberPreferences($input: MemberPreferencesInput!) {
    updateMemberPreferences(input: $input) {
      member_id
    }
  }
`);
