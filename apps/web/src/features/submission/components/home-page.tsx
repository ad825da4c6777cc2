import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linkCount } from '../../../app/shell/menu';
import { PageFrame } from '../../../ui/page-frame';
import { StatCard } from '../../../ui/stat-card';
import { useMember } from '../../member/hooks/use-session';
import { CREATOR_MESSAGES_LINK } from '../../message/links';
import { useFetchMyCounters } from '../hooks/use-fetch-my-counters';
import { CREATOR_QUEUE_LINKS } from '../links';

const CARDS = [...CREATOR_QUEUE_LINKS, CREATOR_MESSAGES_LINK];

/** / : the creator's welcome, with their counts as cards leading to the queues. */
export function HomePage() {
  const { t } = useTranslation();
  const member = useMember();
  const { counters } = useFetchMyCounters();
  return (
    <PageFrame title={t('home.welcome', { name: member?.UserName ?? '' })} description={t('home.intro')}>
      <section aria-labelledby="creator-counts">
        <VisuallyHidden component="h2" id="creator-counts">
          {t('home.countsLabel')}
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md">
          {CARDS.map((link) => {
            const count = linkCount(link, counters, 'card');
            return (
              <StatCard
                key={link.id}
                label={t(`nav.${link.label}`)}
                value={count === undefined ? '–' : String(count)}
                icon={link.icon}
                to={link.to}
                color={link.badgeColor}
              />
            );
          })}
        </SimpleGrid>
      </section>
    </PageFrame>
  );
}
