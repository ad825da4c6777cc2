import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/date-text';
import type { ReviewLock } from '../hooks/use-review-lock';

/** Says that another reviewer has this creation open, with a way to take it over. */
export function LockBanner({ lock, onTakeOver }: { lock: ReviewLock; onTakeOver: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" icon={<IconLock size={18} aria-hidden />} title={t('review.lock.title', { name: lock.member.UserName })}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t('review.lock.since', { date: formatDateTime(lock.locked_at) })} {t('review.lock.text')}
        </Text>
        <Button size="xs" variant="white" color="orange" onClick={onTakeOver}>
          {t('review.lock.takeOver')}
        </Button>
      </Group>
    </Alert>
  );
}
