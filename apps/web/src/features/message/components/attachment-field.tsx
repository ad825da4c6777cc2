import { formatBytes, MAX_ATTACHMENT_BYTES } from '@corner/domain';
import { FileInput, Progress, Stack } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SendProgress } from '../hooks/use-send-with-file';
import { OptionalLabel } from '../../../ui/optional-label';

export interface AttachmentFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** A server message about the file. */
  error?: string | undefined;
  progress: SendProgress;
  disabled?: boolean;
}

/** The optional file of a message, with how far its upload has gone while sending. */
export function AttachmentField({ file, onChange, error, progress, disabled }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const tooLarge = file !== null && file.size > MAX_ATTACHMENT_BYTES;
  return (
    <Stack gap={4}>
      <FileInput
        label={<OptionalLabel>{t('messages.form.file')}</OptionalLabel>}
        description={t('messages.form.fileHint', { max: formatBytes(MAX_ATTACHMENT_BYTES) })}
        placeholder={t('messages.form.filePlaceholder')}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        clearable
        value={file}
        onChange={onChange}
        error={tooLarge ? t('messages.form.fileTooLarge', { max: formatBytes(MAX_ATTACHMENT_BYTES) }) : error}
        disabled={disabled}
      />
      {progress !== null ? <Progress value={Math.round(progress * 100)} size="sm" aria-label={t('messages.form.uploading')} animated /> : null}
    </Stack>
  );
}

/** Whether a chosen file may be sent. */
export function isAttachmentAllowed(file: File | null): boolean {
  return file === null || file.size <= MAX_ATTACHMENT_BYTES;
}
