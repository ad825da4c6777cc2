import { formatBytes, pagePermission } from '@corner/domain';
import { Alert, Anchor, Badge, Button, Code, Drawer, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowBackUp, IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { QueryState } from '../../../ui/query-state';
import { UploadList } from '../../../ui/upload/upload-list';
import { useHasPermission } from '../../member/hooks/use-session';
import { editStepPath } from '../../submission/urls';
import { logActionLabel, logDetailsText } from '../file-log';
import { formatDateTime } from '../../../ui/date-text';
import {
  DeleteSubmissionFileMutation,
  FileDetailQuery,
  ReplaceSubmissionFileMutation,
  RestoreSubmissionFileMutation,
  UpdateSubmissionFileVersionMutation,
} from '../graphql';
import { useFileUploads } from '../hooks/use-submission-uploads';
import { useUploadLimits } from '../upload-rules';
import { FileVersions, type FileVersion } from './file-versions';
import { KindBadge } from './kind-badge';

/** Any change to a file makes every query that lists files ask again. */
const FILES_CHANGED = { additionalTypenames: ['File', 'FilePaginator'] };
/** The detail query is asked again when a mutation touches a File. */
const FILES_CONTEXT = { additionalTypenames: ['File'] };

export interface FileDetailDrawerProps {
  /** The file shown; null closes the drawer. */
  fileId: number | null;
  onClose: () => void;
}

/**
 * A file's details for staff who manage files: its versions with download links, setting the
 * published one, uploading a new version, delete or restore, and its history. Staff who may only
 * view see no buttons.
 */
export function FileDetailDrawer({ fileId, onClose }: FileDetailDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={fileId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title={<Title order={2} fz="lg">{t('fileDetail.title')}</Title>}
      closeButtonProps={{ 'aria-label': t('fileDetail.close') }}
    >
      {fileId !== null ? <FileDetail key={fileId} fileId={fileId} /> : null}
    </Drawer>
  );
}

function FileDetail({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const client = useClient();
  const limits = useUploadLimits();
  const canEdit = useHasPermission(pagePermission('file-management', 'edit'));
  const [{ data, error, fetching }, reexecute] = useQuery({ query: FileDetailQuery, variables: { id: fileId }, context: FILES_CONTEXT });
  const [publishing, setPublishing] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  const uploads = useFileUploads<number>({
    kind: 'file',
    transport: {
      kind: 'direct',
      register: async (key, filename, target) => {
        const result = await client.mutation(ReplaceSubmissionFileMutation, { id: target ?? fileId, key, filename }, FILES_CHANGED).toPromise();
        return result.error ? errorCause(result.error) : null;
      },
    },
    limits,
    concurrency: 1,
    onUploaded: refresh,
  });

  const file = data?.file;
  if (!file) {
    return <QueryState isLoading={fetching || !error} loadingText={t('fileDetail.loading')} failedTitle={t('fileDetail.loadFailed')} failure={error ? errorCause(error) : null} />;
  }

  const isDeleted = file.deleted_at !== null;

  async function run(send: () => Promise<{ error?: Parameters<typeof errorCause>[0] | undefined }>): Promise<boolean> {
    setActionError(null);
    const result = await send();
    if (result.error) {
      setActionError(errorCause(result.error));
      return false;
    }
    return true;
  }

  async function handlePublish(version: FileVersion) {
    setPublishing(version.version);
    await run(() => client.mutation(UpdateSubmissionFileVersionMutation, { id: fileId, published_version: version.version }, FILES_CHANGED).toPromise());
    setPublishing(null);
    refresh();
  }

  async function handleRestore() {
    setBusy(true);
    await run(() => client.mutation(RestoreSubmissionFileMutation, { id: fileId }, FILES_CHANGED).toPromise());
    setBusy(false);
    refresh();
  }

  async function handleDelete() {
    setBusy(true);
    const isDone = await run(() => client.mutation(DeleteSubmissionFileMutation, { id: fileId }, FILES_CHANGED).toPromise());
    setBusy(false);
    setDeleteOpen(false);
    if (isDone) refresh();
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {file.filename}
        </Text>
        <Group gap="xs" wrap="wrap">
          <KindBadge kind={file.kind} />
          <Badge variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
            {formatBytes(file.filesize)}
          </Badge>
          {isDeleted ? (
            <Badge color="red" variant="light" radius="sm" style={{ textTransform: 'none' }}>
              {t('fileDetail.deleted', { date: formatDateTime(file.deleted_at ?? '') })}
            </Badge>
          ) : null}
        </Group>
        <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>{t('fileDetail.id')}</Table.Th>
              <Table.Td>
                #{fileId} <CopyButton value={fileId} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.creation')}</Table.Th>
              <Table.Td>
                {file.submission ? (
                  <>
                    <Anchor component={Link} to={editStepPath(2, file.submission.model_type, file.submission.id)} size="sm">
                      {file.submission.name}
                    </Anchor>{' '}
                    (#{file.submission.id} <CopyButton value={file.submission.id} />)
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.owner')}</Table.Th>
              <Table.Td>
                {file.member ? (
                  <>
                    {file.member.UserName} (#{file.member.MemberID} <CopyButton value={file.member.MemberID} />)
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.versions')}</Table.Th>
              <Table.Td>
                {file.published_version !== null
                  ? t('fileTable.versionPublished', { version: file.version, published: file.published_version })
                  : t('fileTable.version', { version: file.version })}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.type')}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{file.mimetype}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.sha256')}</Table.Th>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{file.sha256}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fileDetail.created')}</Table.Th>
              <Table.Td>{formatDateTime(file.created_at)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>

      <Group gap="sm" wrap="wrap">
        <Button component="a" href={file.url} download={file.filename} size="sm" variant="light" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('fileDetail.download')}
        </Button>
        {canEdit && !isDeleted ? (
          <Button size="sm" variant="light" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => inputRef.current?.click()}>
            {t('filesStep.newVersion')}
          </Button>
        ) : null}
        {canEdit && !isDeleted ? (
          <Button size="sm" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleteOpen(true)}>
            {t('fileDetail.delete')}
          </Button>
        ) : null}
        {canEdit && isDeleted ? (
          <Button size="sm" variant="light" color="teal" leftSection={<IconArrowBackUp size={16} aria-hidden />} loading={isBusy} onClick={() => void handleRestore()}>
            {t('fileDetail.restore')}
          </Button>
        ) : null}
      </Group>
      {canEdit ? (
        <VisuallyHidden>
          <input
            ref={inputRef}
            type="file"
            tabIndex={-1}
            aria-label={t('fileDetail.newVersionInput')}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (chosen) uploads.add([chosen], { target: fileId, note: t('filesStep.newVersionNote', { name: file.filename }) });
            }}
          />
        </VisuallyHidden>
      ) : null}
      <UploadList label={t('fileDetail.uploadsLabel')} entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} onRetry={uploads.retry} />
      {actionError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" withCloseButton onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby={`file-${fileId}-versions`}>
        <Title order={3} fz="md" id={`file-${fileId}-versions`}>
          {t('fileDetail.versionsTitle', { count: file.versions.length })}
        </Title>
        <FileVersions
          versions={file.versions}
          label={t('filesStep.versionsLabel', { name: file.filename })}
          onPublish={canEdit && !isDeleted ? (version) => void handlePublish(version) : undefined}
          publishingVersion={publishing}
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby={`file-${fileId}-logs`}>
        <Title order={3} fz="md" id={`file-${fileId}-logs`}>
          {t('fileDetail.logsTitle')}
        </Title>
        {file.logs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fileDetail.noLogs')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={460}>
            <Table verticalSpacing={6} fz="sm" aria-label={t('fileDetail.logsTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fileDetail.logColumns.action')}</Table.Th>
                  <Table.Th>{t('fileDetail.logColumns.who')}</Table.Th>
                  <Table.Th>{t('fileDetail.logColumns.when')}</Table.Th>
                  <Table.Th>{t('fileDetail.logColumns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.logs.map((log) => (
                  <Table.Tr key={log.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{logActionLabel(log.action)}</Table.Td>
                    <Table.Td>{log.member?.UserName ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.created_at)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      <Text size="xs" c="dimmed">
                        {logDetailsText(log.details)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <ConfirmDialog
        opened={isDeleteOpen}
        title={t('fileDetail.deleteTitle')}
        message={t('fileDetail.deleteText', { name: file.filename })}
        confirmLabel={t('fileDetail.delete')}
        isDanger
        isBusy={isBusy}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}
