import type { FieldChange, ResourceChange, ResourceDiff, ResourceKindTally } from '@corner/domain';
import { builder } from '../../schema/builder';
import { FileVersionRef } from '../file/file.schema';
import { ImageRef } from '../image/image.schema';
import * as service from './update-diff.service';
import { SubmissionUpdateRequestRef } from './update-request.schema';

const UpdateFieldChangeRef = builder.objectRef<FieldChange>('UpdateFieldChange').implement({
  description: 'A detail changed since the approved version: text, a number or a yes/no from `before` to `after`, or a list with names added and removed.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The property: name, description, keywords, category_id, attributes (tags), themes, required_items, …' }),
    type: t.exposeString('type', { description: 'text, number, flag ("true"/"false") or list.' }),
    before: t.exposeString('before', { nullable: true, description: 'The approved value (names for a category); null when empty.' }),
    after: t.exposeString('after', { nullable: true }),
    added: t.exposeStringList('added', { description: 'For a list: the names added.' }),
    removed: t.exposeStringList('removed', { description: 'For a list: the names removed.' }),
  }),
});

const UpdateImagesDiffRef = builder.objectRef<service.ImagesDiffView>('UpdateImagesDiff').implement({
  description: 'Pictures added and removed since the approved version, and whether the others stand in another order.',
  fields: (t) => ({
    added: t.field({ type: [ImageRef], resolve: (d) => d.added }),
    removed: t.field({ type: [ImageRef], resolve: (d) => d.removed }),
    reordered: t.exposeBoolean('reordered'),
    approved_count: t.exposeInt('approved_count'),
    current_count: t.exposeInt('current_count'),
  }),
});

const UpdateResourceChangeRef = builder.objectRef<ResourceChange>('UpdateResourceChange').implement({
  description: 'One resource of a package added, removed or changed, by key, with its unpacked size on each side.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'type:group:instance in hex (8, 8 and 16 digits).' }),
    kind: t.exposeString('kind', { description: 'catalogObject, objectDefinition, casPart, stringTable, thumbnail, simData, …, other.' }),
    before: t.exposeFloat('before', { nullable: true, description: 'Bytes in the approved version (null when added).' }),
    after: t.exposeFloat('after', { nullable: true, description: 'Bytes in the new version (null when removed).' }),
  }),
});

const UpdateResourceKindTallyRef = builder.objectRef<ResourceKindTally>('UpdateResourceKindTally').implement({
  description: 'How many resources of one kind were added, removed and changed.',
  fields: (t) => ({
    kind: t.exposeString('kind'),
    added: t.exposeInt('added'),
    removed: t.exposeInt('removed'),
    changed: t.exposeInt('changed'),
  }),
});

const UpdateResourceDiffRef = builder.objectRef<ResourceDiff>('UpdateResourceDiff').implement({
  description: 'A package’s resources compared by key: exact counts, and at most 100 of each change listed, in key order.',
  fields: (t) => ({
    added: t.exposeInt('added'),
    removed: t.exposeInt('removed'),
    changed: t.exposeInt('changed'),
    unchanged: t.exposeInt('unchanged'),
    kinds: t.field({ type: [UpdateResourceKindTallyRef], description: 'Kinds with a change, most changes first.', resolve: (d) => d.kinds }),
    listed_added: t.field({ type: [UpdateResourceChangeRef], resolve: (d) => d.listedAdded }),
    listed_removed: t.field({ type: [UpdateResourceChangeRef], resolve: (d) => d.listedRemoved }),
    listed_changed: t.field({ type: [UpdateResourceChangeRef], resolve: (d) => d.listedChanged }),
  }),
});

const UpdateNamedIdRef = builder.objectRef<service.ListedIdView>('UpdateNamedId').implement({
  description: 'An object or CAS part id (16 hex digits; 8 for The Sims 2) and its English name when the package has one.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name', { nullable: true }),
    thumbnail_url: t.string({
      nullable: true,
      description: 'A signed URL of its catalog thumbnail in the version that has it (objects whose package holds one).',
      resolve: (o, _a, ctx) => (o.thumbnail_path ? ctx.urlSigner.sign(o.thumbnail_path) : null),
    }),
  }),
});

const UpdateIdDiffRef = builder.objectRef<service.IdDiffView>('UpdateIdDiff').implement({
  description: 'Ids a package defines that came or went: exact counts, at most 100 of each listed.',
  fields: (t) => ({
    added: t.exposeInt('added'),
    removed: t.exposeInt('removed'),
    listed_added: t.field({ type: [UpdateNamedIdRef], resolve: (d) => d.listedAdded }),
    listed_removed: t.field({ type: [UpdateNamedIdRef], resolve: (d) => d.listedRemoved }),
  }),
});

const UpdatePackageDiffRef = builder.objectRef<service.PackageDiffView>('UpdatePackageDiff').implement({
  description: 'Two versions of a package compared from what the server read of each.',
  fields: (t) => ({
    state: t.exposeString('state', { description: 'ready; pending (a version not read yet); failed (one could not be read, see message); too_large (over 50,000 resources: only counts and ids compare).' }),
    message: t.exposeString('message', { nullable: true }),
    resources_before: t.exposeInt('resources_before', { nullable: true }),
    resources_after: t.exposeInt('resources_after', { nullable: true }),
    resources: t.field({ type: UpdateResourceDiffRef, nullable: true, resolve: (d) => d.resources }),
    objects: t.field({ type: UpdateIdDiffRef, nullable: true, description: 'Object ids (catalog objects and object definitions).', resolve: (d) => d.objects }),
    cas_parts: t.field({ type: UpdateIdDiffRef, nullable: true, resolve: (d) => d.cas_parts }),
  }),
});

const UpdateFileChangeRef = builder.objectRef<service.FileChangeView>('UpdateFileChange').implement({
  description: 'A file added or removed since the approved version, or replaced by the version the request brings.',
  fields: (t) => ({
    change: t.exposeString('change', { description: 'added, removed or replaced.' }),
    file_id: t.exposeInt('file_id'),
    filename: t.exposeString('filename'),
    kind: t.exposeString('kind', { nullable: true }),
    from: t.field({ type: FileVersionRef, nullable: true, description: 'The approved version (what visitors download now).', resolve: (c) => c.from }),
    to: t.field({ type: FileVersionRef, nullable: true, description: 'The version approving the request gives visitors.', resolve: (c) => c.to }),
    package: t.field({ type: UpdatePackageDiffRef, nullable: true, description: 'For a replaced package: what changed inside.', resolve: (c) => c.package }),
  }),
});

const UpdateDiffRef = builder.objectRef<service.UpdateDiffView>('UpdateDiff').implement({
  description:
    'What a pending update request changes against the approved version (docs/decisions.md, "What changed in an update"): details, pictures and files, and inside replaced packages their resources and ids.',
  fields: (t) => ({
    request_id: t.exposeInt('request_id'),
    approved_at: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the compared version was approved; null when no approval is recorded (then only the files the request brings compare).',
      resolve: (d) => d.approved_at,
    }),
    state: t.exposeString('state', { description: 'ready, or pending while a package it compares is being read.' }),
    fields: t.field({ type: [UpdateFieldChangeRef], resolve: (d) => d.fields }),
    images: t.field({ type: UpdateImagesDiffRef, resolve: (d) => d.images }),
    files: t.field({ type: [UpdateFileChangeRef], resolve: (d) => d.files }),
  }),
});

builder.objectFields(SubmissionUpdateRequestRef, (t) => ({
  changes: t.field({
    type: UpdateDiffRef,
    nullable: true,
    description: 'What it changes against the approved version, while it is pending: for staff who review updates (the updated and testing pages); null for anyone else.',
    resolve: (r, _a, ctx) => service.updateDiffOf(ctx, r),
  }),
}));
