import { graphql } from 'gql.tada';

/** The signed-in member; always fetched from the network (SPEC section 7). */
export const MeQuery = graphql(`
  query Me {
    me {
      MemberID
      UserName
      Email
      minisite_level
      roles {
        id
        name
        permissions {
          id
          name
        }
      }
      preferences {
        member_id
        languages
        expansion_packs {
          id
          game
          type
          name
        }
      }
    }
  }
`);

/** Returns the token; failures are errors at path "login" (SPEC section 8). */
export const LoginMutation = graphql(`
  mutation Login($user: String!, $password: String!) {
    login(user: $user, password: $password)
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

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
