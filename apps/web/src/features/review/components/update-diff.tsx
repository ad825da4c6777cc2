import { AspectRatio, Anchor, Badge, Box, Button, Group, Image, Loader, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsSort, IconMinus, IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DateText } from '../../../ui/date-text';
import { SafeImage } from '../../../ui/safe-image';
import { KindBadge } from '../../file/components/kind-badge';
import { diffCounts, knownField, knownResourceKind, resourceRows, sizeChange } from '../update-diff';
import { UpdateDiffQuery } from './update-diff.graphql';
import { ReviewSection } from './review-details';
import { Tooltip } from '../../../ui/tooltip';

type UpdateDiff = NonNullable<NonNullable<NonNullable<ResultOf<typeof UpdateDiffQuery>['submissionProperties']>['pending_update_request']>['changes']>;
type FileChange = UpdateDiff['files'][number];
type PackageDiff = NonNullable<FileChange['package']>;
type IdDiff = NonNullable<PackageDiff['objects']>;

const DIFF_CONTEXT = { additionalTypenames: ['SubmissionUpdateRequest', 'File', 'Image', 'SubmissionProperties'] };
/** While a version is being read, the section asks again this often. */
const PENDING_POLL_MS = 3000;

const CHANGE_LOOK = {
  added: { color: 'teal', icon: IconPlus },
  removed: { color: 'red', icon: IconMinus },
  changed: { color: 'orange', icon: IconPencil },
  replaced: { color: 'blue', icon: IconRefresh },
} as const;
type Change = keyof typeof CHANGE_LOOK;
const changeOf = (value: string): Change => (value in CHANGE_LOOK ? (value as Change) : 'changed');

/**
 * "What changed" (issue 15, item 4): what a creation's pending update changes against its approved
 * version, for staff who review updates: details, pictures and files, and inside each replaced
 * package its resources by key and the objects it adds or removes. Counts come first; long lists of
 * resources open on demand. While the server reads a new version the section says so and asks again.
 */
export function UpdateDiffSection({ submissionId }: { submissionId: number }) {
  const { t } = useTranslation();
  const [{ data, error }, reexecute] = useQuery({ query: UpdateDiffQuery, variables: { id: submissionId }, context: DIFF_CONTEXT });
  const diff = data?.submissionProperties?.pending_update_request?.changes ?? null;
  const isPending = diff?.state === 'pending';
  useEffect(() => {
    if (!isPending) return undefined;
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [isPending, reexecute]);

  if (error && !data) {
    return (
      <ReviewSection id="what-changed" title={t('updateDiff.title')}>
        <Text size="sm" c="red">
          {t('updateDiff.loadFailed')}
        </Text>
      </ReviewSection>
    );
  }
  if (!diff) return null;
  const counts = diffCounts(diff);
  return (
    <ReviewSection
      id="what-changed"
      title={t('updateDiff.title')}
      actions={
        <Group gap={6}>
          {counts.details > 0 ? <CountBadge>{t('updateDiff.summary.details', { count: counts.details })}</CountBadge> : null}
          {counts.pictures > 0 ? <CountBadge>{t('updateDiff.summary.pictures', { count: counts.pictures })}</CountBadge> : null}
          {counts.files > 0 ? <CountBadge>{t('updateDiff.summary.files', { count: counts.files })}</CountBadge> : null}
        </Group>
      }
    >
      <Stack gap="md">
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed">
            {diff.approved_at ? (
              <>
                {t('updateDiff.since')} <DateText value={diff.approved_at} />
              </>
            ) : (
              t('updateDiff.noApproval')
            )}
          </Text>
          {isPending ? (
            <Group gap={6} role="status">
              <Loader size={14} />
              <Text size="sm" c="dimmed">
                {t('updateDiff.reading')}
              </Text>
            </Group>
          ) : null}
        </Group>
        {counts.total === 0 ? <Text size="sm">{t('updateDiff.nothing')}</Text> : null}
        {diff.fields.length > 0 ? <DetailsGroup fields={diff.fields} /> : null}
        {counts.pictures > 0 || diff.images.reordered ? <PicturesGroup images={diff.images} /> : null}
        {diff.files.length > 0 ? <FilesGroup files={diff.files} /> : null}
      </Stack>
    </ReviewSection>
  );
}

function CountBadge({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" color="gray" radius="sm" tt="none">
      {children}
    </Badge>
  );
}

function GroupTitle({ children, count }: { children: ReactNode; count?: number }) {
  return (
    <Group gap={6}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {children}
      </Text>
      {count !== undefined ? (
        <Badge size="xs" variant="default" radius="sm">
          {count}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A small round mark of a change: + added, − removed, ✎ changed. */
function ChangeMark({ change, label }: { change: Change; label: string }) {
  const look = CHANGE_LOOK[change];
  const Icon = look.icon;
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon size={18} radius="xl" variant="light" color={look.color} aria-label={label} role="img">
        <Icon size={12} stroke={2.5} />
      </ThemeIcon>
    </Tooltip>
  );
}

function DetailsGroup({ fields }: { fields: UpdateDiff['fields'] }) {
  const { t } = useTranslation();
  const label = (field: string) => {
    const known = knownField(field);
    return known ? t(`updateDiff.fields.${known}`) : field;
  };
  const value = (type: string, text: string | null) => {
    if (text === null) return <Text span size="sm" c="dimmed" fs="italic">{t('updateDiff.empty')}</Text>;
    if (type === 'flag') return text === 'true' ? t('updateDiff.yes') : t('updateDiff.no');
    return text;
  };
  return (
    <Stack gap={6} component="section" aria-label={t('updateDiff.groups.details')}>
      <GroupTitle count={fields.length}>{t('updateDiff.groups.details')}</GroupTitle>
      <Table withTableBorder verticalSpacing={6} fz="sm" layout="fixed" aria-label={t('updateDiff.groups.details')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('updateDiff.columns.field')}</Table.Th>
            <Table.Th>{t('updateDiff.columns.approved')}</Table.Th>
            <Table.Th>{t('updateDiff.columns.now')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.field}>
              <Table.Td fw={500} style={{ verticalAlign: 'top' }}>
                {label(f.field)}
              </Table.Td>
              {f.type === 'list' ? (
                <Table.Td colSpan={2}>
                  <Group gap={6}>
                    {f.removed.map((name) => (
                      <Badge key={`-${name}`} variant="light" color="red" radius="sm" tt="none" leftSection={<IconMinus size={10} aria-hidden />} td="line-through">
                        {name}
                      </Badge>
                    ))}
                    {f.added.map((name) => (
                      <Badge key={`+${name}`} variant="light" color="teal" radius="sm" tt="none" leftSection={<IconPlus size={10} aria-hidden />}>
                        {name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              ) : (
                <>
                  <Table.Td bg="var(--mantine-color-red-light)" style={{ verticalAlign: 'top' }}>
                    <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {value(f.type, f.before)}
                    </Text>
                  </Table.Td>
                  <Table.Td bg="var(--mantine-color-teal-light)" style={{ verticalAlign: 'top' }}>
                    <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {value(f.type, f.after)}
                    </Text>
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function PicturesGroup({ images }: { images: UpdateDiff['images'] }) {
  const { t } = useTranslation();
  const shown = [...images.added.map((image) => ({ image, change: 'added' as const })), ...images.removed.map((image) => ({ image, change: 'removed' as const }))];
  return (
    <Stack gap={6} component="section" aria-label={t('updateDiff.groups.pictures')}>
      <Group gap="sm">
        <GroupTitle>{t('updateDiff.groups.pictures')}</GroupTitle>
        <Text size="sm" c="dimmed">
          {[
            images.added.length ? t('updateDiff.pictures.added', { count: images.added.length }) : null,
            images.removed.length ? t('updateDiff.pictures.removed', { count: images.removed.length }) : null,
            t('updateDiff.pictures.counts', { approved: images.approved_count, current: images.current_count }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {images.reordered ? (
          <Badge variant="light" color="orange" radius="sm" tt="none" leftSection={<IconArrowsSort size={12} aria-hidden />}>
            {t('updateDiff.pictures.reordered')}
          </Badge>
        ) : null}
      </Group>
      {shown.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs">
          {shown.map(({ image, change }) => (
            <Paper
              key={image.id}
              withBorder
              radius="sm"
              style={{ overflow: 'hidden', borderColor: `var(--mantine-color-${CHANGE_LOOK[change].color}-5)`, opacity: change === 'removed' ? 0.6 : 1 }}
              aria-label={t(change === 'added' ? 'updateDiff.pictures.addedLabel' : 'updateDiff.pictures.removedLabel', { name: image.filename })}
            >
              <AspectRatio ratio={4 / 3}>
                <SafeImage src={image.url} alt={image.filename} compact style={{ width: '100%', height: '100%' }} />
              </AspectRatio>
              <Group gap={4} px={6} py={3} wrap="nowrap">
                <ChangeMark change={change} label={t(`updateDiff.changes.${change}`)} />
                <Text size="xs" truncate title={image.filename}>
                  {image.filename}
                </Text>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function FilesGroup({ files }: { files: UpdateDiff['files'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="section" aria-label={t('updateDiff.groups.files')}>
      <GroupTitle count={files.length}>{t('updateDiff.groups.files')}</GroupTitle>
      {files.map((file) => (
        <FileChangeCard key={file.file_id} file={file} />
      ))}
    </Stack>
  );
}

function VersionLink({ version, name }: { version: { version: number; url: string }; name: string }) {
  const { t } = useTranslation();
  return (
    <Anchor href={version.url} size="sm" aria-label={t('updateDiff.download', { version: version.version, name })}>
      {t('updateDiff.versionOne', { version: version.version })}
    </Anchor>
  );
}

function FileChangeCard({ file }: { file: FileChange }) {
  const { t } = useTranslation();
  const change = changeOf(file.change);
  const look = CHANGE_LOOK[change];
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={file.filename}>
      <Stack gap={8}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={look.color} radius="sm" leftSection={<look.icon size={12} aria-hidden />}>
            {t(`updateDiff.changes.${change}`)}
          </Badge>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.filename}
          </Text>
          <KindBadge kind={file.kind} />
          <Group gap={4} ml="auto" wrap="nowrap">
            {file.from ? <VersionLink version={file.from} name={file.filename} /> : null}
            {file.from && file.to ? (
              <Text span size="sm" c="dimmed">
                →
              </Text>
            ) : null}
            {file.to ? <VersionLink version={file.to} name={file.filename} /> : null}
            <Text span size="sm" c="dimmed" ml={6}>
              {sizeChange(file.from?.filesize, file.to?.filesize)}
            </Text>
          </Group>
        </Group>
        {file.package ? <PackageChanges pkg={file.package} filename={file.filename} /> : null}
      </Stack>
    </Paper>
  );
}

function PackageChanges({ pkg, filename }: { pkg: PackageDiff; filename: string }) {
  const { t } = useTranslation();
  if (pkg.state === 'pending') {
    return (
      <Group gap={6} role="status">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          {t('updateDiff.package.pending')}
        </Text>
      </Group>
    );
  }
  if (pkg.state === 'failed') {
    return (
      <Text size="sm" c="orange">
        {t('updateDiff.package.failed', { message: pkg.message ?? '' })}
      </Text>
    );
  }
  const r = pkg.resources;
  const nothing = r !== null && r.added + r.removed + r.changed === 0;
  return (
    <Stack gap={8}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('updateDiff.package.resources')}
        </Text>
        {r ? (
          <>
            {r.added > 0 ? <Text size="sm" c="teal" fw={500}>{t('updateDiff.package.added', { count: r.added })}</Text> : null}
            {r.removed > 0 ? <Text size="sm" c="red" fw={500}>{t('updateDiff.package.removed', { count: r.removed })}</Text> : null}
            {r.changed > 0 ? <Text size="sm" c="orange" fw={500}>{t('updateDiff.package.changed', { count: r.changed })}</Text> : null}
            <Text size="sm" c="dimmed">
              {t('updateDiff.package.unchanged', { count: r.unchanged })}
            </Text>
          </>
        ) : null}
        <Text size="sm" c="dimmed">
          · {t('updateDiff.package.resourceTotals', { before: pkg.resources_before ?? 0, after: pkg.resources_after ?? 0 })}
        </Text>
      </Group>
      {pkg.state === 'too_large' ? (
        <Text size="sm" c="dimmed">
          {t('updateDiff.package.tooLarge', { before: pkg.resources_before ?? 0, after: pkg.resources_after ?? 0 })}
        </Text>
      ) : null}
      {nothing ? (
        <Text size="sm" c="dimmed">
          {t('updateDiff.package.same')}
        </Text>
      ) : null}
      {r && r.kinds.length > 0 ? (
        <Group gap={6}>
          {r.kinds.map((k) => (
            <Badge key={k.kind} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
              {t(`updateDiff.kinds.${knownResourceKind(k.kind)}`)}
              {k.added ? <Text span c="teal" fz="xs" fw={700} ml={6}>+{k.added}</Text> : null}
              {k.removed ? <Text span c="red" fz="xs" fw={700} ml={6}>−{k.removed}</Text> : null}
              {k.changed ? <Text span c="orange" fz="xs" fw={700} ml={6}>~{k.changed}</Text> : null}
            </Badge>
          ))}
        </Group>
      ) : null}
      {pkg.objects ? <IdChanges diff={pkg.objects} title={t('updateDiff.package.objects')} label={t('updateDiff.package.objectsOf', { name: filename })} /> : null}
      {pkg.cas_parts ? <IdChanges diff={pkg.cas_parts} title={t('updateDiff.package.casParts')} label={t('updateDiff.package.casPartsOf', { name: filename })} /> : null}
      {r && !nothing ? <ResourceTable resources={r} filename={filename} /> : null}
    </Stack>
  );
}

/** Objects or CAS parts added and removed: thumbnail, English name and id, added first. */
function IdChanges({ diff, title, label }: { diff: IdDiff; title: string; label: string }) {
  const { t } = useTranslation();
  if (diff.added + diff.removed === 0) return null;
  const rows = [...diff.listed_added.map((o) => ({ ...o, change: 'added' as const })), ...diff.listed_removed.map((o) => ({ ...o, change: 'removed' as const }))];
  const hidden = diff.added + diff.removed - rows.length;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {diff.added > 0 ? <Text size="sm" c="teal" fw={500}>{t('updateDiff.package.added', { count: diff.added })}</Text> : null}
        {diff.removed > 0 ? <Text size="sm" c="red" fw={500}>{t('updateDiff.package.removed', { count: diff.removed })}</Text> : null}
      </Group>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
        {rows.map((o) => (
          <Group key={`${o.change}:${o.id}`} component="li" gap="xs" wrap="nowrap" py={2}>
            <ChangeMark change={o.change} label={t(`updateDiff.changes.${o.change}`)} />
            {o.thumbnail_url ? (
              <Image src={o.thumbnail_url} alt="" w={28} h={28} fit="contain" radius="xs" bg="var(--corner-surface-image)" />
            ) : (
              <Box w={28} h={28} bg="var(--corner-surface-muted)" style={{ borderRadius: 4, flexShrink: 0 }} />
            )}
            <Text size="sm" truncate c={o.name ? undefined : 'dimmed'} td={o.change === 'removed' ? 'line-through' : undefined}>
              {o.name ?? t('updateDiff.package.noName')}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" ml="auto">
              {o.id}
            </Text>
          </Group>
        ))}
      </Stack>
      {hidden > 0 ? (
        <Text size="xs" c="dimmed">
          {t('updateDiff.package.more', { count: hidden })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Every listed resource by key, opened on demand: a package may change thousands. */
function ResourceTable({ resources, filename }: { resources: NonNullable<PackageDiff['resources']>; filename: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { rows, hidden } = resourceRows(resources);
  return (
    <Stack gap={4}>
      <Button variant="subtle" size="compact-sm" w="fit-content" px={4} onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
        {isOpen ? t('updateDiff.package.hideResources') : t('updateDiff.package.showResources', { count: resources.added + resources.removed + resources.changed })}
      </Button>
      {isOpen ? (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder verticalSpacing={3} horizontalSpacing={8} fz="sm" aria-label={t('updateDiff.package.resourcesOf', { name: filename })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={30} />
                  <Table.Th>{t('updateDiff.columns.kind')}</Table.Th>
                  <Table.Th>{t('updateDiff.columns.key')}</Table.Th>
                  <Table.Th>{t('updateDiff.columns.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.change}:${row.key}`}>
                    <Table.Td>
                      <ChangeMark change={row.change} label={t(`updateDiff.changes.${row.change}`)} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`updateDiff.kinds.${knownResourceKind(row.kind)}`)}</Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {row.key}
                    </Table.Td>
                    <Table.Td c="dimmed" fz="xs" style={{ whiteSpace: 'nowrap' }}>
                      {sizeChange(row.before, row.after)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {hidden > 0 ? (
            <Text size="xs" c="dimmed">
              {t('updateDiff.package.more', { count: hidden })}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
