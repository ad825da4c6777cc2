import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { STAFF_MIGRATION_LINK } from '../links';

/** /staff/migrate: migration and sync with the older submission system. */
export function StaffMigrationPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${STAFF_MIGRATION_LINK.label}`)} description={t('staffMigration.intro')}>
      <EmptyState icon={STAFF_MIGRATION_LINK.icon} title={t('staffMigration.empty')} />
    </PageFrame>
  );
}
