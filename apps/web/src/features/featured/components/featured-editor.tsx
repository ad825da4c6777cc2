import { Alert, Autocomplete, Button, Divider, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarEvent, IconCheck, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { SaveStatusLine } from '../../../ui/auto-save/save-status';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/date-text';
import { draftOf, EMPTY_DRAFT, fieldsOf, isDraftChanged, sameMembers, type FeaturedDraft } from '../featured-form';
import { CreateFeaturedMutation, DeleteFeaturedMutation, ReorderFeaturedMutation, UpdateFeaturedMutation } from '../graphql';
import { FeaturedCandidates } from './featured-candidates';
import { FEATURED_CONTEXT } from './featured-context';
import { FeaturedCreations, type FeaturedCreation } from './featured-creations';
import type { FeaturedList } from './featured-table';

export interface FeaturedEditorProps {
  /** The saved list, or null for a new one. */
  list: FeaturedList | null;
  types: readonly string[];
  canEdit: boolean;
  onCreated: (id: number) => void;
  onDeleted: () => void;
}

/** The fields the server names in its validation errors, shown on the form. */
type FieldErrors = Partial<Record<'type' | 'index' | 'name' | 'publish_at' | 'submission_ids', string>>;

/**
 * A featured list's fields (saved with the button) and its creations. The creations of a saved
 * list are saved at once, each change on its own (a reorder with reorderFeaturedSubmissions); a
 * new list keeps them until it is created. Without the edit permission everything is read-only.
 */
export function FeaturedEditor({ list, types, canEdit, onCreated, onDeleted }: FeaturedEditorProps) {
  const { t } = useTranslation();
  const client = useClient();
  const isReadOnly = !canEdit;
  const [saved, setSaved] = useState<FeaturedDraft>(() => (list ? draftOf(list) : EMPTY_DRAFT));
  const [draft, setDraft] = useState<FeaturedDraft>(saved);
  const [items, setItems] = useState<FeaturedCreation[]>(() => list?.submissions ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isJustSaved, setJustSaved] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const creationsStatus = useActionStatus();

  function change(next: Partial<FeaturedDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    setJustSaved(false);
  }

  function showErrors(error: Parameters<typeof validationMessages>[0]) {
    const fields = validationMessages(error, '') as FieldErrors;
    setErrors(fields);
    setFormError(Object.keys(fields).length === 0 && error ? errorCause(error) : null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isReadOnly) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    const fields = fieldsOf(draft);
    if (!list) {
      const answer = await client
        .mutation(CreateFeaturedMutation, { ...fields, submission_ids: items.map((c) => c.id) }, FEATURED_CONTEXT)
        .toPromise();
      setSaving(false);
      const created = answer.data?.createFeaturedSubmission;
      if (answer.error || !created) {
        showErrors(answer.error);
        return;
      }
      onCreated(created.id);
      return;
    }
    const answer = await client.mutation(UpdateFeaturedMutation, { id: list.id, ...fields }, FEATURED_CONTEXT).toPromise();
    setSaving(false);
    const updated = answer.data?.updateFeaturedSubmission;
    if (answer.error || !updated) {
      showErrors(answer.error);
      return;
    }
    const now = draftOf(updated);
    setSaved(now);
    setDraft(now);
    setJustSaved(true);
  }

  /** A saved list's creations change at once; on failure the order shown goes back. */
  async function changeCreations(next: FeaturedCreation[]) {
    const before = items;
    setItems(next);
    setErrors((current) => ({ ...current, submission_ids: undefined }));
    if (!list) return;
    const ids = next.map((c) => c.id);
    await creationsStatus.run(async () => {
      const answer = sameMembers(
        ids,
        before.map((c) => c.id),
      )
        ? await client.mutation(ReorderFeaturedMutation, { id: list.id, submission_ids: ids }, FEATURED_CONTEXT).toPromise()
        : await client.mutation(UpdateFeaturedMutation, { id: list.id, submission_ids: ids }, FEATURED_CONTEXT).toPromise();
      if (!answer.error) return null;
      setItems(before);
      return errorCause(answer.error);
    });
  }

  async function handleDelete() {
    if (!list) return;
    setDeleting(true);
    setDeleteError(null);
    const answer = await client.mutation(DeleteFeaturedMutation, { id: list.id }, FEATURED_CONTEXT).toPromise();
    setDeleting(false);
    if (answer.error) {
      setDeleteError(errorCause(answer.error));
      return;
    }
    setDeleteOpen(false);
    onDeleted();
  }

  const isChanged = isDraftChanged(draft, saved);
  const listName = list?.name ?? t('featured.untitled');
  const readOnlyProps = isReadOnly ? ({ readOnly: true, variant: 'filled' } as const) : {};

  return (
    <Stack gap="lg">
      {list ? (
        <Text size="sm" c="dimmed">
          {t('featured.drawer.meta', {
            id: list.id,
            name: list.member?.UserName ?? '—',
            created: formatDateTime(list.created_at),
            updated: formatDateTime(list.updated_at),
          })}
        </Text>
      ) : null}
      {isReadOnly ? (
        <Alert color="gray" variant="light">
          {t('featured.readOnly')}
        </Alert>
      ) : null}

      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('featured.drawer.formLabel')}>
        <Stack gap="sm">
          <Group align="flex-start" wrap="wrap" gap="sm">
            <Autocomplete
              label={t('featured.fields.type')}
              description={t('featured.fields.typeHelp')}
              data={[...types]}
              value={draft.type}
              onChange={(type) => change({ type })}
              error={errors.type}
              withAsterisk={!isReadOnly}
              maxLength={50}
              style={{ flex: '2 1 220px' }}
              {...readOnlyProps}
            />
            <NumberInput
              label={t('featured.fields.index')}
              description={t('featured.fields.indexHelp')}
              value={draft.index}
              onChange={(index) => change({ index: String(index) })}
              error={errors.index}
              withAsterisk={!isReadOnly}
              min={0}
              allowNegative={false}
              allowDecimal={false}
              style={{ flex: '1 1 140px' }}
              {...readOnlyProps}
            />
          </Group>
          <TextInput
            label={t('featured.fields.name')}
            description={t('featured.fields.nameHelp')}
            value={draft.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            error={errors.name}
            maxLength={200}
            {...readOnlyProps}
          />
          <TextInput
            type="datetime-local"
            label={t('featured.fields.publishAt')}
            description={t('featured.fields.publishAtHelp')}
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            value={draft.publishAt}
            onChange={(event) => change({ publishAt: event.currentTarget.value })}
            error={errors.publish_at}
            withAsterisk={!isReadOnly}
            maw={320}
            {...readOnlyProps}
          />
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {formError}
            </Alert>
          ) : null}
          {isReadOnly ? null : (
            <Group gap="sm">
              <Button type="submit" loading={isSaving} disabled={list !== null && !isChanged}>
                {list ? t('featured.save') : t('featured.create')}
              </Button>
              {isJustSaved && !isChanged ? (
                <Group gap={6} role="status">
                  <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />
                  <Text size="sm" c="teal">
                    {t('saveStatus.saved')}
                  </Text>
                </Group>
              ) : null}
              {list && isChanged ? (
                <Text size="sm" c="dimmed">
                  {t('saveStatus.pending')}
                </Text>
              ) : null}
            </Group>
          )}
        </Stack>
      </form>

      <Divider />

      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="md">
            {t('featured.creations.title', { count: items.length })}
          </Title>
          {list ? <SaveStatusLine status={creationsStatus.status} failure={creationsStatus.failure} /> : null}
        </Group>
        {!list && !isReadOnly ? (
          <Text size="sm" c="dimmed">
            {t('featured.creations.newHint')}
          </Text>
        ) : null}
        {errors.submission_ids ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.submission_ids}
          </Alert>
        ) : null}
        <FeaturedCreations items={items} isReadOnly={isReadOnly} onChange={(next) => void changeCreations(next)} />
        {isReadOnly ? null : <FeaturedCandidates chosen={items} onAdd={(creation) => void changeCreations([...items, creation])} />}
      </Stack>

      {list && !isReadOnly ? (
        <>
          <Divider />
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setDeleteError(null);
                setDeleteOpen(true);
              }}
            >
              {t('featured.delete.button')}
            </Button>
          </Group>
          <ConfirmDialog
            opened={isDeleteOpen}
            title={t('featured.delete.title')}
            message={t('featured.delete.text', { name: listName, type: list.type, index: list.index })}
            confirmLabel={t('featured.delete.button')}
            isDanger
            isBusy={isDeleting}
            error={deleteError}
            onConfirm={() => void handleDelete()}
            onClose={() => setDeleteOpen(false)}
          />
        </>
      ) : null}
    </Stack>
  );
}
