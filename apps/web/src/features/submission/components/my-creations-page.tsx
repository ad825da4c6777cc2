import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { CreationsList } from './creations-list';

/** /my-creations: every creation of the signed-in creator, whatever its queue. */
export function MyCreationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('myCreations.title')} description={t('myCreations.intro')}>
      <CreationsList
        queue="all"
        title={t('myCreations.title')}
        icon={IconFolders}
        emptyTitle={t('myCreations.emptyTitle')}
        emptyText={t('myCreations.emptyText')}
      />
    </PageFrame>
  );
}
