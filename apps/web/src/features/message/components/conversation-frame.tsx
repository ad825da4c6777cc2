import { Button } from '@mantine/core';
import { IconArrowLeft, IconMessageOff } from '@tabler/icons-react';
import type { CombinedError } from '@urql/core';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { LiveEvent, LiveKind } from '../../../app/live/use-live-events';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { ConversationQuery } from '../graphql';
import { useLiveRefresh } from '../hooks/use-live-refresh';
import { readConversationId } from '../urls';

const LIVE_KINDS: readonly LiveKind[] = ['conversation'];

/** Back to a list of conversations (the creator's or the staff's). */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

/** A conversation route: reads `:conversationId` and renders the view, or says the address names none. */
export function ConversationRoute({ back, children }: { back: ReactNode; children: (id: number) => ReactNode }) {
  const { t } = useTranslation();
  const id = readConversationId(useParams().conversationId);
  if (id === null) {
    return (
      <PageFrame title={t('messages.conversation.notFound')}>
        <EmptyState icon={IconMessageOff} action={back} />
      </PageFrame>
    );
  }
  return children(id);
}

/** The conversation, asked again from the network when a live event names it (or names none). */
export function useLiveConversation(id: number) {
  const result = useQuery({ query: ConversationQuery, variables: { id }, requestPolicy: 'cache-and-network' });
  const matches = useCallback((event: LiveEvent) => event.conversationId === null || event.conversationId === id, [id]);
  useLiveRefresh(LIVE_KINDS, result[1], matches);
  return result;
}

/** The page while the conversation loads, or why it could not. */
export function ConversationLoading({ back, fetching, error }: { back: ReactNode; fetching: boolean; error: CombinedError | undefined }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('messages.conversation.title')} actions={back}>
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('messages.conversation.loading')}
        failedTitle={t('messages.conversation.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    </PageFrame>
  );
}
