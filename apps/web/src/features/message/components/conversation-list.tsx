import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLink, IconUser, IconUserCheck } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeDateText } from '../../../ui/relative-date-text';
import type { ConversationRowFragment } from '../graphql';
import { conversationPath, staffConversationPath } from '../urls';
import { ConversationStatusBadge } from './conversation-status-badge';
import classes from './conversation-list.module.css';

export type ConversationRow = ResultOf<typeof ConversationRowFragment>;

export interface ConversationListProps {
  rows: readonly ConversationRow[];
  viewer: 'creator' | 'staff';
  label: string;
}

/**
 * Conversations as a list of rows, newest activity first: subject and number, the newest text,
 * the linked creation, status and when it last moved. A creator's unread ones stand out; staff also
 * see the creator, the assignee and the tags.
 */
export function ConversationList({ rows, viewer, label }: ConversationListProps) {
  return (
    <Stack gap="xs" component="ul" className={classes.list} aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>
          <ConversationRowView row={row} viewer={viewer} />
        </li>
      ))}
    </Stack>
  );
}

function ConversationRowView({ row, viewer }: { row: ConversationRow; viewer: 'creator' | 'staff' }) {
  const { t } = useTranslation();
  const isUnread = viewer === 'creator' && !row.read;
  const staffTags = row.tags.filter((tag) => tag !== 'user-read' && tag !== 'user-deleted');
  return (
    <UnstyledButton
      component={Link}
      to={viewer === 'creator' ? conversationPath(row.id) : staffConversationPath(row.id)}
      className={classes.row}
      data-unread={isUnread || undefined}
    >
      <Paper withBorder p="sm" radius="md" className={classes.card}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group gap={8} wrap="nowrap" miw={0}>
              {isUnread ? <Box className={classes.dot} aria-hidden /> : null}
              <Text fw={isUnread ? 700 : 600} lineClamp={2} className={classes.preview}>
                {row.subject}
              </Text>
              <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                #{row.number}
              </Text>
              {isUnread ? (
                <Badge size="xs" color="blue" variant="filled" style={{ flex: 'none' }}>
                  {t('messages.list.unread')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c={isUnread ? undefined : 'dimmed'} lineClamp={2} className={classes.preview}>
              {row.previewType === 'note' ? (
                <Text span size="sm" fw={600} c="yellow">
                  {t('messages.list.notePrefix')}{' '}
                </Text>
              ) : null}
              {row.preview}
            </Text>
            <Group gap="sm" wrap="wrap">
              {viewer === 'staff' ? (
                <Group gap={4} wrap="nowrap">
                  <IconUser size={14} aria-hidden />
                  <Text size="xs">{row.member.UserName}</Text>
                </Group>
              ) : null}
              {row.submission ? (
                <Group gap={4} wrap="nowrap" miw={0}>
                  <IconLink size={14} aria-hidden style={{ flex: 'none' }} />
                  <Text size="xs" truncate>
                    {t('messages.list.creation', { name: row.submission.name || t('list.untitled'), id: row.submission.id })}
                  </Text>
                </Group>
              ) : null}
              {viewer === 'staff' ? (
                <Group gap={4} wrap="nowrap">
                  <IconUserCheck size={14} aria-hidden />
                  <Text size="xs" c={row.assignee ? undefined : 'dimmed'}>
                    {row.assignee ? row.assignee.UserName : t('messages.staff.unassigned')}
                  </Text>
                </Group>
              ) : null}
              {viewer === 'staff'
                ? staffTags.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
                      {tag}
                    </Badge>
                  ))
                : null}
            </Group>
          </Stack>
          <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
            <ConversationStatusBadge status={row.status} viewer={viewer} />
            <Text size="xs" c="dimmed">
              <RelativeDateText value={row.lastActivityAt} />
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
