import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';

/** /messages: the creator's conversations with staff. */
export function MessagesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('messages.title')} description={t('messages.intro')}>
      <EmptyState icon={IconMessages} title={t('messages.empty')} />
    </PageFrame>
  );
}
