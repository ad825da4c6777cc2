import { graphql } from 'gql.tada';

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
