import { graphql } from 'gql.tada';
import { CountersFragment } from '../queue/graphql';
import { CategoriesStepFragment } from './components/categories-step.fragment';
import { CreationRowFragment } from './components/creation-row.fragment';
import { DetailsKindFragment, DetailsStepFragment } from './components/details-step.fragment';
import { EditBannerFragment } from './components/edit-banner.fragment';
import { SetChildrenFragment } from './components/set-children.fragment';
import { TermsStepFragment } from './components/terms-step.fragment';
import { UpdateRequestCardFragment } from './components/update-request-card.fragment';

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
        abilities {
          canEdit
          canDelete
        }
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
        ...EditBanner
      }
      item(id: $id) {
        __typename
        id
        ...DetailsKind
        ...SetChildren
      }
    }
  `,
  [DetailsStepFragment, DetailsKindFragment, SetChildrenFragment, CategoriesStepFragment, TermsStepFragment, EditBannerFragment],
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
          totalIsExact
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

/** What an update request can bring: the creation's files (with their versions) and images. */
export const UpdateRequestOptionsQuery = graphql(`
  query UpdateRequestOptions($id: Int!) {
    submissionProperties(id: $id) {
      id
      files {
        id
        filename
        version
        published_version
        deleted_at
        updated_at
      }
      images {
        id
        url
        filename
      }
    }
  }
`);

/** The owner asks staff to publish new versions of an approved creation (one pending at a time). */
export const CreateSubmissionUpdateRequestMutation = graphql(
  `
    mutation CreateSubmissionUpdateRequest($submission_id: Int!, $message: String!, $file_ids: [Int!], $image_ids: [Int!]) {
      createSubmissionUpdateRequest(submission_id: $submission_id, message: $message, file_ids: $file_ids, image_ids: $image_ids) {
        id
        submission_id
        ...UpdateRequestCard
      }
    }
  `,
  [UpdateRequestCardFragment],
);

/** The owner withdraws their pending update request. */
export const DeleteSubmissionUpdateRequestMutation = graphql(`
  mutation DeleteSubmissionUpdateRequest($id: Int!) {
    deleteSubmissionUpdateRequest(id: $id)
  }
`);

/** The creation's latest decided update request: what staff answered. */
export const DecidedUpdateRequestQuery = graphql(
  `
    query DecidedUpdateRequest($submission_id: Int!) {
      getSubmissionUpdateRequests(submission_id: $submission_id, status: ["APPROVED", "REJECTED"], first: 1) {
        data {
          id
          ...UpdateRequestCard
        }
      }
    }
  `,
  [UpdateRequestCardFragment],
);

/** Open reports on the owner's approved creation (who reported is not shown to the owner). */
export const CreationReportsQuery = graphql(`
  query CreationReports($submission_id: Int!) {
    getSubmissionReports(submission_id: $submission_id, first: 20) {
      data {
        id
        type
        note
        created_at
      }
      paginatorInfo {
        total
      }
    }
    reportTypes {
      type
      name
    }
  }
`);
