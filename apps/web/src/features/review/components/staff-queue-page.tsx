import { queueSortFields, type QueueId } from '@corner/domain';
import { Button, Group, LoadingOverlay, Paper, Select, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { readFragment } from 'gql.tada';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import type { PageLink } from '../../../app/shell/menu';
import { errorCause } from '../../../app/graphql/errors';
import { AUTO_SAVE_DELAY_MS } from '../../../ui/auto-save/use-auto-save';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { CREATABLE_KINDS } from '../../submission/urls';
import { moveCursor } from '../decisions';
import { StaffQueueQuery } from '../graphql';
import { useReviewActions } from '../hooks/use-review-actions';
import { publishDay } from '../publish-date';
import {
  effectiveQueueSort,
  queueQueryParams,
  readQueueParams,
  reviewPath,
  writeQueueParams,
  type QueueSortField,
  type SortOrder,
  type StaffQueueParams,
} from '../urls';
import { ApproveDialog } from './approve-dialog';
import { QueueRowFragment } from './queue-row.fragment';
import { ShortcutsButton } from './shortcuts-button';
import { QueueTable } from './queue-table';
import { RejectDialog } from './reject-dialog';
import { ShortcutsHelp } from './shortcuts-help';

/** The copy of each staff queue, under "staffQueue" in en.json. */
export type StaffQueueCopy =
  | 'notSubmitted'
  | 'awaitingApproval'
  | 'testingQueue'
  | 'updatesTestingQueue'
  | 'approved'
  | 'published'
  | 'deleted'
  | 'testingFailed'
  | 'updatesTestingFailed'
  | 'rejected'
  | 'reported'
  | 'updated';

export interface StaffQueuePageProps {
  link: PageLink;
  copy: StaffQueueCopy;
  /** The queue the page lists: the same definition as its badge and overview count. */
  queue: QueueId;
  /** Shown above the filters: another view of the same page (the Reported page's All reports). */
  viewSwitch?: ReactNode;
}

/** Lists also refetch after mutations that answer no creation (a list left empty holds none). */
const LIST_CONTEXT = { additionalTypenames: ['SubmissionProperties'] };

/**
 * One staff queue: search, kind filter, sort, page and the highlighted creation held in the URL;
 * tick boxes for bulk approval with one publish date; keyboard triage (j/k, Enter, a, r, t, f, x).
 */
export function StaffQueuePage({ link, copy, queue, viewSwitch }: StaffQueuePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readQueueParams(searchParams);
  const listParams = useMemo(() => queueQueryParams(queue, readQueueParams(searchParams)), [queue, searchParams]);
  const [{ data, fetching, error }] = useQuery({
    query: StaffQueueQuery,
    variables: { queryParams: listParams, countParams: { queue } },
    context: LIST_CONTEXT,
  });
  const [searchDraft, setSearchDraft] = useState(params.search);
  const sentSearch = useRef(params.search);
  useEffect(() => {
    if (params.search !== sentSearch.current) {
      sentSearch.current = params.search;
      setSearchDraft(params.search);
    }
  }, [params.search]);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [approveIds, setApproveIds] = useState<number[]>([]);
  const [rejectTarget, setRejectTarget] = useState<{ id: number; name: string; model_type: string } | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const { sendToTest } = useReviewActions();

  const page = data?.newItemsSearch;
  const rows = useMemo(() => (page?.data ?? []).map((row) => readFragment(QueueRowFragment, row)), [page]);
  const ids = rows.map((row) => row.id);
  const cursor = rows.find((row) => row.id === params.selected) ?? null;
  const abilities = cursor ? cursor.abilities : null;
  const checkedRows = rows.filter((row) => checked.has(row.id));
  const approvable = checkedRows.filter((row) => row.abilities.canApprove);

  // Ticks belong to the rows on screen: a new page or filter starts with none.
  useEffect(() => setChecked(new Set()), [listParams]);

  function go(next: Partial<StaffQueueParams>, options: { push?: boolean } = {}) {
    if (next.search !== undefined) sentSearch.current = next.search.trim();
    setSearchParams(writeQueueParams({ ...params, ...next }), { replace: !options.push });
  }
  const applySearch = useDebouncedCallback((search: string) => go({ search, page: 1, selected: null }), AUTO_SAVE_DELAY_MS);
  const reviewHref = (id: number) => reviewPath(id, { queue, params });

  function step(direction: 1 | -1) {
    const next = moveCursor(ids, params.selected, direction);
    if (next !== null) go({ selected: next });
  }
  function toggle(id: number, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function approveShortcut() {
    if (approvable.length) setApproveIds(approvable.map((row) => row.id));
    else if (cursor && abilities?.canApprove) setApproveIds([cursor.id]);
  }

  useHotkeys([
    ['j', () => step(1)],
    ['ArrowDown', () => step(1)],
    ['k', () => step(-1)],
    ['ArrowUp', () => step(-1)],
    ['Enter', () => cursor && void navigate(reviewHref(cursor.id))],
    ['o', () => cursor && void navigate(reviewHref(cursor.id))],
    ['x', () => cursor && toggle(cursor.id, !checked.has(cursor.id))],
    ['a', approveShortcut],
    ['r', () => cursor && abilities?.canReject && setRejectTarget(cursor)],
    ['t', () => cursor && abilities?.canTest && void sendToTest(cursor.id)],
    ['f', () => cursor && void navigate(`${reviewHref(cursor.id)}#files`)],
    ['shift+?', () => setHelpOpen(true)],
  ]);

  const sortOptions = useMemo(
    () =>
      queueSortFields(queue).flatMap((field) =>
        (['desc', 'asc'] as const).map((order) => ({ value: `${field}:${order}`, label: t(`review.queue.sort.${field}.${order}`) })),
      ),
    [queue, t],
  );
  const sort = effectiveQueueSort(queue, params);
  const title = t(`nav.${link.label}`);
  const isFiltered = params.search.trim() !== '' || params.kind !== null || params.onlyDuplicates;

  return (
    <PageFrame
      title={title}
      description={t(`staffQueue.${copy}.intro`)}
      actions={<ShortcutsButton label={t('review.shortcuts.button')} onClick={() => setHelpOpen(true)} />}
    >
      {viewSwitch}
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            role="searchbox"
            label={t('list.search')}
            placeholder={t('review.queue.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchDraft}
            onChange={(event) => {
              setSearchDraft(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') go({ search: searchDraft, page: 1, selected: null });
            }}
            style={{ flex: '1 1 300px' }}
          />
          <Select
            label={t('review.queue.kind')}
            placeholder={t('review.queue.anyKind')}
            data={CREATABLE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}.name`) }))}
            value={params.kind}
            onChange={(kind) => go({ kind: kind as StaffQueueParams['kind'], page: 1, selected: null })}
            clearable
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 160 }}
          />
          <Switch
            label={t('review.queue.onlyDuplicates')}
            checked={params.onlyDuplicates}
            onChange={(event) => go({ onlyDuplicates: event.currentTarget.checked, page: 1, selected: null })}
            pb={8}
          />
          <Select
            label={t('list.sortBy')}
            data={sortOptions}
            value={`${sort.field}:${sort.order}`}
            onChange={(value) => {
              if (!value) return;
              const [field, order] = value.split(':') as [QueueSortField, SortOrder];
              go({ sort: { field, order }, page: 1 });
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        {data ? (
          // With filters on, the list's own total beside the queue's: "0 of 4 creations", not "4".
          <Text size="sm" c="dimmed" ta="right" mt="xs" aria-live="polite">
            {!isFiltered
              ? t('list.queueCount', { count: data.newItemsCount })
              : data.newItemsSearch.paginatorInfo.totalIsExact
                ? t('review.queue.filteredCount', { matches: data.newItemsSearch.paginatorInfo.total, count: data.newItemsCount })
                : t('review.queue.filteredCountMoreThan', { matches: data.newItemsSearch.paginatorInfo.total - 1, count: data.newItemsCount })}
          </Text>
        ) : null}
      </Paper>

      {checked.size > 0 ? (
        <Paper withBorder p="sm" bg="var(--mantine-primary-color-light)" role="region" aria-label={t('review.bulk.region')}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" fw={500}>
              {t('review.bulk.checked', { count: checked.size })}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setChecked(new Set())}>
                {t('review.bulk.clear')}
              </Button>
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCircleCheck size={16} aria-hidden />}
                disabled={approvable.length === 0}
                onClick={() => setApproveIds(approvable.map((row) => row.id))}
              >
                {t('review.bulk.approve', { count: approvable.length })}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      {error && !page ? (
        <EmptyState icon={link.icon} color="red" title={t('list.loadFailed')}>
          {errorCause(error)}
        </EmptyState>
      ) : page && rows.length === 0 && !fetching ? (
        isFiltered ? (
          <EmptyState
            icon={IconSearch}
            title={t('review.queue.noMatch')}
            action={
              <Button
                variant="light"
                onClick={() => {
                  setSearchDraft('');
                  go({ search: '', kind: null, onlyDuplicates: false, page: 1, selected: null });
                }}
              >
                {t('review.queue.clearFilters')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={link.icon} title={t(`staffQueue.${copy}.empty`)} />
        )
      ) : (
        <Paper withBorder pos="relative" mih={page ? undefined : 160}>
          <LoadingOverlay visible={fetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          {page ? (
            <QueueTable
              rows={page.data}
              title={title}
              cursorId={params.selected}
              checked={checked}
              onCheckedChange={toggle}
              onCheckAll={(on) => setChecked(on ? new Set(ids) : new Set())}
              onCursorChange={(id) => go({ selected: id })}
              reviewHref={reviewHref}
              isTestingQueue={queue === 'testing'}
              groupOf={
                queue === 'approved' || queue === 'published'
                  ? (row) => {
                      const day = publishDay(row.publish_at);
                      return day ? t(`review.queue.publishDay.${day}`) : null;
                    }
                  : undefined
              }
            />
          ) : null}
        </Paper>
      )}
      {page && rows.length > 0 ? (
        <ListPager info={page.paginatorInfo} label={t('list.pagesOf', { title })} onPageChange={(next) => go({ page: next, selected: null })} />
      ) : null}

      <ApproveDialog
        ids={approveIds}
        name={approveIds.length === 1 ? rows.find((row) => row.id === approveIds[0])?.name : undefined}
        onClose={() => setApproveIds([])}
        onApproved={() => setChecked(new Set())}
      />
      <RejectDialog target={rejectTarget} onClose={() => setRejectTarget(null)} />
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </PageFrame>
  );
}
