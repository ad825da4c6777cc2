import { pagePermissions } from '@corner/domain';
import { IconMessages } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

/** The creator's conversations; the badge reads "99+" above 99. */
export const CREATOR_MESSAGES_LINK: PageLink = {
  kind: 'link',
  id: 'messages',
  label: 'messages',
  to: '/messages',
  icon: IconMessages,
  badge: 'unreadMessages',
};

export const STAFF_MESSAGES_LINK: PageLink = {
  kind: 'link',
  id: 'staff-messages',
  label: 'messageManagement',
  to: '/staff/messages',
  icon: IconMessages,
  permissions: pagePermissions('messages'),
  badge: 'unreadMessages',
};
