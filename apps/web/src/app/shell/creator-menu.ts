import { CREATOR_MIGRATE_LINK } from '../../features/legacy/links';
import { PREFERENCES_LINK } from '../../features/member/links';
import { CREATOR_MESSAGES_LINK } from '../../features/message/links';
import { CREATOR_QUEUE_LINKS, HOME_LINK, MY_CREATIONS_LINK, UPLOAD_LINK } from '../../features/submission/links';
import { separator, type MenuEntry } from './menu';

/** The creator side menu (SPEC section 2, creator routes), top to bottom. */
export const CREATOR_MENU: readonly MenuEntry[] = [
  HOME_LINK,
  UPLOAD_LINK,
  MY_CREATIONS_LINK,
  separator('creator-queues'),
  ...CREATOR_QUEUE_LINKS,
  separator('creator-account'),
  CREATOR_MESSAGES_LINK,
  PREFERENCES_LINK,
  CREATOR_MIGRATE_LINK,
];
