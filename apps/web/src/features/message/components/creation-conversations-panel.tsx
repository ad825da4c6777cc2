import { pagePermission, pagePermissions } from '@corner/domain';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { LiveKind } from '../../../app/live/use-live-events';
import { CopyButton } from '../../../ui/copy-button';
import { RelativeDateText } from '../../../ui/relative-date-text';
import { useHasPermission } from '../../member/hooks/use-session';
import { SearchConversationsQuery } from '../graphql';
import { useLiveRefresh } from '../hooks/use-live-refresh';
import { creationConversationsPath, staffConversationPath } from '../urls';
import { ConversationStatusBadge } from './conversation-status-badge';
import { CONVERSATION_LIST_CONTEXT } from './messages-page';
import { NewMessageButton } from './new-message-button';

const LIVE_KINDS: readonly LiveKind[] = ['conversation'];
const PANEL_SIZE = 10;

export interface CreationConversationsPanelProps {
  submission: { id: number; name: string };
  creator: { MemberID: number; UserName: string } | null;
}

/**
 * The review page's "Conversations" panel: the creation's conversations with its creator, each
 * linking to it, and (with edit access to messages) a way to start one.
 */
export function CreationConversationsPanel({ submission, creator }: CreationConversationsPanelProps) {
  const { t } = useTranslation();
  const canView = useHasPermission(pagePermissions('messages'));
  const canEdit = useHasPermission(pagePermission('messages', 'edit'));
  const variables = useMemo(() => ({ submission_id: submission.id, first: PANEL_SIZE }), [submission.id]);
  const [{ data, error }, reexecute] = useQuery({
    query: SearchConversationsQuery,
    variables,
    context: CONVERSATION_LIST_CONTEXT,
    pause: !canView,
    requestPolicy: 'cache-and-network',
  });
  useLiveRefresh(LIVE_KINDS, reexecute);
  if (!canView) return null;
  const list = data?.searchConversations;
  const title = t('messages.panel.title', { count: list?.paginatorInfo.total ?? 0 });

  return (
    <Paper withBorder p="md" id="conversations" component="section" aria-label={t('messages.panel.label')}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      <Stack gap="sm">
        {error && !list ? (
          <Text size="sm" c="red">
            {errorCause(error)}
          </Text>
        ) : !list ? (
          <Text size="sm" c="dimmed">
            {t('messages.list.loading')}
          </Text>
        ) : list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('messages.panel.none')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.map((row) => (
              <Group key={row.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={staffConversationPath(row.id)} size="sm" fw={600} truncate>
                    {row.subject}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    #{row.number} <CopyButton value={row.number} label={t('copy.numberLabel', { value: row.number })} /> · <RelativeDateText value={row.lastActivityAt} />
                  </Text>
                </Stack>
                <ConversationStatusBadge status={row.status} viewer="staff" />
              </Group>
            ))}
            {list.paginatorInfo.total > list.data.length ? (
              <Anchor component={Link} to={creationConversationsPath(submission.id)} size="sm">
                {t('messages.panel.all', { count: list.paginatorInfo.total })}
              </Anchor>
            ) : null}
          </Stack>
        )}
        {canEdit && creator ? (
          <Group>
            <NewMessageButton
              label={t('messages.panel.start', { name: creator.UserName })}
              variant="light"
              recipient={{ kind: 'creator', memberId: creator.MemberID, name: creator.UserName }}
              submission={submission}
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
