import { graphql } from 'gql.tada';

/** One version of a file, as the version lists show it. */
export const FileVersionFragment = graphql(`
  fragment FileVersionFields on FileVersion @_unmask {
    id
    version
    filename
    filesize
    created_at
    is_published
    url
    member {
      MemberID
      UserName
    }
  }
`);

export const StepFileFragment = graphql(
  `
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
      versions {
        ...FileVersionFields
      }
    }
  `,
  [FileVersionFragment],
);

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
        abilities {
          canEdit
          canAddFileVersions
        }
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
        required_items {
          type
          download
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

/** A signed direct upload (direct-upload.ts PUTs the file there). */
export const GetFileUploadUrlMutation = graphql(`
  mutation GetFileUploadUrl($filename: String!, $mimetype: String!) {
    getFileUploadUrl(filename: $filename, mimetype: $mimetype) {
      url
      key
      method
      headers
      max_bytes
    }
  }
`);

/** Registers a direct upload as a new file of a creation. */
export const RegisterSubmissionFileMutation = graphql(
  `
    mutation RegisterSubmissionFile($submission_id: Int!, $key: String!, $filename: String!) {
      createSubmissionFile(submission_id: $submission_id, key: $key, filename: $filename) {
        ...StepFileFields
      }
    }
  `,
  [StepFileFragment],
);

/** Registers a direct upload as the next version of a file. */
export const ReplaceSubmissionFileMutation = graphql(
  `
    mutation ReplaceSubmissionFile($id: Int!, $key: String!, $filename: String!) {
      replaceSubmissionFile(id: $id, key: $key, filename: $filename) {
        id
        version
        published_version
        filesize
        updated_at
      }
    }
  `,
);

/** Answers the JSON string {status, message, files} (see unzip-result.ts). */
export const UnzipSubmissionFileMutation = graphql(`
  mutation UnzipSubmissionFile($fileId: Int!) {
    unzipSubmissionFile(fileId: $fileId)
  }
`);

export const ZipBundleFragment = graphql(`
  fragment ZipBundleFields on ZipBundle @_unmask {
    id
    status
    error
    url
    filename
    filesize
    num_files_to_add
    num_files_added
  }
`);

export const GenerateZipFileMutation = graphql(
  `
    mutation GenerateZipFileForSubmission($id: Int!) {
      generateZipFileForSubmission(id: $id) {
        ...ZipBundleFields
      }
    }
  `,
  [ZipBundleFragment],
);

export const ZipBundleQuery = graphql(
  `
    query ZipBundle($id: Int!) {
      zipBundle(id: $id) {
        ...ZipBundleFields
      }
    }
  `,
  [ZipBundleFragment],
);

export const CreateStaffBasketMutation = graphql(
  `
    mutation CreateStaffBasket($file_ids: [Int!]!) {
      createStaffBasket(file_ids: $file_ids) {
        ...ZipBundleFields
      }
    }
  `,
  [ZipBundleFragment],
);

export const StaffBasketQuery = graphql(
  `
    query StaffBasket($id: Int!) {
      staffBasket(id: $id) {
        ...ZipBundleFields
      }
    }
  `,
  [ZipBundleFragment],
);

/** A row of the file management and archive tables. */
export const FileRowFragment = graphql(`
  fragment FileRowFields on File @_unmask {
    id
    filename
    filesize
    kind
    version
    published_version
    created_at
    updated_at
    deleted_at
    submission_id
    submission {
      id
      name
      model_type
    }
    member {
      MemberID
      UserName
    }
  }
`);

export const SearchFilesQuery = graphql(
  `
    query SearchFiles($search: String, $deleted: Boolean, $first: Int, $page: Int) {
      searchFiles(search: $search, deleted: $deleted, first: $first, page: $page) {
        data {
          ...FileRowFields
        }
        paginatorInfo {
          currentPage
          lastPage
          firstItem
          lastItem
          total
        }
      }
    }
  `,
  [FileRowFragment],
);

/** One file with its versions and history, for the detail drawer. */
export const FileDetailQuery = graphql(
  `
    query FileDetail($id: Int!) {
      file(id: $id) {
        ...FileRowFields
        mimetype
        sha256
        url
        versions {
          ...FileVersionFields
        }
        logs {
          id
          action
          details
          created_at
          member {
            MemberID
            UserName
          }
        }
      }
    }
  `,
  [FileRowFragment, FileVersionFragment],
);

export const UpdateSubmissionFileVersionMutation = graphql(`
  mutation UpdateSubmissionFileVersion($id: Int!, $published_version: Int!) {
    updateSubmissionFileVersion(id: $id, published_version: $published_version) {
      id
      published_version
      updated_at
    }
  }
`);

export const RestoreSubmissionFileMutation = graphql(`
  mutation RestoreSubmissionFile($id: Int!) {
    restoreSubmissionFile(id: $id) {
      id
      deleted_at
      updated_at
    }
  }
`);
