import { Alert, Anchor, Button, Checkbox, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient, useQuery } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { Modal } from '../../../ui/modal';
import { QueryState } from '../../../ui/query-state';
import { checkUpdateDraft, filesWithNewVersion, MAX_UPDATE_MESSAGE_LENGTH } from '../creator-review';
import { CreateSubmissionUpdateRequestMutation, UpdateRequestOptionsQuery } from '../graphql';
import { UPDATE_REQUEST_CONTEXT } from './update-request-card';

export interface UpdateRequestDialogProps {
  opened: boolean;
  submissionId: number;
  /** Step 2 of the creation, where new file versions are uploaded. */
  filesStepPath: string;
  onClose: () => void;
}

/**
 * "Send an update" on an approved creation: a message (required), the files whose newest version
 * visitors do not get yet, and images. The request brings each chosen file's newest version at the
 * moment it is sent (docs/decisions-update-report-featured.md), so new versions are uploaded in
 * step 2 first; visitors keep the published versions until staff approve the request.
 */
export function UpdateRequestDialog({ opened, submissionId, filesStepPath, onClose }: UpdateRequestDialogProps) {
  const { t } = useTranslation();
  const client = useClient();
  const [{ data, fetching, error: loadError }] = useQuery({
    query: UpdateRequestOptionsQuery,
    variables: { id: submissionId },
    pause: !opened,
    requestPolicy: 'cache-and-network',
  });
  const [message, setMessage] = useState('');
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [imageIds, setImageIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  // Emptied when the dialog closes, not when it opens: an effect runs after the dialog is on screen,
  // and would clear what was typed in that moment (as the approve dialog's date was).
  useEffect(() => {
    if (!opened) {
      setMessage('');
      setFileIds([]);
      setImageIds([]);
      setErrors({});
      setFailure(null);
    }
  }, [opened]);

  const creation = data?.submissionProperties;
  const files = creation ? filesWithNewVersion(creation.files) : [];
  const images = creation?.images ?? [];

  async function handleSend() {
    if (!creation) return;
    const check = checkUpdateDraft(
      { message, fileIds: fileIds.map(Number), imageIds: imageIds.map(Number) },
      { files: creation.files, imageIds: images.map((image) => image.id) },
    );
    if (!check.ok) {
      setErrors({ message: t(`creatorReview.dialog.${check.problem}`, { max: MAX_UPDATE_MESSAGE_LENGTH }) });
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    const result = await client
      .mutation(CreateSubmissionUpdateRequestMutation, { submission_id: submissionId, ...check.input }, UPDATE_REQUEST_CONTEXT)
      .toPromise();
    setBusy(false);
    if (result.error) {
      const fields = validationMessages(result.error, '');
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorCause(result.error));
      return;
    }
    notifications.show({ color: 'teal', title: t('creatorReview.dialog.sentTitle'), message: t('creatorReview.dialog.sentText') });
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} centered size="ml" title={t('creatorReview.dialog.title')}>
      {!creation ? (
        <QueryState
          isLoading={fetching || !loadError}
          loadingText={t('creatorReview.dialog.loading')}
          failedTitle={t('creatorReview.dialog.loadFailed')}
          failure={loadError ? errorCause(loadError) : null}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('creatorReview.dialog.intro')}</Text>
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={t('creatorReview.dialog.firstTitle')}>
            <Stack gap={4}>
              <Text size="sm">{t('creatorReview.dialog.firstText')}</Text>
              <Text size="sm">{t('creatorReview.dialog.laterVersions')}</Text>
              <Anchor component={Link} to={filesStepPath} size="sm" onClick={onClose}>
                {t('creatorReview.dialog.toFiles')}
              </Anchor>
            </Stack>
          </Alert>
          <Textarea
            label={t('creatorReview.dialog.message')}
            description={t('creatorReview.dialog.messageHint')}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_UPDATE_MESSAGE_LENGTH}
            value={message}
            error={errors.message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              if (errors.message) setErrors(({ message: _fixed, ...rest }) => rest);
            }}
            data-autofocus
          />
          <Checkbox.Group
            label={t('creatorReview.dialog.files')}
            description={files.length > 0 ? t('creatorReview.dialog.filesHint') : undefined}
            value={fileIds}
            onChange={setFileIds}
            error={errors.file_ids}
          >
            {files.length > 0 ? (
              <Stack gap="xs" mt="xs">
                {files.map((file) => (
                  <Checkbox
                    key={file.id}
                    value={String(file.id)}
                    label={file.filename}
                    description={t('creatorReview.dialog.fileVersion', { id: file.id, version: file.version, published: file.published_version })}
                  />
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" mt={4}>
                {t('creatorReview.dialog.noNewFiles')}
              </Text>
            )}
          </Checkbox.Group>
          {images.length > 0 ? (
            <Checkbox.Group
              label={t('creatorReview.dialog.images')}
              description={t('creatorReview.dialog.imagesHint')}
              value={imageIds}
              onChange={setImageIds}
              error={errors.image_ids}
            >
              <Group gap="sm" mt="xs">
                {images.map((image) => (
                  <Checkbox
                    key={image.id}
                    value={String(image.id)}
                    aria-label={image.filename}
                    label={<Image src={image.url} alt={image.filename} w={72} h={72} radius="sm" fit="cover" />}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          {failure ? (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button loading={isBusy} onClick={() => void handleSend()}>
              {t('creatorReview.dialog.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
