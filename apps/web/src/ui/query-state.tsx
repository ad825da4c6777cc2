import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface QueryStateProps {
  /** The query is still running (or has not answered yet). */
  isLoading: boolean;
  loadingText: string;
  failedTitle: string;
  /** Why it failed, shown under the title. */
  failure: string | null;
}

/** What a section shows before its data is there: a spinner with text, or why loading failed. */
export function QueryState({ isLoading, loadingText, failedTitle, failure }: QueryStateProps) {
  if (isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{loadingText}</Text>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={failedTitle}>
      {failure}
    </Alert>
  );
}
