import { useTranslation } from 'react-i18next';
import type { PageLink } from '../../../app/shell/menu';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';

/** The copy of each creator queue, under "creatorQueue" in en.json. */
export type CreatorQueueCopy = 'editQueue' | 'awaitingApproval' | 'approved' | 'testing' | 'published' | 'needsAttention';

export interface CreatorQueuePageProps {
  link: PageLink;
  copy: CreatorQueueCopy;
}

/** One of the creator's queues: its title, what it holds, and its list. */
export function CreatorQueuePage({ link, copy }: CreatorQueuePageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${link.label}`)} description={t(`creatorQueue.${copy}.intro`)}>
      <EmptyState icon={link.icon} title={t(`creatorQueue.${copy}.empty`)} />
    </PageFrame>
  );
}
