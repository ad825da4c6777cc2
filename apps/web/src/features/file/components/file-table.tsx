import { formatBytes } from '@corner/domain';
import { Anchor, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editStepPath } from '../../submission/urls';
import { CopyButton } from '../../../ui/copy-button';
import { DateText, formatDateTime } from '../../../ui/date-text';
import type { FileRowFragment } from '../graphql';
import { KindBadge } from './kind-badge';

export type FileRow = ResultOf<typeof FileRowFragment>;

export interface FileTableProps {
  files: readonly FileRow[];
  /** Names the table for screen readers. */
  label: string;
  /** The file whose details are open. */
  openId: number | null;
  onOpen: (file: FileRow) => void;
  /** Checkbox selection (staff who may build baskets); without it no checkboxes are shown. */
  selection?: {
    selected: ReadonlySet<number>;
    onToggle: (file: FileRow, isSelected: boolean) => void;
    onToggleAll: (isSelected: boolean) => void;
  };
  /** Extra buttons at the end of a row (the archive's restore). */
  rowActions?: (file: FileRow) => ReactNode;
}

/**
 * Files found by file management or listed in the archive: name (opens its details), kind, size,
 * the creation (a link to its files step), owner, version and published version, last change.
 */
export function FileTable({ files, label, openId, onOpen, selection, rowActions }: FileTableProps) {
  const { t } = useTranslation();
  const selectedCount = selection ? files.filter((f) => selection.selected.has(f.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('fileTable.selectAll')}
                  checked={files.length > 0 && selectedCount === files.length}
                  indeterminate={selectedCount > 0 && selectedCount < files.length}
                  onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('fileTable.columns.name')}</Table.Th>
            <Table.Th>{t('fileTable.columns.kind')}</Table.Th>
            <Table.Th ta="right">{t('fileTable.columns.size')}</Table.Th>
            <Table.Th>{t('fileTable.columns.creation')}</Table.Th>
            <Table.Th>{t('fileTable.columns.owner')}</Table.Th>
            <Table.Th>{t('fileTable.columns.version')}</Table.Th>
            <Table.Th>{t('fileTable.columns.updated')}</Table.Th>
            {rowActions ? (
              <Table.Th>
                <VisuallyHidden>{t('fileTable.columns.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => {
            const isOpen = file.id === openId;
            const isSelected = selection?.selected.has(file.id) ?? false;
            return (
              <Table.Tr key={file.id} bg={isOpen ? 'var(--mantine-primary-color-light)' : isSelected ? 'var(--corner-surface-subtle)' : undefined}>
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('fileTable.select', { name: file.filename })}
                      checked={isSelected}
                      onChange={(event) => selection.onToggle(file, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td style={{ minWidth: 180, maxWidth: 280 }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={600}
                    ta="left"
                    onClick={() => onOpen(file)}
                    aria-label={t('fileTable.open', { name: file.filename })}
                    aria-current={isOpen || undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {file.filename}
                  </Anchor>
                  {file.deleted_at ? (
                    <Text size="xs" c="red">
                      {t('fileTable.deletedAt', { date: formatDateTime(file.deleted_at) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <KindBadge kind={file.kind} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatBytes(file.filesize)}</Text>
                </Table.Td>
                <Table.Td style={{ maxWidth: 220 }}>
                  {file.submission ? (
                    <Anchor component={Link} to={editStepPath(2, file.submission.model_type, file.submission.id)} size="sm">
                      {file.submission.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {file.submission_id ? (
                        <>
                          {t('fileTable.creationId', { id: file.submission_id })} <CopyButton value={file.submission_id} />
                        </>
                      ) : (
                        t('fileTable.noCreation')
                      )}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{file.member?.UserName ?? t('fileTable.unknownOwner')}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    {file.published_version === null
                      ? t('fileTable.version', { version: file.version })
                      : file.published_version === file.version
                        ? t('fileTable.versionIsPublished', { version: file.version })
                        : t('fileTable.versionPublished', { version: file.version, published: file.published_version })}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    <DateText value={file.updated_at} />
                  </Text>
                </Table.Td>
                {rowActions ? (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {rowActions(file)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
