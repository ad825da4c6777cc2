import { mainSiteItemUrl } from '@corner/domain';
import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSiteConfig } from '../app/site-config';

/** A link to an item's page on the main website (domain `mainSiteItemUrl`), opened in a new tab. */
export function MainSiteItemLink({ id, children, ...anchor }: { id: number; children: ReactNode } & AnchorProps) {
  const { mainSiteUrl } = useSiteConfig();
  return (
    <Anchor href={mainSiteItemUrl(mainSiteUrl, id)} target="_blank" rel="noreferrer noopener" {...anchor}>
      {children}
    </Anchor>
  );
}
