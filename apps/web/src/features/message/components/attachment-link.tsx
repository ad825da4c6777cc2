import { formatBytes } from '@corner/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

export interface AttachmentView {
  id: number;
  filename: string;
  filesize: number;
  url: string;
}

/** A message's file as a download link with its size. */
export function AttachmentLink({ attachment }: { attachment: AttachmentView }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />
      <Anchor href={attachment.url} download={attachment.filename} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {attachment.filename}
      </Anchor>
      <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatBytes(attachment.filesize)}
      </Text>
    </Group>
  );
}
