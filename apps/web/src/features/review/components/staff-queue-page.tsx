import { useTranslation } from 'react-i18next';
import type { PageLink } from '../../../app/shell/menu';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';

/** The copy of each staff queue, under "staffQueue" in en.json. */
export type StaffQueueCopy =
  | 'notSubmitted'
  | 'awaitingApproval'
  | 'testingQueue'
  | 'updatesTestingQueue'
  | 'approved'
  | 'published'
  | 'deleted'
  | 'testingFailed'
  | 'updatesTestingFailed'
  | 'rejected'
  | 'reported'
  | 'updated';

export interface StaffQueuePageProps {
  link: PageLink;
  copy: StaffQueueCopy;
}

/** One of the staff queues: its title, what it holds, and its list. */
export function StaffQueuePage({ link, copy }: StaffQueuePageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${link.label}`)} description={t(`staffQueue.${copy}.intro`)}>
      <EmptyState icon={link.icon} title={t(`staffQueue.${copy}.empty`)} />
    </PageFrame>
  );
}
