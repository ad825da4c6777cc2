import { LEGACY_ITEM_STATUSES, MAX_LEGACY_TITLE_LENGTH } from '@corner/domain';
import { Alert, Button, Group, MultiSelect, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { notifications } from '../../../ui/notify';
import { categoryOptions } from '../category-options';
import { UpdateLegacyItemMutation } from '../graphql';
import type { ArchivedItem, LegacyCategoryOption } from './archived-item-page';

/** What the form edits, as the item has it. */
interface Draft {
  title: string;
  description: string;
  categoryIds: string[];
  isHidden: boolean;
  status: string;
}

function draftOf(item: ArchivedItem): Draft {
  return {
    title: item.title,
    description: item.description,
    categoryIds: item.categories.map((c) => String(c.id)),
    isHidden: item.isHidden,
    status: item.status,
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Staff change an archived item: title, description, categories, hidden flag and status. Only the
 * fields that changed are sent; the server writes them to the older system and logs them. Field
 * errors show under their field, anything else above the buttons; nothing typed is lost.
 */
export function ArchivedItemForm({ item, categories }: { item: ArchivedItem; categories: readonly LegacyCategoryOption[] }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<Draft>(() => draftOf(item));
  const [draft, setDraft] = useState<Draft>(saved);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [{ fetching }, update] = useMutation(UpdateLegacyItemMutation);

  const categoryData = useMemo(() => categoryOptions(categories), [categories]);
  const statusData = useMemo(() => {
    const known: string[] = [...LEGACY_ITEM_STATUSES];
    // A status the old system wrote that the portal does not know stays choosable as it is.
    if (!known.includes(item.status)) known.push(item.status);
    return known.map((status) => ({ value: status, label: t(`archive.statuses.${status}`, { defaultValue: status }) }));
  }, [item.status, t]);

  const changes = {
    ...(draft.title !== saved.title ? { title: draft.title } : {}),
    ...(draft.description !== saved.description ? { description: draft.description } : {}),
    ...(!sameIds(draft.categoryIds, saved.categoryIds) ? { categoryIds: draft.categoryIds.map(Number) } : {}),
    ...(draft.isHidden !== saved.isHidden ? { isHidden: draft.isHidden } : {}),
    ...(draft.status !== saved.status ? { status: draft.status } : {}),
  };
  const isDirty = Object.keys(changes).length > 0;

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDirty) return;
    if (!draft.title.trim()) {
      setFieldErrors({ title: t('archive.item.titleRequired') });
      return;
    }
    setFormError(null);
    const result = await update({ id: item.ID, ...changes });
    if (result.error || !result.data) {
      const fields = result.error ? validationMessages(result.error, '') : {};
      setFieldErrors(fields);
      setFormError(Object.keys(fields).length ? null : result.error ? errorCause(result.error) : t('archive.item.saveFailed'));
      return;
    }
    const next = draftOf(result.data.updateLegacyItem);
    setSaved(next);
    setDraft(next);
    setFieldErrors({});
    notifications.show({ color: 'teal', title: t('archive.item.saved'), message: t('archive.item.savedText', { id: item.ID }) });
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} aria-label={t('archive.item.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('archive.item.title')}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldErrors.title}
          maxLength={MAX_LEGACY_TITLE_LENGTH}
          required
        />
        <Textarea
          label={t('archive.item.description')}
          value={draft.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={fieldErrors.description}
          autosize
          minRows={4}
          maxRows={12}
        />
        <MultiSelect
          label={t('archive.item.categories')}
          placeholder={draft.categoryIds.length ? undefined : t('archive.item.pickCategories')}
          data={categoryData}
          value={draft.categoryIds}
          onChange={(value) => set('categoryIds', value)}
          error={fieldErrors.categoryIds}
          searchable
          clearable
          nothingFoundMessage={t('archive.item.noCategoryFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label={t('archive.item.status')}
            data={statusData}
            value={draft.status}
            onChange={(value) => value && set('status', value)}
            error={fieldErrors.status}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 220 }}
          />
          <Switch
            label={t('archive.item.hiddenLabel')}
            description={t('archive.item.hiddenHelp')}
            checked={draft.isHidden}
            onChange={(event) => set('isHidden', event.currentTarget.checked)}
            pb={4}
          />
        </Group>
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={fetching} disabled={!isDirty}>
            {t('archive.item.save')}
          </Button>
          <Button
            variant="default"
            disabled={!isDirty || fetching}
            onClick={() => {
              setDraft(saved);
              setFieldErrors({});
              setFormError(null);
            }}
          >
            {t('archive.item.undoChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
