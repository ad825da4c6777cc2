import { FEATURED_LINK } from '../../features/featured/links';
import { FILE_MANAGEMENT_LINK } from '../../features/file/links';
import { ARCHIVE_LINK, STAFF_MIGRATION_LINK } from '../../features/legacy/links';
import { STAFF_MESSAGES_LINK } from '../../features/message/links';
import { PAYMENTS_LINK } from '../../features/payment/links';
import { OVERVIEW_LINK, STAFF_DECIDED_LINKS, STAFF_INTAKE_LINKS, STAFF_PROBLEM_LINKS } from '../../features/review/links';
import { ELASTIC_SEARCH_LINK } from '../../features/search-index/links';
import { separator, type MenuEntry } from './menu';

/** The staff tools, after the queues. */
export const STAFF_TOOL_LINKS = [
  FILE_MANAGEMENT_LINK,
  STAFF_MESSAGES_LINK,
  PAYMENTS_LINK,
  ELASTIC_SEARCH_LINK,
  STAFF_MIGRATION_LINK,
  ARCHIVE_LINK,
] as const;

/** The staff side menu: the table of SPEC section 2 in its order, with separators between groups. */
export const STAFF_MENU: readonly MenuEntry[] = [
  OVERVIEW_LINK,
  separator('staff-intake'),
  ...STAFF_INTAKE_LINKS,
  separator('staff-decided'),
  ...STAFF_DECIDED_LINKS,
  FEATURED_LINK,
  separator('staff-problems'),
  ...STAFF_PROBLEM_LINKS,
  separator('staff-tools'),
  ...STAFF_TOOL_LINKS,
];
