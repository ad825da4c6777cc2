import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { PageSection } from '../../../ui/page-section';
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
      <PageSection id="archive-legacy-items" title={t('archive.legacyTitle')} intro={t('archive.legacyIntro')}>
        <LegacyItemBrowser />
      </PageSection>
      <PageSection id="archive-deleted-files" title={t('archive.deletedFilesTitle')} intro={t('archive.deletedFilesIntro')}>
        <FileBrowser isDeleted copy="deleted" icon={IconTrash} />
      </PageSection>
    </PageFrame>
  );
}
