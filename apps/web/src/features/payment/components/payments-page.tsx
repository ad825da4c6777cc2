import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { PAYMENTS_LINK } from '../links';

/** /staff/payments: payment lists for creators. */
export function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${PAYMENTS_LINK.label}`)} description={t('payments.intro')}>
      <EmptyState icon={PAYMENTS_LINK.icon} title={t('payments.empty')} />
    </PageFrame>
  );
}
