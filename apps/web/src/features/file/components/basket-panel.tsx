import { formatBytes } from '@corner/domain';
import { Alert, Anchor, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBasket, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../ui/progress-bar';
import { useZipBundle, type ZipBundle } from '../hooks/use-zip-bundle';

export interface BasketPanelProps {
  basketId: number;
  /** What createStaffBasket answered, when the basket was made on this page just now. */
  initial: ZipBundle | null;
  /** Open the download when it is ready (only for a basket made just now). */
  shouldOpen: boolean;
  onClose: () => void;
}

/**
 * A staff basket being bundled: a live progress bar (files added of files to add), its status,
 * its error, and the download once READY (opened by itself 250 ms after, SPEC 9).
 */
export function BasketPanel({ basketId, initial, shouldOpen, onClose }: BasketPanelProps) {
  const { t } = useTranslation();
  const { bundle, view, hasFailed } = useZipBundle({ source: 'basket', id: basketId, initial, shouldOpen });
  const isFailed = hasFailed || view?.phase === 'failed';
  // Nothing added yet (or the count unknown): an indeterminate bar rather than an empty one.
  const percent = view?.phase === 'ready' ? 100 : view?.phase === 'loading' && view.added > 0 ? view.percent : null;
  const added = bundle?.num_files_added ?? 0;
  const total = bundle?.num_files_to_add ?? 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('basket.label', { id: basketId })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconBasket size={18} aria-hidden />
            <Text fw={600} truncate="end">
              {bundle?.filename ?? t('basket.title', { id: basketId })}
            </Text>
          </Group>
          <CloseButton aria-label={t('basket.close')} onClick={onClose} />
        </Group>
        {isFailed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {t('downloadZip.failed')}
            {bundle?.error ? (
              <Text size="xs" mt={4}>
                {bundle.error}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <>
            <ProgressBar
              value={percent}
              label={t('basket.progressLabel')}
              color={view?.phase === 'ready' ? 'teal' : undefined}
              isActive={view?.phase !== 'ready'}
            />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {bundle
                  ? t('basket.progress', { added, total, status: t(`basket.statuses.${statusKey(bundle.status)}`) })
                  : t('basket.loading')}
              </Text>
              {view?.phase === 'ready' ? (
                <Anchor href={view.url} download={bundle?.filename} size="sm" fw={600}>
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconDownload size={14} aria-hidden />
                    {bundle?.filesize ? t('basket.downloadSized', { size: formatBytes(bundle.filesize) }) : t('basket.download')}
                  </Group>
                </Anchor>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function statusKey(status: string): 'PENDING' | 'BUILDING' | 'READY' | 'FAILED' | 'unknown' {
  return status === 'PENDING' || status === 'BUILDING' || status === 'READY' || status === 'FAILED' ? status : 'unknown';
}
