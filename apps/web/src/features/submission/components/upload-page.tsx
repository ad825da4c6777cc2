import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';

/** /upload: starts a new creation (the "Create new" of the top bar). */
export function UploadPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('upload.title')} description={t('upload.intro')}>
      <EmptyState icon={IconUpload} title={t('upload.emptyTitle')}>
        {t('upload.emptyText')}
      </EmptyState>
    </PageFrame>
  );
}
