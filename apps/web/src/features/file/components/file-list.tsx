import { formatBytes } from '@corner/domain';
import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronRight, IconDownload, IconFileZip, IconPencil, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { joinFilename, knownKind, splitFilename } from '../file-kinds';
import { DateText } from '../../../ui/date-text';
import type { StepFileFragment } from '../graphql';
import { FileVersions } from './file-versions';
import classes from './file-list.module.css';
import { KindBadge } from './kind-badge';
import { Tooltip } from '../../../ui/tooltip';

export type StepFile = ResultOf<typeof StepFileFragment>;

/** How many columns a file's row has (its versions row spans them all). */
const COLUMNS = 6;

export interface FileListProps {
  files: readonly StepFile[];
  isReadOnly: boolean;
  /** New versions may be uploaded even though the list is read-only (an approved creation, for an update request). */
  canAddVersions?: boolean;
  /** Renames a file; answers null when it worked, else the message to show under the name. */
  onRename: (file: StepFile, filename: string) => Promise<string | null>;
  onDelete: (file: StepFile) => void;
  /** A new version of a file was chosen (it goes to the upload queue). */
  onNewVersion: (file: StepFile, upload: File) => void;
  /** Unpacks a zip file into the creation's files. */
  onUnzip: (file: StepFile) => void;
  /** The zip being unpacked, if any. */
  unzippingId: number | null;
}

/**
 * The files of a creation: name, kind, size, versions (unfolded under the row), upload date,
 * download, new version, unpack (zips), rename and delete.
 */
export function FileList({ files, isReadOnly, canAddVersions = false, onRename, onDelete, onNewVersion, onUnzip, unzippingId }: FileListProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const versionOf = useRef<StepFile | null>(null);

  function chooseNewVersion(file: StepFile) {
    versionOf.current = file;
    inputRef.current?.click();
  }

  return (
    <>
    <VisuallyHidden>
      <input
        ref={inputRef}
        type="file"
        tabIndex={-1}
        aria-label={t('filesStep.newVersionInput')}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again (after a failure) still reports it.
          event.currentTarget.value = '';
          if (chosen && versionOf.current) onNewVersion(versionOf.current, chosen);
        }}
      />
    </VisuallyHidden>
    <div className={classes.frame}>
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('filesStep.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('filesStep.columns.name')}</Table.Th>
            <Table.Th className={classes.column}>{t('filesStep.columns.kind')}</Table.Th>
            <Table.Th ta="right" className={classes.column}>
              {t('filesStep.columns.size')}
            </Table.Th>
            <Table.Th className={classes.column}>{t('filesStep.columns.version')}</Table.Th>
            <Table.Th className={classes.column}>{t('filesStep.columns.uploaded')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('filesStep.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              isReadOnly={isReadOnly}
              canAddVersions={canAddVersions}
              onRename={onRename}
              onDelete={onDelete}
              onChooseNewVersion={chooseNewVersion}
              onUnzip={onUnzip}
              isUnzipping={unzippingId === file.id}
              isUnzipBusy={unzippingId !== null}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    </div>
    </>
  );
}

interface FileRowProps {
  file: StepFile;
  isReadOnly: boolean;
  canAddVersions: boolean;
  onRename: FileListProps['onRename'];
  onDelete: FileListProps['onDelete'];
  onChooseNewVersion: (file: StepFile) => void;
  onUnzip: FileListProps['onUnzip'];
  isUnzipping: boolean;
  /** Some zip is being unpacked: one at a time. */
  isUnzipBusy: boolean;
}

function FileRow({ file, isReadOnly, canAddVersions, onRename, onDelete, onChooseNewVersion, onUnzip, isUnzipping, isUnzipBusy }: FileRowProps) {
  const { t } = useTranslation();
  const [isExpanded, setExpanded] = useState(false);
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

  const versionsId = `file-${file.id}-versions`;
  const toggleVersions = () => setExpanded((v) => !v);
  return (
    <>
    <Table.Tr>
      <Table.Td style={{ minWidth: 180, maxWidth: 340 }}>
        {renaming === null ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {file.filename}
            </Text>
            {/* In a narrow table (file-list.module.css): what the columns beside the name show. */}
            <Group gap={6} wrap="wrap" className={classes.details}>
              <KindBadge kind={file.kind} />
              <Text size="xs" c="dimmed">
                {formatBytes(file.filesize)} · <DateText value={file.created_at} />
              </Text>
              <VersionToggle file={file} isExpanded={isExpanded} onToggle={toggleVersions} controls={versionsId} />
            </Group>
            {kind === 'zip' && !isReadOnly ? (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconFileZip size={12} aria-hidden />}
                loading={isUnzipping}
                disabled={isUnzipBusy && !isUnzipping}
                onClick={() => onUnzip(file)}
                aria-label={t('filesStep.unzipOf', { name: file.filename })}
              >
                {t('filesStep.unzip')}
              </Button>
            ) : null}
          </Stack>
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
      <Table.Td className={classes.column}>
        <KindBadge kind={file.kind} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} className={classes.column}>
        <Text size="sm">{formatBytes(file.filesize)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} className={classes.column}>
        <VersionToggle file={file} isExpanded={isExpanded} onToggle={toggleVersions} controls={versionsId} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} className={classes.column}>
        <Text size="sm">
          <DateText value={file.created_at} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('filesStep.download')} withArrow openDelay={300}>
            <ActionIcon component="a" href={file.url} download={file.filename} variant="subtle" aria-label={t('filesStep.downloadOf', { name: file.filename })}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {isReadOnly && !canAddVersions ? null : (
            <Tooltip label={t('filesStep.newVersion')} withArrow openDelay={300}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('filesStep.newVersionOf', { name: file.filename })} onClick={() => onChooseNewVersion(file)}>
                <IconUpload size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
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
    {isExpanded ? (
      <Table.Tr id={versionsId} bg="var(--corner-surface-subtle)">
        <Table.Td colSpan={COLUMNS} px="lg">
          <FileVersions versions={file.versions} label={t('filesStep.versionsLabel', { name: file.filename })} />
        </Table.Td>
      </Table.Tr>
    ) : null}
    </>
  );
}

interface VersionToggleProps {
  file: StepFile;
  isExpanded: boolean;
  onToggle: () => void;
  /** The id of the row that lists the versions. */
  controls: string;
}

/** "v2", which unfolds the file's versions under its row, and the published version when it differs. */
function VersionToggle({ file, isExpanded, onToggle, controls }: VersionToggleProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Anchor component="button" type="button" size="sm" onClick={onToggle} aria-expanded={isExpanded} aria-controls={isExpanded ? controls : undefined}>
        <Group gap={4} wrap="nowrap" component="span">
          {isExpanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
          {t('filesStep.version', { version: file.version })}
          {/* Named by what it shows, then what it opens: "v2, 2 versions of chair.package". */}
          <VisuallyHidden>, {t('filesStep.versionsOf', { name: file.filename, count: file.versions.length })}</VisuallyHidden>
        </Group>
      </Anchor>
      {file.published_version !== null && file.published_version !== file.version ? (
        <Text size="xs" c="dimmed">
          {t('filesStep.publishedVersion', { version: file.published_version })}
        </Text>
      ) : null}
    </div>
  );
}
