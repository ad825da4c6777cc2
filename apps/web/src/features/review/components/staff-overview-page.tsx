import { ADMIN_ACCESS, hasPermission } from '@corner/domain';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { CountCards } from '../../queue/components/count-cards';
import { usePermissions } from '../../member/hooks/use-session';
import { STAFF_MESSAGES_LINK } from '../../message/links';
import { useFetchStaffCounters } from '../hooks/use-fetch-staff-counters';
import { OVERVIEW_LINK, STAFF_QUEUE_LINKS } from '../links';
import { QueueHistoryChart } from './queue-history-chart';
import { QueueWaits } from './queue-waits';
import { ReviewFlagCounts } from './review-flag-counts';
import { DemoTour } from '../../member/components/demo-tour';

const CARDS = [...STAFF_QUEUE_LINKS, STAFF_MESSAGES_LINK];

/** /staff: every staff count (a card links to its queue when the member may open it) and the queues over four weeks. */
export function StaffOverviewPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const { counters, hasFailed } = useFetchStaffCounters({ isEnabled: hasPermission(permissions, ADMIN_ACCESS) });
  return (
    <PageFrame title={t(`nav.${OVERVIEW_LINK.label}`)} description={t('staffOverview.intro')}>
      <DemoTour />
      <CountCards
        links={CARDS}
        counters={counters}
        hasFailed={hasFailed}
        label={t('staffOverview.countsLabel')}
        canOpen={(link) => link.permissions === undefined || hasPermission(permissions, link.permissions)}
      />
      <ReviewFlagCounts />
      <QueueWaits />
      <QueueHistoryChart />
    </PageFrame>
  );
}
