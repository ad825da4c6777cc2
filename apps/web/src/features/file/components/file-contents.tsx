import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { StepFile } from './file-list';
import { PackageContentsQuery, TrayContentsQuery } from './file-contents.graphql';

/** While a file waits for the server to read it, it is asked again this often. */
const PENDING_POLL_MS = 3000;
/** Objects listed per package; a merged package may hold hundreds. */
const SHOWN_OBJECTS = 12;

/** The server's answer while the inspection job has not read the content yet. */
const PENDING = 'pending';
const FAILED = 'failed';

/**
 * What the server read from a creation's packages and tray items (issue 14): for each, its game,
 * resources and catalog objects, or the lot, room or household it saves. Shown in step 2 and on
 * the review page, so a creator and a reviewer see at once whether a "lot" holds a lot.
 */
export function FileContents({ files, onRead }: { files: readonly Pick<StepFile, 'id' | 'filename' | 'kind'>[]; onRead?: () => void }) {
  const { t } = useTranslation();
  const read = files.filter((f) => f.kind === 'sims4-package' || f.kind === 'tray-item');
  if (read.length === 0) return <Text c="dimmed" size="sm">{t('fileContents.nothing')}</Text>;
  return (
    <Stack gap="md">
      {read.map((file) =>
        file.kind === 'tray-item' ? (
          <TrayContents key={file.id} fileId={file.id} filename={file.filename} />
        ) : (
          <PackageContents key={file.id} fileId={file.id} filename={file.filename} onRead={onRead} />
        ),
      )}
    </Stack>
  );
}

/**
 * Asks again while the answer is `pending`; `onRead` runs once when a pending answer turns into
 * another (a package read adds its object GUIDs to the creation, which the step then shows).
 */
function usePollWhilePending(status: string | undefined, refetch: () => void, onRead?: () => void) {
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
  const [{ data, error }, refetch] = useQuery({ query: PackageContentsQuery, variables: { fileId }, requestPolicy: 'cache-and-network' });
  const pkg = data?.getPackageData;
  const ask = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  usePollWhilePending(pkg?.status, ask, onRead);
  if (error) return <Section filename={filename}>{t('fileContents.failed')}</Section>;
  if (!pkg || pkg.status !== 'read') return <Section filename={filename}><Status status={pkg?.status} error={pkg?.error} /></Section>;
  return (
    <Section filename={filename}>
      <Group gap="xs">
        <Badge variant="light">{t('fileContents.game', { game: pkg.game })}</Badge>
        <Badge variant="light" color="gray">
          {t('fileContents.resources', { count: pkg.resource_count ?? 0 })}
        </Badge>
        {pkg.counts
          .filter((c) => c.kind !== 'other')
          .map((c) => (
            <Badge key={c.kind} variant="outline" color="gray">
              {t(`fileContents.kinds.${c.kind}`, { defaultValue: c.kind })}: {c.count}
            </Badge>
          ))}
      </Group>
      {pkg.objects.length > 0 ? (
        <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t('fileContents.objectsOf', { name: filename })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fileContents.objectName')}</Table.Th>
              <Table.Th>{t('fileContents.objectGuid')}</Table.Th>
              <Table.Th>{t('fileContents.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pkg.objects.slice(0, SHOWN_OBJECTS).map((o) => (
              <Table.Tr key={o.object_guid}>
                <Table.Td>{o.name ?? t('fileContents.noName')}</Table.Td>
                <Table.Td ff="monospace">{o.object_guid}</Table.Td>
                <Table.Td>{o.price ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {pkg.objects.length > SHOWN_OBJECTS ? (
        <Text size="xs" c="dimmed">
          {t('fileContents.moreObjects', { count: pkg.objects.length - SHOWN_OBJECTS })}
        </Text>
      ) : null}
      {pkg.cas_part_ids.length > 0 ? <Text size="sm">{t('fileContents.casParts', { count: pkg.cas_part_ids.length })}</Text> : null}
      {pkg.warnings.map((w) => (
        <Text key={w} size="xs" c="orange.9">
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
  const ask = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  usePollWhilePending(tray?.status, ask);
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
      {tray.sims.length > 0 ? (
        <Text size="sm">{tray.sims.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}</Text>
      ) : null}
    </Section>
  );
}
