import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { ARCHIVE_LINK } from '../links';

/** /staff/archived: items of the older submission system. */
export function ArchivePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${ARCHIVE_LINK.label}`)} description={t('archive.intro')}>
      <EmptyState icon={ARCHIVE_LINK.icon} title={t('archive.empty')} />
    </PageFrame>
  );
}
