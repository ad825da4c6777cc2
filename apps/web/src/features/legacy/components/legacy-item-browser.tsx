import { LEGACY_GAMES, LEGACY_ITEM_STATUSES, type LegacyGame, type LegacyItemStatus } from '@corner/domain';
import { Button, Group, LoadingOverlay, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArchive, IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { QueryState } from '../../../ui/query-state';
import { ArchiveSearchQuery } from '../graphql';
import { archiveSearchVariables, DEFAULT_ARCHIVE_PARAMS, isArchiveFiltered, readArchiveParams, writeArchiveParams, type ArchiveParams } from '../urls';
import { ArchiveTable } from './archive-table';

/** The list refetches after an edit of an item (its row may no longer match). */
const LIST_CONTEXT = { additionalTypenames: ['LegacyItem'] };

/**
 * The older submission system's items in the archive: found by title or ID, creator, game, status
 * and hidden flag, page by page, all of it in the URL.
 */
export function LegacyItemBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readArchiveParams(searchParams);
  const update = (next: Partial<ArchiveParams>) => setSearchParams((current) => writeArchiveParams(current, { ...readArchiveParams(current), ...next }));
  // Keyed by the URL's text so that following a link with other text refills the fields.
  return <Browser key={`${params.text}\u0000${params.creator}`} params={params} update={update} />;
}

function Browser({ params, update }: { params: ArchiveParams; update: (next: Partial<ArchiveParams>) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(params.text);
  const [creator, setCreator] = useState(params.creator);
  const [{ data, error, fetching }] = useQuery({ query: ArchiveSearchQuery, variables: archiveSearchVariables(params), context: LIST_CONTEXT });
  const result = data?.legacyItemsSearch;
  const isFiltered = isArchiveFiltered(params);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ text: text.trim(), creator: creator.trim(), page: 1 });
  }
  function handleClear() {
    setText('');
    setCreator('');
    update({ ...DEFAULT_ARCHIVE_PARAMS });
  }

  let results;
  if (!result) {
    results = (
      <QueryState isLoading={fetching || !error} loadingText={t('archive.loading')} failedTitle={t('archive.loadFailed')} failure={error ? errorCause(error) : null} />
    );
  } else if (result.data.length === 0) {
    results = (
      <EmptyState
        icon={isFiltered ? IconSearch : IconArchive}
        title={isFiltered ? t('archive.nothingFound') : t('archive.empty')}
        action={
          isFiltered ? (
            <Button variant="light" onClick={handleClear}>
              {t('archive.clearFilters')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    results = (
      <Stack gap="sm">
        <Paper withBorder pos="relative">
          <LoadingOverlay visible={fetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          <ArchiveTable items={result.data} label={t('archive.tableLabel')} />
        </Paper>
        <ListPager info={result.paginatorInfo} label={t('archive.pagesLabel')} onPageChange={(page) => update({ page })} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <form role="search" aria-label={t('archive.searchLabel')} onSubmit={handleSubmit}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('archive.searchText')}
              placeholder={t('archive.searchTextPlaceholder')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: '2 1 220px' }}
            />
            <TextInput
              label={t('archive.searchCreator')}
              placeholder={t('archive.searchCreatorPlaceholder')}
              value={creator}
              onChange={(event) => setCreator(event.currentTarget.value)}
              style={{ flex: '1 1 160px' }}
            />
            <Select
              label={t('archive.game')}
              placeholder={t('archive.anyGame')}
              data={LEGACY_GAMES.map((game) => ({ value: String(game), label: t(`archive.games.${game}`) }))}
              value={params.game === null ? null : String(params.game)}
              onChange={(value) => update({ game: value === null ? null : (Number(value) as LegacyGame), page: 1 })}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 150 }}
            />
            <Select
              label={t('archive.status')}
              placeholder={t('archive.anyStatus')}
              data={LEGACY_ITEM_STATUSES.map((status) => ({ value: status, label: t(`archive.statuses.${status}`) }))}
              value={params.status}
              onChange={(value) => update({ status: value as LegacyItemStatus | null, page: 1 })}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 150 }}
            />
            <Select
              label={t('archive.visibility')}
              placeholder={t('archive.anyVisibility')}
              data={[
                { value: 'visible', label: t('archive.visibleOnly') },
                { value: 'hidden', label: t('archive.hiddenOnly') },
              ]}
              value={params.hidden}
              onChange={(value) => update({ hidden: value as ArchiveParams['hidden'], page: 1 })}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 150 }}
            />
            <Group gap="xs">
              <Button type="submit">{t('archive.searchButton')}</Button>
              {isFiltered ? (
                <Button variant="subtle" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={handleClear}>
                  {t('archive.clearFilters')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </form>
        {result ? (
          <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
            {result.paginatorInfo.totalIsExact === false
              ? t('archive.countMoreThan', { count: result.paginatorInfo.total - 1 })
              : t('archive.count', { count: result.paginatorInfo.total })}
          </Text>
        ) : null}
      </Paper>
      {results}
    </Stack>
  );
}
