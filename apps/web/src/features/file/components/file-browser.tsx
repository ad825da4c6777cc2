import { pagePermission } from '@corner/domain';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconBasket, IconFiles, IconSearch, type TablerIcon } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { CreateStaffBasketMutation, RestoreSubmissionFileMutation, SearchFilesQuery } from '../graphql';
import type { ZipBundle } from '../hooks/use-zip-bundle';
import { FILE_PAGE_SIZE, readFileManagementParams, withFileManagementParams, type FileManagementParams } from '../urls';
import { BasketPanel } from './basket-panel';
import { FileDetailDrawer } from './file-detail-drawer';
import { FileTable, type FileRow } from './file-table';

/** The queries of the file lists are asked again after any change to a file. */
const LIST_CONTEXT = { additionalTypenames: ['File', 'FilePaginator'] };

export interface FileBrowserProps {
  /** Live files (file management) or deleted ones (the archive). */
  isDeleted: boolean;
  /** Texts under "fileBrowser.{copy}" in en.json. */
  copy: 'live' | 'deleted';
  /** The empty state's icon. */
  icon?: TablerIcon;
}

/**
 * Files found by name, owner, creation or hash, page by page, with the search, page, open file and
 * basket in the URL. Staff who may edit file management select files into a basket and, in the
 * archive, restore deleted ones; the detail drawer holds the rest.
 */
export function FileBrowser({ isDeleted, copy, icon = IconFiles }: FileBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readFileManagementParams(searchParams);
  // Other lists on the same page (the archive's legacy items) keep their parameters.
  const update = (next: Partial<FileManagementParams>, replace = false) =>
    setSearchParams((current) => withFileManagementParams(current, { ...readFileManagementParams(current), ...next }), { replace });
  // Keyed by the URL's search so that following a link with another ?search= refills the field.
  return <Browser key={params.search} params={params} update={update} isDeleted={isDeleted} copy={copy} icon={icon} />;
}

interface BrowserProps {
  params: FileManagementParams;
  update: (next: Partial<FileManagementParams>, replace?: boolean) => void;
  isDeleted: boolean;
  copy: 'live' | 'deleted';
  icon: TablerIcon;
}

function Browser({ params, update, isDeleted, copy, icon }: BrowserProps) {
  const { t } = useTranslation();
  const client = useClient();
  const canEdit = useHasPermission(pagePermission('file-management', 'edit'));
  const [draft, setDraft] = useState(params.search);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The basket made on this page just now: its download opens by itself when ready. */
  const [madeBasket, setMadeBasket] = useState<ZipBundle | null>(null);
  const [isBasketBusy, setBasketBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  const [{ data, error, fetching }] = useQuery({
    query: SearchFilesQuery,
    variables: { search: params.search || null, deleted: isDeleted, first: FILE_PAGE_SIZE, page: params.page },
    context: LIST_CONTEXT,
  });
  const result = data?.searchFiles;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ search: draft.trim(), page: 1, file: null });
  }

  function toggle(file: FileRow, isOn: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(file.id);
      else next.delete(file.id);
      return next;
    });
  }

  function toggleAll(isOn: boolean) {
    const ids = (result?.data ?? []).map((f) => f.id);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (isOn) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  async function handleAddToBasket() {
    setBasketBusy(true);
    setActionError(null);
    const answer = await client.mutation(CreateStaffBasketMutation, { file_ids: [...selected] }).toPromise();
    setBasketBusy(false);
    const basket = answer.data?.createStaffBasket;
    if (answer.error || !basket) {
      setActionError(answer.error ? errorCause(answer.error) : t('downloadZip.failed'));
      return;
    }
    setMadeBasket(basket);
    setSelected(new Set());
    update({ basket: basket.id });
  }

  async function handleRestore(file: FileRow) {
    setRestoring(file.id);
    setActionError(null);
    const answer = await client.mutation(RestoreSubmissionFileMutation, { id: file.id }, LIST_CONTEXT).toPromise();
    setRestoring(null);
    if (answer.error) setActionError(errorCause(answer.error));
  }

  const canBasket = canEdit && !isDeleted;
  const basketId = isDeleted ? null : params.basket;

  let results;
  if (!result) {
    results = (
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('fileBrowser.loading')}
        failedTitle={t('fileBrowser.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    );
  } else if (result.data.length === 0) {
    results = (
      <EmptyState icon={icon} title={params.search ? t('fileBrowser.nothingFound') : t(`fileBrowser.${copy}.empty`)}>
        {params.search ? t('fileBrowser.nothingFoundText', { search: params.search }) : null}
      </EmptyState>
    );
  } else {
    results = (
      <Stack gap="sm">
        <FileTable
          files={result.data}
          label={t(`fileBrowser.${copy}.tableLabel`)}
          openId={params.file}
          onOpen={(file) => update({ file: file.id })}
          selection={canBasket ? { selected, onToggle: toggle, onToggleAll: toggleAll } : undefined}
          rowActions={
            isDeleted && canEdit
              ? (file) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="teal"
                    leftSection={<IconArrowBackUp size={14} aria-hidden />}
                    loading={restoring === file.id}
                    onClick={() => void handleRestore(file)}
                    aria-label={t('fileBrowser.restoreOf', { name: file.filename })}
                  >
                    {t('fileBrowser.restore')}
                  </Button>
                )
              : undefined
          }
        />
        <ListPager info={result.paginatorInfo} label={t(`fileBrowser.${copy}.pagesLabel`)} onPageChange={(page) => update({ page })} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <form role="search" aria-label={t(`fileBrowser.${copy}.searchLabel`)} onSubmit={handleSubmit}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t(`fileBrowser.${copy}.searchLabel`)}
              placeholder={t('fileBrowser.searchPlaceholder')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit">{t('fileBrowser.searchButton')}</Button>
          </Group>
        </form>
      </Paper>

      {canBasket && selected.size > 0 ? (
        <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-primary-color-light)">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('fileBrowser.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected(new Set())}>
                {t('fileBrowser.clearSelection')}
              </Button>
              <Button size="xs" leftSection={<IconBasket size={14} aria-hidden />} loading={isBasketBusy} onClick={() => void handleAddToBasket()}>
                {t('fileBrowser.addToBasket')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      {actionError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" withCloseButton onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      ) : null}

      {basketId !== null ? (
        <BasketPanel
          key={basketId}
          basketId={basketId}
          initial={madeBasket?.id === basketId ? madeBasket : null}
          shouldOpen={madeBasket?.id === basketId}
          onClose={() => update({ basket: null }, true)}
        />
      ) : null}

      {results}

      <FileDetailDrawer fileId={params.file} onClose={() => update({ file: null })} />
    </Stack>
  );
}
