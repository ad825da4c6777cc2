import { formatBytes } from '@corner/domain';
import { ActionIcon, Badge, Group, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconDownload, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { joinFilename, knownKind, splitFilename } from '../file-kinds';
import type { StepFileFragment } from '../graphql';

export type StepFile = ResultOf<typeof StepFileFragment>;

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export interface FileListProps {
  files: readonly StepFile[];
  isReadOnly: boolean;
  /** Renames a file; answers null when it worked, else the message to show under the name. */
  onRename: (file: StepFile, filename: string) => Promise<string | null>;
  onDelete: (file: StepFile) => void;
}

/** The files of a creation: name, kind, size, version, upload date, download, rename and delete. */
export function FileList({ files, isReadOnly, onRename, onDelete }: FileListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('filesStep.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('filesStep.columns.name')}</Table.Th>
            <Table.Th>{t('filesStep.columns.kind')}</Table.Th>
            <Table.Th ta="right">{t('filesStep.columns.size')}</Table.Th>
            <Table.Th>{t('filesStep.columns.version')}</Table.Th>
            <Table.Th>{t('filesStep.columns.uploaded')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('filesStep.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <FileRow key={file.id} file={file} isReadOnly={isReadOnly} onRename={onRename} onDelete={onDelete} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FileRow({ file, isReadOnly, onRename, onDelete }: { file: StepFile } & Omit<FileListProps, 'files'>) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { base, extension } = splitFilename(file.filename);
  const kind = knownKind(file.kind);

  function startRename() {
    setRenameError(null);
    setRenaming(base);
  }

  async function handleRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (renaming === null) return;
    const next = joinFilename(renaming, extension);
    if (renaming.trim() === '') {
      setRenameError(t('filesStep.renameEmpty'));
      return;
    }
    if (next === file.filename) {
      setRenaming(null);
      return;
    }
    setSaving(true);
    const problem = await onRename(file, next);
    setSaving(false);
    if (problem) setRenameError(problem);
    else setRenaming(null);
  }

  return (
    <Table.Tr>
      <Table.Td style={{ maxWidth: 340 }}>
        {renaming === null ? (
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {file.filename}
          </Text>
        ) : (
          <form onSubmit={(event) => void handleRename(event)} aria-label={t('filesStep.renameForm', { name: file.filename })}>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                size="xs"
                autoFocus
                aria-label={t('filesStep.newName')}
                value={renaming}
                error={renameError}
                disabled={isSaving}
                onChange={(event) => setRenaming(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    setRenaming(null);
                  }
                }}
                rightSection={extension ? <Text size="xs" c="dimmed">{`.${extension}`}</Text> : null}
                rightSectionWidth={extension ? Math.min(120, 14 + extension.length * 8) : undefined}
                style={{ flex: 1, minWidth: 140 }}
              />
              <ActionIcon type="submit" variant="light" size="md" loading={isSaving} aria-label={t('filesStep.saveName')}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" color="gray" size="md" aria-label={t('filesStep.cancelRename')} onClick={() => setRenaming(null)} disabled={isSaving}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </form>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={kind === 'unknown' ? 'gray' : undefined} radius="sm" style={{ textTransform: 'none' }}>
          {t(`filesStep.kinds.${kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatBytes(file.filesize)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{t('filesStep.version', { version: file.version })}</Text>
        {file.published_version !== null && file.published_version !== file.version ? (
          <Text size="xs" c="dimmed">
            {t('filesStep.publishedVersion', { version: file.published_version })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          <time dateTime={file.created_at}>{DATE_FORMAT.format(new Date(file.created_at))}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('filesStep.download')} withArrow openDelay={300}>
            <ActionIcon component="a" href={file.url} download={file.filename} variant="subtle" aria-label={t('filesStep.downloadOf', { name: file.filename })}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {isReadOnly ? null : (
            <>
              <Tooltip label={t('filesStep.rename')} withArrow openDelay={300}>
                <ActionIcon variant="subtle" color="gray" aria-label={t('filesStep.renameOf', { name: file.filename })} onClick={startRename} disabled={renaming !== null}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('filesStep.delete')} withArrow openDelay={300}>
                <ActionIcon variant="subtle" color="red" aria-label={t('filesStep.deleteOf', { name: file.filename })} onClick={() => onDelete(file)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
