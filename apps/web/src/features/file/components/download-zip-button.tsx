import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { ProgressBar } from '../../../ui/progress-bar';
import { GenerateZipFileMutation } from '../graphql';
import { useZipBundle, type ZipBundle } from '../hooks/use-zip-bundle';

export interface DownloadZipButtonProps {
  /** The creation whose files are zipped. */
  submissionId: number;
  disabled?: boolean;
}

/**
 * The download helper (SPEC section 2): "Download all files (zip)" asks the server to build the
 * creation's zip, follows it with a progress bar, and opens the download once it is ready — or
 * says that preparing it failed.
 */
export function DownloadZipButton({ submissionId, disabled }: DownloadZipButtonProps) {
  const { t } = useTranslation();
  const client = useClient();
  const [started, setStarted] = useState<{ id: number; initial: ZipBundle; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [isStarting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const { view, bundle, hasFailed } = useZipBundle({
    source: 'download',
    id: started?.id ?? null,
    initial: started?.initial ?? null,
    shouldOpen: true,
    requestKey: started?.attempt ?? 0,
  });

  async function handleClick() {
    setStarting(true);
    setStartFailed(false);
    setStarted(null);
    const result = await client.mutation(GenerateZipFileMutation, { id: submissionId }, { silentErrors: true }).toPromise();
    setStarting(false);
    const created = result.data?.generateZipFileForSubmission;
    if (result.error || !created) {
      console.error('Could not prepare the download', result.error);
      setStartFailed(true);
      return;
    }
    const attempt = attempts + 1;
    setAttempts(attempt);
    setStarted({ id: created.id, initial: created, attempt });
  }

  const isFailed = startFailed || hasFailed || view?.phase === 'failed';
  const isLoading = isStarting || (started !== null && !isFailed && view?.phase === 'loading');

  return (
    <Stack gap="xs" align="flex-end" style={{ flex: '1 1 260px', maxWidth: 420 }}>
      <Group gap="sm" justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={isLoading}
          disabled={disabled}
          onClick={() => void handleClick()}
        >
          {t('downloadZip.button')}
        </Button>
      </Group>
      {isLoading && view?.phase === 'loading' ? (
        <Paper withBorder radius="md" px="md" py="sm" w="100%">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('downloadZip.preparing')}
            </Text>
            <ProgressBar value={view.added > 0 ? view.percent : null} size="sm" isActive label={t('downloadZip.progressLabel')} />
            <Text size="xs" c="dimmed" aria-live="polite">
              {view.total === 0 ? t('downloadZip.starting') : t('downloadZip.progress', { added: view.added, total: view.total })}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      {view?.phase === 'ready' && !isFailed ? (
        <Text size="sm" c="teal" role="status" ta="right">
          {t('downloadZip.ready')}{' '}
          <Anchor href={view.url} download={bundle?.filename} fw={600}>
            <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
              <IconDownload size={14} aria-hidden />
              {bundle?.filename ?? t('downloadZip.link')}
            </Group>
          </Anchor>
        </Text>
      ) : null}
      {isFailed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" w="100%">
          {t('downloadZip.failed')}
        </Alert>
      ) : null}
    </Stack>
  );
}
