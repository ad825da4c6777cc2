import { ADMIN_ACCESS, hasPermission } from '@corner/domain';
import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linkCount } from '../../../app/shell/menu';
import { PageFrame } from '../../../ui/page-frame';
import { StatCard } from '../../../ui/stat-card';
import { usePermissions } from '../../member/hooks/use-session';
import { STAFF_MESSAGES_LINK } from '../../message/links';
import { useFetchStaffCounters } from '../hooks/use-fetch-staff-counters';
import { OVERVIEW_LINK, STAFF_QUEUE_LINKS } from '../links';

const CARDS = [...STAFF_QUEUE_LINKS, STAFF_MESSAGES_LINK];

/** /staff: every staff count; a card links to its queue when the member may open it. */
export function StaffOverviewPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const { counters, hasFailed } = useFetchStaffCounters({ isEnabled: hasPermission(permissions, ADMIN_ACCESS) });
  return (
    <PageFrame title={t(`nav.${OVERVIEW_LINK.label}`)} description={t('staffOverview.intro')}>
      <section aria-labelledby="staff-counts">
        <VisuallyHidden component="h2" id="staff-counts">
          {t('staffOverview.countsLabel')}
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md">
          {CARDS.map((link) => {
            const count = hasFailed ? 0 : linkCount(link, counters, 'card');
            const mayOpen = link.permissions === undefined || hasPermission(permissions, link.permissions);
            return (
              <StatCard
                key={link.id}
                label={t(`nav.${link.label}`)}
                value={count === undefined ? '–' : String(count)}
                icon={link.icon}
                to={mayOpen ? link.to : undefined}
                color={link.badgeColor}
              />
            );
          })}
        </SimpleGrid>
      </section>
    </PageFrame>
  );
}
