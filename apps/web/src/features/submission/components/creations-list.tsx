import type { QueueId } from '@corner/domain';
import { Button, Group, LoadingOverlay, NativeSelect, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, type TablerIcon } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { AUTO_SAVE_DELAY_MS } from '../../../ui/auto-save/use-auto-save';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { MyItemsCountQuery, MyItemsQuery } from '../graphql';
import {
  LIST_SORT_FIELDS,
  effectiveSort,
  listQueryParams,
  readListParams,
  uploadPath,
  writeListParams,
  type CreationListParams,
  type ListSortField,
  type SortOrder,
} from '../urls';
import { CreationRow } from './creation-row';
import classes from './creations-list.module.css';

export interface CreationsListProps {
  /** The queue the list shows: the same id as its sidebar badge's counter. */
  queue: QueueId;
  /** The list's name, for the table caption and the page navigation. */
  title: string;
  icon: TablerIcon;
  emptyTitle: string;
  emptyText?: string | undefined;
}

/** Lists also refetch after mutations that return no creation (an empty list holds none). */
const LIST_CONTEXT = { additionalTypenames: ['SubmissionProperties'] };

function sortValue(sort: { field: string; order: SortOrder }): string {
  return `${sort.field}:${sort.order}`;
}

/**
 * A creator list (My creations or one queue) with search, sort and pages held in the URL, through
 * myItemsSearch; the queue's size comes from myItemsCount, the same count as the sidebar badge.
 */
export function CreationsList({ queue, title, icon, emptyTitle, emptyText }: CreationsListProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const queryParams = useMemo(() => listQueryParams(queue, readListParams(searchParams)), [queue, searchParams]);
  const [searchDraft, setSearchDraft] = useState(params.search);
  // The search the field last sent to the URL: another change of the URL (a menu link, back) refills the field.
  const sentSearch = useRef(params.search);
  useEffect(() => {
    if (params.search !== sentSearch.current) {
      sentSearch.current = params.search;
      setSearchDraft(params.search);
    }
  }, [params.search]);
  const [{ data, fetching, error }] = useQuery({ query: MyItemsQuery, variables: { queryParams }, context: LIST_CONTEXT });
  const [{ data: countData }] = useQuery({ query: MyItemsCountQuery, variables: { queryParams: { queue } }, context: LIST_CONTEXT });

  function go(next: Partial<CreationListParams>) {
    if (next.search !== undefined) sentSearch.current = next.search.trim();
    setSearchParams(writeListParams({ ...params, ...next }), { replace: true });
  }
  const applySearch = useDebouncedCallback((search: string) => go({ search, page: 1 }), AUTO_SAVE_DELAY_MS);

  const sortOptions = useMemo(() => {
    const options: { value: string; label: string }[] = [];
    for (const field of LIST_SORT_FIELDS) {
      for (const order of ['desc', 'asc'] as const) {
        options.push({ value: sortValue({ field, order }), label: t(`list.sort.${field}.${order}`) });
      }
    }
    return options;
  }, [t]);

  function handleSortChange(value: string) {
    if (!value) return;
    const [field, order] = value.split(':') as [ListSortField, SortOrder];
    go({ sort: { field, order }, page: 1 });
  }

  const page = data?.myItemsSearch;
  const rows = page?.data ?? [];
  const queueCount = countData?.myItemsCount;
  const isSearching = params.search.trim() !== '';
  const sort = effectiveSort(queue, params);

  return (
    <>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            role="searchbox"
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchDraft}
            onChange={(event) => {
              setSearchDraft(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') go({ search: searchDraft, page: 1 });
            }}
            style={{ flex: '1 1 240px' }}
          />
          <NativeSelect
            label={t('list.sortBy')}
            data={sortOptions}
            value={sortValue(sort)}
            onChange={(event) => handleSortChange(event.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          {queueCount !== undefined ? (
            <Text size="sm" c="dimmed" ml="auto" pb={8}>
              {t('list.queueCount', { count: queueCount })}
            </Text>
          ) : null}
        </Group>
      </Paper>
      {error && !page ? (
        <EmptyState icon={icon} color="red" title={t('list.loadFailed')}>
          {error.graphQLErrors[0]?.message ?? error.message}
        </EmptyState>
      ) : page && rows.length === 0 && !fetching ? (
        isSearching ? (
          <EmptyState
            icon={IconSearch}
            title={t('list.noMatch', { search: params.search.trim() })}
            action={
              <Button
                variant="light"
                onClick={() => {
                  setSearchDraft('');
                  go({ search: '', page: 1 });
                }}
              >
                {t('list.clearSearch')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={icon}
            title={emptyTitle}
            action={
              queue === 'all' || queue === 'created' ? (
                <Button component={Link} to={uploadPath()}>
                  {t('header.createNew')}
                </Button>
              ) : undefined
            }
          >
            {emptyText}
          </EmptyState>
        )
      ) : (
        <Paper withBorder pos="relative" mih={page ? undefined : 160} className={classes.frame}>
          <LoadingOverlay visible={fetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          {page ? (
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={title} className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.columns.creation')}</Table.Th>
                  <Table.Th w={170}>{t('list.columns.status')}</Table.Th>
                  {/* Room for a second date line ("Publishes Nov 27, 2026") on one line. */}
                  <Table.Th w={200}>{t('list.columns.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <CreationRow
                    key={row.id}
                    data={row}
                    sortField={sort.field}
                    showAttention={queue === 'needsAttention'}
                    isTestingQueue={queue === 'testing'}
                    classNames={classes}
                  />
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Paper>
      )}
      {page && rows.length > 0 ? (
        <ListPager
          info={page.paginatorInfo}
          label={t('list.pagesOf', { title })}
          onPageChange={(next) => go({ page: next })}
        />
      ) : null}
    </>
  );
}
