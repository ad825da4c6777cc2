import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { CREATOR_MIGRATE_LINK } from '../links';

/** /migrate: a creator brings creations over from the older submission system. */
export function MigratePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('migrate.title')} description={t('migrate.intro')}>
      <EmptyState icon={CREATOR_MIGRATE_LINK.icon} title={t('migrate.empty')} />
    </PageFrame>
  );
}
