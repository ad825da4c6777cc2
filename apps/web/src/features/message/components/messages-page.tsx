import { TAG_USER_DELETED } from '@corner/domain';
import { Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { LiveKind } from '../../../app/live/use-live-events';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { MyConversationsQuery } from '../graphql';
import { useLiveRefresh } from '../hooks/use-live-refresh';
import { CONVERSATION_PAGE_SIZE, readListPage } from '../urls';
import { ConversationList } from './conversation-list';
import { NewMessageButton } from './new-message-button';

/** Constant (see urql): a list left empty names no Conversation, yet a new one belongs in it. */
export const CONVERSATION_LIST_CONTEXT = { additionalTypenames: ['Conversation'] };
const LIVE_KINDS: readonly LiveKind[] = ['conversation'];
const STAFF_RECIPIENT = { kind: 'staff' } as const;

/** /messages: the creator's conversations with staff, newest activity first, unread ones marked. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readListPage(searchParams);
  const variables = useMemo(() => ({ first: CONVERSATION_PAGE_SIZE, page, exclude_tags: [TAG_USER_DELETED] }), [page]);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: MyConversationsQuery,
    variables,
    context: CONVERSATION_LIST_CONTEXT,
    requestPolicy: 'cache-and-network',
  });
  useLiveRefresh(LIVE_KINDS, reexecute);
  const list = data?.conversations;

  return (
    <PageFrame
      title={t('messages.title')}
      description={t('messages.intro')}
      actions={<NewMessageButton label={t('messages.newMessage')} recipient={STAFF_RECIPIENT} />}
    >
      {!list ? (
        <QueryState isLoading={fetching || !error} loadingText={t('messages.list.loading')} failedTitle={t('messages.list.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={IconMessages} title={t('messages.empty')}>
          {t('messages.emptyText')}
        </EmptyState>
      ) : (
        <Stack gap="md">
          <ConversationList rows={list.data} viewer="creator" label={t('messages.list.label')} />
          <ListPager
            info={list.paginatorInfo}
            label={t('messages.list.pages')}
            onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
          />
        </Stack>
      )}
    </PageFrame>
  );
}
