import { pagePermissions } from '@corner/domain';
import { IconCash } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

export const PAYMENTS_LINK: PageLink = {
  kind: 'link',
  id: 'payments',
  label: 'payments',
  to: '/staff/payments',
  icon: IconCash,
  permissions: pagePermissions('payments'),
};
