import { Alert, Badge, Button, Group, Image, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlus } from '@tabler/icons-react';
import { readFragment, type ResultOf } from 'gql.tada';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import type { StepFile } from './file-list';
import {
  BlueprintItemsQuery,
  HouseholdContentsQuery,
  PackageContentsQuery,
  ReadPackageNowMutation,
  ScriptContentsQuery,
  RoomItemsQuery,
  TrayContentsQuery,
  TrayPictureQuery,
  UsedContentFragment,
} from './file-contents.graphql';

/** While a file waits for the server to read it, it is asked again this often. */
const PENDING_POLL_MS = 3000;
/** Objects listed per package; a merged package may hold hundreds. */
const SHOWN_OBJECTS = 12;
/** Ids listed of what a household uses that the site does not define. */
const SHOWN_UNMATCHED = 20;
/** Tray pictures shown; a lot has one per floor and view. */
const SHOWN_PICTURES = 8;

/** The server's answer while the inspection job has not read the content yet. */
const PENDING = 'pending';
const FAILED = 'failed';

/**
 * The creation's required downloads, beside what its lot, room or household uses: each used
 * creation shows whether it is listed (the reviewers' checklist asks). With `onAdd` (step 2), one
 * click adds one that is not.
 */
export interface RequiredItemAdding {
  items: readonly { type: string; download: string }[];
  onAdd?(creation: { id: number; name: string }): Promise<boolean>;
}

type ReadFile = Pick<StepFile, 'id' | 'filename' | 'kind'>;

/** The kinds of file the server reads. */
const READ_KINDS: ReadonlySet<string> = new Set(['sims4-package', 'ts4script', 'tray-item', 'tray-image', 'blueprint', 'room', 'household-binary']);

/** Whether any of `files` is one the server reads (step 2 then shows what it read). */
export function hasReadableFiles(files: readonly Pick<StepFile, 'kind'>[]): boolean {
  return files.some((f) => f.kind !== null && READ_KINDS.has(f.kind));
}

/**
 * What the server read from a creation's game files (issue 14): each package's game, resources and
 * catalog objects; the lot, room or household a tray item saves, with its pictures; and the custom
 * content a lot, room or household uses, matched to creations on the site (with `required`, each
 * added as a required item in one click). Shown in step 2 and on the review page, so a creator and
 * a reviewer see at once whether a "lot" holds a lot.
 */
export function FileContents({ files, onRead, required }: { files: readonly ReadFile[]; onRead?: () => void; required?: RequiredItemAdding }) {
  const { t } = useTranslation();
  if (!hasReadableFiles(files)) return <Text c="dimmed" size="sm">{t('fileContents.nothing')}</Text>;
  const pictures = files.filter((f) => f.kind === 'tray-image').slice(0, SHOWN_PICTURES);
  const ofKind = (...kinds: string[]) => files.filter((f) => f.kind !== null && kinds.includes(f.kind));
  // What was saved (tray items), how it looks, what it uses, then the packages.
  return (
    <Stack gap="md">
      {ofKind('tray-item').map((file) => (
        <TrayContents key={file.id} fileId={file.id} filename={file.filename} />
      ))}
      {pictures.length > 0 ? (
        <Stack gap={6} component="section" aria-label={t('fileContents.pictures')}>
          <Text fw={600} size="sm">
            {t('fileContents.pictures')}
          </Text>
          <Group gap="sm" align="flex-start">
            {pictures.map((file) => (
              <TrayPicture key={file.id} fileId={file.id} filename={file.filename} />
            ))}
          </Group>
        </Stack>
      ) : null}
      {ofKind('blueprint', 'room', 'household-binary').map((file) =>
        file.kind === 'household-binary' ? (
          <HouseholdContents key={file.id} fileId={file.id} filename={file.filename} required={required} />
        ) : file.kind === 'room' ? (
          <RoomContents key={file.id} file={file} required={required} />
        ) : (
          <BlueprintContents key={file.id} file={file} required={required} />
        ),
      )}
      {ofKind('sims4-package').map((file) => (
        <PackageContents key={file.id} fileId={file.id} filename={file.filename} onRead={onRead} />
      ))}
      {ofKind('ts4script').map((file) => (
        <ScriptContents key={file.id} fileId={file.id} filename={file.filename} />
      ))}
    </Stack>
  );
}

/**
 * Asks the network again every PENDING_POLL_MS while the answer is `pending`; `onRead` runs once
 * when a pending answer turns into another (a package read adds its object GUIDs to the creation,
 * which the step then shows). Returns the asking, for one more ask at another moment.
 */
function usePollWhilePending(status: string | undefined, reexecute: (options: { requestPolicy: 'network-only' }) => void, onRead?: () => void): () => void {
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const wasPending = useRef(false);
  useEffect(() => {
    if (status === PENDING) wasPending.current = true;
    else if (status !== undefined && wasPending.current) {
      wasPending.current = false;
      onRead?.();
    }
    if (status !== PENDING) return undefined;
    const timer = setInterval(refetch, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [status, refetch, onRead]);
  return refetch;
}

function Section({ filename, children }: { filename: string; children: React.ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={filename}>
      <Text fw={600} size="sm">
        {filename}
      </Text>
      {children}
    </Stack>
  );
}

function Status({ status, error }: { status: string | undefined; error: { message: string } | null | undefined }) {
  const { t } = useTranslation();
  if (status === PENDING || status === undefined) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('fileContents.pending')}
        </Text>
      </Group>
    );
  }
  if (status === FAILED) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
        {error?.message || t('fileContents.failed')}
      </Alert>
    );
  }
  return null;
}

function PackageContents({ fileId, filename, onRead }: { fileId: number; filename: string; onRead?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const client = useClient();
  const [{ data, error }, refetch] = useQuery({ query: PackageContentsQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const pkg = data?.getPackageData;
  const ask = usePollWhilePending(pkg?.status, refetch, onRead);
  // Not read yet: ask the server to read it now, once; polling covers the rest.
  const hasAskedNow = useRef(false);
  useEffect(() => {
    if (pkg?.status !== PENDING || hasAskedNow.current) return;
    hasAskedNow.current = true;
    void client.mutation(ReadPackageNowMutation, { fileId }).toPromise().then(ask);
  }, [pkg?.status, client, fileId, ask]);
  if (error) return <Section filename={filename}>{t('fileContents.failed')}</Section>;
  if (!pkg || pkg.status !== 'read') return <Section filename={filename}><Status status={pkg?.status} error={pkg?.error} /></Section>;
  return (
    <Section filename={filename}>
      <Group gap="xs">
        <Badge variant="light">{t('fileContents.game', { game: pkg.game })}</Badge>
        <Badge variant="light" color="gray">
          {t('fileContents.resources', { count: pkg.resource_count ?? 0 })}
        </Badge>
        {pkg.is_merged ? (
          <Badge variant="light" color="orange">
            {t('fileContents.merged')}
          </Badge>
        ) : null}
        {pkg.counts
          .filter((c) => c.kind !== 'other')
          .map((c) => (
            <Badge key={c.kind} variant="outline" color="gray">
              {t(`fileContents.kinds.${c.kind}`, { defaultValue: c.kind })}: {c.count}
            </Badge>
          ))}
      </Group>
      {pkg.objects.length > 0 ? (
        // On a phone each object's GUID goes under its name, so that the price keeps its column.
        <Table.ScrollContainer minWidth={280}>
        <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={t('fileContents.objectsOf', { name: filename })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fileContents.objectName')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('fileContents.objectGuid')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('fileContents.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pkg.objects.slice(0, SHOWN_OBJECTS).map((o) => (
              <Table.Tr key={o.object_guid}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {o.thumbnail_url ? <Image src={o.thumbnail_url} alt="" w={32} h={32} fit="contain" radius="xs" bg="var(--corner-surface-image)" /> : null}
                    <div>
                      {o.name ?? t('fileContents.noName')}
                      <Text ff="monospace" size="xs" c="dimmed" hiddenFrom="sm">{`0x${o.object_guid}`}</Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td ff="monospace" visibleFrom="sm">{`0x${o.object_guid}`}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.price ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
      ) : null}
      {pkg.objects.length > SHOWN_OBJECTS ? (
        <Text size="xs" c="dimmed">
          {t('fileContents.moreObjects', { count: pkg.objects.length - SHOWN_OBJECTS })}
        </Text>
      ) : null}
      {pkg.cas_part_ids.length > 0 ? (
        <Text size="sm">
          {t('fileContents.casParts', { count: pkg.cas_part_ids.length })}
          {pkg.cas_parts.some((p) => p.title ?? p.name) ? (
            <Text span size="sm" c="dimmed">
              {' · '}
              {pkg.cas_parts
                .flatMap((p) => {
                  const label = p.title ?? p.name;
                  return label ? [label] : [];
                })
                .slice(0, SHOWN_OBJECTS)
                .join(', ')}
              {pkg.cas_parts.length > SHOWN_OBJECTS ? ' …' : ''}
            </Text>
          ) : null}
        </Text>
      ) : null}
      {pkg.warnings.map((w) => (
        <Text key={w} size="xs" c="orange">
          {w}
        </Text>
      ))}
    </Section>
  );
}

function TrayContents({ fileId, filename }: { fileId: number; filename: string }) {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: TrayContentsQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const tray = data?.getTrayMetaData;
  usePollWhilePending(tray?.status, refetch);
  if (error) return <Section filename={filename}>{t('fileContents.failed')}</Section>;
  if (!tray || tray.status !== 'read') return <Section filename={filename}><Status status={tray?.status} error={tray?.error} /></Section>;
  return (
    <Section filename={filename}>
      <Group gap="xs">
        <Badge variant="light">{t(`fileContents.trayTypes.${tray.type ?? 'unknown'}`, { defaultValue: tray.type ?? '' })}</Badge>
        <Text size="sm" fw={600}>
          {tray.name}
        </Text>
        {tray.creator_name ? (
          <Text size="sm" c="dimmed">
            {t('fileContents.by', { name: tray.creator_name })}
          </Text>
        ) : null}
      </Group>
      {tray.description ? <Text size="sm">{tray.description}</Text> : null}
      {tray.lot ? (
        <Text size="sm">
          {[
            t('fileContents.lot', { width: tray.lot.size_x ?? '?', depth: tray.lot.size_z ?? '?', price: (tray.lot.price ?? 0).toLocaleString('en-US') }),
            t('fileContents.bedrooms', { count: tray.lot.bedrooms ?? 0 }),
            t('fileContents.bathrooms', { count: tray.lot.bathrooms ?? 0 }),
          ].join(' · ')}
        </Text>
      ) : null}
      {tray.room ? (
        <Text size="sm">
          {t('fileContents.room', {
            width: tray.room.size_x ?? '?',
            depth: tray.room.size_z ?? '?',
            height: tray.room.height ?? '?',
            price: (tray.room.price ?? 0).toLocaleString('en-US'),
          })}
        </Text>
      ) : null}
      {tray.sims.length > 0 ? (
        <Text size="sm">{tray.sims.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}</Text>
      ) : null}
    </Section>
  );
}

/** A script mod: its Python modules, and whether reviewers can read its source. */
function ScriptContents({ fileId, filename }: { fileId: number; filename: string }) {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: ScriptContentsQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const script = data?.getScriptData;
  usePollWhilePending(script?.status, refetch);
  if (error) return <Section filename={filename}>{t('fileContents.failed')}</Section>;
  if (!script || script.status !== 'read') return <Section filename={filename}><Status status={script?.status} error={script?.error} /></Section>;
  return (
    <Section filename={filename}>
      <Group gap="xs">
        <Badge variant="light">{t('fileContents.script')}</Badge>
        <Badge variant="light" color="gray">
          {t('fileContents.modules', { count: script.modules.length })}
        </Badge>
        {script.has_source ? (
          <Badge variant="outline" color="gray">
            {t('fileContents.withSource')}
          </Badge>
        ) : null}
      </Group>
      {script.modules.length > 0 ? (
        <Text size="sm" ff="monospace">
          {script.modules.slice(0, SHOWN_OBJECTS).join(', ')}
          {script.modules.length > SHOWN_OBJECTS ? ' …' : ''}
        </Text>
      ) : null}
    </Section>
  );
}

/** A tray picture (.bpi, .hhi, .sgi, .rmi), decoded by the server. */
function TrayPicture({ fileId, filename }: { fileId: number; filename: string }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({ query: TrayPictureQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const picture = data?.getEncryptedImage;
  usePollWhilePending(picture?.status, refetch);
  if (!picture || picture.status !== 'read' || !picture.url) {
    return (
      <Stack gap={4} w={160}>
        <Text size="xs" c="dimmed" truncate>
          {filename}
        </Text>
        <Status status={picture?.status} error={picture?.error} />
      </Stack>
    );
  }
  return (
    <Stack gap={4} w={160}>
      <Image src={picture.url} alt={t('fileContents.pictureOf', { name: filename })} h={120} w={160} fit="contain" radius="sm" bg="var(--corner-surface-image)" />
      <Text size="xs" c="dimmed" truncate>
        {filename}
      </Text>
    </Stack>
  );
}

/** What a .blueprint uses: found by the server's scan for the ids the site knows. */
function BlueprintContents({ file, required }: { file: ReadFile; required: RequiredItemAdding | undefined }) {
  const [{ data, error }, refetch] = useQuery({ query: BlueprintItemsQuery, variables: { fileId: file.id }, requestPolicy: 'cache-and-network' });
  const used = data ? readFragment(UsedContentFragment, data.getLotItemsFromBlueprint) : undefined;
  return <ScannedContents filename={file.filename} used={used} failed={error !== undefined} refetch={refetch} required={required} />;
}

/** What a .room uses, found the same way. */
function RoomContents({ file, required }: { file: ReadFile; required: RequiredItemAdding | undefined }) {
  const [{ data, error }, refetch] = useQuery({ query: RoomItemsQuery, variables: { fileId: file.id }, requestPolicy: 'cache-and-network' });
  const used = data ? readFragment(UsedContentFragment, data.getLotItemsFromRoom) : undefined;
  return <ScannedContents filename={file.filename} used={used} failed={error !== undefined} refetch={refetch} required={required} />;
}

function ScannedContents(props: {
  filename: string;
  used: UsedContent | undefined;
  failed: boolean;
  refetch: (options: { requestPolicy: 'network-only' }) => void;
  required: RequiredItemAdding | undefined;
}) {
  usePollWhilePending(props.used?.status, props.refetch);
  return (
    <Section filename={props.filename}>
      <UsedContentList used={props.used} failed={props.failed} required={props.required} />
    </Section>
  );
}

/** A household: its family and sims, and the custom content they wear and keep. */
function HouseholdContents({ fileId, filename, required }: { fileId: number; filename: string; required: RequiredItemAdding | undefined }) {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: HouseholdContentsQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const household = data?.getHHBinaryData;
  const used = data ? readFragment(UsedContentFragment, data.getItemsFromHouseholdBinary) : undefined;
  usePollWhilePending(household?.status, refetch);
  return (
    <Section filename={filename}>
      {household?.status === 'read' ? (
        <>
          <Group gap="xs">
            <Badge variant="light">{t('fileContents.trayTypes.household')}</Badge>
            <Text size="sm" fw={600}>
              {t('fileContents.household', { name: household.family_name || '?', money: (household.money ?? 0).toLocaleString('en-US') })}
            </Text>
          </Group>
          {household.sims.length > 0 ? (
            <Text size="sm">{household.sims.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}</Text>
          ) : null}
        </>
      ) : null}
      <UsedContentList used={used} failed={error !== undefined} required={required} />
    </Section>
  );
}

type UsedContent = ResultOf<typeof UsedContentFragment>;

function UsedContentList({ used, failed, required }: { used: UsedContent | undefined; failed: boolean; required: RequiredItemAdding | undefined }) {
  const { t } = useTranslation();
  if (failed) return <Text size="sm">{t('fileContents.failed')}</Text>;
  if (!used || used.status !== 'read') return <Status status={used?.status} error={used?.error} />;
  const creations = [...new Map(used.found.map((f) => [f.submission.id, f])).values()];
  const isRequired = (id: number) => required?.items.some((r) => r.type === 'id' && r.download === String(id)) ?? false;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('fileContents.used')}
      </Text>
      {used.found.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('fileContents.usedNone')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fileContents.usedCreation')}</Table.Th>
              <Table.Th>{t('fileContents.usedId')}</Table.Th>
              <Table.Th>{t('fileContents.usedKind')}</Table.Th>
              {required ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {creations.map((item) => (
              <Table.Tr key={`${item.kind}:${item.id}:${item.submission.id}`}>
                <Table.Td>
                  {item.submission.name} <Text span c="dimmed" size="xs">#{item.submission.id}</Text>
                </Table.Td>
                <Table.Td ff="monospace">{item.id}</Table.Td>
                <Table.Td>{t(`fileContents.usedKinds.${item.kind === 'cas_part' ? 'cas_part' : 'object'}`)}</Table.Td>
                {required ? (
                  <Table.Td>
                    {isRequired(item.submission.id) ? (
                      <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                        {t('fileContents.isRequired')}
                      </Badge>
                    ) : required.onAdd ? (
                      <AddRequiredButton creation={item.submission} onAdd={required.onAdd} />
                    ) : (
                      <Badge color="orange" variant="light">
                        {t('fileContents.notRequired')}
                      </Badge>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {used.not_found.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('fileContents.notFound', { count: used.not_found.length })}
          </Text>
          <Text size="xs" ff="monospace" c="dimmed">
            {used.not_found
              .slice(0, SHOWN_UNMATCHED)
              .map((u) => u.id)
              .join(' ')}
            {used.not_found.length > SHOWN_UNMATCHED ? ' …' : ''}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

function AddRequiredButton({ creation, onAdd }: { creation: { id: number; name: string }; onAdd: NonNullable<RequiredItemAdding['onAdd']> }) {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconPlus size={14} aria-hidden />}
      loading={isAdding}
      aria-label={t('fileContents.addRequiredLabel', { name: creation.name })}
      onClick={async () => {
        setIsAdding(true);
        try {
          await onAdd(creation);
        } finally {
          setIsAdding(false);
        }
      }}
    >
      {t('fileContents.addRequired')}
    </Button>
  );
}
