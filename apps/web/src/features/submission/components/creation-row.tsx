import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { readFragment, type FragmentOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { attentionNotes, rejectionSummary } from '../creator-review';
import { isEditable, keyDate } from '../status';
import { kindKey } from '../kinds';
import { editStepPath } from '../urls';
import { CreationRowFragment } from './creation-row.fragment';
import { CreationThumbnail } from './creation-thumbnail';
import { StatusBadge } from './status-badge';
import { DateText } from '../../../ui/date-text';

export interface CreationRowProps {
  data: FragmentOf<typeof CreationRowFragment>;
  /** Show why the creation needs attention (failed test, report) beside a rejection reason. */
  showAttention?: boolean;
  /** The list is the Testing queue: its creations read as being tested. */
  isTestingQueue?: boolean;
}

/**
 * One creation in a creator list: thumbnail, name (to step 1 while it can be edited, otherwise to
 * the read-only step 5), kind, status and the date that matters.
 */
export function CreationRow({ data, showAttention = false, isTestingQueue = false }: CreationRowProps) {
  const { t } = useTranslation();
  const creation = readFragment(CreationRowFragment, data);
  const target = editStepPath(isEditable(creation) ? 1 : 5, creation.model_type, creation.id);
  const date = keyDate(creation);
  const notes = attentionNotes(creation)
    // A rejection reason shows in every list; tests and reports only where attention is asked for.
    .filter((note) => showAttention || note.kind === 'rejected')
    .map((note) => {
      switch (note.kind) {
        case 'rejected':
          return t('list.rejectedBecause', { reason: rejectionSummary(note.reason) });
        case 'testFailed':
          return note.summary ? t('list.testFailedWith', { summary: note.summary }) : t('list.testFailed');
        case 'reported':
          return t('list.reported', { count: note.count });
      }
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CreationThumbnail kind={creation.model_type} imageUrl={creation.images[0]?.url} />
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={target} fw={600} lineClamp={2}>
              {creation.name || t('list.untitled')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`kinds.${kindKey(creation.model_type)}.name`)} · #{creation.id}
            </Text>
            {notes.map((note) => (
              <Text key={note} size="sm" c="red.8" lineClamp={2}>
                {note}
              </Text>
            ))}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge facts={creation} stage={isTestingQueue && creation.status === 'SUBMITTED' ? 'testing' : undefined} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {t(`list.date.${date.label}`)}
        </Text>
        <Text size="sm">
          <DateText value={date.at} />
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
