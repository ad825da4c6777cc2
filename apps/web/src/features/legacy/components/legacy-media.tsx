import { formatBytes } from '@corner/domain';
import { Anchor, AspectRatio, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../ui/date-text';
import { Lightbox } from '../../../ui/lightbox';
import { SafeImage } from '../../../ui/safe-image';
import type { ArchivedItem } from './archived-item-page';

/**
 * A legacy item's pictures, from folder ID/1000 of the old system's files: a missing file shows the
 * server's fallback picture. A click opens the lightbox.
 */
export function LegacyPictures({ item }: { item: ArchivedItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const pictures = item.images.filter((image) => image.url !== null);
  if (pictures.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('archive.item.noPictures')}
      </Text>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {pictures.map((image, index) => (
          <UnstyledButton key={image.id} onClick={() => setOpen(index)} aria-label={t('archive.item.openPicture', { name: image.filename })}>
            <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
              <AspectRatio ratio={4 / 3}>
                <SafeImage src={image.url!} alt={image.filename} compact />
              </AspectRatio>
            </Paper>
            <Text size="xs" c="dimmed" mt={4} truncate>
              {image.filename}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Lightbox
        index={open}
        items={pictures.map((image) => ({ key: image.id, src: image.url!, alt: image.filename, caption: image.filename }))}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        title={t('archive.item.picturesOf', { title: item.title })}
      />
    </>
  );
}

/** A legacy item's downloads: name, size, version and date, each a download link. */
export function LegacyFiles({ item }: { item: ArchivedItem }) {
  const { t } = useTranslation();
  if (item.files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('archive.item.noFiles')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('archive.item.filesLabel')}>
      {item.files.map((file) => (
        <Paper key={file.id} component="li" withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" color="gray" radius="md" aria-hidden>
                <IconFile size={16} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {file.filename}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.filesize)} · {t('archive.item.version', { version: file.version })} · <DateText value={file.created_at} />
                </Text>
              </div>
            </Group>
            {file.url ? (
              <Anchor href={file.url} download={file.filename} aria-label={t('archive.item.download', { name: file.filename })}>
                <IconDownload size={18} aria-hidden />
              </Anchor>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
