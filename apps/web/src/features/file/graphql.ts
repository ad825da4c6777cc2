import { graphql } from 'gql.tada';

export const StepFileFragment = graphql(`
  fragment StepFileFields on File @_unmask {
    id
    filename
    filesize
    mimetype
    kind
    version
    published_version
    created_at
    updated_at
    url
  }
`);

export const ObjectGuidFragment = graphql(`
  fragment ObjectGuidFields on ObjectGuid @_unmask {
    id
    object_guid
    file_id
    created_at
  }
`);

export const GameItemFragment = graphql(`
  fragment GameItemFields on GameItem @_unmask {
    id
    name
    type
    download_url
    expansion_pack
  }
`);

/** Step 2: the creation's files, object GUIDs and game items. */
export const FilesStepQuery = graphql(
  `
    query FilesStep($id: Int!) {
      submissionProperties(id: $id) {
        id
        name
        status
        deleted_at
        game_version
        missing_items {
          code
          message
          step
          childName
        }
        files {
          ...StepFileFields
        }
        object_guids {
          ...ObjectGuidFields
        }
        game_items {
          ...GameItemFields
        }
      }
    }
  `,
  [StepFileFragment, ObjectGuidFragment, GameItemFragment],
);

/** Suggestions for a game item's pack. */
export const ExpansionPacksQuery = graphql(`
  query ExpansionPacks {
    expansionPacks {
      id
      game
      name
    }
  }
`);

/** Sent as a multipart request (see upload.ts): `file` is the file. */
export const CreateSubmissionFileMutation = graphql(
  `
    mutation CreateSubmissionFile($submission_id: Int!, $file: Upload!) {
      createSubmissionFile(submission_id: $submission_id, file: $file) {
        ...StepFileFields
      }
    }
  `,
  [StepFileFragment],
);

export const UpdateSubmissionFileMutation = graphql(
  `
    mutation UpdateSubmissionFile($id: Int!, $filename: String!) {
      updateSubmissionFile(id: $id, filename: $filename) {
        ...StepFileFields
      }
    }
  `,
  [StepFileFragment],
);

export const DeleteSubmissionFileMutation = graphql(`
  mutation DeleteSubmissionFile($id: Int!) {
    deleteSubmissionFile(id: $id)
  }
`);

export const CreateObjectGuidMutation = graphql(
  `
    mutation CreateObjectGuid($submission_id: Int!, $object_guid: String!) {
      createObjectGuid(submission_id: $submission_id, object_guid: $object_guid) {
        ...ObjectGuidFields
      }
    }
  `,
  [ObjectGuidFragment],
);

export const DeleteObjectGuidMutation = graphql(`
  mutation DeleteObjectGuid($id: Int!) {
    deleteObjectGuid(id: $id)
  }
`);

export const CreateGameItemMutation = graphql(
  `
    mutation CreateGameItem($submission_id: Int!, $name: String!, $type: String, $download_url: String, $expansion_pack: String) {
      createGameItem(submission_id: $submission_id, name: $name, type: $type, download_url: $download_url, expansion_pack: $expansion_pack) {
        ...GameItemFields
      }
    }
  `,
  [GameItemFragment],
);

export const UpdateGameItemMutation = graphql(
  `
    mutation UpdateGameItem($id: Int!, $name: String, $type: String, $download_url: String, $expansion_pack: String) {
      updateGameItem(id: $id, name: $name, type: $type, download_url: $download_url, expansion_pack: $expansion_pack) {
        ...GameItemFields
      }
    }
  `,
  [GameItemFragment],
);

export const DeleteGameItemMutation = graphql(`
  mutation DeleteGameItem($id: Int!) {
    deleteGameItem(id: $id)
  }
`);
