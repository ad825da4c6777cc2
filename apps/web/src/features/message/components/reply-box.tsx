import { MAX_MESSAGE_LENGTH } from '@corner/domain';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendProgress } from '../hooks/use-send-with-file';
import { AttachmentField, isAttachmentAllowed } from './attachment-field';

/** What went wrong with a send: messages by field ("message", "file"), or one general failure. */
export interface SendProblem {
  fields: Record<string, string>;
  failure: string | null;
}

export interface ReplyBoxProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** Other controls (reply or note, status after the reply), above the message. */
  extra?: ReactNode;
  /** Styles the box as a staff-only note. */
  isNote?: boolean;
  progress: SendProgress;
  /** Sends; null when it worked (the box is then emptied), else what went wrong (the text stays). */
  onSend: (message: string, file: File | null) => Promise<SendProblem | null>;
}

/** The reply at the foot of a conversation: a message and an optional file. */
export function ReplyBox({ label, placeholder, submitLabel, extra, isNote = false, progress, onSend }: ReplyBoxProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [isBusy, setBusy] = useState(false);
  const canSend = message.trim().length > 0 && isAttachmentAllowed(file) && !isBusy;

  async function handleSend() {
    if (!canSend) return;
    setBusy(true);
    setProblem(null);
    const result = await onSend(message, file);
    setBusy(false);
    if (result) {
      setProblem(result);
      return;
    }
    setMessage('');
    setFile(null);
  }

  return (
    <Paper withBorder p="md" radius="md" bg={isNote ? 'var(--mantine-color-yellow-light)' : undefined} component="section" aria-label={label}>
      <Stack gap="sm">
        {extra}
        <Textarea
          label={label}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={MAX_MESSAGE_LENGTH}
          value={message}
          error={problem?.fields.message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void handleSend();
          }}
        />
        <AttachmentField file={file} onChange={setFile} error={problem?.fields.file} progress={progress} disabled={isBusy} />
        {problem?.failure ? (
          <Text size="sm" c="red" role="alert">
            {problem.failure}
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('messages.form.sendHint')}
          </Text>
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={isBusy} disabled={!canSend} onClick={() => void handleSend()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
