import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import * as service from './submission.service';
import type { CreationShape } from './submission.service';
import { given, SubmissionPropertiesRef } from './submission.schema';

// A creation through its kind: the `Creation` interface, one type per kind, the kind queries and the
// per-kind create and update mutations. What every kind shares is in submission.schema.ts.

const CreationRef = builder.interfaceRef<CreationShape>('Creation').implement({
  description: 'A creation of any kind; `id` is the kind row (model_id), `submission_id` the creation.',
  resolveType: (c) => TYPE_OF_KIND[c.submission.model_type],
  fields: (t) => ({
    id: t.int({ resolve: (c) => c.submission.model_id }),
    submission_id: t.int({ resolve: (c) => c.submission.id }),
    creator: t.field({ type: MemberSummaryRef, resolve: async (c, _a, ctx) => (await loadMemberSummary(ctx, c.submission.member_id))! }),
    properties: t.field({ type: SubmissionPropertiesRef, resolve: (c) => c.submission }),
  }),
});

const num = (key: string) => (c: CreationShape) => (c.kind[key] ?? null) as number | null;
const bool = (key: string) => (c: CreationShape) => (c.kind[key] ?? null) as boolean | null;

const itemFields = (t: any) => ({
  is_recolor: t.boolean({ resolve: (c: CreationShape) => Boolean(c.kind.is_recolor) }),
  max_polycount: t.int({ nullable: true, resolve: num('max_polycount') }),
});
const NewItemRef = builder.objectRef<CreationShape>('NewItem').implement({ interfaces: [CreationRef], fields: (t) => itemFields(t) });
const SetItemRef = builder.objectRef<CreationShape>('SetItem').implement({
  interfaces: [CreationRef],
  fields: (t) => ({ ...itemFields(t), ord: t.int({ resolve: (c) => Number(c.kind.ord ?? 0) }) }),
});
const SetRef = builder.objectRef<CreationShape>('Set').implement({
  interfaces: [CreationRef],
  fields: (t) => ({
    children: t.field({ type: [SetItemRef], resolve: (c, _a, ctx) => service.setChildCreations(ctx.db, c.submission.model_id) }),
  }),
});
const LotRef = builder.objectRef<CreationShape>('Lot').implement({
  interfaces: [CreationRef],
  fields: (t) => ({
    value: t.int({ nullable: true, resolve: num('value') }),
    lot_width: t.int({ nullable: true, resolve: num('lot_width') }),
    lot_depth: t.int({ nullable: true, resolve: num('lot_depth') }),
    furnished: t.boolean({ nullable: true, resolve: bool('furnished') }),
    number_of_floors: t.int({ nullable: true, resolve: num('number_of_floors') }),
  }),
});
const RoomRef = builder.objectRef<CreationShape>('Room').implement({ interfaces: [CreationRef], fields: () => ({}) });
const SimRef = builder.objectRef<CreationShape>('Sim').implement({ interfaces: [CreationRef], fields: () => ({}) });
const ModRef = builder.objectRef<CreationShape>('Mod').implement({ interfaces: [CreationRef], fields: () => ({}) });

/** Every kind: its query (`newItem(id)`, …), its type and the model_type it reads. */
const KINDS = [
  { field: 'newItem', ref: NewItemRef, kind: 'item' },
  { field: 'setItem', ref: SetItemRef, kind: 'set_item' },
  { field: 'set', ref: SetRef, kind: 'set' },
  { field: 'lot', ref: LotRef, kind: 'lot' },
  { field: 'room', ref: RoomRef, kind: 'room' },
  { field: 'sim', ref: SimRef, kind: 'sim' },
  { field: 'mod', ref: ModRef, kind: 'mod' },
] as const;

const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(KINDS.map((k) => [k.kind, k.ref.name]));

/** The kinds created from a name and a description alone (an item takes its own fields, a set item its set). */
const PLAIN_CREATES = [
  { field: 'createSet', kind: 'set' },
  { field: 'createLot', kind: 'lot' },
  { field: 'createRoom', kind: 'room' },
  { field: 'createSim', kind: 'sim' },
  { field: 'createMod', kind: 'mod' },
] as const;

/** The kinds whose own fields are an item's. */
const ITEM_UPDATES = [
  { field: 'updateNewItem', kind: 'item' },
  { field: 'updateSetItem', kind: 'set_item' },
] as const;

builder.queryFields((t) => {
  const creationId = () => t.arg.int({ required: true, description: 'The creation (submission) id.' });
  return {
    item: t.field({
      type: CreationRef,
      description: 'A creation of any kind, by creation id (use fragments on NewItem, Lot, Set, …).',
      authScopes: policy.public,
      args: { id: creationId() },
      resolve: (_r, args, ctx) => service.creationOf(ctx, args.id),
    }),
    ...Object.fromEntries(
      KINDS.map(({ field, ref, kind }) => [
        field,
        t.field({ type: ref, authScopes: policy.public, args: { id: creationId() }, resolve: (_r, a, ctx) => service.creationOf(ctx, a.id, kind) }),
      ]),
    ),
  };
});

const ItemInput = builder.inputType('ItemInput', {
  fields: (t) => ({ is_recolor: t.boolean(), max_polycount: t.int() }),
});
const LotInput = builder.inputType('LotInput', {
  fields: (t) => ({ value: t.int(), lot_width: t.int(), lot_depth: t.int(), furnished: t.boolean(), number_of_floors: t.int() }),
});
const SetChildInput = builder.inputType('SetChildInput', {
  description: "A set's child (by creation id) with the fields to change; the list order is the new order.",
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), description: t.string(), is_recolor: t.boolean(), max_polycount: t.int() }),
});

builder.mutationFields((t) => {
  const creationId = () => t.arg.int({ required: true, description: 'The creation (submission) id.' });
  return {
    createNewItem: t.field({
      type: SubmissionPropertiesRef,
      authScopes: policy.signedIn,
      args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }), is_recolor: t.arg.boolean(), max_polycount: t.arg.int() },
      resolve: (_r, a, ctx) => service.createSubmission(ctx, 'item', { name: a.name, description: a.description, is_recolor: a.is_recolor ?? undefined, max_polycount: a.max_polycount ?? undefined }),
    }),
    createSetItem: t.field({
      type: SubmissionPropertiesRef,
      description: 'Adds a child to a set (set_id: the set creation id).',
      authScopes: policy.signedIn,
      args: { set_id: t.arg.int({ required: true }), name: t.arg.string({ required: true }), description: t.arg.string({ required: true }), is_recolor: t.arg.boolean(), max_polycount: t.arg.int() },
      resolve: (_r, a, ctx) => service.createSetItem(ctx, { set_id: a.set_id, name: a.name, description: a.description, is_recolor: a.is_recolor ?? undefined, max_polycount: a.max_polycount ?? undefined }),
    }),
    ...Object.fromEntries(
      PLAIN_CREATES.map(({ field, kind }) => [
        field,
        t.field({
          type: SubmissionPropertiesRef,
          authScopes: policy.signedIn,
          args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) },
          resolve: (_r, a, ctx) => service.createSubmission(ctx, kind, a),
        }),
      ]),
    ),
    ...Object.fromEntries(
      ITEM_UPDATES.map(({ field, kind }) => [
        field,
        t.field({
          type: SubmissionPropertiesRef,
          authScopes: policy.signedIn,
          args: { id: creationId(), input: t.arg({ type: ItemInput, required: true }) },
          resolve: (_r, a, ctx) => service.updateItemFields(ctx, a.id, kind, given(a.input)),
        }),
      ]),
    ),
    updateSet: t.field({
      type: SubmissionPropertiesRef,
      authScopes: policy.signedIn,
      args: { id: creationId(), children: t.arg({ type: [SetChildInput], required: true }) },
      resolve: (_r, a, ctx) => service.updateSetChildren(ctx, a.id, a.children),
    }),
    createSubmission: t.field({
      type: SubmissionPropertiesRef,
      description: 'SPEC 7’s generic create: the same as createNewItem, createSetItem (with set_id), createSet, createLot, createRoom, createSim or createMod, by model_type.',
      authScopes: policy.signedIn,
      args: {
        model_type: t.arg.string({ required: true, description: 'item, set_item, set, lot, room, sim or mod.' }),
        set_id: t.arg.int({ description: 'For a set_item: the set creation id.' }),
        name: t.arg.string({ required: true }),
        description: t.arg.string({ required: true }),
        is_recolor: t.arg.boolean(),
        max_polycount: t.arg.int(),
      },
      resolve: (_r, a, ctx) =>
        service.createSubmissionOfKind(ctx, { model_type: a.model_type, set_id: a.set_id, name: a.name, description: a.description, is_recolor: a.is_recolor ?? undefined, max_polycount: a.max_polycount ?? undefined }),
    }),
    updateLot: t.field({
      type: SubmissionPropertiesRef,
      authScopes: policy.signedIn,
      args: { id: creationId(), input: t.arg({ type: LotInput, required: true }) },
      resolve: (_r, a, ctx) => service.updateLotFields(ctx, a.id, given(a.input)),
    }),
  };
});
