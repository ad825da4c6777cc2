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
        color_scheme
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

export const GetApiKeyMutation = graphql(`
  mutation GetApiKey($member_id: Int!, $login_key: String!) {
    getApiKey(member_id: $member_id, login_key: $login_key)
  }
`);
