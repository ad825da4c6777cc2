import { Badge, Group, type MantineColor } from '@mantine/core';
import { IconEyeOff, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, MantineColor> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'teal',
  unpublished: 'orange',
  rejected: 'red',
  deleted: 'dark',
};

/**
 * A legacy item's status as a badge: "Scheduled" for a published item whose date has not come, its
 * hidden flag and its reports beside it. An unknown status (the old system's own) is shown as it is.
 */
export function LegacyStatusBadges({ item }: { item: { status: string; published: boolean; isHidden: boolean; reports: number } }) {
  const { t } = useTranslation();
  const isScheduled = item.status === 'published' && !item.published;
  const label = isScheduled ? t('archive.scheduled') : t(`archive.statuses.${item.status}`, { defaultValue: item.status });
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={isScheduled ? 'blue' : (STATUS_COLORS[item.status] ?? 'gray')} size="sm">
        {label}
      </Badge>
      {item.isHidden ? (
        <Badge variant="outline" color="gray" size="sm" leftSection={<IconEyeOff size={12} aria-hidden />}>
          {t('archive.hidden')}
        </Badge>
      ) : null}
      {item.reports > 0 ? (
        <Badge variant="light" color="red" size="sm" leftSection={<IconFlag size={12} aria-hidden />}>
          {t('archive.reportCount', { count: item.reports })}
        </Badge>
      ) : null}
    </Group>
  );
}
