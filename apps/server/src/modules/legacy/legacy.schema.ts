import { isLegacyPublished, LEGACY_GAMES, LEGACY_ITEM_STATUSES } from '@corner/domain';
import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './legacy.service';

/** An item as a list or the archive gives it: with its details already, or read on demand. */
type LegacyItemSource = service.LegacyItem | service.LegacyItemDetail;

const LegacyCategoryRefRef = builder.objectRef<{ id: number; name: string }>('LegacyItemCategory').implement({
  description: 'A category an item of the older submission system is in.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const LegacyCategoryRef = builder.objectRef<service.LegacyCategory & { path: string }>('LegacyCategory').implement({
  description: 'A category of the older submission system’s tree.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    parentId: t.exposeInt('parentId', { nullable: true }),
    name: t.exposeString('name'),
    position: t.exposeInt('position'),
    path: t.exposeString('path', { description: 'Its names from the top: “Objects › Living Room › Sofas”.' }),
  }),
});

const LegacyImageRef = builder.objectRef<{ item: LegacyItemSource; image: service.LegacyImage }>('LegacyImage').implement({
  description: 'A picture of a legacy item; the file lives in folder ID/1000 (SPEC 7).',
  fields: (t) => ({
    id: t.int({ resolve: (r) => r.image.id }),
    position: t.int({ resolve: (r) => r.image.position }),
    filename: t.string({ resolve: (r) => r.image.filename }),
    url: t.string({
      nullable: true,
      description: 'A signed address of the picture (the fallback picture answers when its file is missing); null when the caller may not see it.',
      resolve: (r, _a, ctx) => service.legacyImageUrl(ctx, r.item, r.image),
    }),
  }),
});

const LegacyFileRef = builder.objectRef<{ item: LegacyItemSource; file: service.LegacyFile }>('LegacyFile').implement({
  description: 'A download of a legacy item.',
  fields: (t) => ({
    id: t.int({ resolve: (r) => r.file.id }),
    filename: t.string({ resolve: (r) => r.file.filename }),
    filesize: t.int({ resolve: (r) => r.file.filesize }),
    mimetype: t.string({ resolve: (r) => r.file.mimetype }),
    version: t.int({ resolve: (r) => r.file.version }),
    created_at: t.field({ type: 'DateTime', resolve: (r) => r.file.createdAt }),
    url: t.string({ nullable: true, description: 'A signed download address; null when the caller may not see it.', resolve: (r, _a, ctx) => service.legacyFileUrl(ctx, r.item, r.file) }),
  }),
});

export const LegacyItemRef = builder.objectRef<LegacyItemSource>('LegacyItem').implement({
  description: 'An item of the older submission system (SPEC 3).',
  fields: (t) => ({
    ID: t.exposeInt('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    keywords: t.exposeString('keywords'),
    game: t.exposeInt('game', { description: `The game it is for: ${LEGACY_GAMES.join(', ')}.` }),
    publishDate: t.expose('publishDate', { type: 'DateTime', nullable: true }),
    published: t.boolean({ description: 'Live on the old site: published, with a publish date that has come.', resolve: (i) => isLegacyPublished(i) }),
    status: t.exposeString('status', { description: `One of ${LEGACY_ITEM_STATUSES.join(', ')}.` }),
    isHidden: t.exposeBoolean('isHidden'),
    reports: t.exposeInt('reports'),
    uploads: t.exposeInt('uploads'),
    creator: t.string({ nullable: true, description: 'The creator’s user name in the old system (null when it has no such member).', resolve: (i) => i.creator.name }),
    creatorId: t.int({ description: 'The creator’s member id (the same in the portal).', resolve: (i) => i.creator.memberId }),
    categories: t.field({ type: [LegacyCategoryRefRef], resolve: async (i, _a, ctx) => (await service.detailsOf(ctx, i)).categories }),
    images: t.field({
      type: [LegacyImageRef],
      description: 'Its pictures in order.',
      resolve: async (i, _a, ctx) => (await service.detailsOf(ctx, i)).images.map((image) => ({ item: i, image })),
    }),
    files: t.field({ type: [LegacyFileRef], resolve: async (i, _a, ctx) => (await service.detailsOf(ctx, i)).files.map((file) => ({ item: i, file })) }),
    thumbnail: t.string({
      nullable: true,
      description: 'The signed address of its first picture (folder ID/1000); null when it has none or the caller may not see it.',
      resolve: async (i, _a, ctx) => {
        const [first] = (await service.detailsOf(ctx, i)).images;
        return first ? service.legacyImageUrl(ctx, i, first) : null;
      },
    }),
    migratedTo: t.field({
      type: SubmissionPropertiesRef,
      nullable: true,
      description: 'The creation it was migrated to (its submission bridge), when the caller may see it.',
      resolve: (i, _a, ctx) => service.migratedSubmissionOf(ctx, i.id),
    }),
  }),
});

const LegacyItemPaginator = paginatorOf('LegacyItem', LegacyItemRef);

builder.queryFields((t) => ({
  legacyItem: t.field({
    type: LegacyItemRef,
    description: 'One item of the older submission system, by its ID (SPEC 7), for the archive.',
    authScopes: policy.view('file-management'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.archivedItem(ctx, a.id),
  }),
  legacyItemsSearch: t.field({
    type: LegacyItemPaginator,
    description: 'The archive’s search of the older submission system, newest first; every condition given must hold (title and creator: a phrase anywhere).',
    authScopes: policy.view('file-management'),
    args: {
      id: t.arg.int(),
      title: t.arg.string(),
      creator: t.arg.string({ description: 'A phrase in the creator’s user name.' }),
      creatorId: t.arg.int({ description: 'The creator’s member id.' }),
      game: t.arg.int(),
      status: t.arg.string(),
      isHidden: t.arg.boolean(),
      first: t.arg.int(),
      page: t.arg.int(),
    },
    resolve: (_r, { creatorId, ...a }, ctx) => service.searchArchive(ctx, { ...a, memberId: creatorId }),
  }),
  legacyCategories: t.field({
    type: [LegacyCategoryRef],
    description: 'The older submission system’s category tree, in tree order.',
    authScopes: policy.view('file-management'),
    resolve: (_r, _a, ctx) => service.legacyCategoryTree(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateLegacyItem: t.field({
    type: LegacyItemRef,
    description:
      'Changes an archived item in the older submission system: the fields given (null or left out: as it is); categoryIds replaces its categories. Logged (entity legacy_item).',
    authScopes: policy.edit('file-management'),
    args: {
      id: t.arg.int({ required: true }),
      title: t.arg.string(),
      description: t.arg.string(),
      categoryIds: t.arg.intList(),
      isHidden: t.arg.boolean(),
      status: t.arg.string(),
    },
    resolve: (_r, { id, ...a }, ctx) => service.updateArchivedItem(ctx, id, a),
  }),
}));
