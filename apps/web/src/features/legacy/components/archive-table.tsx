import { Anchor, Badge, Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateText } from '../../../ui/date-text';
import { SafeImage } from '../../../ui/safe-image';
import { reviewPath } from '../../review/urls';
import type { ArchiveRowFragment } from '../graphql';
import { archivedItemPath } from '../urls';
import { LegacyStatusBadges } from './legacy-badges';

export type ArchiveRow = ResultOf<typeof ArchiveRowFragment>;

export interface ArchiveTableProps {
  items: readonly ArchiveRow[];
  /** Names the table for screen readers. */
  label: string;
}

/**
 * Legacy items found in the archive: picture, ID, title (opens the item), creator, game, status
 * (hidden, reports), publish date, and the creation it was migrated to.
 */
export function ArchiveTable({ items, label }: ArchiveTableProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <WideTable items={items} label={label} />
      </Box>
      <Box hiddenFrom="sm">
        <NarrowList items={items} label={label} />
      </Box>
    </>
  );
}

/** Phones: one card per item, the title first. */
function NarrowList({ items, label }: ArchiveTableProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => (
        <Box component="li" key={item.ID} p="sm" style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box w={64} h={48} style={{ borderRadius: 4, overflow: 'hidden', flex: 'none' }} bg="var(--corner-surface-muted)">
              {item.thumbnail ? <SafeImage src={item.thumbnail} alt="" compact /> : null}
            </Box>
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Anchor component={Link} to={archivedItemPath(item.ID)} size="sm" fw={600} lh={1.3}>
                {item.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('archive.rowMeta', {
                  id: item.ID,
                  game: t(`archive.games.${item.game}`, { defaultValue: String(item.game) }),
                  creator: item.creator ?? t('archive.unknownCreator', { id: item.creatorId }),
                })}
              </Text>
              <LegacyStatusBadges item={item} />
              <Text size="xs" c="dimmed">
                {item.publishDate ? <DateText value={item.publishDate} /> : t('archive.noDate')}
                {item.migratedTo ? (
                  <>
                    {' · '}
                    <Anchor component={Link} to={reviewPath(item.migratedTo.id)} size="xs">
                      {t('archive.migratedShort', { id: item.migratedTo.id })}
                    </Anchor>
                  </>
                ) : null}
              </Text>
            </Stack>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/** Tablets and up: a table. */
function WideTable({ items, label }: ArchiveTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={68}>
              <VisuallyHidden>{t('archive.columns.picture')}</VisuallyHidden>
            </Table.Th>
            <Table.Th w={80}>{t('archive.columns.id')}</Table.Th>
            <Table.Th>{t('archive.columns.title')}</Table.Th>
            <Table.Th>{t('archive.columns.creator')}</Table.Th>
            <Table.Th>{t('archive.columns.game')}</Table.Th>
            <Table.Th>{t('archive.columns.status')}</Table.Th>
            <Table.Th>{t('archive.columns.published')}</Table.Th>
            <Table.Th>{t('archive.columns.migrated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.ID}>
              <Table.Td>
                <Box w={56} h={42} style={{ borderRadius: 4, overflow: 'hidden' }} bg="var(--corner-surface-muted)">
                  {item.thumbnail ? <SafeImage src={item.thumbnail} alt="" compact /> : null}
                </Box>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.ID}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={archivedItemPath(item.ID)} size="sm" fw={500}>
                  {item.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.creator ?? t('archive.unknownCreator', { id: item.creatorId })}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t(`archive.games.${item.game}`, { defaultValue: String(item.game) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <LegacyStatusBadges item={item} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={item.publishDate ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {item.publishDate ? <DateText value={item.publishDate} /> : t('archive.noDate')}
                </Text>
              </Table.Td>
              <Table.Td>
                {item.migratedTo ? (
                  <Badge component={Link} to={reviewPath(item.migratedTo.id)} variant="light" color="indigo" size="sm" style={{ cursor: 'pointer' }}>
                    {t('archive.migratedShort', { id: item.migratedTo.id })}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('archive.notMigrated')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
