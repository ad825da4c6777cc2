import { graphql } from 'gql.tada';

/** What the server read from a package (getPackageData). */
export const PackageContentsQuery = graphql(`
  query PackageContents($fileId: Int!) {
    getPackageData(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      game
      resource_count
      counts {
        kind
        count
      }
      objects {
        object_guid
        name
        price
        thumbnail_url
      }
      cas_part_ids
      cas_parts {
        id
        name
        title
      }
      is_merged
      warnings
    }
  }
`);

/** The Python modules of a script mod (getScriptData). */
export const ScriptContentsQuery = graphql(`
  query ScriptContents($fileId: Int!) {
    getScriptData(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      entry_count
      modules
      has_source
    }
  }
`);

/**
 * Asks the server to read a package now rather than when its job comes round (SPEC 7
 * getPackageDataFromUploadedFile); its network errors are ignored (SPEC 8): polling goes on.
 */
export const ReadPackageNowMutation = graphql(`
  mutation ReadPackageNow($fileId: Int!) {
    getPackageDataFromUploadedFile(fileId: $fileId) {
      file_id
      status
    }
  }
`);

/** What the server read from a .trayitem (getTrayMetaData). */
export const TrayContentsQuery = graphql(`
  query TrayContents($fileId: Int!) {
    getTrayMetaData(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      type
      name
      description
      creator_name
      lot {
        size_x
        size_z
        price
        bedrooms
        bathrooms
      }
      room {
        size_x
        size_z
        price
        height
      }
      family_size
      sims {
        first_name
        last_name
        age
      }
    }
  }
`);

/** A tray picture decoded (getEncryptedImage): a URL for <img>. */
export const TrayPictureQuery = graphql(`
  query TrayPicture($fileId: Int!) {
    getEncryptedImage(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      url
      has_alpha
    }
  }
`);

/** The custom content a lot, room or household uses, matched to creations on the site. */
export const UsedContentFragment = graphql(`
  fragment UsedContentFields on UsedContent {
    file_id
    status
    error {
      code
      message
    }
    found {
      id
      kind
      submission {
        id
        name
      }
    }
    not_found {
      id
      kind
    }
  }
`);

export const BlueprintItemsQuery = graphql(
  `
    query BlueprintItems($fileId: Int!) {
      getLotItemsFromBlueprint(fileId: $fileId) {
        ...UsedContentFields
      }
    }
  `,
  [UsedContentFragment],
);

export const RoomItemsQuery = graphql(
  `
    query RoomItems($fileId: Int!) {
      getLotItemsFromRoom(fileId: $fileId) {
        ...UsedContentFields
      }
    }
  `,
  [UsedContentFragment],
);

/** A household's facts and what its sims wear and keep. */
export const HouseholdContentsQuery = graphql(
  `
    query HouseholdContents($fileId: Int!) {
      getHHBinaryData(fileId: $fileId) {
        file_id
        status
        error {
          code
          message
        }
        family_name
        money
        sims {
          first_name
          last_name
          age
        }
      }
      getItemsFromHouseholdBinary(fileId: $fileId) {
        ...UsedContentFields
      }
    }
  `,
  [UsedContentFragment],
);

/** One click: an item a lot uses becomes a required download of the creation. */
export const AddRequiredItemMutation = graphql(`
  mutation AddRequiredItem($submission_id: Int!, $item: RequiredDownloadInput!) {
    addRequiredItem(submission_id: $submission_id, item: $item) {
      type
      download
    }
  }
`);
