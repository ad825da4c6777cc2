import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { assertCanView } from '../submission/submission.access';
import { preloadField } from '../submission/submission.loaders';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as imageService from './image.service';

export const ImageHotspotRef = builder.objectRef<imageService.HotspotRow>('ImageHotspot').implement({
  description: 'A point on an image linking to a page; x and y are fractions (0 to 1) of the width and height.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    image_id: t.exposeInt('image_id'),
    submission_id: t.exposeInt('submission_id'),
    url: t.exposeString('url'),
    title: t.exposeString('title', { nullable: true }),
    x: t.exposeFloat('x'),
    y: t.exposeFloat('y'),
  }),
});

export const ImageRef = builder.objectRef<imageService.ImageView>('Image').implement({
  description: "A picture of a creation. `ord` is its place (1 is the main picture); `url` loads it (signed unless the creation is published).",
  fields: (t) => ({
    id: t.exposeInt('id'),
    ord: t.exposeInt('ord'),
    filename: t.exposeString('filename'),
    caption: t.exposeString('caption', { description: 'What the picture shows, in the creator’s words; empty without one.' }),
    mimetype: t.exposeString('mimetype'),
    filesize: t.exposeInt('filesize'),
    created_at: t.field({ type: 'DateTime', resolve: (i) => i.created_at }),
    member_id: t.exposeInt('member_id'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    url: t.string({ resolve: (i, _args, ctx) => imageService.imageUrl(ctx, i) }),
    hotspots: t.field({
      type: [ImageHotspotRef],
      resolve: (i, _args, ctx) => i.hotspots ?? imageService.loadHotspots(ctx, i.id),
    }),
  }),
});

preloadField('images', imageService.imagesPreload);

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  images: t.field({
    type: [ImageRef],
    description: 'The live images in their order.',
    resolve: (s, _args, ctx) => {
      assertCanView(ctx, s);
      return imageService.loadImages(ctx, s);
    },
  }),
}));


builder.mutationFields((t) => ({
  createSubmissionImage: t.field({
    type: ImageRef,
    description: 'Uploads an image (multipart request) and appends it to the creation’s images.',
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int({ required: true }),
      file: t.arg({ type: 'Upload', required: true, extensions: { upload: 'image' } }),
    },
    resolve: (_root, args, ctx) => imageService.createSubmissionImage(ctx, args.submission_id, args.file),
  }),
  updateSubmissionImage: t.field({
    type: ImageRef,
    description: 'Changes an image’s caption; the picture, its place and its hotspots are kept.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }), caption: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => imageService.updateSubmissionImage(ctx, args.id, { caption: args.caption }),
  }),
  deleteSubmissionImage: t.boolean({
    description: 'Deletes an image (kept in history); the others close up.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => imageService.deleteSubmissionImage(ctx, args.id),
  }),
  setImageOrder: t.field({
    type: [ImageRef],
    description: "Orders a creation's images; `image_ids` must list each of its images exactly once.",
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int({ required: true }),
      image_ids: t.arg.intList({ required: true }),
    },
    resolve: (_root, args, ctx) => imageService.setImageOrder(ctx, args.submission_id, args.image_ids),
  }),
  createImageHotspot: t.field({
    type: ImageHotspotRef,
    authScopes: policy.signedIn,
    args: {
      image_id: t.arg.int({ required: true }),
      url: t.arg.string({ required: true }),
      title: t.arg.string(),
      x: t.arg.float({ required: true }),
      y: t.arg.float({ required: true }),
    },
    resolve: (_root, args, ctx) => imageService.createImageHotspot(ctx, args),
  }),
  updateImageHotspot: t.field({
    type: ImageHotspotRef,
    description: 'Changes the fields given; a null title removes it.',
    authScopes: policy.signedIn,
    args: {
      id: t.arg.int({ required: true }),
      url: t.arg.string(),
      title: t.arg.string(),
      x: t.arg.float(),
      y: t.arg.float(),
    },
    resolve: (_root, { id, ...input }, ctx) => imageService.updateImageHotspot(ctx, id, input),
  }),
  deleteImageHotspot: t.boolean({
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => imageService.deleteImageHotspot(ctx, args.id),
  }),
}));
