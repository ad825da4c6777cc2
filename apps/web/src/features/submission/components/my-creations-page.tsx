import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';

/** /my-creations: every creation of the signed-in creator. */
export function MyCreationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('myCreations.title')} description={t('myCreations.intro')}>
      <EmptyState icon={IconFolders} title={t('myCreations.emptyTitle')}>
        {t('myCreations.emptyText')}
      </EmptyState>
    </PageFrame>
  );
}
