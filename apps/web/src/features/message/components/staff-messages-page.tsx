import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { STAFF_MESSAGES_LINK } from '../links';

/** /staff/messages: message management for support staff. */
export function StaffMessagesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${STAFF_MESSAGES_LINK.label}`)} description={t('messages.staffIntro')}>
      <EmptyState icon={IconMessages} title={t('messages.staffEmpty')} />
    </PageFrame>
  );
}
