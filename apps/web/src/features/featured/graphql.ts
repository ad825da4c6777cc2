import { graphql } from 'gql.tada';

/** A creation in a featured list, or found to be added to one. */
export const FeaturedCreationFragment = graphql(`
  fragment FeaturedCreationFields on SubmissionProperties @_unmask {
    id
    name
    model_type
    status
    publish_at
    creator {
      MemberID
      UserName
    }
    images {
      id
      url
    }
  }
`);

/** A featured list with its creations in order. */
export const FeaturedListFragment = graphql(
  `
    fragment FeaturedListFields on FeaturedSubmission @_unmask {
      id
      type
      index
      name
      publish_at
      created_at
      updated_at
      member {
        MemberID
        UserName
      }
      submissions {
        ...FeaturedCreationFields
      }
    }
  `,
  [FeaturedCreationFragment],
);

/** One page of featured lists, newest publish date first, of one type when given. */
export const FeaturedListsQuery = graphql(
  `
    query FeaturedLists($type: String, $first: Int, $page: Int) {
      featuredSubmissionsSearch(type: $type, first: $first, page: $page) {
        data {
          ...FeaturedListFields
        }
        paginatorInfo {
          currentPage
          firstItem
          lastItem
          lastPage
          total
        }
      }
    }
  `,
  [FeaturedListFragment],
);

/** The types of the newest lists: the suggestions of the type field and the filter's choices. */
export const FeaturedTypesQuery = graphql(`
  query FeaturedTypes($first: Int) {
    featuredSubmissionsSearch(first: $first) {
      data {
        id
        type
      }
    }
  }
`);

/** One featured list, for the drawer. */
export const FeaturedListQuery = graphql(
  `
    query FeaturedList($id: Int!) {
      featuredSubmissions(id: $id) {
        ...FeaturedListFields
      }
    }
  `,
  [FeaturedListFragment],
);

/** Approved creations (scheduled or published) matching a search: the ones a list may hold. */
export const FeaturedCandidatesQuery = graphql(
  `
    query FeaturedCandidates($queryParams: QueryParams) {
      itemsSearch(queryParams: $queryParams) {
        data {
          ...FeaturedCreationFields
        }
        paginatorInfo {
          total
        }
      }
    }
  `,
  [FeaturedCreationFragment],
);

export const CreateFeaturedMutation = graphql(
  `
    mutation CreateFeatured($type: String, $index: Int, $name: String, $publish_at: DateTime, $submission_ids: [Int!]) {
      createFeaturedSubmission(type: $type, index: $index, name: $name, publish_at: $publish_at, submission_ids: $submission_ids) {
        ...FeaturedListFields
      }
    }
  `,
  [FeaturedListFragment],
);

export const UpdateFeaturedMutation = graphql(
  `
    mutation UpdateFeatured($id: Int!, $type: String, $index: Int, $name: String, $publish_at: DateTime, $submission_ids: [Int!]) {
      updateFeaturedSubmission(id: $id, type: $type, index: $index, name: $name, publish_at: $publish_at, submission_ids: $submission_ids) {
        ...FeaturedListFields
      }
    }
  `,
  [FeaturedListFragment],
);

export const ReorderFeaturedMutation = graphql(
  `
    mutation ReorderFeatured($id: Int!, $submission_ids: [Int!]!) {
      reorderFeaturedSubmissions(id: $id, submission_ids: $submission_ids) {
        ...FeaturedListFields
      }
    }
  `,
  [FeaturedListFragment],
);

export const DeleteFeaturedMutation = graphql(`
  mutation DeleteFeatured($id: Int!) {
    deleteFeaturedSubmission(id: $id)
  }
`);
