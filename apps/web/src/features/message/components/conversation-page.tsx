import { portalPaths, TAG_USER_DELETED } from '@corner/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageFrame } from '../../../ui/page-frame';
import { CreateConversationReplyMutation, TagConversationMutation } from '../graphql';
import { useSendWithFile } from '../hooks/use-send-with-file';
import { useRefreshUnreadCount } from '../hooks/use-unread-count';
import { CREATOR_MESSAGES_LINK } from '../links';
import { sendProblem } from '../send-problem';
import { BackButton, ConversationLoading, ConversationRoute, useLiveConversation } from './conversation-frame';
import { ConversationHeader } from './conversation-header';
import { ReplyBox } from './reply-box';
import { ThreadList } from './thread-list';

/**
 * /messages/:conversationId: one conversation, oldest thread first, with a reply box and "Remove
 * from my list". Reading it marks it read on the server, so the unread badge is asked again.
 */
export function ConversationPage() {
  return <ConversationRoute back={<CreatorBack />}>{(id) => <ConversationView id={id} />}</ConversationRoute>;
}

function CreatorBack() {
  const { t } = useTranslation();
  return <BackButton to={CREATOR_MESSAGES_LINK.to} label={t('messages.conversation.back')} />;
}

function ConversationView({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [{ data, fetching, error, stale }, reexecute] = useLiveConversation(id);
  const refreshUnread = useRefreshUnreadCount();
  const { send, progress } = useSendWithFile();
  const [, tag] = useMutation(TagConversationMutation);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [isRemoving, setRemoving] = useState(false);

  // The server tags user-read when the owner reads the conversation: once an answer came from the
  // network, every unread badge asks again.
  const conversation = data?.conversation;
  const markedFor = useRef<number | null>(null);
  const hasFreshAnswer = conversation !== undefined && !fetching && !stale;
  useEffect(() => {
    if (!hasFreshAnswer || markedFor.current === id) return;
    markedFor.current = id;
    refreshUnread();
  }, [hasFreshAnswer, id, refreshUnread]);

  async function handleReply(message: string, file: File | null) {
    const result = await send(CreateConversationReplyMutation, { conversation_id: id, message }, file);
    const problem = sendProblem(result.error);
    // An upload bypasses urql's cache: ask for the conversation again.
    if (!problem) reexecute({ requestPolicy: 'network-only' });
    return problem;
  }

  async function handleRemove() {
    setRemoving(true);
    setRemoveError(null);
    const result = await tag({ id, add: [TAG_USER_DELETED] });
    setRemoving(false);
    if (result.error) {
      setRemoveError(errorCause(result.error));
      return;
    }
    setRemoveOpen(false);
    refreshUnread();
    notifications.show({ color: 'teal', message: t('messages.conversation.removed') });
    void navigate(CREATOR_MESSAGES_LINK.to);
  }

  if (!conversation) return <ConversationLoading back={<CreatorBack />} fetching={fetching} error={error} />;

  const submission = conversation.submission;
  return (
    <PageFrame
      title={conversation.subject}
      description={
        <ConversationHeader
          number={conversation.number}
          status={conversation.status}
          createdAt={conversation.createdAt}
          viewer="creator"
          submission={submission}
          submissionPath={submission ? portalPaths.creation(submission.model_type, submission.id) : null}
        />
      }
      actions={
        <>
          <CreatorBack />
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setRemoveOpen(true)}>
            {t('messages.conversation.remove')}
          </Button>
        </>
      }
    >
      <Stack gap="lg" maw={820}>
        <ThreadList threads={conversation.threads} viewer="creator" />
        {conversation.status === 'closed' ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('messages.conversation.closedHint')}
          </Alert>
        ) : null}
        <ReplyBox
          label={t('messages.conversation.reply')}
          submitLabel={t('messages.conversation.sendReply')}
          progress={progress}
          onSend={handleReply}
        />
      </Stack>
      <ConfirmDialog
        opened={isRemoveOpen}
        title={t('messages.conversation.removeTitle')}
        message={t('messages.conversation.removeText')}
        confirmLabel={t('messages.conversation.remove')}
        isDanger
        isBusy={isRemoving}
        error={removeError}
        onConfirm={() => void handleRemove()}
        onClose={() => setRemoveOpen(false)}
      />
    </PageFrame>
  );
}
