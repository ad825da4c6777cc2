import { Avatar, Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui/copy-button';
import { DateText, formatDateTime } from '../../../ui/date-text';
import { listState } from '../featured-form';
import type { FeaturedListFragment } from '../graphql';
import classes from './featured.module.css';
import { Tooltip } from '../../../ui/tooltip';

export type FeaturedList = ResultOf<typeof FeaturedListFragment>;

export interface FeaturedTableProps {
  lists: readonly FeaturedList[];
  /** The list open in the drawer. */
  openId: number | null;
  onOpen: (id: number) => void;
}

/** How many creation pictures a row shows before "+n". */
const PREVIEWS = 4;

/** The featured lists: name (opens it), type and index, publish date (live or scheduled), creations, who made it. */
export function FeaturedTable({ lists, openId, onOpen }: FeaturedTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('featured.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('featured.columns.list')}</Table.Th>
            <Table.Th w={120}>{t('featured.columns.index')}</Table.Th>
            <Table.Th w={210}>{t('featured.columns.publishAt')}</Table.Th>
            <Table.Th w={200}>{t('featured.columns.creations')}</Table.Th>
            <Table.Th w={150}>{t('featured.columns.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((list) => {
            const name = list.name ?? t('featured.untitled');
            const state = listState(list.publish_at);
            const isOpen = list.id === openId;
            return (
              <Table.Tr key={list.id} aria-current={isOpen || undefined} className={classes.row} onClick={() => onOpen(list.id)}>
                <Table.Td>
                  <Stack gap={2}>
                    <UnstyledButton
                      className={classes.open}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(list.id);
                      }}
                      aria-label={t('featured.open', { name })}
                    >
                      <Text fw={600} c={list.name ? undefined : 'dimmed'} fs={list.name ? undefined : 'italic'}>
                        {name}
                      </Text>
                    </UnstyledButton>
                    <Group gap={6}>
                      <Badge variant="light" color="grape" tt="none" radius="sm">
                        {list.type}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        #{list.id} <CopyButton value={list.id} />
                      </Text>
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {list.index}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm">
                      <time dateTime={list.publish_at}>{formatDateTime(list.publish_at)}</time>
                    </Text>
                    <Badge size="xs" variant="dot" color={state === 'live' ? 'teal' : 'blue'} tt="none">
                      {t(`featured.state.${state}`)}
                    </Badge>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {list.submissions.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('featured.noCreations')}
                    </Text>
                  ) : (
                    <Group gap={8} wrap="nowrap">
                      <Avatar.Group spacing={8}>
                        {list.submissions.slice(0, PREVIEWS).map((creation) => (
                          <Tooltip key={creation.id} label={creation.name} withArrow>
                            <Avatar src={creation.images[0]?.url ?? null} alt="" radius="sm" size={30}>
                              {creation.name.slice(0, 1)}
                            </Avatar>
                          </Tooltip>
                        ))}
                      </Avatar.Group>
                      <Text size="sm" c="dimmed">
                        {t('featured.creationCount', { count: list.submissions.length })}
                      </Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{list.member?.UserName ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    <DateText value={list.created_at} />
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
