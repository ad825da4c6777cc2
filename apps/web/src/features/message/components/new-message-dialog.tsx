import { canSendNewMessage, MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from '@corner/domain';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../ui/modal';
import { CreateConversationMutation, CreateStaffConversationMutation } from '../graphql';
import { useSendWithFile } from '../hooks/use-send-with-file';
import { sendProblem } from '../send-problem';
import { conversationPath, staffConversationPath } from '../urls';
import { AttachmentField, isAttachmentAllowed } from './attachment-field';
import type { SendProblem } from './reply-box';

/** Who the new conversation is with: staff (the creator writes) or one creator (staff write). */
export type NewMessageRecipient = { kind: 'staff' } | { kind: 'creator'; memberId: number; name: string };

export interface NewMessageDialogProps {
  opened: boolean;
  onClose: () => void;
  recipient: NewMessageRecipient;
  /** The creation the conversation is about; it is linked to it. */
  submission?: { id: number; name: string } | undefined;
}

const EMPTY_PROBLEM: SendProblem = { fields: {}, failure: null };

/**
 * The new message dialog (SPEC section 2): subject, message and an optional file. Send stays off
 * until subject and message hold more than spaces; server messages show on their field, and what
 * was typed stays until the message is sent. It opens the new conversation once sent.
 */
export function NewMessageDialog({ opened, onClose, recipient, submission }: NewMessageDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { send, progress } = useSendWithFile();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<SendProblem>(EMPTY_PROBLEM);
  const [isBusy, setBusy] = useState(false);
  const canSend = canSendNewMessage(subject, message) && isAttachmentAllowed(file) && !isBusy;

  function clearField(field: string) {
    if (problem.fields[field]) setProblem(({ fields: { [field]: _fixed, ...rest }, failure }) => ({ fields: rest, failure }));
  }

  async function handleSend() {
    if (!canSend) return;
    setBusy(true);
    setProblem(EMPTY_PROBLEM);
    const base = { subject, message, ...(submission ? { submission_id: submission.id } : {}) };
    let id: number | null = null;
    let error;
    if (recipient.kind === 'staff') {
      const result = await send(CreateConversationMutation, base, file);
      id = result.data?.createConversation.id ?? null;
      error = result.error;
    } else {
      const result = await send(CreateStaffConversationMutation, { ...base, member_id: recipient.memberId }, file);
      id = result.data?.createStaffConversation.id ?? null;
      error = result.error;
    }
    setBusy(false);
    const found = sendProblem(error);
    if (found || id === null) {
      setProblem(found ?? { fields: {}, failure: t('messages.form.notSent') });
      return;
    }
    setSubject('');
    setMessage('');
    setFile(null);
    notifications.show({ color: 'teal', title: t('messages.dialog.sentTitle'), message: t('messages.dialog.sentText') });
    onClose();
    void navigate(recipient.kind === 'staff' ? conversationPath(id) : staffConversationPath(id));
  }

  return (
    <Modal opened={opened} onClose={onClose} centered size="ml" title={t('messages.dialog.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {recipient.kind === 'staff' ? t('messages.dialog.toStaff') : t('messages.dialog.toCreator', { name: recipient.name })}
          {submission ? ` ${t('messages.dialog.about', { name: submission.name || t('list.untitled') })}` : ''}
        </Text>
        <TextInput
          label={t('messages.form.subject')}
          required
          maxLength={MAX_SUBJECT_LENGTH}
          value={subject}
          error={problem.fields.subject}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            clearField('subject');
          }}
          data-autofocus
        />
        <Textarea
          label={t('messages.form.message')}
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MAX_MESSAGE_LENGTH}
          value={message}
          error={problem.fields.message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            clearField('message');
          }}
        />
        <AttachmentField
          file={file}
          onChange={(next) => {
            setFile(next);
            clearField('file');
          }}
          error={problem.fields.file}
          progress={progress}
          disabled={isBusy}
        />
        {problem.failure ? (
          <Text size="sm" c="red" role="alert">
            {problem.failure}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={isBusy} disabled={!canSend} onClick={() => void handleSend()}>
            {t('messages.dialog.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
