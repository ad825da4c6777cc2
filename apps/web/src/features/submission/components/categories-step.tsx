import { submissionPropertiesInput } from '@corner/domain';
import { Alert, Divider, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { readFragment, type FragmentOf, type ResultOf, type VariablesOf } from 'gql.tada';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { FieldErrors } from '../../../ui/auto-save/auto-saver';
import type { Draft } from '../../../ui/auto-save/draft-store';
import { SaveStatusLine } from '../../../ui/auto-save/save-status';
import { useAutoSave } from '../../../ui/auto-save/use-auto-save';
import { CreatableMultiSelect, type NamedOption } from '../../../ui/creatable-multi-select';
import type { RequiredItemChoice } from '../../dependency/required-item';
import { categoryPath, isLeaf, rootsForKind, type CategoryNode } from '../category-tree';
import {
  CreateCollaborationMutation,
  CreateCollectionMutation,
  SearchCollaborationsQuery,
  SearchCollectionsQuery,
  UpdateSubmissionPropertiesMutation,
} from '../graphql';
import { useCatalog, type Catalog } from '../hooks/use-catalog';
import { saveResultOf } from '../save-result';
import type { MissingItemView } from '../missing-items';
import { ruleMessages } from '../validation';
import { AttributePicker } from './attribute-picker';
import { CategoriesStepFragment } from './categories-step.fragment';
import { CategoryPicker } from './category-picker';
import { RequiredItemsField } from './required-items-field';
import { NotSetText, StepHeader, StepMissing, StepSection } from './step-frame';

interface CategoriesValues {
  category_id: number | null;
  attributes: number[];
  themes: number[];
  collections: NamedOption[];
  collaborations: NamedOption[];
  required_items: RequiredItemChoice[];
}

type PropertiesInput = VariablesOf<typeof UpdateSubmissionPropertiesMutation>['input'];
type SetItem = ResultOf<typeof CategoriesStepFragment>['set_items'][number];

function categoriesInput(values: Draft<CategoriesValues>): PropertiesInput {
  const input: PropertiesInput = {};
  if (values.category_id !== undefined) input.category_id = values.category_id;
  if (values.attributes !== undefined) input.attributes = values.attributes;
  if (values.themes !== undefined) input.themes = values.themes;
  if (values.collections !== undefined) input.collections = values.collections.map((c) => c.id);
  if (values.collaborations !== undefined) input.collaborations = values.collaborations.map((c) => c.id);
  if (values.required_items !== undefined) {
    input.required_items = values.required_items.map((r) => ({ type: r.type, download: r.download, title: r.title }));
  }
  return input;
}

function requiredType(type: string): RequiredItemChoice['type'] {
  return type === 'url' || type === 'old_item_id' ? type : 'id';
}

const sortedIds = (list: readonly { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);

/** The attribute groups of a chosen leaf, or none. */
function leafGroups(roots: readonly CategoryNode[], id: number | null) {
  const path = categoryPath(roots, id);
  const leaf = path?.[path.length - 1];
  return leaf && isLeaf(leaf) ? leaf.attribute_groups : [];
}

export interface CategoriesStepProps {
  creation: FragmentOf<typeof CategoriesStepFragment>;
  isReadOnly: boolean;
  missing: readonly MissingItemView[];
}

/** Step 4: the category, its tags and other attributes, themes, collections, collaborations and required items. */
export function CategoriesStep({ creation: ref, isReadOnly, missing }: CategoriesStepProps) {
  const { t } = useTranslation();
  const { catalog, error } = useCatalog();
  const creation = readFragment(CategoriesStepFragment, ref);

  const stepMissing = isReadOnly ? [] : missing.filter((m) => m.step === 4);
  if (catalog) return <CategoriesForm key={creation.id} creation={creation} catalog={catalog} isReadOnly={isReadOnly} missing={stepMissing} />;
  return (
    <Stack gap="lg">
      <StepHeader title={t('editStep.steps.4.label')} text={t('categories.note')} />
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorCause(error)}
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('categories.loading')}</Text>
        </Group>
      )}
    </Stack>
  );
}

interface CategoriesFormProps {
  creation: ResultOf<typeof CategoriesStepFragment>;
  catalog: Catalog;
  isReadOnly: boolean;
  missing: readonly MissingItemView[];
}

function CategoriesForm({ creation, catalog, isReadOnly, missing }: CategoriesFormProps) {
  const { t } = useTranslation();
  const client = useClient();
  const isSet = creation.model_type === 'set';
  const game = creation.game_version;
  const roots = useMemo(() => rootsForKind(catalog.roots, creation.model_type), [catalog.roots, creation.model_type]);

  const base = useMemo<CategoriesValues>(
    () => ({
      category_id: creation.category_id ?? null,
      attributes: sortedIds(creation.attributes),
      themes: sortedIds(creation.themes),
      collections: creation.collections.map((c) => ({ id: c.id, name: c.name })),
      collaborations: creation.collaborations.map((c) => ({ id: c.id, name: c.name })),
      required_items: creation.required_items.map((r) => ({ type: requiredType(r.type), download: r.download, title: r.title ?? null })),
    }),
    [creation],
  );

  const validate = useCallback(
    (values: CategoriesValues): FieldErrors<CategoriesValues> => ruleMessages<CategoriesValues>(submissionPropertiesInput, categoriesInput(values)),
    [],
  );

  const save = useCallback(
    async (changes: Draft<CategoriesValues>) => {
      const context = { additionalTypenames: ['Counters'] };
      const result = await client.mutation(UpdateSubmissionPropertiesMutation, { id: creation.id, input: categoriesInput(changes) }, context).toPromise();
      if (result.error) return saveResultOf<CategoriesValues>(result);
      // A set's items follow the set's category, so that their tags belong to it.
      if (isSet && changes.category_id) {
        for (const child of creation.set_items) {
          if (child.category_id === changes.category_id) continue;
          const childResult = await client
            .mutation(UpdateSubmissionPropertiesMutation, { id: child.id, input: { category_id: changes.category_id } })
            .toPromise();
          if (childResult.error) return saveResultOf<CategoriesValues>(childResult);
        }
      }
      return { ok: true as const };
    },
    [client, creation.id, creation.set_items, isSet],
  );

  const form = useAutoSave<CategoriesValues>({ storageKey: `${creation.id}:step-4`, base, save, validate, isReadOnly });
  const { values, errors } = form;
  const groups = leafGroups(roots, values.category_id);
  // Read-only shows what was chosen: an empty value reads "Not set", and the prompts to choose go.
  const notSet = isReadOnly ? t('edit.notSet') : undefined;

  function change(patch: Draft<CategoriesValues>, isImmediate = false) {
    form.setValues(patch);
    if (isImmediate) void form.flush();
  }

  function handleCategoryChange(leafId: number) {
    if (leafId === values.category_id) return;
    // Attributes the new category does not offer are dropped with it (the server does the same).
    const offered = new Set(leafGroups(roots, leafId).flatMap((g) => catalog.groups.get(g.id)?.attributes.map((a) => a.id) ?? []));
    change({ category_id: leafId, attributes: values.attributes.filter((id) => offered.has(id)) }, true);
  }

  async function searchCollections(name: string): Promise<NamedOption[]> {
    const result = await client.query(SearchCollectionsQuery, { name, game }, { requestPolicy: 'network-only' }).toPromise();
    if (result.error) throw new Error(errorCause(result.error));
    return result.data?.searchCollections ?? [];
  }
  async function createCollection(name: string): Promise<NamedOption> {
    const result = await client.mutation(CreateCollectionMutation, { name, game }).toPromise();
    if (result.error || !result.data) throw new Error(result.error ? errorCause(result.error) : t('categories.createFailed'));
    return result.data.createCollection;
  }
  async function searchCollaborations(name: string): Promise<NamedOption[]> {
    const result = await client.query(SearchCollaborationsQuery, { name, game }, { requestPolicy: 'network-only' }).toPromise();
    if (result.error) throw new Error(errorCause(result.error));
    return result.data?.searchCollaborations ?? [];
  }
  async function createCollaboration(name: string): Promise<NamedOption> {
    const result = await client.mutation(CreateCollaborationMutation, { name, game }).toPromise();
    if (result.error || !result.data) throw new Error(result.error ? errorCause(result.error) : t('categories.createFailed'));
    return result.data.createCollaboration;
  }

  return (
    <Stack gap="lg">
      <StepHeader
        title={t('editStep.steps.4.label')}
        text={t('categories.note')}
        status={isReadOnly ? undefined : form.status}
        failure={form.failure}
        onRetry={() => void form.retry()}
      />
      <StepMissing items={missing} />
      <StepSection
        title={t('categories.categoryTitle')}
        description={isReadOnly ? undefined : isSet ? t('categories.categoryTextSet') : t('categories.categoryText')}
      >
        <CategoryPicker
          roots={roots}
          isSet={isSet}
          value={values.category_id}
          onChange={handleCategoryChange}
          isReadOnly={isReadOnly}
          error={errors.category_id}
        />
      </StepSection>
      <Divider />
      <StepSection title={t('categories.tagsTitle')} description={isReadOnly ? t('categories.tagsTextReadOnly') : t('categories.tagsText')}>
        {values.category_id === null ? (
          isReadOnly ? (
            <NotSetText />
          ) : (
            <Text size="sm" c="dimmed">
              {t('categories.chooseCategoryFirst')}
            </Text>
          )
        ) : (
          <AttributePicker
            groups={groups}
            catalog={catalog.groups}
            value={values.attributes}
            onChange={(attributes) => change({ attributes })}
            isReadOnly={isReadOnly}
          />
        )}
        {errors.attributes ? (
          <Text size="sm" c="red">
            {errors.attributes}
          </Text>
        ) : null}
      </StepSection>
      {isSet && values.category_id !== null ? (
        <>
          <Divider />
          <StepSection title={t('categories.setItemsTitle')} description={isReadOnly ? undefined : t('categories.setItemsText')}>
            {creation.set_items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {isReadOnly ? t('categories.setItemsNoneReadOnly') : t('categories.setItemsNone')}
              </Text>
            ) : (
              creation.set_items.map((child) => (
                <SetItemTags
                  key={child.id}
                  child={child}
                  categoryId={values.category_id!}
                  groups={groups}
                  catalog={catalog}
                  isReadOnly={isReadOnly}
                />
              ))
            )}
          </StepSection>
        </>
      ) : null}
      <Divider />
      <StepSection title={t('categories.themesTitle')} description={t('categories.themesText')}>
        <MultiSelect
          label={t('categories.themes')}
          placeholder={values.themes.length ? undefined : (notSet ?? t('categories.themesPlaceholder'))}
          data={catalog.themes.map((theme) => ({ value: String(theme.id), label: theme.name }))}
          value={values.themes.map(String)}
          onChange={(next) => change({ themes: next.map(Number).sort((a, b) => a - b) })}
          onDropdownClose={() => void form.flush()}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('multiSelect.nothingFound')}
          readOnly={isReadOnly}
          error={errors.themes}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {/* Read-only with none chosen, the search-or-create field would be an empty box. */}
          {isReadOnly && values.collections.length === 0 ? (
            <TextInput label={t('categories.collections')} description={t('categories.collectionsText')} placeholder={notSet} readOnly />
          ) : (
            <CreatableMultiSelect
              label={t('categories.collections')}
              description={t('categories.collectionsText')}
              placeholder={t('categories.searchOrCreate')}
              value={values.collections}
              onChange={(collections) => change({ collections }, true)}
              search={searchCollections}
              create={createCollection}
              createLabel={(name) => t('categories.create', { name })}
              isReadOnly={isReadOnly}
              error={errors.collections}
            />
          )}
          {isReadOnly && values.collaborations.length === 0 ? (
            <TextInput label={t('categories.collaborations')} description={t('categories.collaborationsText')} placeholder={notSet} readOnly />
          ) : (
            <CreatableMultiSelect
              label={t('categories.collaborations')}
              description={t('categories.collaborationsText')}
              placeholder={t('categories.searchOrCreate')}
              value={values.collaborations}
              onChange={(collaborations) => change({ collaborations }, true)}
              search={searchCollaborations}
              create={createCollaboration}
              createLabel={(name) => t('categories.create', { name })}
              isReadOnly={isReadOnly}
              error={errors.collaborations}
            />
          )}
        </SimpleGrid>
      </StepSection>
      <Divider />
      <StepSection title={t('requiredItems.title')} description={t('requiredItems.text')}>
        <RequiredItemsField
          value={values.required_items}
          onChange={(required_items) => change({ required_items }, true)}
          isReadOnly={isReadOnly}
          selfId={creation.id}
        />
        {errors.required_items ? (
          <Text size="sm" c="red">
            {errors.required_items}
          </Text>
        ) : null}
      </StepSection>
    </Stack>
  );
}

interface ChildTagValues {
  attributes: number[];
}

/** One item of a set with its own tags, saved on the item (every item of a set needs tags, SPEC section 5). */
function SetItemTags({
  child,
  categoryId,
  groups,
  catalog,
  isReadOnly,
}: {
  child: SetItem;
  categoryId: number;
  groups: ReturnType<typeof leafGroups>;
  catalog: Catalog;
  isReadOnly: boolean;
}) {
  const client = useClient();
  const base = useMemo<ChildTagValues>(() => ({ attributes: sortedIds(child.attributes) }), [child.attributes]);
  const save = useCallback(
    async (changes: Draft<ChildTagValues>) => {
      const result = await client
        .mutation(UpdateSubmissionPropertiesMutation, { id: child.id, input: { category_id: categoryId, attributes: changes.attributes ?? [] } })
        .toPromise();
      return saveResultOf<ChildTagValues>(result);
    },
    [categoryId, child.id, client],
  );
  const form = useAutoSave<ChildTagValues>({ storageKey: `${child.id}:set-item-tags`, base, save, isReadOnly });
  return (
    <Paper withBorder p="md" radius="md" bg="var(--corner-surface-subtle)">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{child.name}</Text>
        {isReadOnly ? null : <SaveStatusLine status={form.status} failure={form.failure} onRetry={() => void form.retry()} />}
      </Group>
      <AttributePicker
        groups={groups}
        catalog={catalog.groups}
        value={form.values.attributes}
        onChange={(attributes) => form.setValue('attributes', attributes)}
        onlyTags
        labelPrefix={child.name}
        isReadOnly={isReadOnly}
      />
    </Paper>
  );
}
