import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { MemberSummaryRef } from '../member/member.schema';
import { assertCanView } from '../submission/submission.access';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as fileService from './file.service';
import * as fileReadService from './file-read.service';
import * as fileSearchService from './file-search.service';
import * as fileUrlService from './file-url.service';
import * as gameItemService from './game-item.service';
import * as objectGuidService from './object-guid.service';
import * as directUploadService from './direct-upload.service';
import { paginatorOf } from '../../schema/paginator';

export const FileLogRef = builder.objectRef<fileReadService.FileLogView>('FileLog').implement({
  description: 'One event in a file’s history: created, renamed, deleted, …, with what changed in `details`.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    action: t.exposeString('action'),
    details: t.field({ type: 'JSON', nullable: true, resolve: (l) => l.details }),
    created_at: t.field({ type: 'DateTime', resolve: (l) => l.created_at }),
    member: t.field({ type: MemberSummaryRef, nullable: true, resolve: (l) => l.member }),
  }),
});

export const FileVersionRef = builder.objectRef<fileReadService.FileVersionView>('FileVersion').implement({
  description: 'One version of a file: what was uploaded, by whom, when. `is_published` marks the one visitors download.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    version: t.exposeInt('version'),
    filename: t.exposeString('filename'),
    filesize: t.exposeInt('filesize'),
    mimetype: t.exposeString('mimetype'),
    sha256: t.exposeString('sha256'),
    created_at: t.field({ type: 'DateTime', resolve: (v) => v.created_at }),
    member: t.field({ type: MemberSummaryRef, nullable: true, resolve: (v) => v.member }),
    is_published: t.exposeBoolean('is_published'),
    url: t.string({ description: 'A signed download URL of this version.', resolve: (v, _args, ctx) => fileUrlService.versionUrl(ctx, v) }),
  }),
});

export const FileRef = builder.objectRef<fileReadService.FileRow>('File').implement({
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
      description:
        'A signed download URL, valid for a short while: of the newest version for the owner and staff, else of the version visitors download (the published one, or the newest while none is).',
      resolve: (f, _args, ctx) => fileUrlService.fileUrl(ctx, f),
    }),
    logs: t.field({
      type: [FileLogRef],
      description: 'The file’s history, oldest first (its owner and staff; empty for anyone else).',
      resolve: (f, _args, ctx) => fileReadService.visibleLogs(ctx, f),
    }),
    sha256: t.exposeString('sha256', { description: 'The newest version’s content hash (hex).' }),
    submission_id: t.exposeInt('submission_id', { nullable: true }),
    submission: t.field({
      type: SubmissionPropertiesRef,
      nullable: true,
      description: 'The creation the file belongs to.',
      resolve: (f, _args, ctx) => fileReadService.submissionOfFile(ctx, f),
    }),
    member: t.field({
      type: MemberSummaryRef,
      nullable: true,
      description: 'The creator who owns the file.',
      resolve: (f, _args, ctx) => fileReadService.ownerOfFile(ctx, f),
    }),
    versions: t.field({
      type: [FileVersionRef],
      description: 'Every version, newest first, for the owner and staff; anyone else sees only the version visitors download.',
      resolve: (f, _args, ctx) => fileReadService.visibleVersions(ctx, f),
    }),
  }),
});

export const FilePageRef = paginatorOf('File', FileRef);

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
      return fileReadService.listFiles(ctx.db, s, { includeDeleted: args.include_deleted ?? false });
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


export const FileUploadUrlRef = builder.objectRef<directUploadService.FileUploadUrl>('FileUploadUrl').implement({
  description: 'A signed direct upload: PUT the file to `url` with `headers` before `expires_at`, then register `key`.',
  fields: (t) => ({
    url: t.exposeString('url'),
    key: t.exposeString('key'),
    mimetype: t.exposeString('mimetype'),
    disposition: t.exposeString('disposition', { description: 'The Content-Disposition header to send with the PUT.' }),
    method: t.exposeString('method'),
    headers: t.field({ type: 'JSON', description: 'Headers the PUT must carry (Content-Type, Content-Disposition).', resolve: (u) => u.headers }),
    expires_at: t.field({ type: 'DateTime', resolve: (u) => u.expires_at }),
    max_bytes: t.exposeInt('max_bytes', { description: 'The largest file this upload accepts.' }),
  }),
});

const SubmissionFileChangeRef = builder.inputType('SubmissionFileChange', {
  description: 'One file’s change in updateSubmissionFiles: leave a field out (or null) to keep it.',
  fields: (t) => ({
    id: t.int({ required: true }),
    filename: t.string(),
    published_version: t.int({ description: 'Staff who manage files only.' }),
  }),
});

builder.queryFields((t) => ({
  searchFiles: t.field({
    type: FilePageRef,
    description:
      'File management: files whose name, owner’s name or id, creation id or sha256 (8+ hex digits) match `search`; newest first. `deleted` lists deleted files (the archive) instead.',
    authScopes: policy.view('file-management'),
    args: {
      search: t.arg.string(),
      deleted: t.arg.boolean({ defaultValue: false }),
      first: t.arg.int(),
      page: t.arg.int(),
    },
    resolve: (_root, args, ctx) =>
      fileSearchService.searchFiles(ctx, { search: args.search ?? null, deleted: args.deleted ?? false, first: args.first, page: args.page }),
  }),
  file: t.field({
    type: FileRef,
    description: 'One file, deleted or not: its owner, or staff who manage files.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => fileReadService.fileForView(ctx, args.id),
  }),
}));

builder.mutationFields((t) => ({
  createSubmissionFile: t.field({
    type: FileRef,
    description:
      'Adds a file to a creation as version 1: either `file` in a multipart request, or the `key` of a direct upload (getFileUploadUrl) with its `filename`.',
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int({ required: true }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'file' } }),
      key: t.arg.string({ description: 'The key getFileUploadUrl returned, once the browser’s PUT finished.' }),
      filename: t.arg.string({ description: 'The file’s name, with `key`.' }),
    },
    resolve: (_root, args, ctx) => fileService.createSubmissionFile(ctx, args.submission_id, { file: args.file, key: args.key, filename: args.filename }),
  }),
  getFileUploadUrl: t.field({
    type: FileUploadUrlRef,
    description:
      'Where the browser PUTs a large file directly (to object storage, or to this server on local disk), sending the returned `headers`. The URL works once, for this key only, until `expires_at`; then createSubmissionFile or replaceSubmissionFile with the key registers it.',
    authScopes: policy.signedIn,
    args: { filename: t.arg.string({ required: true }), mimetype: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => directUploadService.getFileUploadUrl(ctx, args.filename, args.mimetype),
  }),
  replaceSubmissionFile: t.field({
    type: FileRef,
    description:
      'Uploads a new version of a file (`file` in a multipart request, or a direct upload’s `key` and `filename`): the newest version + 1, of the same kind as the file (a Sims 4 package by a Sims 4 package, an image by an image). The published version stays until it is changed. The owner while the creation is editable; reviewers and file managers at any status. A deleted file is restored first.',
    authScopes: policy.signedIn,
    args: {
      id: t.arg.int({ required: true }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'file' } }),
      key: t.arg.string(),
      filename: t.arg.string(),
    },
    resolve: (_root, args, ctx) => fileService.replaceSubmissionFile(ctx, args.id, { file: args.file, key: args.key, filename: args.filename }),
  }),
  updateSubmissionFiles: t.field({
    type: [FileRef],
    description:
      'Changes several files of one creation in one go (names; published versions for file managers only), each change logged. All or nothing; answers the files in the order given.',
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int({ required: true }),
      files: t.arg({ type: [SubmissionFileChangeRef], required: true }),
    },
    resolve: (_root, args, ctx) => fileService.updateSubmissionFiles(ctx, args.submission_id, args.files),
  }),
  updateSubmissionFileVersion: t.field({
    type: FileRef,
    description: 'Sets which existing version visitors download (file managers).',
    authScopes: policy.edit('file-management'),
    args: { id: t.arg.int({ required: true }), published_version: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => fileService.updateSubmissionFileVersion(ctx, args.id, args.published_version),
  }),
  restoreSubmissionFile: t.field({
    type: FileRef,
    description: 'Brings back a deleted file, with all its versions and history; a live file is answered unchanged.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => fileService.restoreSubmissionFile(ctx, args.id),
  }),
  updateSubmissionFile: t.field({
    type: FileRef,
    description: 'Renames a file (the extension stays).',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }), filename: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => fileService.updateSubmissionFile(ctx, args.id, args.filename),
  }),
  deleteSubmissionFile: t.boolean({
    description: 'Deletes a file; its row, versions and history are kept, and restoreSubmissionFile brings it back.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => fileService.deleteSubmissionFile(ctx, args.id),
  }),
  createObjectGuid: t.field({
    type: ObjectGuidRef,
    description: 'Lists an object GUID: up to 16 hex digits, with or without 0x.',
    authScopes: policy.signedIn,
    args: { submission_id: t.arg.int({ required: true }), object_guid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => objectGuidService.createObjectGuid(ctx, args.submission_id, args.object_guid),
  }),
  updateObjectGuid: t.field({
    type: ObjectGuidRef,
    description: 'Corrects an object GUID the creator typed (one read from a file is refused).',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }), object_guid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => objectGuidService.updateObjectGuid(ctx, args.id, args.object_guid),
  }),
  deleteObjectGuid: t.boolean({
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => objectGuidService.deleteObjectGuid(ctx, args.id),
  }),
  createGameItem: t.field({
    type: GameItemRef,
    authScopes: policy.signedIn,
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
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameItemService.deleteGameItem(ctx, args.id),
  }),
}));
