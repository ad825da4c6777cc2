import { builder } from '../../schema/builder';
import { owned, policy } from '../../schema/policy';
import { MemberSummaryRef } from '../member/member.schema';
import { assertCanView, STAFF_EDIT_PERMISSIONS } from '../submission/submission.access';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as fileService from './file.service';
import * as gameItemService from './game-item.service';
import * as objectGuidService from './object-guid.service';

export const FileLogRef = builder.objectRef<fileService.FileLogView>('FileLog').implement({
  description: 'One event in a file’s history: created, renamed, deleted, …, with what changed in `details`.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    action: t.exposeString('action'),
    details: t.field({ type: 'JSON', nullable: true, resolve: (l) => l.details }),
    created_at: t.field({ type: 'DateTime', resolve: (l) => l.created_at }),
    member: t.field({ type: MemberSummaryRef, nullable: true, resolve: (l) => l.member }),
  }),
});

export const FileRef = builder.objectRef<fileService.FileRow>('File').implement({
  description:
    'A file of a creation. `version` is the newest, `published_version` the one visitors get; `kind` is what its first bytes show (sims4-package, tray-item, zip, …).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    member_id: t.exposeInt('member_id'),
    filename: t.exposeString('filename'),
    filesize: t.exposeInt('filesize'),
    mimetype: t.exposeString('mimetype'),
    kind: t.exposeString('kind', { nullable: true }),
    version: t.exposeInt('version'),
    published_version: t.exposeInt('published_version', { nullable: true }),
    created_at: t.field({ type: 'DateTime', resolve: (f) => f.created_at }),
    updated_at: t.field({ type: 'DateTime', resolve: (f) => f.updated_at }),
    deleted_at: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.deleted_at }),
    url: t.string({
      description: 'A signed download URL of the newest version, valid for a short while.',
      resolve: (f, _args, ctx) => fileService.fileUrl(ctx, f),
    }),
    logs: t.field({ type: [FileLogRef], resolve: (f, _args, ctx) => fileService.fileLogsOf(ctx.db, f.id) }),
  }),
});

export const ObjectGuidRef = builder.objectRef<objectGuidService.ObjectGuidRow>('ObjectGuid').implement({
  description: 'An object definition id of a creation, as 16 lower-case hex digits.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id'),
    file_id: t.exposeInt('file_id', { nullable: true }),
    object_guid: t.exposeString('object_guid'),
    created_at: t.field({ type: 'DateTime', resolve: (o) => o.created_at }),
  }),
});

export const GameItemRef = builder.objectRef<gameItemService.GameItemRow>('GameItem').implement({
  description: 'A game item a lot or household uses.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id'),
    name: t.exposeString('name'),
    type: t.exposeString('type', { nullable: true }),
    download_url: t.exposeString('download_url', { nullable: true }),
    expansion_pack: t.exposeString('expansion_pack', { nullable: true }),
    created_at: t.field({ type: 'DateTime', resolve: (g) => g.created_at }),
  }),
});

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  files: t.field({
    type: [FileRef],
    description: 'Its files, oldest first; deleted ones too with `include_deleted`.',
    args: { include_deleted: t.arg.boolean({ defaultValue: false }) },
    resolve: (s, args, ctx) => {
      assertCanView(ctx, s);
      return fileService.listFiles(ctx.db, s, { includeDeleted: args.include_deleted ?? false });
    },
  }),
  object_guids: t.field({
    type: [ObjectGuidRef],
    resolve: (s, _args, ctx) => {
      assertCanView(ctx, s);
      return objectGuidService.listObjectGuids(ctx.db, s);
    },
  }),
  game_items: t.field({
    type: [GameItemRef],
    resolve: (s, _args, ctx) => {
      assertCanView(ctx, s);
      return gameItemService.listGameItems(ctx.db, s);
    },
  }),
}));

const edit = STAFF_EDIT_PERMISSIONS;

builder.mutationFields((t) => ({
  createSubmissionFile: t.field({
    type: FileRef,
    description: 'Uploads a file (multipart request) to a creation as version 1.',
    authScopes: policy.signedIn,
    extensions: owned('submission', 'submission_id', edit),
    args: {
      submission_id: t.arg.int({ required: true }),
      file: t.arg({ type: 'Upload', required: true, extensions: { upload: 'file' } }),
    },
    resolve: (_root, args, ctx) => fileService.createSubmissionFile(ctx, args.submission_id, args.file),
  }),
  updateSubmissionFile: t.field({
    type: FileRef,
    description: 'Renames a file (the extension stays).',
    authScopes: policy.signedIn,
    extensions: owned('file', 'id', edit),
    args: { id: t.arg.int({ required: true }), filename: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => fileService.updateSubmissionFile(ctx, args.id, args.filename),
  }),
  deleteSubmissionFile: t.boolean({
    description: 'Deletes a file; its row, versions and history are kept.',
    authScopes: policy.signedIn,
    extensions: owned('file', 'id', edit),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => fileService.deleteSubmissionFile(ctx, args.id),
  }),
  createObjectGuid: t.field({
    type: ObjectGuidRef,
    description: 'Lists an object GUID: up to 16 hex digits, with or without 0x.',
    authScopes: policy.signedIn,
    extensions: owned('submission', 'submission_id', edit),
    args: { submission_id: t.arg.int({ required: true }), object_guid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => objectGuidService.createObjectGuid(ctx, args.submission_id, args.object_guid),
  }),
  deleteObjectGuid: t.boolean({
    authScopes: policy.signedIn,
    extensions: owned('objectGuid', 'id', edit),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => objectGuidService.deleteObjectGuid(ctx, args.id),
  }),
  createGameItem: t.field({
    type: GameItemRef,
    authScopes: policy.signedIn,
    extensions: owned('submission', 'submission_id', edit),
    args: {
      submission_id: t.arg.int({ required: true }),
      name: t.arg.string({ required: true }),
      type: t.arg.string(),
      download_url: t.arg.string(),
      expansion_pack: t.arg.string(),
    },
    resolve: (_root, { submission_id, ...input }, ctx) => gameItemService.createGameItem(ctx, submission_id, input),
  }),
  updateGameItem: t.field({
    type: GameItemRef,
    description: 'Changes the fields given; null clears an optional one.',
    authScopes: policy.signedIn,
    extensions: owned('gameItem', 'id', edit),
    args: {
      id: t.arg.int({ required: true }),
      name: t.arg.string(),
      type: t.arg.string(),
      download_url: t.arg.string(),
      expansion_pack: t.arg.string(),
    },
    resolve: (_root, { id, ...input }, ctx) => gameItemService.updateGameItem(ctx, id, input),
  }),
  deleteGameItem: t.boolean({
    authScopes: policy.signedIn,
    extensions: owned('gameItem', 'id', edit),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameItemService.deleteGameItem(ctx, args.id),
  }),
}));
