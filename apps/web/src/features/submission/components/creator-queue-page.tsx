import { isQueueId, type QueueId } from '@corner/domain';
import { useTranslation } from 'react-i18next';
import type { PageLink } from '../../../app/shell/menu';
import { PageFrame } from '../../../ui/page-frame';
import { CreationsList } from './creations-list';

/** The copy of each creator queue, under "creatorQueue" in en.json. */
export type CreatorQueueCopy = 'editQueue' | 'awaitingApproval' | 'approved' | 'testing' | 'published' | 'needsAttention';

/**
 * The queue a page lists: the counter of its sidebar badge (or home card), so that the list and the
 * badge always count the same creations.
 */
export function queueOfLink(link: PageLink): QueueId {
  const counter = link.badge ?? link.counter;
  return counter !== undefined && isQueueId(counter) ? counter : 'all';
}

export interface CreatorQueuePageProps {
  link: PageLink;
  copy: CreatorQueueCopy;
}

/** One of the creator's queues: its title, what it holds, and its list. */
export function CreatorQueuePage({ link, copy }: CreatorQueuePageProps) {
  const { t } = useTranslation();
  const title = t(`nav.${link.label}`);
  return (
    <PageFrame title={title} description={t(`creatorQueue.${copy}.intro`)}>
      <CreationsList
        key={copy}
        queue={queueOfLink(link)}
        title={title}
        icon={link.icon}
        emptyTitle={t(`creatorQueue.${copy}.empty`)}
      />
    </PageFrame>
  );
}
