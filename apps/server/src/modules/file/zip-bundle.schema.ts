import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import * as zipBundleService from './zip-bundle.service';

/** GraphQL's Int is 32-bit. */
const MAX_INT = 2 ** 31 - 1;

export const ZipBundleRef = builder.objectRef<zipBundleService.ZipBundleRow>('ZipBundle').implement({
  description:
    'A zip built in the background: a creation’s download (generateZipFileForSubmission) or a staff basket. `status` PENDING, BUILDING, READY or FAILED; `url` once READY; `error` when FAILED.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status'),
    error: t.exposeString('error', { nullable: true, description: 'Why it FAILED, for people (“A file could not be read: “x.package”.”).' }),
    url: t.string({ nullable: true, description: 'A signed download URL (`/bundles/{id}/{filename}`, served as an attachment, with ranges) once READY; null before.', resolve: (b, _args, ctx) => zipBundleService.zipBundleUrl(ctx, b) }),
    filename: t.exposeString('filename'),
    num_files_to_add: t.exposeInt('num_files_to_add', { description: 'How many files the zip holds when done.' }),
    num_files_added: t.exposeInt('num_files_added', { description: 'How many are in so far (written a few times a second while BUILDING): a progress bar.' }),
    filesize: t.int({
      nullable: true,
      description: 'The zip’s size in bytes once READY; null before, and for a zip of 2 GiB or more (beyond GraphQL’s Int).',
      resolve: (b) => (b.filesize !== null && b.filesize <= MAX_INT ? b.filesize : null),
    }),
    submission_id: t.exposeInt('submission_id', { nullable: true }),
    created_at: t.field({ type: 'DateTime', resolve: (b) => b.created_at }),
  }),
});

builder.queryFields((t) => ({
  staffBasket: t.field({
    type: ZipBundleRef,
    description: 'A staff basket and how far its zip has come.',
    authScopes: policy.view('file-management'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => zipBundleService.staffBasket(ctx, args.id),
  }),
  zipBundle: t.field({
    type: ZipBundleRef,
    description: 'A zip to follow while it is built: one the caller asked for, one of the caller’s own creation, or any zip for staff.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => zipBundleService.zipBundle(ctx, args.id),
  }),
}));

builder.mutationFields((t) => ({
  generateZipFileForSubmission: t.field({
    type: ZipBundleRef,
    description:
      'Builds the download zip of a creation’s files in the background (the published versions where set, else the newest). Follow it with zipBundle(id); an unchanged creation’s ready zip is answered at once.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => zipBundleService.generateZipFileForSubmission(ctx, args.id),
  }),
  createStaffBasket: t.field({
    type: ZipBundleRef,
    description: 'Bundles chosen files (their newest versions) into one zip in the background; follow it with staffBasket(id).',
    authScopes: policy.edit('file-management'),
    args: { file_ids: t.arg.intList({ required: true }), filename: t.arg.string() },
    resolve: (_root, args, ctx) => zipBundleService.createStaffBasket(ctx, args.file_ids, args.filename ?? null),
  }),
}));
