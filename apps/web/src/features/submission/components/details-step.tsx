import {
  itemFieldsInput,
  lotFieldsInput,
  MIN_DESCRIPTION_WORDS,
  submissionPropertiesInput,
  wordCount,
} from '@corner/domain';
import { Checkbox, Divider, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { readFragment, type FragmentOf, type ResultOf, type VariablesOf } from 'gql.tada';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import type { FieldErrors } from '../../../ui/auto-save/auto-saver';
import type { Draft } from '../../../ui/auto-save/draft-store';
import { useAutoSave } from '../../../ui/auto-save/use-auto-save';
import {
  type EditCreationQuery,
  UpdateLotMutation,
  UpdateNewItemMutation,
  UpdateSetItemMutation,
  UpdateSubmissionPropertiesMutation,
} from '../graphql';
import type { MissingItemView } from '../missing-items';
import { GAME_VERSIONS } from '../options';
import { saveResultOf } from '../save-result';
import { numberOrNull, ruleMessages, textOrNull } from '../validation';
import { DetailsKindFragment, DetailsStepFragment } from './details-step.fragment';
import { SetChildrenEditor } from './set-children-editor';
import { SetChildrenFragment } from './set-children.fragment';
import { NotSetText, StepHeader, StepMissing, StepSection } from './step-frame';

export interface DetailsValues {
  name: string;
  description: string;
  keywords: string;
  credits_to: string;
  notes: string;
  video_url: string;
  game_version: number;
  polycount: number | null;
  is_recolor: boolean;
  max_polycount: number | null;
  value: number | null;
  lot_width: number | null;
  lot_depth: number | null;
  furnished: boolean | null;
  number_of_floors: number | null;
}

const ITEM_FIELDS = ['is_recolor', 'max_polycount'] as const;
const LOT_FIELDS = ['value', 'lot_width', 'lot_depth', 'furnished', 'number_of_floors'] as const;

type PropertiesInput = VariablesOf<typeof UpdateSubmissionPropertiesMutation>['input'];

/** The submission properties of step 1 as the API takes them: blank optional texts are null. */
export function detailsPropertiesInput(values: Draft<DetailsValues>): PropertiesInput {
  const input: PropertiesInput = {};
  if (values.name !== undefined) input.name = values.name;
  if (values.description !== undefined) input.description = values.description;
  if (values.keywords !== undefined) input.keywords = textOrNull(values.keywords);
  if (values.credits_to !== undefined) input.credits_to = textOrNull(values.credits_to);
  if (values.notes !== undefined) input.notes = textOrNull(values.notes);
  if (values.video_url !== undefined) input.video_url = textOrNull(values.video_url);
  if (values.game_version !== undefined) input.game_version = values.game_version;
  if (values.polycount !== undefined) input.polycount = values.polycount;
  return input;
}

function pick<K extends keyof DetailsValues>(values: Draft<DetailsValues>, keys: readonly K[]): Pick<Draft<DetailsValues>, K> {
  const out: Pick<Draft<DetailsValues>, K> = {} as Pick<Draft<DetailsValues>, K>;
  for (const key of keys) if (values[key] !== undefined) out[key] = values[key];
  return out;
}

export interface DetailsStepProps {
  creation: FragmentOf<typeof DetailsStepFragment>;
  /** The creation as its kind (item(id)): the kind's fields, and a set's children. */
  item: ResultOf<typeof EditCreationQuery>['item'];
  isReadOnly: boolean;
  missing: readonly MissingItemView[];
}

/** Step 1: name, description, keywords, credits, notes, video, game version, and the kind's own fields. */
export function DetailsStep({ creation: creationRef, item: itemRef, isReadOnly, missing }: DetailsStepProps) {
  const { t } = useTranslation();
  const client = useClient();
  const creation = readFragment(DetailsStepFragment, creationRef);
  const kindFields = readFragment(DetailsKindFragment, itemRef);
  const kind = creation.model_type;
  const isItem = kind === 'item' || kind === 'set_item';
  const isLot = kind === 'lot';

  const base = useMemo<DetailsValues>(
    () => ({
      name: creation.name,
      description: creation.description,
      keywords: creation.keywords ?? '',
      credits_to: creation.credits_to ?? '',
      notes: creation.notes ?? '',
      video_url: creation.video_url ?? '',
      game_version: creation.game_version,
      polycount: creation.polycount ?? null,
      is_recolor: kindFields.__typename === 'NewItem' || kindFields.__typename === 'SetItem' ? kindFields.is_recolor : false,
      max_polycount: kindFields.__typename === 'NewItem' || kindFields.__typename === 'SetItem' ? (kindFields.max_polycount ?? null) : null,
      value: kindFields.__typename === 'Lot' ? (kindFields.value ?? null) : null,
      lot_width: kindFields.__typename === 'Lot' ? (kindFields.lot_width ?? null) : null,
      lot_depth: kindFields.__typename === 'Lot' ? (kindFields.lot_depth ?? null) : null,
      furnished: kindFields.__typename === 'Lot' ? (kindFields.furnished ?? null) : null,
      number_of_floors: kindFields.__typename === 'Lot' ? (kindFields.number_of_floors ?? null) : null,
    }),
    [creation, kindFields],
  );

  const validate = useCallback(
    (values: DetailsValues): FieldErrors<DetailsValues> => ({
      ...ruleMessages<DetailsValues>(submissionPropertiesInput, detailsPropertiesInput(values)),
      ...(isItem ? ruleMessages<DetailsValues>(itemFieldsInput, pick(values, ITEM_FIELDS)) : {}),
      ...(isLot ? ruleMessages<DetailsValues>(lotFieldsInput, pick(values, LOT_FIELDS)) : {}),
    }),
    [isItem, isLot],
  );

  const save = useCallback(
    async (changes: Draft<DetailsValues>) => {
      const context = { additionalTypenames: ['Counters'] };
      const properties = detailsPropertiesInput(changes);
      if (Object.keys(properties).length > 0) {
        const result = await client.mutation(UpdateSubmissionPropertiesMutation, { id: creation.id, input: properties }, context).toPromise();
        if (result.error) return saveResultOf<DetailsValues>(result);
      }
      const itemChanges = pick(changes, ITEM_FIELDS);
      if (isItem && Object.keys(itemChanges).length > 0) {
        const mutation = kind === 'set_item' ? UpdateSetItemMutation : UpdateNewItemMutation;
        const result = await client.mutation(mutation, { id: creation.id, input: itemChanges }, context).toPromise();
        if (result.error) return saveResultOf<DetailsValues>(result);
      }
      const lotChanges = pick(changes, LOT_FIELDS);
      if (isLot && Object.keys(lotChanges).length > 0) {
        const result = await client.mutation(UpdateLotMutation, { id: creation.id, input: lotChanges }, context).toPromise();
        if (result.error) return saveResultOf<DetailsValues>(result);
      }
      return { ok: true as const };
    },
    [client, creation.id, isItem, isLot, kind],
  );

  const form = useAutoSave<DetailsValues>({ storageKey: `${creation.id}:step-1`, base, save, validate, isReadOnly });
  const { values, errors } = form;
  const flush = () => void form.flush();
  const words = wordCount(values.description);
  const setKind = readFragment(SetChildrenFragment, itemRef);
  const setChildren = setKind.__typename === 'Set' ? setKind.children : null;
  // Read-only shows the values given: an empty one reads "Not set", and rules that only matter while typing go.
  const notSet = isReadOnly ? t('edit.notSet') : undefined;

  return (
    <Stack gap="lg">
      <StepHeader
        title={t('editStep.steps.1.label')}
        text={t('editStep.steps.1.text')}
        status={isReadOnly ? undefined : form.status}
        failure={form.failure}
        onRetry={() => void form.retry()}
      />
      {isReadOnly ? null : <StepMissing items={missing.filter((m) => m.step === 1)} />}
      <StepSection title={t('details.aboutTitle')}>
        <TextInput
          label={t('fields.name')}
          required
          value={values.name}
          onChange={(event) => form.setValue('name', event.currentTarget.value)}
          onBlur={flush}
          error={errors.name}
          readOnly={isReadOnly}
          maxLength={100}
        />
        <div>
          <Textarea
            label={t('fields.description')}
            required
            description={isReadOnly ? undefined : t('fields.descriptionHint', { count: MIN_DESCRIPTION_WORDS })}
            autosize
            minRows={4}
            maxRows={14}
            value={values.description}
            onChange={(event) => form.setValue('description', event.currentTarget.value)}
            onBlur={flush}
            error={errors.description}
            readOnly={isReadOnly}
          />
          {isReadOnly ? null : (
            <Text size="xs" mt={4} c={words >= MIN_DESCRIPTION_WORDS ? 'teal' : 'orange'} aria-live="polite">
              {t('fields.wordCount', { count: words, min: MIN_DESCRIPTION_WORDS })}
            </Text>
          )}
        </div>
        <TextInput
          label={t('fields.keywords')}
          description={t('fields.keywordsHint')}
          value={values.keywords}
          onChange={(event) => form.setValue('keywords', event.currentTarget.value)}
          onBlur={flush}
          error={errors.keywords}
          readOnly={isReadOnly}
          placeholder={notSet}
          maxLength={500}
        />
      </StepSection>
      <Divider />
      <StepSection title={t('details.creditsTitle')}>
        <Textarea
          label={t('fields.credits')}
          description={t('fields.creditsHint')}
          autosize
          minRows={2}
          value={values.credits_to}
          onChange={(event) => form.setValue('credits_to', event.currentTarget.value)}
          onBlur={flush}
          error={errors.credits_to}
          readOnly={isReadOnly}
          placeholder={notSet}
        />
        <Textarea
          label={t('fields.notes')}
          description={t('fields.notesHint')}
          autosize
          minRows={2}
          value={values.notes}
          onChange={(event) => form.setValue('notes', event.currentTarget.value)}
          onBlur={flush}
          error={errors.notes}
          readOnly={isReadOnly}
          placeholder={notSet}
        />
        <TextInput
          label={t('fields.videoUrl')}
          description={t('fields.videoUrlHint')}
          type="url"
          placeholder={notSet ?? 'https://'}
          value={values.video_url}
          onChange={(event) => form.setValue('video_url', event.currentTarget.value)}
          onBlur={flush}
          error={errors.video_url}
          readOnly={isReadOnly}
        />
      </StepSection>
      <Divider />
      <StepSection title={t('details.gameTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          <Select
            label={t('fields.gameVersion')}
            data={GAME_VERSIONS.map((v) => ({ value: String(v), label: t(`gameVersions.${v}`) }))}
            value={String(values.game_version)}
            onChange={(value) => {
              if (value) form.setValue('game_version', Number(value));
            }}
            onBlur={flush}
            allowDeselect={false}
            error={errors.game_version}
            readOnly={isReadOnly}
          />
          {kind === 'mod' ? null : (
            <NumberInput
              label={t('fields.polycount')}
              description={t('fields.polycountHint')}
              value={values.polycount ?? ''}
              onChange={(value) => form.setValue('polycount', numberOrNull(value))}
              onBlur={flush}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              error={errors.polycount}
              readOnly={isReadOnly}
              placeholder={notSet}
            />
          )}
          {isItem ? (
            <NumberInput
              label={t('fields.maxPolycount')}
              description={t('fields.maxPolycountHint')}
              value={values.max_polycount ?? ''}
              onChange={(value) => form.setValue('max_polycount', numberOrNull(value))}
              onBlur={flush}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              error={errors.max_polycount}
              readOnly={isReadOnly}
              placeholder={notSet}
            />
          ) : null}
        </SimpleGrid>
        {isItem ? (
          <Checkbox
            label={t('fields.isRecolor')}
            description={t('fields.isRecolorHint')}
            checked={values.is_recolor}
            onChange={(event) => {
              form.setValue('is_recolor', event.currentTarget.checked);
              flush();
            }}
            disabled={isReadOnly}
          />
        ) : null}
      </StepSection>
      {isLot ? (
        <>
          <Divider />
          <StepSection title={t('details.lotTitle')} description={t('details.lotText')}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" style={{ alignItems: 'end' }}>
              <NumberInput
                label={t('fields.lotValue')}
                prefix="§"
                value={values.value ?? ''}
                onChange={(value) => form.setValue('value', numberOrNull(value))}
                onBlur={flush}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                error={errors.value}
                readOnly={isReadOnly}
                placeholder={notSet}
              />
              <NumberInput
                label={t('fields.lotWidth')}
                description={isReadOnly ? t('fields.tilesReadOnly') : t('fields.tiles')}
                value={values.lot_width ?? ''}
                onChange={(value) => form.setValue('lot_width', numberOrNull(value))}
                onBlur={flush}
                min={1}
                max={64}
                allowDecimal={false}
                allowNegative={false}
                error={errors.lot_width}
                readOnly={isReadOnly}
                placeholder={notSet}
              />
              <NumberInput
                label={t('fields.lotDepth')}
                description={isReadOnly ? t('fields.tilesReadOnly') : t('fields.tiles')}
                value={values.lot_depth ?? ''}
                onChange={(value) => form.setValue('lot_depth', numberOrNull(value))}
                onBlur={flush}
                min={1}
                max={64}
                allowDecimal={false}
                allowNegative={false}
                error={errors.lot_depth}
                readOnly={isReadOnly}
                placeholder={notSet}
              />
              <NumberInput
                label={t('fields.floors')}
                value={values.number_of_floors ?? ''}
                onChange={(value) => form.setValue('number_of_floors', numberOrNull(value))}
                onBlur={flush}
                min={1}
                max={10}
                allowDecimal={false}
                allowNegative={false}
                error={errors.number_of_floors}
                readOnly={isReadOnly}
                placeholder={notSet}
              />
            </SimpleGrid>
            <Radio.Group
              label={t('fields.furnished')}
              value={values.furnished === null ? '' : values.furnished ? 'yes' : 'no'}
              onChange={(value) => {
                form.setValue('furnished', value === 'yes');
                flush();
              }}
              error={errors.furnished}
            >
              {isReadOnly && values.furnished === null ? (
                <NotSetText mt={4} />
              ) : (
                <Group gap="lg" mt={6}>
                  <Radio value="yes" label={t('fields.furnishedYes')} disabled={isReadOnly} />
                  <Radio value="no" label={t('fields.furnishedNo')} disabled={isReadOnly} />
                </Group>
              )}
            </Radio.Group>
          </StepSection>
        </>
      ) : null}
      {setChildren ? (
        <>
          <Divider />
          <SetChildrenEditor setId={creation.id} items={setChildren} isReadOnly={isReadOnly} />
        </>
      ) : null}
    </Stack>
  );
}
