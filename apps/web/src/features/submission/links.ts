import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFlask,
  IconFolders,
  IconHome,
  IconHourglass,
  IconPencil,
  IconUpload,
  IconWorld,
} from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

export const HOME_LINK: PageLink = { kind: 'link', id: 'home', label: 'home', to: '/', icon: IconHome, end: true };
export const UPLOAD_LINK: PageLink = { kind: 'link', id: 'upload', label: 'upload', to: '/upload', icon: IconUpload };
export const MY_CREATIONS_LINK: PageLink = {
  kind: 'link',
  id: 'my-creations',
  label: 'myCreations',
  to: '/my-creations',
  icon: IconFolders,
};

/** The creator's queues, in menu order, each with the counter of its badge (SPEC section 2). */
export const EDIT_QUEUE_LINK: PageLink = {
  kind: 'link',
  id: 'edit-queue',
  label: 'editQueue',
  to: '/edit-queue',
  icon: IconPencil,
  badge: 'created',
};
export const AWAITING_APPROVAL_LINK: PageLink = {
  kind: 'link',
  id: 'awaiting-approval',
  label: 'awaitingApproval',
  to: '/awaiting-approval',
  icon: IconHourglass,
  badge: 'waiting',
};
export const APPROVED_LINK: PageLink = {
  kind: 'link',
  id: 'approved',
  label: 'approved',
  to: '/approved',
  icon: IconCircleCheck,
  badge: 'approved',
};
/** No badge in the menu, but the home card shows the count. */
export const TESTING_LINK: PageLink = {
  kind: 'link',
  id: 'testing',
  label: 'testing',
  to: '/testing',
  icon: IconFlask,
  counter: 'testing',
};
export const PUBLISHED_LINK: PageLink = {
  kind: 'link',
  id: 'published',
  label: 'published',
  to: '/published',
  icon: IconWorld,
  badge: 'published',
};
export const NEEDS_ATTENTION_LINK: PageLink = {
  kind: 'link',
  id: 'needs-attention',
  label: 'needsAttention',
  to: '/needs-attention',
  icon: IconAlertTriangle,
  badge: 'needsAttention',
  badgeColor: 'red',
};

export const CREATOR_QUEUE_LINKS: readonly PageLink[] = [
  EDIT_QUEUE_LINK,
  AWAITING_APPROVAL_LINK,
  APPROVED_LINK,
  TESTING_LINK,
  PUBLISHED_LINK,
  NEEDS_ATTENTION_LINK,
];
