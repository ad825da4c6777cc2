import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  createSubmissionInput,
  earlyAccessDaysInput,
  itemFieldsInput,
  lotFieldsInput,
  missingItems,
  normaliseRequiredItem,
  requiredItemInput,
  submissionPropertiesInput,
  validationMap,
  type CompletenessCategory,
  type ItemFieldsInput,
  type LotFieldsInput,
  type MissingItem,
  type ModelType,
  type SubmissionPropertiesInput,
} from '@corner/domain';
import type { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  attributeGroups,
  attributes,
  categories,
  categoryAttributeGroups,
  collaborations,
  collections,
  externalUrlRequirements,
  images,
  lots,
  memberPreferences,
  newItems,
  recommendedItems,
  requiredItems,
  setItems,
  submissionAttributes,
  submissionBridges,
  submissionCollaborations,
  submissionCollections,
  submissions,
  submissionThemes,
  themes,
} from '../../db/schema/index';
import { AuthorizationCode, refuse, validationError } from '../../errors';
import { changes, writeLog } from '../log/log.service';
import { beginEdit, isOwner, loadSubmission, submissionForView, type SubmissionRow } from './submission.access';
import { canDeleteSubmission } from './submission.policy';
import { notEditable, submissionError } from './submission.errors';
import { CREATABLE_KINDS, KIND_TABLES, loadKindRow } from './submission.kinds';

/** Parses input with a domain rule, or throws Lighthouse validation errors naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = 'input'): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(validationMap(parsed.error.issues, prefix));
  return parsed.data;
}

type CreatableKind = (typeof CREATABLE_KINDS)[number];

/**
 * `createSubmission`, SPEC 7's generic create: the kind-specific create of `model_type` (a set's
 * child with its `set_id`). Unknown kinds are refused naming the known ones.
 */
export async function createSubmissionOfKind(
  ctx: Context,
  input: { model_type: string; set_id?: number | null; name: string; description: string } & ItemFieldsInput,
): Promise<SubmissionRow> {
  const { model_type, set_id, ...rest } = input;
  if (model_type === 'set_item') {
    if (set_id == null) throw validationError({ set_id: ['A set’s item needs the set it belongs to (set_id).'] });
    return createSetItem(ctx, { ...rest, set_id });
  }
  const kind = CREATABLE_KINDS.find((k) => k === model_type);
  if (!kind) throw validationError({ model_type: [`“${model_type}” is not a kind of creation. Use one of ${[...CREATABLE_KINDS, 'set_item'].join(', ')}.`] });
  return createSubmission(ctx, kind, rest);
}

/**
 * Creates a creation of any kind in CREATED, owned by the caller, with the defaults from the
 * caller's preferences (feedback, recolour, sharing, social media).
 */
export async function createSubmission(
  ctx: Context,
  kind: CreatableKind,
  input: { name: string; description: string } & ItemFieldsInput,
): Promise<SubmissionRow> {
  const base = parseInput(createSubmissionInput, { name: input.name, description: input.description });
  const itemFields = kind === 'item' ? parseInput(itemFieldsInput, { is_recolor: input.is_recolor ?? undefined, max_polycount: input.max_polycount ?? undefined }) : {};
  const memberId = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    const table = KIND_TABLES[kind];
    const [kindRow] = await tx
      .insert(table)
      .values(kind === 'item' ? (itemFields as object) : {})
      .returning({ id: table.id });
    const created = await insertSubmission(tx, memberId, kind, kindRow!.id, base);
    await writeLog(tx, { submission_id: created.id, member_id: memberId, entity: 'submission', entity_id: created.id, action: 'created', new_values: { kind, ...base } });
    return created;
  });
}

async function insertSubmission(
  tx: DbOrTx,
  memberId: number,
  kind: ModelType,
  modelId: number,
  base: { name: string; description: string },
): Promise<SubmissionRow> {
  const [prefs] = await tx.select().from(memberPreferences).where(eq(memberPreferences.member_id, memberId));
  const [row] = await tx
    .insert(submissions)
    .values({
      member_id: memberId,
      model_type: kind,
      model_id: modelId,
      name: base.name.trim(),
      description: base.description.trim(),
      feedback_option: prefs?.feedback_option ?? 1,
      recolor_option: prefs?.recolor_option ?? 1,
      can_be_shared: (prefs?.default_sharing_option ?? 1) > 0,
      enable_social_media_links: (prefs?.default_social_media_option ?? 1) > 0,
    })
    .returning();
  return row!;
}

/** Adds a child to a set: a set item with its own properties, owned like the set. */
export async function createSetItem(
  ctx: Context,
  input: { set_id: number; name: string; description: string } & ItemFieldsInput,
): Promise<SubmissionRow> {
  const base = parseInput(createSubmissionInput, { name: input.name, description: input.description });
  const fields = parseInput(itemFieldsInput, { is_recolor: input.is_recolor ?? undefined, max_polycount: input.max_polycount ?? undefined });
  return ctx.db.transaction(async (tx) => {
    const set = await beginEdit(ctx, input.set_id, tx);
    if (set.model_type !== 'set') throw submissionError('SUBMISSION_WRONG_KIND', { id: set.id, expected: 'set' });
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(setItems).where(eq(setItems.set_id, set.model_id));
    const [child] = await tx.insert(setItems).values({ set_id: set.model_id, ord: n, ...fields }).returning({ id: setItems.id });
    const created = await insertSubmission(tx, set.member_id, 'set_item', child!.id, base);
    await writeLog(tx, { submission_id: set.id, member_id: ctx.auth.member!.id, entity: 'set_item', entity_id: created.id, action: 'created', new_values: { ...base, ...fields } });
    return created;
  });
}

/** Updates the kind fields of an item or a set item. */
export async function updateItemFields(ctx: Context, id: number, kind: 'item' | 'set_item', input: unknown): Promise<SubmissionRow> {
  const fields = parseInput(itemFieldsInput, input);
  return updateKindFields(ctx, id, kind, fields as Record<string, unknown>);
}

/** Updates a lot's value, size, furnished flag and floors. */
export async function updateLotFields(ctx: Context, id: number, input: unknown): Promise<SubmissionRow> {
  const fields: LotFieldsInput = parseInput(lotFieldsInput, input);
  return updateKindFields(ctx, id, 'lot', fields as Record<string, unknown>);
}

async function updateKindFields(ctx: Context, id: number, kind: 'item' | 'set_item' | 'lot', fields: Record<string, unknown>): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, id, tx);
    if (s.model_type !== kind) throw submissionError('SUBMISSION_WRONG_KIND', { id, expected: kind, kind: s.model_type });
    const table = kind === 'lot' ? lots : kind === 'item' ? newItems : setItems;
    const [before] = await tx.select().from(table).where(eq(table.id, s.model_id));
    const diff = changes((before ?? {}) as Record<string, unknown>, fields);
    if (diff) {
      await tx.update(table).set(fields).where(eq(table.id, s.model_id));
      await tx.update(submissions).set({ updated_at: new Date() }).where(eq(submissions.id, s.id));
      await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: kind, entity_id: s.model_id, action: 'updated', ...diff });
    }
    return loadSubmission(tx, id);
  });
}

/**
 * A set's children, reordered and updated: `children` lists the set's child creations (by
 * submission id) in their new order, each with the fields to change.
 */
export async function updateSetChildren(
  ctx: Context,
  id: number,
  children: readonly { id: number; name?: string | null; description?: string | null; is_recolor?: boolean | null; max_polycount?: number | null }[],
): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const set = await beginEdit(ctx, id, tx);
    if (set.model_type !== 'set') throw submissionError('SUBMISSION_WRONG_KIND', { id, expected: 'set' });
    const current = await setChildren(tx, set.model_id);
    const known = new Set(current.map((c) => c.id));
    const unknown = children.filter((c) => !known.has(c.id)).map((c) => c.id);
    if (unknown.length) throw validationError({ 'children': [`Not children of this set: ${unknown.join(', ')}.`] });
    for (const [ord, child] of children.entries()) {
      const fields = parseInput(itemFieldsInput, { is_recolor: child.is_recolor ?? undefined, max_polycount: child.max_polycount ?? undefined }, `children.${ord}`);
      const props = parseInput(submissionPropertiesInput.pick({ name: true, description: true }), { name: child.name ?? undefined, description: child.description ?? undefined }, `children.${ord}`);
      const row = current.find((c) => c.id === child.id)!;
      await tx.update(setItems).set({ ...fields, ord }).where(eq(setItems.id, row.model_id));
      if (props.name !== undefined || props.description !== undefined) await tx.update(submissions).set(props).where(eq(submissions.id, row.id));
    }
    await writeLog(tx, { submission_id: set.id, member_id: ctx.auth.member!.id, entity: 'set', entity_id: set.model_id, action: 'children', new_values: { children: children.map((c) => c.id) } });
    return loadSubmission(tx, id);
  });
}

/** A set's child creations in their order. */
export async function setChildren(db: DbOrTx, setModelId: number): Promise<SubmissionRow[]> {
  const found = await db
    .select({ submission: submissions })
    .from(setItems)
    .innerJoin(submissions, and(eq(submissions.model_type, 'set_item'), eq(submissions.model_id, setItems.id)))
    .where(and(eq(setItems.set_id, setModelId), isNull(submissions.deleted_at)))
    .orderBy(asc(setItems.ord), asc(setItems.id));
  return found.map((r) => r.submission);
}

/** A creation seen through its kind: the kind's own fields beside the shared properties. */
export interface CreationShape {
  submission: SubmissionRow;
  kind: Record<string, unknown>;
}

/** Reads a creation through its kind, checking that the id names that kind. */
export async function creationOf(ctx: Context, id: number, kind?: string): Promise<CreationShape> {
  const s = await submissionForView(ctx, id);
  if (kind && s.model_type !== kind) throw submissionError('SUBMISSION_WRONG_KIND', { id, expected: kind, kind: s.model_type });
  return { submission: s, kind: await loadKindRow(ctx.db, s.model_type, s.model_id) };
}

/** A set's children through their kind (set items), in order. */
export async function setChildCreations(db: DbOrTx, setModelId: number): Promise<CreationShape[]> {
  return Promise.all((await setChildren(db, setModelId)).map(async (s) => ({ submission: s, kind: await loadKindRow(db, 'set_item', s.model_id) })));
}

/** A creation's chosen attributes (tags among them), by name. */
export async function attributesOf(db: DbOrTx, s: SubmissionRow) {
  const rows = await db
    .select({ attribute: attributes })
    .from(submissionAttributes)
    .innerJoin(attributes, eq(attributes.id, submissionAttributes.attribute_id))
    .where(eq(submissionAttributes.submission_id, s.id))
    .orderBy(asc(attributes.name));
  return rows.map((r) => r.attribute);
}

/** A creation's themes, by name. */
export async function themesOf(db: DbOrTx, s: SubmissionRow) {
  return db.select({ id: themes.id, name: themes.name }).from(submissionThemes).innerJoin(themes, eq(themes.id, submissionThemes.theme_id)).where(eq(submissionThemes.submission_id, s.id)).orderBy(asc(themes.name));
}

/** A creation's collaborations. */
export async function collaborationsOf(db: DbOrTx, s: SubmissionRow) {
  return db
    .select({ id: collaborations.id, name: collaborations.name, game: collaborations.game })
    .from(submissionCollaborations)
    .innerJoin(collaborations, eq(collaborations.id, submissionCollaborations.collaboration_id))
    .where(eq(submissionCollaborations.submission_id, s.id));
}

/** A creation's collections. */
export async function collectionsOf(db: DbOrTx, s: SubmissionRow) {
  return db
    .select({ id: collections.id, name: collections.name, game: collections.game })
    .from(submissionCollections)
    .innerJoin(collections, eq(collections.id, submissionCollections.collection_id))
    .where(eq(submissionCollections.submission_id, s.id));
}

/** The creations a creation recommends, in order, leaving out deleted ones. */
export async function recommendedItemsOf(db: DbOrTx, s: SubmissionRow): Promise<SubmissionRow[]> {
  const rows = await db
    .select({ s: submissions })
    .from(recommendedItems)
    .innerJoin(submissions, eq(submissions.id, recommendedItems.recommended_submission_id))
    .where(and(eq(recommendedItems.submission_id, s.id), isNull(submissions.deleted_at)))
    .orderBy(asc(recommendedItems.ord));
  return rows.map((r) => r.s);
}

/** A creation's required downloads, in order. */
export async function requiredItemsOf(db: DbOrTx, s: SubmissionRow) {
  return db.select().from(requiredItems).where(eq(requiredItems.submission_id, s.id)).orderBy(asc(requiredItems.ord));
}

/** A creation's external URL requirements, oldest first. */
export async function externalUrlsOf(db: DbOrTx, s: SubmissionRow) {
  return db.select().from(externalUrlRequirements).where(eq(externalUrlRequirements.submission_id, s.id)).orderBy(asc(externalUrlRequirements.id));
}

/** A creation's link to the legacy system, if it has one. */
export async function bridgeOf(db: DbOrTx, s: SubmissionRow) {
  return (await db.select().from(submissionBridges).where(eq(submissionBridges.submission_id, s.id)))[0] ?? null;
}

/** The scalar columns of SubmissionPropertiesInput (the rest are lists kept in join tables). */
const SCALARS = [
  'name', 'description', 'notes', 'credits_to', 'keywords', 'terms_notes', 'video_url', 'game_version',
  'polycount', 'feedback_option', 'recolor_option', 'can_be_shared', 'enable_social_media_links',
  'tsr_exclusive', 'category_id',
] as const;

/**
 * Updates any of a creation's properties across the five steps. Lists (attributes, themes, …)
 * replace the stored list. References are checked: the category must be a leaf; attributes must
 * belong to the category's groups.
 */
export async function updateSubmissionProperties(ctx: Context, id: number, input: unknown): Promise<SubmissionRow> {
  const data: SubmissionPropertiesInput = parseInput(submissionPropertiesInput, input);
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, id, tx);
    const scalars: Record<string, unknown> = {};
    for (const key of SCALARS) if (data[key] !== undefined) scalars[key] = typeof data[key] === 'string' ? (data[key] as string).trim() : data[key];
    const categoryId = data.category_id !== undefined ? data.category_id : s.category_id;
    if (data.category_id != null) await assertLeafCategory(tx, data.category_id);
    if (data.attributes !== undefined) await assertAttributesFit(tx, data.attributes, categoryId);
    else if (data.category_id !== undefined && data.category_id !== s.category_id) {
      // A new category drops the chosen attributes it does not offer.
      await dropAttributesOutside(tx, s.id, categoryId);
    }
    const diff = changes(s as unknown as Record<string, unknown>, scalars);
    if (diff) {
      await tx.update(submissions).set({ ...scalars, updated_at: new Date() }).where(eq(submissions.id, s.id));
      await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'submission', entity_id: s.id, action: 'updated', ...diff });
    }
    const listChanges = await replaceLists(tx, s.id, data, ctx.config.MAIN_SITE_URL);
    if (listChanges.length) {
      await tx.update(submissions).set({ updated_at: new Date() }).where(eq(submissions.id, s.id));
      // The id lists keep what they were too: what changed in an update compares with the approved list.
      const previous = listChanges.filter(([, , before]) => before !== undefined).map(([key, , before]) => [key, before]);
      await writeLog(tx, {
        submission_id: s.id,
        member_id: ctx.auth.member!.id,
        entity: 'submission',
        entity_id: s.id,
        action: 'updated',
        ...(previous.length ? { previous_values: Object.fromEntries(previous) } : {}),
        new_values: Object.fromEntries(listChanges.map(([key, value]) => [key, value])),
      });
    }
    return loadSubmission(tx, id);
  });
}

async function assertLeafCategory(tx: DbOrTx, categoryId: number): Promise<void> {
  const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!cat) throw submissionError('SUBMISSION_UNKNOWN_REFERENCE', { field: 'category_id', problem: 'unknown', id: categoryId });
  const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parent_category_id, categoryId)).limit(1);
  if (child) throw submissionError('SUBMISSION_UNKNOWN_REFERENCE', { field: 'category_id', problem: 'has-subcategories' });
}

async function groupIdsOfCategory(tx: DbOrTx, categoryId: number | null): Promise<number[]> {
  if (categoryId === null) return [];
  const rows = await tx.select({ id: categoryAttributeGroups.attribute_group_id }).from(categoryAttributeGroups).where(eq(categoryAttributeGroups.category_id, categoryId));
  return rows.map((r) => r.id);
}

async function assertAttributesFit(tx: DbOrTx, attributeIds: number[], categoryId: number | null): Promise<void> {
  const unique = [...new Set(attributeIds)];
  if (unique.length === 0) return;
  if (categoryId === null) throw submissionError('SUBMISSION_UNKNOWN_REFERENCE', { field: 'attributes', problem: 'no-category' });
  const groups = await groupIdsOfCategory(tx, categoryId);
  const rows = await tx.select({ id: attributes.id, group: attributes.attribute_group_id }).from(attributes).where(inArray(attributes.id, unique));
  const bad = unique.filter((id) => !rows.some((r) => r.id === id && groups.includes(r.group)));
  if (bad.length) throw submissionError('SUBMISSION_UNKNOWN_REFERENCE', { field: 'attributes', problem: 'outside-category', ids: bad });
}

async function dropAttributesOutside(tx: DbOrTx, submissionId: number, categoryId: number | null): Promise<void> {
  const groups = await groupIdsOfCategory(tx, categoryId);
  const keep = groups.length
    ? sql`${submissionAttributes.attribute_id} in (select id from ${attributes} where ${inArray(attributes.attribute_group_id, groups)})`
    : sql`false`;
  await tx.delete(submissionAttributes).where(and(eq(submissionAttributes.submission_id, submissionId), sql`not (${keep})`));
}

async function assertIdsExist(
  tx: DbOrTx,
  table: typeof themes | typeof collaborations | typeof collections,
  ids: number[],
  field: 'themes' | 'collaborations' | 'collections',
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw submissionError('SUBMISSION_UNKNOWN_REFERENCE', { field, problem: 'unknown', ids: missing });
}

/**
 * Adds one required download to a creation's list, at its end, unless the list has it already (same
 * type and download): step 2's one click on an item a lot, room or household uses (issue 14), which
 * must not replace a list the creator may be editing elsewhere. Returns the whole list.
 */
export async function addRequiredItem(ctx: Context, submissionId: number, input: unknown) {
  return ctx.db.transaction(async (tx) => {
    // Who may edit is settled before what was sent is checked: a stranger learns nothing of the rules.
    const s = await beginEdit(ctx, submissionId, tx);
    const item = parseInput(requiredItemInput, input, 'item');
    const current = await requiredItemsOf(tx, s);
    const { type, download } = normaliseRequiredItem(item, ctx.config.MAIN_SITE_URL);
    if (current.some((r) => r.type === type && r.download === download)) return current;
    const ord = current.reduce((max, r) => Math.max(max, r.ord + 1), 0);
    await tx.insert(requiredItems).values({ submission_id: s.id, type, download, title: item.title?.trim() || null, ord });
    await tx.update(submissions).set({ updated_at: new Date() }).where(eq(submissions.id, s.id));
    const list = await requiredItemsOf(tx, s);
    const logged = list.map((r) => ({ type: r.type, download: r.download, title: r.title }));
    await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'submission', entity_id: s.id, action: 'updated', new_values: { required_items: logged } });
    return list;
  });
}

/** Replaces each list the input names; returns [name, new value, value before (id lists)] for the ones that changed. */
async function replaceLists(tx: DbOrTx, submissionId: number, data: SubmissionPropertiesInput, mainSiteUrl: string): Promise<[string, unknown, unknown?][]> {
  const changed: [string, unknown, unknown?][] = [];
  const joins = [
    ['attributes', submissionAttributes, submissionAttributes.attribute_id, 'attribute_id'],
    ['themes', submissionThemes, submissionThemes.theme_id, 'theme_id'],
    ['collaborations', submissionCollaborations, submissionCollaborations.collaboration_id, 'collaboration_id'],
    ['collections', submissionCollections, submissionCollections.collection_id, 'collection_id'],
  ] as const;
  if (data.themes) await assertIdsExist(tx, themes, [...new Set(data.themes)], 'themes');
  if (data.collaborations) await assertIdsExist(tx, collaborations, [...new Set(data.collaborations)], 'collaborations');
  if (data.collections) await assertIdsExist(tx, collections, [...new Set(data.collections)], 'collections');
  for (const [key, table, column, columnName] of joins) {
    const wanted = data[key];
    if (!wanted) continue;
    const unique = [...new Set(wanted)].sort((a, b) => a - b);
    const existing = (await tx.select({ id: column }).from(table).where(eq(table.submission_id, submissionId))).map((r) => r.id).sort((a, b) => a - b);
    if (JSON.stringify(existing) === JSON.stringify(unique)) continue;
    await tx.delete(table).where(eq(table.submission_id, submissionId));
    if (unique.length) await tx.insert(table).values(unique.map((id) => ({ submission_id: submissionId, [columnName]: id })) as never);
    changed.push([key, unique, existing]);
  }
  if (data.recommended_items) {
    const ids = [...new Set(data.recommended_items)].filter((id) => id !== submissionId);
    await tx.delete(recommendedItems).where(eq(recommendedItems.submission_id, submissionId));
    if (ids.length) {
      const found = await tx.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, ids));
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw validationError({ 'input.recommended_items': [`Unknown creations: ${missing.join(', ')}.`] });
      await tx.insert(recommendedItems).values(ids.map((id, ord) => ({ submission_id: submissionId, recommended_submission_id: id, ord })));
    }
    changed.push(['recommended_items', ids]);
  }
  if (data.required_items) {
    const items = data.required_items.map((r) => normaliseRequiredItem(r, mainSiteUrl));
    await tx.delete(requiredItems).where(eq(requiredItems.submission_id, submissionId));
    if (items.length) {
      await tx.insert(requiredItems).values(items.map((r, ord) => ({ submission_id: submissionId, type: r.type, download: r.download, title: r.title ?? null, ord })));
    }
    changed.push(['required_items', items]);
  }
  if (data.external_urls) {
    await tx.delete(externalUrlRequirements).where(eq(externalUrlRequirements.submission_id, submissionId));
    if (data.external_urls.length) {
      await tx.insert(externalUrlRequirements).values(data.external_urls.map((u) => ({ submission_id: submissionId, url: u.url, name: u.name ?? null, image: u.image ?? null })));
    }
    changed.push(['external_urls', data.external_urls]);
  }
  return changed;
}

/**
 * Sets how many days after its publish date a creation stays in early access (0: none); its end
 * follows the publish date (domain `earlyAccessUntil`), and a later end than one already past makes
 * it early access again until then. Who may is the caller's to check (status.service: creators in a
 * paid program and deciding staff). Logged.
 */
export async function setEarlyAccessDays(ctx: Context, id: number, days: unknown): Promise<SubmissionRow> {
  const wanted = parseInput(earlyAccessDaysInput, days, 'input.early_access_days');
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, id, tx);
    if (s.early_access_days === wanted && s.early_access_at === null) return s;
    const next = { early_access_days: wanted, early_access_at: null, early_access_ended_at: null };
    await tx.update(submissions).set({ ...next, updated_at: new Date() }).where(eq(submissions.id, s.id));
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'submission',
      entity_id: s.id,
      action: 'updated',
      previous_values: { early_access_days: s.early_access_days },
      new_values: { early_access_days: wanted },
    });
    return loadSubmission(tx, s.id);
  });
}

/** Everything the completeness check needs, read from the database. */
export async function completenessOf(db: DbOrTx, s: SubmissionRow): Promise<MissingItem[]> {
  const categoryOf = async (categoryId: number | null): Promise<CompletenessCategory | null> => {
    if (categoryId === null) return null;
    const groups = await db
      .select({ id: attributeGroups.id, attribute_type_id: attributeGroups.attribute_type_id })
      .from(categoryAttributeGroups)
      .innerJoin(attributeGroups, eq(attributeGroups.id, categoryAttributeGroups.attribute_group_id))
      .where(eq(categoryAttributeGroups.category_id, categoryId));
    return { attributeGroups: groups };
  };
  const chosenGroups = async (submissionId: number) =>
    (
      await db
        .select({ group: attributes.attribute_group_id })
        .from(submissionAttributes)
        .innerJoin(attributes, eq(attributes.id, submissionAttributes.attribute_id))
        .where(eq(submissionAttributes.submission_id, submissionId))
    ).map((r) => r.group);
  const [{ n: imageCount } = { n: 0 }] = await db
    .select({ n: count() })
    .from(images)
    .where(and(eq(images.submission_id, s.id), isNull(images.deleted_at)));
  const category = await categoryOf(s.category_id);
  const lot = s.model_type === 'lot' ? (await db.select().from(lots).where(eq(lots.id, s.model_id)))[0] : undefined;
  const children =
    s.model_type === 'set'
      ? await Promise.all(
          (await setChildren(db, s.model_id)).map(async (c) => ({
            name: c.name,
            category: c.category_id === null ? null : await categoryOf(c.category_id),
            chosenAttributeGroupIds: await chosenGroups(c.id),
          })),
        )
      : undefined;
  return missingItems({
    model_type: s.model_type,
    name: s.name,
    description: s.description,
    keywords: s.keywords,
    imageCount,
    category,
    chosenAttributeGroupIds: await chosenGroups(s.id),
    ...(lot ? { lot } : {}),
    ...(children ? { children } : {}),
  });
}

/**
 * Soft-deletes a creation: its owner before approval (DESIGN section 3), staff with the published
 * page's edit permission at any time.
 */
export async function deleteSubmission(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const s = await loadSubmission(tx, id, { forUpdate: true });
    // Who may delete it, whether or not it is deleted already (deleting twice changes nothing).
    if (!canDeleteSubmission(ctx.auth, { ...s, deleted_at: null })) {
      throw isOwner(ctx, s) ? notEditable(s.status) : refuse(ctx.auth, AuthorizationCode.NOT_OWNER);
    }
    if (s.deleted_at) return true;
    await tx.update(submissions).set({ deleted_at: new Date() }).where(eq(submissions.id, s.id));
    await writeLog(tx, { submission_id: s.id, member_id: ctx.auth.member!.id, entity: 'submission', entity_id: s.id, action: 'deleted' });
    return true;
  });
}

