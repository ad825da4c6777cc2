import { pagePermissions } from '@corner/domain';
import { IconStar } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

/** The featured lists page: content managers (submissions:page-featured:view|edit). */
export const FEATURED_LINK: PageLink = {
  kind: 'link',
  id: 'featured',
  label: 'featured',
  to: '/staff/featured',
  icon: IconStar,
  permissions: pagePermissions('featured'),
};
