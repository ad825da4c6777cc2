import { createSubmissionInput, itemFieldsInput, submissionPropertiesInput } from '@corner/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconBoxMultiple, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import type { FieldErrors } from '../../../ui/auto-save/auto-saver';
import { SaveStatusLine } from '../../../ui/auto-save/save-status';
import { sessionDrafts, type Draft } from '../../../ui/auto-save/draft-store';
import { useAutoSave } from '../../../ui/auto-save/use-auto-save';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { CreateSetItemMutation, DeleteSubmissionMutation, UpdateSetMutation } from '../graphql';
import { saveResultOf } from '../save-result';
import { mergeChildren, moveChild, type SetChildValue } from '../set-children';
import { numberOrNull, ruleMessages } from '../validation';
import type { SetChildrenFragment } from './set-children.fragment';

type SetChild = Extract<ResultOf<typeof SetChildrenFragment>, { __typename: 'Set' }>['children'][number];

interface ChildrenValues {
  children: SetChildValue[];
}

const childRules = submissionPropertiesInput.pick({ name: true, description: true });

export interface SetChildrenEditorProps {
  /** The set's creation id. */
  setId: number;
  items: readonly SetChild[];
  isReadOnly: boolean;
}

/**
 * A set's items on step 1: each with its own name, description, recolour flag and polycount, in
 * an order the creator chooses (up and down buttons), saved together with updateSet; new items are
 * added with createSetItem.
 */
export function SetChildrenEditor({ setId, items, isReadOnly }: SetChildrenEditorProps) {
  const { t } = useTranslation();
  const client = useClient();
  const [removing, setRemoving] = useState<SetChildValue | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [isRemoveBusy, setRemoveBusy] = useState(false);

  const base = useMemo<ChildrenValues>(
    () => ({
      children: items.map((c) => ({
        id: c.submission_id,
        name: c.properties.name,
        description: c.properties.description,
        is_recolor: c.is_recolor,
        max_polycount: c.max_polycount ?? null,
      })),
    }),
    [items],
  );

  const validate = useCallback((values: ChildrenValues): FieldErrors<ChildrenValues> => {
    const messages: Record<string, string> = {};
    values.children.forEach((child, index) => {
      const found = {
        ...ruleMessages(childRules, { name: child.name, description: child.description }),
        ...ruleMessages(itemFieldsInput, { is_recolor: child.is_recolor, max_polycount: child.max_polycount }),
      };
      for (const [field, message] of Object.entries(found)) if (message) messages[`children.${index}.${field}`] = message;
    });
    return messages as FieldErrors<ChildrenValues>;
  }, []);

  const save = useCallback(
    async (changes: Draft<ChildrenValues>) => {
      const children = mergeChildren(base.children, changes.children);
      const result = await client
        .mutation(UpdateSetMutation, {
          id: setId,
          children: children.map((c) => ({
            id: c.id,
            name: c.name,
            description: c.description,
            is_recolor: c.is_recolor,
            max_polycount: c.max_polycount,
          })),
        })
        .toPromise();
      return saveResultOf<ChildrenValues>(result, '');
    },
    [base, client, setId],
  );

  const form = useAutoSave<ChildrenValues>({ storageKey: `${setId}:set-items`, base, save, validate, isReadOnly });
  const children = mergeChildren(base.children, form.values.children);
  const errors = form.errors as Record<string, string | undefined>;
  const flush = () => void form.flush();

  function updateChild(index: number, patch: Partial<SetChildValue>) {
    form.setValue(
      'children',
      children.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    );
  }

  function move(index: number, offset: -1 | 1) {
    form.setValue('children', moveChild(children, index, offset));
    flush();
  }

  async function handleRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    const result = await client
      .mutation(DeleteSubmissionMutation, { id: removing.id }, { additionalTypenames: ['SubmissionProperties'] })
      .toPromise();
    setRemoveBusy(false);
    if (result.error) {
      setRemoveError(errorCause(result.error));
      return;
    }
    setRemoving(null);
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="set-items-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} fz="md" id="set-items-title">
            {t('setItems.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {isReadOnly ? t('setItems.textReadOnly') : t('setItems.text')}
          </Text>
        </div>
        {isReadOnly ? null : <SaveStatusLine status={form.status} failure={form.failure} onRetry={() => void form.retry()} />}
      </Group>
      {children.length === 0 ? (
        // Read-only has no form below to add items with.
        <EmptyState icon={IconBoxMultiple} title={isReadOnly ? undefined : t('setItems.emptyTitle')}>
          {isReadOnly ? t('setItems.emptyReadOnly') : t('setItems.emptyText')}
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children.map((child, index) => (
            <Paper key={child.id} component="li" withBorder p="md" radius="md" bg="var(--corner-surface-subtle)" aria-label={t('setItems.itemLabel', { index: index + 1, name: child.name })}>
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Badge variant="default" radius="sm">
                    {index + 1}
                  </Badge>
                  <Text fw={600} truncate>
                    {child.name || t('list.untitled')}
                  </Text>
                  {child.is_recolor ? (
                    <Badge variant="light" size="sm">
                      {t('setItems.recolour')}
                    </Badge>
                  ) : null}
                </Group>
                {isReadOnly ? null : (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('setItems.moveUp')}>
                      <ActionIcon
                        variant="default"
                        onClick={() => move(index, -1)}
                        disabled={index === 0}
                        aria-label={t('setItems.moveUpNamed', { name: child.name })}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('setItems.moveDown')}>
                      <ActionIcon
                        variant="default"
                        onClick={() => move(index, 1)}
                        disabled={index === children.length - 1}
                        aria-label={t('setItems.moveDownNamed', { name: child.name })}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('setItems.remove')}>
                      <ActionIcon
                        variant="default"
                        color="red"
                        onClick={() => setRemoving(child)}
                        aria-label={t('setItems.removeNamed', { name: child.name })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('setItems.name')}
                  value={child.name}
                  onChange={(event) => updateChild(index, { name: event.currentTarget.value })}
                  onBlur={flush}
                  error={errors[`children.${index}.name`]}
                  readOnly={isReadOnly}
                  maxLength={100}
                />
                <NumberInput
                  label={t('fields.maxPolycount')}
                  value={child.max_polycount ?? ''}
                  onChange={(value) => updateChild(index, { max_polycount: numberOrNull(value) })}
                  onBlur={flush}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=","
                  error={errors[`children.${index}.max_polycount`]}
                  readOnly={isReadOnly}
                  placeholder={isReadOnly ? t('edit.notSet') : undefined}
                />
              </SimpleGrid>
              <Textarea
                mt="sm"
                label={t('setItems.description')}
                autosize
                minRows={2}
                value={child.description}
                onChange={(event) => updateChild(index, { description: event.currentTarget.value })}
                onBlur={flush}
                error={errors[`children.${index}.description`]}
                readOnly={isReadOnly}
                placeholder={isReadOnly ? t('edit.notSet') : undefined}
              />
              <Checkbox
                mt="sm"
                label={t('fields.isRecolor')}
                checked={child.is_recolor}
                onChange={(event) => {
                  updateChild(index, { is_recolor: event.currentTarget.checked });
                  flush();
                }}
                disabled={isReadOnly}
              />
            </Paper>
          ))}
        </Stack>
      )}
      {isReadOnly ? null : <AddSetItemForm setId={setId} />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('setItems.removeTitle')}
        message={t('setItems.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('setItems.remove')}
        isDanger
        isBusy={isRemoveBusy}
        error={removeError}
        onConfirm={() => void handleRemove()}
        onClose={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
      />
    </Stack>
  );
}

interface NewItemForm {
  name: string;
  description: string;
  is_recolor: boolean;
  max_polycount: number | null;
}

const EMPTY_NEW_ITEM: NewItemForm = { name: '', description: '', is_recolor: false, max_polycount: null };

/** Adds an item to the set (createSetItem); what is typed is kept until the item exists. */
function AddSetItemForm({ setId }: { setId: number }) {
  const { t } = useTranslation();
  const client = useClient();
  const draftKey = `${setId}:new-set-item`;
  const [form, setForm] = useState<NewItemForm>(() => ({ ...EMPTY_NEW_ITEM, ...sessionDrafts.read<NewItemForm>(draftKey) }));
  const [hasTried, setHasTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const rules: Record<string, string | undefined> = {
    ...ruleMessages(createSubmissionInput, { name: form.name, description: form.description }),
    ...ruleMessages(itemFieldsInput, { is_recolor: form.is_recolor, max_polycount: form.max_polycount }),
  };
  const shown = (field: keyof NewItemForm) => {
    const rule = rules[field];
    if (rule && (hasTried || form[field] !== '')) return rule;
    return serverErrors[field];
  };

  function update<K extends keyof NewItemForm>(key: K, value: NewItemForm[K]) {
    const next = { ...form, [key]: value };
    setForm(next);
    setServerErrors((e) => ({ ...e, [key]: '' }));
    sessionDrafts.write(draftKey, next);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTried(true);
    setFailure(null);
    if (Object.values(rules).some(Boolean)) return;
    setBusy(true);
    const result = await client
      .mutation(CreateSetItemMutation, {
        set_id: setId,
        name: form.name.trim(),
        description: form.description.trim(),
        is_recolor: form.is_recolor,
        max_polycount: form.max_polycount,
      })
      .toPromise();
    setBusy(false);
    if (result.error) {
      setServerErrors(validationMessages(result.error, ''));
      setFailure(errorCause(result.error));
      return;
    }
    sessionDrafts.remove(draftKey);
    setForm(EMPTY_NEW_ITEM);
    setHasTried(false);
  }

  return (
    <Paper withBorder p="md" radius="md" style={{ borderStyle: 'dashed' }}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="add-set-item-title">
        <Stack gap="sm">
          <Title order={4} fz="sm" id="add-set-item-title">
            {t('setItems.addTitle')}
          </Title>
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('setItems.newName')}
              required
              value={form.name}
              onChange={(event) => update('name', event.currentTarget.value)}
              error={shown('name')}
              maxLength={100}
            />
            <NumberInput
              label={t('setItems.newMaxPolycount')}
              value={form.max_polycount ?? ''}
              onChange={(value) => update('max_polycount', numberOrNull(value))}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              error={shown('max_polycount')}
            />
          </SimpleGrid>
          <Textarea
            label={t('setItems.newDescription')}
            required
            autosize
            minRows={2}
            value={form.description}
            onChange={(event) => update('description', event.currentTarget.value)}
            error={shown('description')}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('setItems.newIsRecolor')}
              checked={form.is_recolor}
              onChange={(event) => update('is_recolor', event.currentTarget.checked)}
            />
            <Button type="submit" variant="light" loading={isBusy} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('setItems.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
