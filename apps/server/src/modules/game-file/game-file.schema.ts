import { RESOURCE_KINDS } from './resource-types.constants';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import * as gameFileService from './game-file.service';
import type { InspectedFile } from './game-file.service';
import type { CasPartName, CatalogObject } from './package-summary.reader';
import type { TrayLot, TrayRoom, TraySim } from './tray.reader';
import type { HouseholdInspection } from './inspect.reader';
import * as usedContentService from './used-content.service';
import type { UsedContent, UsedItem } from './used-content.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';

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

const PackageObjectRef = builder.objectRef<CatalogObject & { thumbnailUrl: string | null }>('PackageObject').implement({
  description: 'A catalog object of a package: its object GUID, and its catalog entry in English.',
  fields: (t) => ({
    object_guid: t.exposeString('id', { description: '16 lowercase hex digits.' }),
    name: t.exposeString('name', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    price: t.exposeInt('price', { nullable: true }),
    thumbnail_url: t.exposeString('thumbnailUrl', {
      nullable: true,
      description: 'A signed URL of its catalog thumbnail (the largest in the package): a JPEG, or a PNG when it has a transparency mask. Null when the package has none.',
    }),
  }),
});

const CasPartRef = builder.objectRef<CasPartName>('PackageCasPart').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: '16 lowercase hex digits.' }),
    name: t.exposeString('name', { nullable: true, description: 'The name the part carries (its creator’s working name).' }),
    title: t.exposeString('title', { nullable: true, description: 'Its title in Create a Sim, in English, when the package’s string tables have it.' }),
    body_type: t.exposeInt('bodyType', { nullable: true, description: 'The game’s BodyType number (2 hair, 6 top, 7 bottom, 8 shoes, ...).' }),
  }),
});

const ScriptDataRef = builder.objectRef<InspectedFile<'ts4script'>>('ScriptData').implement({
  description: 'What a script mod (.ts4script) holds: its Python modules.',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending, read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    entry_count: t.int({ nullable: true, resolve: (p) => p.result?.entryCount ?? null }),
    modules: t.stringList({ description: 'Python modules as dotted names, up to 500.', resolve: (p) => p.result?.modules ?? [] }),
    has_source: t.boolean({ nullable: true, description: 'Whether it carries Python source (.py).', resolve: (p) => p.result?.hasSource ?? null }),
    has_compiled: t.boolean({ nullable: true, description: 'Whether it carries compiled modules (.pyc).', resolve: (p) => p.result?.hasCompiled ?? null }),
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
      resolve: (p, _args, ctx) => gameFileService.objectsWithThumbnails(ctx, p),
    }),
    cas_part_ids: t.stringList({ description: 'CAS part instances, each once.', resolve: (p) => p.result?.casPartIds ?? [] }),
    cas_parts: t.field({
      type: [CasPartRef],
      description: 'CAS parts with their names, titles and body types, up to 500.',
      resolve: (p) => p.result?.casParts ?? [],
    }),
    resource_names: t.stringList({ description: 'Names from the package’s name maps (tuning names among them), up to 1,000.', resolve: (p) => p.result?.resourceNames ?? [] }),
    is_merged: t.boolean({
      nullable: true,
      description: 'Several packages merged into one: more than one English string table, and more than one catalog object or CAS part.',
      resolve: (p) => p.result?.isMerged ?? null,
    }),
    sims2_object_guids: t.stringList({ description: 'Sims 2 packages: the 32-bit object GUIDs of their object definitions, as 8 hex digits.', resolve: (p) => p.result?.sims2ObjectGuids ?? [] }),
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

const TrayRoomRef = builder.objectRef<TrayRoom>('TrayRoom').implement({
  fields: (t) => ({
    room_type: t.exposeInt('roomType', { nullable: true, description: 'The game’s room type number, as stored.' }),
    size_x: t.exposeInt('sizeX', { nullable: true }),
    size_z: t.exposeInt('sizeZ', { nullable: true }),
    price: t.exposeInt('price', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
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
    room: t.field({ type: TrayRoomRef, nullable: true, resolve: (p) => p.result?.room ?? null }),
    family_size: t.int({ nullable: true, resolve: (p) => p.result?.familySize ?? null }),
    sims: t.field({ type: [TraySimRef], resolve: (p) => p.result?.sims ?? [] }),
    is_modded_content: t.boolean({ nullable: true, resolve: (p) => p.result?.isModdedContent ?? null }),
    hashtags: t.stringList({ resolve: (p) => p.result?.hashtags ?? [] }),
  }),
});

const TrayPictureRef = builder.objectRef<Awaited<ReturnType<typeof gameFileService.trayPictureOf>>>('TrayPicture').implement({
  description: 'A tray picture (.bpi, .hhi, .sgi, .rmi) decoded (SPEC 7 getEncryptedImage).',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending, read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    url: t.string({ nullable: true, description: 'A signed URL of the picture: a JPEG, or a PNG when it has a transparency mask.', resolve: (p) => p.url }),
    format: t.string({ nullable: true, description: 'jpeg or png, as stored inside the tray file.', resolve: (p) => p.result?.format ?? null }),
    has_alpha: t.boolean({ nullable: true, resolve: (p) => p.result?.hasAlpha ?? null }),
    container: t.string({ nullable: true, description: 'plain (a bare JPEG or PNG), v1 or v2 (the encoded tray layouts).', resolve: (p) => p.result?.container ?? null }),
  }),
});

type HouseholdSimView = HouseholdInspection['sims'][number];
const HouseholdSimRef = builder.objectRef<HouseholdSimView>('HouseholdSim').implement({
  fields: (t) => ({
    id: t.exposeString('id', { nullable: true }),
    first_name: t.exposeString('firstName'),
    last_name: t.exposeString('lastName'),
    gender: t.exposeString('gender'),
    age: t.exposeString('age'),
    skin_tone: t.exposeString('skinTone', { nullable: true }),
    cas_part_ids: t.exposeStringList('casPartIds', { description: 'The CAS parts of all the sim’s outfits, each once.' }),
  }),
});

const HouseholdDataRef = builder.objectRef<gameFileService.InspectedFile<'householdbinary'>>('HouseholdData').implement({
  description: 'What a .householdbinary holds (SPEC 7 getHHBinaryData).',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending, read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    family_name: t.string({ nullable: true, resolve: (p) => p.result?.familyName ?? null }),
    money: t.int({ nullable: true, description: 'The household’s funds (simoleons).', resolve: (p) => p.result?.money ?? null }),
    description: t.string({ nullable: true, resolve: (p) => p.result?.description ?? null }),
    sims: t.field({ type: [HouseholdSimRef], resolve: (p) => p.result?.sims ?? [] }),
    cas_part_ids: t.stringList({ description: 'CAS parts any sim wears, each once.', resolve: (p) => p.result?.casPartIds ?? [] }),
    inventory_object_guids: t.stringList({ description: 'Object definition ids in the household’s inventory.', resolve: (p) => p.result?.inventoryObjectIds ?? [] }),
  }),
});

const UsedItemRef = builder.objectRef<UsedItem>('UsedItem').implement({
  description: 'An id a lot, room or household uses, and a creation on the site that defines it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: '16 lowercase hex digits.' }),
    kind: t.exposeString('kind', { description: 'object (an object definition) or cas_part.' }),
    submission: t.field({ type: SubmissionPropertiesRef, resolve: (u) => u.submission }),
  }),
});

const UnmatchedIdRef = builder.objectRef<UsedContent['notFound'][number]>('UnmatchedId').implement({
  fields: (t) => ({ id: t.exposeString('id'), kind: t.exposeString('kind', { description: 'object or cas_part.' }) }),
});

const UsedContentRef = builder.objectRef<UsedContent>('UsedContent').implement({
  description:
    'The custom content a lot (.blueprint), room (.room) or household (.householdbinary) uses, matched to creations on the site: published ones and the file owner’s own.',
  fields: (t) => ({
    file_id: t.int({ resolve: (p) => p.file.id }),
    status: t.string({ description: 'pending, read or failed.', resolve: (p) => p.state }),
    error: t.field({ type: InspectionErrorRef, nullable: true, resolve: (p) => p.error }),
    found: t.field({ type: [UsedItemRef], resolve: (p) => p.found }),
    not_found: t.field({
      type: [UnmatchedIdRef],
      description: 'A household’s ids no creation on the site defines (the game’s own, or content from elsewhere). Always empty for lots and rooms, which are scanned for known ids only.',
      resolve: (p) => p.notFound,
    }),
  }),
});

builder.queryFields((t) => ({
  getScriptData: t.field({
    type: ScriptDataRef,
    description: 'The Python modules of a script mod (.ts4script): its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.inspectedFile(ctx, args.fileId, 'ts4script'),
  }),
  getEncryptedImage: t.field({
    type: TrayPictureRef,
    description: 'A tray picture decoded, with a URL to show it: its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.trayPictureOf(ctx, args.fileId),
  }),
  getRoomData: t.field({
    type: TrayMetaDataRef,
    description: 'A room’s facts from its .trayitem, asked by that .trayitem or by the .room beside it: its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.roomDataOf(ctx, args.fileId),
  }),
  getHHBinaryData: t.field({
    type: HouseholdDataRef,
    description: 'What a .householdbinary holds: family, funds, sims and what they wear: its owner, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.inspectedFile(ctx, args.fileId, 'householdbinary'),
  }),
  getItemsFromHouseholdBinary: t.field({
    type: UsedContentRef,
    description: 'The CAS parts and objects a household uses, matched to creations on the site.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => usedContentService.usedContentOf(ctx, args.fileId, 'householdbinary'),
  }),
  getLotItemsFromBlueprint: t.field({
    type: UsedContentRef,
    description: 'The objects a lot’s .blueprint uses that creations on the site define (found by scanning it for the ids the site knows).',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => usedContentService.usedContentOf(ctx, args.fileId, 'blueprint'),
  }),
  getLotItemsFromRoom: t.field({
    type: UsedContentRef,
    description: 'The objects a .room uses that creations on the site define (found by scanning it for the ids the site knows).',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => usedContentService.usedContentOf(ctx, args.fileId, 'room'),
  }),
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

builder.mutationFields((t) => ({
  getPackageDataFromUploadedFile: t.field({
    type: PackageDataRef,
    description:
      'What a package holds, read now if the inspection job has not read it yet (within 15 s; a package that takes longer stays pending for the job): its owner, or staff. The web app ignores its network errors.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => gameFileService.packageDataNow(ctx, args.fileId),
  }),
}));
