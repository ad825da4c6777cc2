import { graphql } from 'gql.tada';

export const ImageHotspotFragment = graphql(`
  fragment ImageHotspotFields on ImageHotspot @_unmask {
    id
    image_id
    url
    title
    x
    y
  }
`);

export const StepImageFragment = graphql(
  `
    fragment StepImageFields on Image @_unmask {
      id
      ord
      filename
      filesize
      mimetype
      width
      height
      url
      created_at
      hotspots {
        ...ImageHotspotFields
      }
    }
  `,
  [ImageHotspotFragment],
);

/** Step 3: the creation's images in their order, with their hotspots. */
export const ImagesStepQuery = graphql(
  `
    query ImagesStep($id: Int!) {
      submissionProperties(id: $id) {
        id
        name
        status
        deleted_at
        abilities {
          canEdit
        }
        missing_items {
          code
          message
          step
          childName
        }
        images {
          ...StepImageFields
        }
      }
    }
  `,
  [StepImageFragment],
);

/** Sent as a multipart request (see features/file/upload.ts): `file` is the image. */
export const CreateSubmissionImageMutation = graphql(
  `
    mutation CreateSubmissionImage($submission_id: Int!, $file: Upload!) {
      createSubmissionImage(submission_id: $submission_id, file: $file) {
        ...StepImageFields
      }
    }
  `,
  [StepImageFragment],
);

export const DeleteSubmissionImageMutation = graphql(`
  mutation DeleteSubmissionImage($id: Int!) {
    deleteSubmissionImage(id: $id)
  }
`);

export const SetImageOrderMutation = graphql(`
  mutation SetImageOrder($submission_id: Int!, $image_ids: [Int!]!) {
    setImageOrder(submission_id: $submission_id, image_ids: $image_ids) {
      id
      ord
    }
  }
`);

export const CreateImageHotspotMutation = graphql(
  `
    mutation CreateImageHotspot($image_id: Int!, $url: String!, $title: String, $x: Float!, $y: Float!) {
      createImageHotspot(image_id: $image_id, url: $url, title: $title, x: $x, y: $y) {
        ...ImageHotspotFields
      }
    }
  `,
  [ImageHotspotFragment],
);

export const UpdateImageHotspotMutation = graphql(
  `
    mutation UpdateImageHotspot($id: Int!, $url: String, $title: String, $x: Float, $y: Float) {
      updateImageHotspot(id: $id, url: $url, title: $title, x: $x, y: $y) {
        ...ImageHotspotFields
      }
    }
  `,
  [ImageHotspotFragment],
);

export const DeleteImageHotspotMutation = graphql(`
  mutation DeleteImageHotspot($id: Int!) {
    deleteImageHotspot(id: $id)
  }
`);
