import { Anchor, Group, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../../ui/copy-button';
import { DateText } from '../../../ui/date-text';
import { ConversationStatusBadge } from './conversation-status-badge';

export interface ConversationHeaderProps {
  number: number;
  status: string;
  createdAt: string;
  viewer: 'creator' | 'staff';
  submission: { id: number; name: string } | null;
  /** Where the linked creation opens for this reader. */
  submissionPath: string | null;
}

/** The line under a conversation's subject: number, status, start date and the linked creation. */
export function ConversationHeader({ number, status, createdAt, viewer, submission, submissionPath }: ConversationHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      <Text c="dimmed" size="sm">
        #{number} <CopyButton value={number} label={t('copy.numberLabel', { value: number })} />
      </Text>
      <ConversationStatusBadge status={status} viewer={viewer} />
      <Text c="dimmed" size="sm">
        {t('messages.conversation.started')} <DateText value={createdAt} />
      </Text>
      {submission && submissionPath ? (
        <Group gap={4} wrap="nowrap">
          <IconLink size={14} aria-hidden />
          <Anchor component={Link} to={submissionPath} size="sm">
            {t('messages.list.creation', { name: submission.name || t('list.untitled'), id: submission.id })}
          </Anchor>
          <CopyButton value={submission.id} />
        </Group>
      ) : null}
    </Group>
  );
}
