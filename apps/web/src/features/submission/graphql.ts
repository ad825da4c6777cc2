import { graphql } from 'gql.tada';
import { CountersFragment } from '../queue/graphql';
import { CategoriesStepFragment } from './components/categories-step.fragment';
import { CreationRowFragment } from './components/creation-row.fragment';
import { DetailsKindFragment, DetailsStepFragment } from './components/details-step.fragment';
import { SetChildrenFragment } from './components/set-children.fragment';
import { TermsStepFragment } from './components/terms-step.fragment';

/** The signed-in creator's own counters: sidebar badges and home cards. */
export const MyCountersQuery = graphql(
  `
    query MyCounters {
      myCounters {
        ...CountersFields
      }
    }
  `,
  [CountersFragment],
);

/** Each create mutation returns the new creation: enough to open its step 1. */
export const CreateNewItemMutation = graphql(`
  mutation CreateNewItem($name: String!, $description: String!, $is_recolor: Boolean, $max_polycount: Int) {
    createNewItem(name: $name, description: $description, is_recolor: $is_recolor, max_polycount: $max_polycount) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateSetMutation = graphql(`
  mutation CreateSet($name: String!, $description: String!) {
    createSet(name: $name, description: $description) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateLotMutation = graphql(`
  mutation CreateLot($name: String!, $description: String!) {
    createLot(name: $name, description: $description) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateRoomMutation = graphql(`
  mutation CreateRoom($name: String!, $description: String!) {
    createRoom(name: $name, description: $description) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateSimMutation = graphql(`
  mutation CreateSim($name: String!, $description: String!) {
    createSim(name: $name, description: $description) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateModMutation = graphql(`
  mutation CreateMod($name: String!, $description: String!) {
    createMod(name: $name, description: $description) {
      id
      status
      model_type
      model_id
    }
  }
`);

export const CreateSetItemMutation = graphql(`
  mutation CreateSetItem($set_id: Int!, $name: String!, $description: String!, $is_recolor: Boolean, $max_polycount: Int) {
    createSetItem(set_id: $set_id, name: $name, description: $description, is_recolor: $is_recolor, max_polycount: $max_polycount) {
      id
      status
    }
  }
`);

/** Everything the five edit steps read, in one request; each step reads its own fragment. */
export const EditCreationQuery = graphql(
  `
    query EditCreation($id: Int!) {
      submissionProperties(id: $id) {
        id
        name
        status
        model_type
        deleted_at
        publish_at
        latest_rejection_reason
        missing_items {
          code
          message
          step
          childName
        }
        ...DetailsStep
        ...CategoriesStep
        ...TermsStep
      }
      item(id: $id) {
        __typename
        id
        ...DetailsKind
        ...SetChildren
      }
    }
  `,
  [DetailsStepFragment, DetailsKindFragment, SetChildrenFragment, CategoriesStepFragment, TermsStepFragment],
);

export const UpdateSubmissionPropertiesMutation = graphql(`
  mutation UpdateSubmissionProperties($id: Int!, $input: SubmissionPropertiesInput!) {
    updateSubmissionProperties(id: $id, input: $input) {
      id
      status
      updated_at
    }
  }
`);

export const UpdateNewItemMutation = graphql(`
  mutation UpdateNewItem($id: Int!, $input: ItemInput!) {
    updateNewItem(id: $id, input: $input) {
      id
      status
      updated_at
    }
  }
`);

export const UpdateSetItemMutation = graphql(`
  mutation UpdateSetItem($id: Int!, $input: ItemInput!) {
    updateSetItem(id: $id, input: $input) {
      id
      status
      updated_at
    }
  }
`);

export const UpdateLotMutation = graphql(`
  mutation UpdateLot($id: Int!, $input: LotInput!) {
    updateLot(id: $id, input: $input) {
      id
      status
      updated_at
    }
  }
`);

export const UpdateSetMutation = graphql(`
  mutation UpdateSet($id: Int!, $children: [SetChildInput!]!) {
    updateSet(id: $id, children: $children) {
      id
      status
      updated_at
    }
  }
`);

/** SUBMITTED submits, CREATED withdraws (DESIGN section 3). */
export const UpdateSubmissionStatusMutation = graphql(`
  mutation UpdateSubmissionStatus($id: Int!, $status: String!) {
    updateSubmissionStatus(id: $id, status: $status) {
      id
      status
      updated_at
    }
  }
`);

export const DeleteSubmissionMutation = graphql(`
  mutation DeleteSubmission($id: Int!) {
    deleteSubmission(id: $id)
  }
`);

/** The catalog step 4 chooses from: the category tree (a JSON string), attribute groups, themes. */
export const CatalogQuery = graphql(`
  query Catalog {
    categoryTree
    attributeGroups {
      id
      attribute_group_name
      attribute_type {
        attribute_type_id
        name
      }
      attributes {
        id
        name
      }
    }
    themes {
      id
      name
    }
  }
`);

export const SearchCollectionsQuery = graphql(`
  query SearchCollections($name: String, $game: Int) {
    searchCollections(name: $name, game: $game) {
      id
      name
    }
  }
`);

export const SearchCollaborationsQuery = graphql(`
  query SearchCollaborations($name: String, $game: Int) {
    searchCollaborations(name: $name, game: $game) {
      id
      name
    }
  }
`);

export const CreateCollectionMutation = graphql(`
  mutation CreateCollection($game: Int!, $name: String!) {
    createCollection(game: $game, name: $name) {
      id
      name
    }
  }
`);

export const CreateCollaborationMutation = graphql(`
  mutation CreateCollaboration($game: Int!, $name: String!) {
    createCollaboration(game: $game, name: $name) {
      id
      name
    }
  }
`);

/** One page of a creator list (a queue, or all of them). */
export const MyItemsQuery = graphql(
  `
    query MyItems($queryParams: QueryParams) {
      myItemsSearch(queryParams: $queryParams) {
        data {
          id
          ...CreationRow
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
    }
  `,
  [CreationRowFragment],
);

/** How many creations a queue holds, the same number as its sidebar badge. */
export const MyItemsCountQuery = graphql(`
  query MyItemsCount($queryParams: QueryParams) {
    myItemsCount(queryParams: $queryParams)
  }
`);
