import { Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { FileBrowser } from '../../file/components/file-browser';
import { ARCHIVE_LINK } from '../links';
import { LegacyItemBrowser } from './legacy-item-browser';

/**
 * /staff/archived: the archive. The older submission system's items (search, then open one to look
 * at or change it), and the deleted files (search, details, restore).
 */
export function ArchivePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${ARCHIVE_LINK.label}`)} description={t('archive.intro')}>
      <Stack gap="sm" component="section" aria-labelledby="archive-legacy-items">
        <Title order={2} fz="xl" id="archive-legacy-items">
          {t('archive.legacyTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('archive.legacyIntro')}
        </Text>
        <LegacyItemBrowser />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="archive-deleted-files">
        <Title order={2} fz="xl" id="archive-deleted-files">
          {t('archive.deletedFilesTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('archive.deletedFilesIntro')}
        </Text>
        <FileBrowser isDeleted copy="deleted" icon={IconTrash} />
      </Stack>
    </PageFrame>
  );
}
