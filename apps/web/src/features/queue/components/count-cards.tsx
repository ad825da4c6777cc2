import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { linkCount, type Counters, type PageLink } from '../../../app/shell/menu';
import { StatCard } from '../../../ui/stat-card';
import { useTranslation } from 'react-i18next';

export interface CountCardsProps {
  /** The queues to show, each a menu link with its counter. */
  links: readonly PageLink[];
  counters: Counters | null | undefined;
  /** Read to screen readers as the heading of the cards. */
  label: string;
  /** Whether the member may open a queue; a card without a link is shown as plain text. */
  canOpen?: (link: PageLink) => boolean;
  /** Counting failed: every count reads 0 (SPEC section 8). */
  hasFailed?: boolean;
}

/** Queue counts as cards that lead to their queues (creator home, staff overview). */
export function CountCards({ links, counters, label, canOpen = () => true, hasFailed = false }: CountCardsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden component="h2" id={headingId}>
        {label}
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md">
        {links.map((link) => {
          const count = hasFailed ? 0 : linkCount(link, counters, 'card');
          return (
            <StatCard
              key={link.id}
              label={t(`nav.${link.label}`)}
              value={count === undefined ? '–' : String(count)}
              icon={link.icon}
              to={canOpen(link) ? link.to : undefined}
              color={link.badgeColor}
            />
          );
        })}
      </SimpleGrid>
    </section>
  );
}
