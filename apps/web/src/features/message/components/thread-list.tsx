import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleDot, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/date-text';
import { RelativeDateText } from '../../../ui/relative-date-text';
import { AttachmentLink, type AttachmentView } from './attachment-link';
import classes from './thread-list.module.css';

export interface ThreadView {
  id: number;
  type: string;
  text: string;
  createdAt: string;
  author: { MemberID: number; UserName: string } | null;
  attachments: readonly AttachmentView[];
}

export interface ThreadListProps {
  threads: readonly ThreadView[];
  /** Who reads: the creator sees "You" on their own messages and "Staff" on replies. */
  viewer: 'creator' | 'staff';
}

/**
 * A conversation's threads, oldest first: the creator's messages, staff replies and staff-only notes
 * as cards that look different, system entries (a creation's status change) as one timeline line.
 */
export function ThreadList({ threads, viewer }: ThreadListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ol" className={classes.list} aria-label={t('messages.thread.listLabel')}>
      {threads.map((thread) =>
        thread.type === 'lineitem' ? (
          <Group key={thread.id} component="li" gap={8} wrap="nowrap" className={classes.system}>
            <IconCircleDot size={14} aria-hidden style={{ flex: 'none' }} />
            <Text size="xs" c="dimmed">
              {thread.text} · <RelativeDateText value={thread.createdAt} />
            </Text>
          </Group>
        ) : (
          <Box key={thread.id} component="li">
            <ThreadCard thread={thread} viewer={viewer} />
          </Box>
        ),
      )}
    </Stack>
  );
}

function ThreadCard({ thread, viewer }: { thread: ThreadView; viewer: 'creator' | 'staff' }) {
  const { t } = useTranslation();
  const isCreator = thread.type === 'customer';
  const isNote = thread.type === 'note';
  const className = isNote ? classes.note : isCreator ? classes.creator : classes.staff;
  const name = thread.author?.UserName ?? t('messages.thread.someone');
  const who =
    viewer === 'creator'
      ? isCreator
        ? t('messages.thread.you')
        : t('messages.thread.staffReply', { name })
      : isCreator
        ? t('messages.thread.creatorMessage', { name })
        : isNote
          ? t('messages.thread.note', { name })
          : t('messages.thread.staffReply', { name });
  return (
    <Paper p="sm" radius="md" className={`${classes.card} ${className}`} component="article" aria-label={who}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text component="span" size="sm" fw={600}>
            {who}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(thread.createdAt)}>
            {formatDateTime(thread.createdAt)}
          </Text>
        </Group>
        {isNote ? (
          <Group gap={4} c="yellow">
            <IconEyeOff size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {t('messages.thread.onlyStaff')}
            </Text>
          </Group>
        ) : null}
        <Text size="sm" className={classes.text}>
          {thread.text}
        </Text>
        {thread.attachments.length > 0 ? (
          <Stack gap={2}>
            {thread.attachments.map((attachment) => (
              <AttachmentLink key={attachment.id} attachment={attachment} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
