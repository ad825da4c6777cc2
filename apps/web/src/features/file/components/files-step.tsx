import { formatBytes, type ModelType } from '@corner/domain';
import { Accordion, Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconClock, IconFileCode, IconFiles, IconFileSearch, IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { notifications } from '../../../ui/notify';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/query-state';
import { EmptyState } from '../../../ui/empty-state';
import { DropZone } from '../../../ui/upload/drop-zone';
import { UploadList } from '../../../ui/upload/upload-list';
import { WaitDialog } from '../../../ui/wait-dialog';
import { StepHeader, StepMissing } from '../../submission/components/step-frame';
import {
  CreateGameItemMutation,
  CreateObjectGuidMutation,
  DeleteGameItemMutation,
  DeleteObjectGuidMutation,
  DeleteSubmissionFileMutation,
  FilesStepQuery,
  RegisterSubmissionFileMutation,
  ReplaceSubmissionFileMutation,
  UnzipSubmissionFileMutation,
  UpdateGameItemMutation,
  UpdateSubmissionFileMutation,
} from '../graphql';
import { CREATION_CHANGED, refreshEditedCreation } from '../refresh';
import { FILE_ACCEPT, useUploadLimits } from '../upload-rules';
import { useFileUploads } from '../hooks/use-submission-uploads';
import { readUnzipResult, UNZIP_FOLLOW_MS, UNZIP_POLL_MS } from '../unzip-result';
import { DownloadZipButton } from './download-zip-button';
import { AddRequiredItemMutation } from './file-contents.graphql';
import { FileContents, hasReadableFiles, type RequiredItemAdding } from './file-contents';
import { FileList, type StepFile } from './file-list';
import { GameItemsSection, type GameItemValues } from './game-items-section';
import { ObjectGuidsSection } from './object-guids-section';

export interface FilesStepProps {
  /** The creation (submission) id. */
  submissionId: number;
  type: ModelType;
}

/** Two files are sent at a time; more only compete for the same connection. */
const UPLOAD_CONCURRENCY = 2;

/** Kinds whose creations use game items (a lot's or household's content). */
const USES_GAME_ITEMS: readonly ModelType[] = ['lot', 'room', 'sim'];

/**
 * Step 2 of editing a creation: its files (signed direct upload with progress, versions, new
 * versions, unpacking zips, download one or all, rename, delete), and, folded away, its object
 * GUIDs and the game items it uses.
 */
export function FilesStep({ submissionId, type }: FilesStepProps) {
  const { t } = useTranslation();
  const client = useClient();
  const limits = useUploadLimits();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: FilesStepQuery, variables: { id: submissionId } });
  const action = useActionStatus();
  const [deleting, setDeleting] = useState<StepFile | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  /** Files deleted here, hidden at once while the list is fetched again. */
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<number>>(new Set());

  const refresh = useCallback(() => {
    reexecute({ requestPolicy: 'network-only' });
    refreshEditedCreation(client, submissionId);
  }, [client, reexecute, submissionId]);

  // One queue for new files and new versions: the target is the file a version belongs to.
  const uploads = useFileUploads<StepFile>({
    kind: 'file',
    transport: {
      kind: 'direct',
      register: async (key, filename, target) => {
        const result = target
          ? await client.mutation(ReplaceSubmissionFileMutation, { id: target.id, key, filename }, CREATION_CHANGED).toPromise()
          : await client.mutation(RegisterSubmissionFileMutation, { submission_id: submissionId, key, filename }, CREATION_CHANGED).toPromise();
        return result.error ? errorCause(result.error) : null;
      },
    },
    limits,
    concurrency: UPLOAD_CONCURRENCY,
    onUploaded: refresh,
  });

  const [unzipping, setUnzipping] = useState<StepFile | null>(null);
  const [unzipError, setUnzipError] = useState<string | null>(null);
  /** A zip still being unpacked in the background: the list is asked again until its files show. */
  const [following, setFollowing] = useState<{ fileId: number; until: number } | null>(null);
  const followedZipIsListed = following !== null && (data?.submissionProperties?.files ?? []).some((f) => f.id === following.fileId);

  useEffect(() => {
    if (!following) return;
    // The unzip removes the zip from the list when it is done: stop then, or after a minute.
    if (!followedZipIsListed || Date.now() > following.until) {
      setFollowing(null);
      return;
    }
    const timer = setInterval(() => {
      if (Date.now() > following.until) setFollowing(null);
      else refresh();
    }, UNZIP_POLL_MS);
    return () => clearInterval(timer);
  }, [following, followedZipIsListed, refresh]);

  const creation = data?.submissionProperties;
  if (!creation) {
    return (
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('filesStep.loading')}
        failedTitle={t('filesStep.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    );
  }

  const isReadOnly = !creation.abilities.canEdit;
  // An approved creation takes new versions of its files, sent to staff as an update request.
  const canAddVersions = creation.abilities.canAddFileVersions;
  const missing = isReadOnly ? [] : creation.missing_items.filter((m) => m.step === 2);
  const files = creation.files.filter((file) => !deletedIds.has(file.id));
  const maxFile = formatBytes(limits.maxFileBytes);

  /** Runs a mutation through the step's save status; answers null or why it failed. */
  async function mutate(send: () => Promise<{ error?: Parameters<typeof errorCause>[0] | undefined }>): Promise<string | null> {
    let problem: string | null = null;
    await action.run(async () => {
      const result = await send();
      problem = result.error ? errorCause(result.error) : null;
      return problem;
    });
    return problem;
  }

  /** One click on an item a lot, room or household uses: it becomes a required download (step 4). */
  const handleAddRequired: RequiredItemAdding['onAdd'] = async ({ id, name }) => {
    const result = await client
      .mutation(AddRequiredItemMutation, { submission_id: submissionId, item: { type: 'id', download: String(id), title: name } }, { silentErrors: true })
      .toPromise();
    if (result.error) {
      notifications.show({ color: 'red', title: t('fileContents.addRequiredFailed', { name }), message: errorCause(result.error) });
      return false;
    }
    notifications.show({ color: 'teal', message: t('fileContents.addedRequired', { name }) });
    refresh();
    return true;
  };

  async function handleRename(file: StepFile, filename: string) {
    return mutate(() => client.mutation(UpdateSubmissionFileMutation, { id: file.id, filename }, CREATION_CHANGED).toPromise());
  }

  async function handleDelete() {
    if (!deleting) return;
    const file = deleting;
    setIsDeleting(true);
    setDeleteError(null);
    const problem = await mutate(() => client.mutation(DeleteSubmissionFileMutation, { id: file.id }, CREATION_CHANGED).toPromise());
    setIsDeleting(false);
    if (problem) {
      setDeleteError(problem);
      return;
    }
    setDeletedIds((current) => new Set([...current, file.id]));
    setDeleting(null);
  }

  async function handleUnzip(file: StepFile) {
    setUnzipping(file);
    setUnzipError(null);
    const result = await client.mutation(UnzipSubmissionFileMutation, { fileId: file.id }, CREATION_CHANGED).toPromise();
    setUnzipping(null);
    if (result.error) {
      setUnzipError(errorCause(result.error));
      return;
    }
    const outcome = readUnzipResult(result.data?.unzipSubmissionFile);
    if (outcome.status === 'error') {
      setUnzipError(outcome.message);
      return;
    }
    if (outcome.status === 'pending') {
      notifications.show({ color: 'blue', title: t('filesStep.unzipPendingTitle'), message: outcome.message || t('filesStep.unzipPendingText', { name: file.filename }) });
      setFollowing({ fileId: file.id, until: Date.now() + UNZIP_FOLLOW_MS });
      return;
    }
    notifications.show({
      color: 'teal',
      title: t('filesStep.unzipDoneTitle', { name: file.filename }),
      message: outcome.message || t('filesStep.unzipDoneText', { count: outcome.files.length }),
      autoClose: 8000,
    });
    refresh();
  }

  async function handleSaveGameItem(id: number | null, values: GameItemValues) {
    let fields: Record<string, string> = {};
    const problem = await mutate(async () => {
      const result =
        id === null
          ? await client.mutation(CreateGameItemMutation, { submission_id: submissionId, ...values }, CREATION_CHANGED).toPromise()
          : await client.mutation(UpdateGameItemMutation, { id, ...values }, CREATION_CHANGED).toPromise();
      fields = validationMessages(result.error, '');
      return result;
    });
    return problem ? { message: problem, fields } : null;
  }

  const guidCount = creation.object_guids.length;
  const gameItemCount = creation.game_items.length;
  const readable = hasReadableFiles(files);
  const openSections = [guidCount > 0 ? 'guids' : null, gameItemCount > 0 || USES_GAME_ITEMS.includes(type) ? 'game-items' : null].filter(
    (v): v is string => v !== null,
  );

  return (
    <Stack gap="lg">
      <StepHeader title={t('editStep.steps.2.label')} text={t('filesStep.note', { max: maxFile })} status={action.status} failure={action.failure} />
      <StepMissing items={missing} />

      {isReadOnly ? null : (
        <DropZone
          inputLabel={t('filesStep.inputLabel')}
          buttonLabel={t('filesStep.choose')}
          title={t('filesStep.dropTitle')}
          hint={t('filesStep.dropHint', { max: maxFile })}
          accept={FILE_ACCEPT}
          icon={IconFileUpload}
          onFiles={(chosen) => uploads.add(chosen)}
        />
      )}
      <UploadList
        label={t('filesStep.uploadsLabel')}
        entries={uploads.entries}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        onRetry={uploads.retry}
      />
      {following ? (
        <Alert color="blue" variant="light" icon={<IconClock size={18} aria-hidden />} role="status">
          {t('filesStep.unzipFollowing')}
        </Alert>
      ) : null}

      <Stack gap="xs" component="section" aria-label={t('filesStep.listLabel')}>
        {files.length === 0 ? (
          <EmptyState icon={IconFiles} title={t('filesStep.emptyTitle')}>
            {isReadOnly ? t('filesStep.emptyReadOnly') : t('filesStep.emptyText')}
          </EmptyState>
        ) : (
          <>
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Title order={3} fz="md" mt={8}>
                {t('filesStep.listTitle', { count: files.length })}
              </Title>
              <DownloadZipButton submissionId={submissionId} />
            </Group>
            {canAddVersions ? (
              <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                {t('filesStep.approvedVersions')}
              </Alert>
            ) : null}
            <FileList
              files={files}
              isReadOnly={isReadOnly}
              canAddVersions={canAddVersions}
              unzippingId={unzipping?.id ?? null}
              onUnzip={(file) => void handleUnzip(file)}
              onNewVersion={(file, upload) => uploads.add([upload], { target: file, note: t('filesStep.newVersionNote', { name: file.filename }) })}
              onRename={handleRename}
              onDelete={(file) => {
                setDeleteError(null);
                setDeleting(file);
              }}
            />
          </>
        )}
      </Stack>

      {readable ? (
        <Stack gap="xs" component="section" aria-label={t('fileContents.title')}>
          <Group gap="xs">
            <IconFileSearch size={18} aria-hidden />
            <Title order={3} fz="md">
              {t('fileContents.title')}
            </Title>
          </Group>
          <FileContents files={files} onRead={refresh} required={isReadOnly ? undefined : { items: creation.required_items, onAdd: handleAddRequired }} />
        </Stack>
      ) : null}

      <Accordion multiple defaultValue={openSections} variant="separated" radius="md">
        <Accordion.Item value="guids">
          <Accordion.Control icon={<IconFileCode size={18} aria-hidden />}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('filesStep.guids.title')}
              </Text>
              <Badge size="sm" variant="light" radius="sm">
                {guidCount}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <ObjectGuidsSection
              guids={creation.object_guids}
              isReadOnly={isReadOnly}
              onAdd={(guid) =>
                mutate(() => client.mutation(CreateObjectGuidMutation, { submission_id: submissionId, object_guid: guid }, CREATION_CHANGED).toPromise())
              }
              onDelete={(guid) => mutate(() => client.mutation(DeleteObjectGuidMutation, { id: guid.id }, CREATION_CHANGED).toPromise())}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="game-items">
          <Accordion.Control icon={<IconBox size={18} aria-hidden />}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('filesStep.gameItems.title')}
              </Text>
              <Badge size="sm" variant="light" radius="sm">
                {gameItemCount}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <GameItemsSection
              items={creation.game_items}
              isReadOnly={isReadOnly}
              game={creation.game_version}
              onSave={handleSaveGameItem}
              onDelete={(item) => mutate(() => client.mutation(DeleteGameItemMutation, { id: item.id }, CREATION_CHANGED).toPromise())}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <WaitDialog
        isWaiting={unzipping !== null}
        title={t('filesStep.unzipTitle')}
        message={t('filesStep.unzipWaiting', { name: unzipping?.filename ?? '' })}
        error={unzipError}
        showDelayMs={1000}
        onClose={() => setUnzipError(null)}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={t('filesStep.deleteTitle')}
        message={deleting ? t('filesStep.deleteText', { name: deleting.filename }) : ''}
        confirmLabel={t('filesStep.delete')}
        isDanger
        isBusy={isDeleting}
        error={deleteError}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
