import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, MantineColor> = { active: 'blue', pending: 'orange', closed: 'gray' };

/**
 * A conversation's status in the reader's words: for staff, active is "Waiting for staff" and pending
 * "Waiting for creator"; a creator reads "Open", "Answered" and "Closed".
 */
export function ConversationStatusBadge({ status, viewer }: { status: string; viewer: 'creator' | 'staff' }) {
  const { t } = useTranslation();
  const known = status === 'active' || status === 'pending' || status === 'closed' ? status : null;
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" size="sm" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {known ? t(`messages.status.${viewer}.${known}`) : status}
    </Badge>
  );
}
