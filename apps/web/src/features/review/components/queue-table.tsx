import { currentRejectionReason } from '@corner/domain';
import { Anchor, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { readFragment, type FragmentOf, type ResultOf } from 'gql.tada';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../../ui/copy-button';
import { DateText } from '../../../ui/date-text';
import { kindKey } from '../../submission/kinds';
import { keyDate } from '../../submission/status';
import { CreationThumbnail } from '../../submission/components/creation-thumbnail';
import { StatusBadge } from '../../submission/components/status-badge';
import { QueueRowFragment } from './queue-row.fragment';
import classes from './queue-table.module.css';

export type QueueRowData = FragmentOf<typeof QueueRowFragment>;
type QueueRow = ResultOf<typeof QueueRowFragment>;

export interface QueueTableProps {
  rows: readonly QueueRowData[];
  /** The queue's name, for the table's caption. */
  title: string;
  /** The row the keyboard cursor is on. */
  cursorId: number | null;
  /** Rows ticked for a bulk action. */
  checked: ReadonlySet<number>;
  onCheckedChange: (id: number, checked: boolean) => void;
  onCheckAll: (checked: boolean) => void;
  onCursorChange: (id: number) => void;
  /** Where a row's name leads: its review page, keeping the queue's context. */
  reviewHref: (id: number) => string;
  /** The queue is a testing queue: submitted creations there read as being tested. */
  isTestingQueue?: boolean;
  /** Splits the rows into groups (in their order), each under a heading row, e.g. publishing today and later. */
  groupOf?: (row: { publish_at?: string | null }) => string | null;
}

/**
 * A staff queue as a table: a tick box per row for bulk actions, the creation (thumbnail, name,
 * kind, creator), what needs looking at (tests, reports, updates, rejection), category and the date
 * that matters. The row under the keyboard cursor is highlighted and kept in view.
 */
export function QueueTable({
  rows,
  title,
  cursorId,
  checked,
  onCheckedChange,
  onCheckAll,
  onCursorChange,
  reviewHref,
  isTestingQueue = false,
  groupOf,
}: QueueTableProps) {
  const { t } = useTranslation();
  const cursorRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    cursorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [cursorId]);
  const allChecked = rows.length > 0 && rows.every((row) => checked.has(readFragment(QueueRowFragment, row).id));
  const someChecked = rows.some((row) => checked.has(readFragment(QueueRowFragment, row).id));

  return (
    // The wrapper is a size container: the category column goes when the table, not the window, is narrow.
    <div className={classes.frame}>
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={title} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label={t('review.queue.checkAll')}
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                onChange={(event) => onCheckAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('review.queue.columns.creation')}</Table.Th>
            <Table.Th w={200} className={classes.state}>
              {t('review.queue.columns.state')}
            </Table.Th>
            <Table.Th w={160} className={classes.category}>
              {t('review.queue.columns.category')}
            </Table.Th>
            <Table.Th w={136} className={classes.date}>
              {t('review.queue.columns.date')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((data, index) => {
            const row = readFragment(QueueRowFragment, data);
            const isCursor = row.id === cursorId;
            const category = row.category?.name ?? t('review.queue.noCategory');
            const group = groupOf?.(row) ?? null;
            const previous = index > 0 ? groupOf?.(readFragment(QueueRowFragment, rows[index - 1]!)) : undefined;
            return (
              <Fragment key={row.id}>
              {group && group !== previous ? (
                <Table.Tr className={classes.group}>
                  <Table.Th colSpan={5} scope="colgroup">
                    {group}
                  </Table.Th>
                </Table.Tr>
              ) : null}
              <Table.Tr
                ref={isCursor ? cursorRef : undefined}
                data-cursor={isCursor || undefined}
                aria-current={isCursor || undefined}
                className={classes.row}
                onClick={(event) => {
                  // A click on the row moves the cursor; one on its link opens the review instead
                  // (moving the cursor then would rewrite the URL being opened).
                  if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                  onCursorChange(row.id);
                }}
              >
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={t('review.queue.check', { name: row.name })}
                    checked={checked.has(row.id)}
                    onChange={(event) => onCheckedChange(row.id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <CreationThumbnail kind={row.model_type} imageUrl={row.images[0]?.url} />
                    <Stack gap={2} miw={0}>
                      <Anchor component={Link} to={reviewHref(row.id)} fw={600} lineClamp={2}>
                        {row.name || t('list.untitled')}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {t(`kinds.${kindKey(row.model_type)}.name`)} · #{row.id} <CopyButton value={row.id} /> · {t('review.queue.by', { name: row.creator.UserName })}
                      </Text>
                      <Text size="sm" c="dimmed" className={classes.inlineCategory}>
                        {category}
                      </Text>
                      <div className={classes.inlineState}>
                        <RowState row={row} isTestingQueue={isTestingQueue} />
                      </div>
                      <div className={classes.inlineDate}>
                        <RowDate row={row} inline />
                      </div>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td className={classes.state}>
                  <RowState row={row} isTestingQueue={isTestingQueue} />
                </Table.Td>
                <Table.Td className={classes.category}>
                  <Text size="sm">{category}</Text>
                </Table.Td>
                <Table.Td className={classes.date}>
                  <RowDate row={row} />
                </Table.Td>
              </Table.Tr>
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    </div>
  );
}

/** What needs looking at in a row: its stage, fast track, possible copy, tests, reports, updates and rejection. */
function RowState({ row, isTestingQueue }: { row: QueueRow; isTestingQueue: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge facts={row} isInTestingQueue={isTestingQueue} />
      <Group gap={4}>
        {row.fast_track ? (
          <Badge size="xs" color="teal" variant="light" tt="none" title={t('review.queue.fastTrackHint')}>
            {t('review.queue.fastTrack')}
          </Badge>
        ) : null}
        {row.possible_duplicate ? (
          <Badge size="xs" color="orange" variant="light" tt="none" title={t('review.queue.possibleDuplicateHint')}>
            {t('review.queue.possibleDuplicate')}
          </Badge>
        ) : null}
        {row.numUnclearedTests > 0 ? (
          <Badge size="xs" color="violet" variant="outline" tt="none">
            {t('review.queue.tests', { count: row.numUnclearedTests })}
          </Badge>
        ) : null}
        {row.numReports > 0 ? (
          <Badge size="xs" color="red" variant="outline" tt="none">
            {t('review.queue.reports', { count: row.numReports })}
          </Badge>
        ) : null}
        {row.numUpdates > 0 ? (
          <Badge size="xs" color="blue" variant="outline" tt="none">
            {t('review.queue.updates', { count: row.numUpdates })}
          </Badge>
        ) : null}
      </Group>
      {currentRejectionReason(row) ? (
        <Text size="xs" c="red" lineClamp={2}>
          {row.latest_rejection_reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The date that matters for a row, with what it is ("Submitted", "Publishes"); on one line under the name in a narrow table. */
function RowDate({ row, inline = false }: { row: QueueRow; inline?: boolean }) {
  const { t } = useTranslation();
  const date = keyDate(row);
  return inline ? (
    <Text size="xs" c="dimmed">
      {t(`list.date.${date.label}`)} <DateText value={date.at} />
    </Text>
  ) : (
    <>
      <Text size="xs" c="dimmed">
        {t(`list.date.${date.label}`)}
      </Text>
      <Text size="sm">
        <DateText value={date.at} />
      </Text>
    </>
  );
}
