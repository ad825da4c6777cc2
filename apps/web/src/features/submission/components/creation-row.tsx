import { creationStage } from '@corner/domain';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { readFragment, type FragmentOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { attentionNotes, rejectionSummary } from '../creator-review';
import { rowDates } from '../status';
import { kindKey } from '../kinds';
import { editStepPath } from '../urls';
import { CreationRowFragment } from './creation-row.fragment';
import { CreationThumbnail } from './creation-thumbnail';
import { StatusBadge } from './status-badge';
import { CopyButton } from '../../../ui/copy-button';
import { DateText } from '../../../ui/date-text';
import { MainSiteItemLink } from '../../../ui/main-site-item-link';

export interface CreationRowProps {
  data: FragmentOf<typeof CreationRowFragment>;
  /** The field the list is sorted by: its date comes first, so that the order reads right. */
  sortField: string;
  /** The list's layout classes: on a narrow list a row is a card. */
  classNames?: { row?: string; creationCell?: string; statusCell?: string; dateCell?: string };
  /** Show why the creation needs attention (failed test, report) beside a rejection reason. */
  showAttention?: boolean;
  /** The list is the Testing queue: its creations read as being tested. */
  isTestingQueue?: boolean;
}

/**
 * One creation in a creator list: thumbnail, name (to step 1 while it can be edited, otherwise to
 * the read-only step 5), kind, status, the date the list is sorted by and the one that matters.
 */
export function CreationRow({ data, sortField, classNames = {}, showAttention = false, isTestingQueue = false }: CreationRowProps) {
  const { t } = useTranslation();
  const creation = readFragment(CreationRowFragment, data);
  const target = editStepPath(creation.abilities.canEdit ? 1 : 5, creation.model_type, creation.id);
  const [date, stageDate] = rowDates(creation, sortField);
  const attention = attentionNotes(creation);
  const notes = attention
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
    <Table.Tr className={classNames.row}>
      <Table.Td className={classNames.creationCell}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CreationThumbnail kind={creation.model_type} imageUrl={creation.images[0]?.url} />
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={target} fw={600} lineClamp={2}>
              {creation.name || t('list.untitled')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`kinds.${kindKey(creation.model_type)}.name`)} · #{creation.id} <CopyButton value={creation.id} />
              {creationStage(creation) === 'published' ? (
                <>
                  {' · '}
                  <MainSiteItemLink id={creation.id} size="sm">
                    {t('list.onSite')}
                  </MainSiteItemLink>
                </>
              ) : null}
            </Text>
            {notes.map((note) => (
              // Where attention is asked for, the reason is the point: it wraps in full.
              <Text key={note} size="sm" c="red" lineClamp={showAttention ? undefined : 2}>
                {note}
              </Text>
            ))}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td className={classNames.statusCell}>
        <Stack gap={4} align="flex-start">
          <StatusBadge facts={creation} isInTestingQueue={isTestingQueue} />
          {/* Still awaiting approval, but waiting on the creator: the failed test shows in every list. */}
          {attention.some((note) => note.kind === 'testFailed') ? (
            <Badge color="red" variant="outline" size="sm" radius="sm" tt="none">
              {t('list.testFailedBadge')}
            </Badge>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td className={classNames.dateCell}>
        <Text size="sm" c="dimmed">
          {t(`list.date.${date.label}`)}
        </Text>
        <Text size="sm">
          <DateText value={date.at} />
        </Text>
        {stageDate ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t(`list.date.${stageDate.label}`)} <DateText value={stageDate.at} />
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
