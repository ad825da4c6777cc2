import { formatBytes } from '@corner/domain';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import type { FileVersionFragment } from '../graphql';
import { formatDateTime } from '../../../ui/date-text';

export type FileVersion = ResultOf<typeof FileVersionFragment>;

export interface FileVersionsProps {
  /** Newest first, as the server lists them. */
  versions: readonly FileVersion[];
  /** Names the list for screen readers, e.g. "Versions of chair.package". */
  label: string;
  /** Staff who manage files may choose the version visitors get; without it no button is shown. */
  onPublish?: (version: FileVersion) => void;
  /** The version being set as published. */
  publishingVersion?: number | null;
}

/** A file's versions: number, date, who uploaded it, size, a download link, and which is published. */
export function FileVersions({ versions, label, onPublish, publishingVersion = null }: FileVersionsProps) {
  const { t } = useTranslation();
  if (versions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('fileVersions.none')}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {versions.map((version, index) => (
        <Group
          key={version.id}
          component="li"
          gap="xs"
          justify="space-between"
          wrap="wrap"
          py={8}
          style={index > 0 ? { borderTop: '1px solid var(--corner-border)' } : undefined}
        >
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {t('fileVersions.version', { version: version.version })}
              </Text>
              {version.is_published ? (
                <Badge size="sm" color="teal" variant="light" radius="sm" leftSection={<IconCircleCheck size={12} aria-hidden />} style={{ textTransform: 'none' }}>
                  {t('fileVersions.published')}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t('fileVersions.meta', {
                date: formatDateTime(version.created_at),
                who: version.member?.UserName ?? t('fileVersions.unknownMember'),
                size: formatBytes(version.filesize),
              })}
            </Text>
            {version.filename ? (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {version.filename}
              </Text>
            ) : null}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Anchor
              href={version.url}
              download={version.filename}
              size="sm"
              aria-label={t('fileVersions.downloadOf', { version: version.version })}
            >
              <Group gap={4} wrap="nowrap" component="span">
                <IconDownload size={14} aria-hidden />
                {t('fileVersions.download')}
              </Group>
            </Anchor>
            {onPublish && !version.is_published ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={publishingVersion === version.version}
                disabled={publishingVersion !== null && publishingVersion !== version.version}
                onClick={() => onPublish(version)}
                aria-label={t('fileVersions.publishOf', { version: version.version })}
              >
                {t('fileVersions.publish')}
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
