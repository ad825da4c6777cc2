import { Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { FileBrowser } from '../../file/components/file-browser';
import { ARCHIVE_LINK } from '../links';

/**
 * /staff/archived: the archive. For now it holds the deleted files (search, details, restore);
 * the older submission system's items join it once they are brought over (DESIGN section 8).
 */
export function ArchivePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${ARCHIVE_LINK.label}`)} description={t('archive.intro')}>
      <Stack gap="sm" component="section" aria-labelledby="archive-deleted-files">
        <Title order={2} fz="xl" id="archive-deleted-files">
          {t('archive.deletedFilesTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('archive.deletedFilesIntro')}
        </Text>
        <FileBrowser isDeleted copy="deleted" icon={IconTrash} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="archive-legacy-items">
        <Title order={2} fz="xl" id="archive-legacy-items">
          {t('archive.legacyTitle')}
        </Title>
        <EmptyState icon={IconArchive} title={t('archive.legacyLaterTitle')}>
          {t('archive.legacyLaterText')}
        </EmptyState>
      </Stack>
    </PageFrame>
  );
}
