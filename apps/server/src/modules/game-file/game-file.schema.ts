import { RESOURCE_KINDS } from './resource-types.constants';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import * as gameFileService from './game-file.service';
import type { InspectedFile } from './game-file.service';
import type { CatalogObject } from './package-summary.reader';
import type { TrayLot, TraySim } from './tray.reader';

const GAME_OF_FORMAT = { sims4: 4, sims3: 3, sims2: 2 } as const;

const InspectionErrorRef = builder.objectRef<{ code: string; message: string }>('InspectionError').implement({
  description: 'Why a file could not be read: a code clients may branch on, and words for people.',
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});

const ResourceCountRef = builder.objectRef<{ kind: string; count: number }>('ResourceCount').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: `One of ${RESOURCE_KINDS.join(', ')}.` }),
    count: t.exposeInt('count'),
  }),
});

const PackageObjectRef = builder.objectRef<CatalogObject>('PackageObject').implement({
  description: 'A catalog object of a package: its object GUID, and its catalog entry in English.',
  fields: (t) => ({
    object_guid: t.exposeString('id', { description: '16 lowercase hex digits.' }),
    name: t.exposeString('name', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    price: t.exposeInt('price', { nullable: true }),
  }),
});

const PackageDataRef = builder.objectRef<InspectedFile<'package'>>('PackageData').implement({
  description: 'What a package holds (SPEC 7 getPackageData). Every 64-bit id is a 16-digit lowercase hex string.',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending (not read yet: the inspection job reads uploads within a minute), read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    game: t.int({ nullable: true, description: 'The game the package is for: 4, 3 or 2.', resolve: (p) => (p.result ? GAME_OF_FORMAT[p.result.format] : null) }),
    version: t.string({ nullable: true, description: 'The DBPF version, as "2.1".', resolve: (p) => (p.result ? `${p.result.majorVersion}.${p.result.minorVersion}` : null) }),
    resource_count: t.int({ nullable: true, resolve: (p) => p.result?.entryCount ?? null }),
    counts: t.field({
      type: [ResourceCountRef],
      description: 'Live resources per kind (Sims 4 packages; other games count everything as other).',
      resolve: (p) => (p.result ? Object.entries(p.result.counts).filter(([, n]) => n > 0).map(([kind, count]) => ({ kind, count })) : []),
    }),
    object_guids: t.stringList({ description: 'Object definition ids (COBJ/OBJD instances), each once.', resolve: (p) => p.result?.objectDefinitionIds ?? [] }),
    objects: t.field({
      type: [PackageObjectRef],
      description: 'Catalog objects (COBJ) with their English names, descriptions and prices, up to 500.',
      resolve: (p) => p.result?.objects ?? [],
    }),
    cas_part_ids: t.stringList({ description: 'CAS part instances, each once.', resolve: (p) => p.result?.casPartIds ?? [] }),
    strings: t.stringList({ description: 'The first 200 English texts of its string tables.', resolve: (p) => p.result?.strings.map((s) => s.text) ?? [] }),
    warnings: t.stringList({ description: 'Parts that could not be read; the rest stands.', resolve: (p) => p.result?.warnings.map((w) => w.message) ?? [] }),
  }),
});

const TraySimRef = builder.objectRef<TraySim>('TraySim').implement({
  fields: (t) => ({
    id: t.exposeString('id', { nullable: true }),
    first_name: t.exposeString('firstName'),
    last_name: t.exposeString('lastName'),
    gender: t.exposeString('gender', { description: 'male, female or unknown.' }),
    age: t.exposeString('age', { description: 'baby, infant, toddler, child, teen, youngAdult, adult, elder or unknown.' }),
  }),
});

const TrayLotRef = builder
  .objectRef<TrayLot>('TrayLot')
  .implement({
    fields: (t) => ({
      size_x: t.exposeInt('sizeX', { nullable: true }),
      size_z: t.exposeInt('sizeZ', { nullable: true }),
      price: t.exposeInt('price', { nullable: true }),
      bedrooms: t.exposeInt('bedrooms', { nullable: true }),
      bathrooms: t.exposeInt('bathrooms', { nullable: true }),
    }),
  });

const TrayMetaDataRef = builder.objectRef<InspectedFile<'trayitem'>>('TrayMetaData').implement({
  description: 'What a .trayitem says about the lot, room or household it saves (SPEC 7 getTrayMetaData).',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending, read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    id: t.string({ nullable: true, resolve: (p) => p.result?.id ?? null }),
    type: t.string({ nullable: true, description: 'household, lot, room or unknown.', resolve: (p) => p.result?.type ?? null }),
    name: t.string({ nullable: true, resolve: (p) => p.result?.name ?? null }),
    description: t.string({ nullable: true, resolve: (p) => p.result?.description ?? null }),
    creator_id: t.string({ nullable: true, resolve: (p) => p.result?.creatorId ?? null }),
    creator_name: t.string({ nullable: true, resolve: (p) => p.result?.creatorName ?? null }),
    lot: t.field({ type: TrayLotRef, nullable: true, resolve: (p) => p.result?.lot ?? null }),
    family_size: t.int({ nullable: true, resolve: (p) => p.result?.familySize ?? null }),
    sims: t.field({ type: [TraySimRef], resolve: (p) => p.result?.sims ?? [] }),
    is_modded_content: t.boolean({ nullable: true, resolve: (p) => p.result?.isModdedContent ?? null }),
    hashtags: t.stringList({ resolve: (p) => p.result?.hashtags ?? [] }),
  }),
});

builder.queryFields((t) => ({
  getPackageData: t.field({
    type: PackageDataRef,
    description: 'What the readers found in a package file: its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.inspectedFile(ctx, args.fileId, 'package'),
  }),
  getTrayMetaData: t.field({
    type: TrayMetaDataRef,
    description: 'What a .trayitem file says: its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.inspectedFile(ctx, args.fileId, 'trayitem'),
  }),
}));
