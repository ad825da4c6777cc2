import type { ParseKeys } from 'i18next';
import { FILE_MANAGEMENT_LINK } from '../../features/file/links';
import { FEATURED_LINK } from '../../features/featured/links';
import { PREFERENCES_LINK } from '../../features/member/links';
import { ARCHIVE_LINK, CREATOR_MIGRATE_LINK, STAFF_MIGRATION_LINK } from '../../features/legacy/links';
import { CREATOR_MESSAGES_LINK, STAFF_MESSAGES_LINK } from '../../features/message/links';
import { PAYMENTS_LINK } from '../../features/payment/links';
import { OVERVIEW_LINK, REPORTED_LINK } from '../../features/review/links';
import { ELASTIC_SEARCH_LINK } from '../../features/search-index/links';
import { MY_CREATIONS_LINK, UPLOAD_LINK } from '../../features/submission/links';
import { CREATOR_QUEUE_PAGES, STAFF_QUEUE_PAGES } from '../queue-pages';
import type { PageLink } from '../shell/menu';

/** A page whose title and description are known before anything is loaded: keys in en.json. */
export interface FirstPaintPage {
  path: string;
  title: ParseKeys;
  /** Left out where the page words it by the member's permissions. */
  description?: ParseKeys;
}

const nav = (link: PageLink) => `nav.${link.label}` as const;

/**
 * The pages the build draws into their own HTML (prerender.tsx): every page of SPEC section 2 whose
 * heading does not depend on the member or on data. The rest get the shell alone. An end-to-end
 * flow (first-paint.spec.ts) checks each against the page the app draws.
 */
export const FIRST_PAINT_PAGES: readonly FirstPaintPage[] = [
  { path: UPLOAD_LINK.to, title: 'upload.title', description: 'upload.intro' },
  { path: MY_CREATIONS_LINK.to, title: 'myCreations.title', description: 'myCreations.intro' },
  ...CREATOR_QUEUE_PAGES.map(([link, copy]) => ({ path: link.to, title: nav(link), description: `creatorQueue.${copy}.intro` as const })),
  { path: CREATOR_MESSAGES_LINK.to, title: 'messages.title', description: 'messages.intro' },
  { path: PREFERENCES_LINK.to, title: 'preferences.title', description: 'preferences.intro' },
  { path: CREATOR_MIGRATE_LINK.to, title: 'migrate.title', description: 'migrate.intro' },
  { path: OVERVIEW_LINK.to, title: nav(OVERVIEW_LINK), description: 'staffOverview.intro' },
  ...STAFF_QUEUE_PAGES.map(([link, copy]) => ({ path: link.to, title: nav(link), description: `staffQueue.${copy}.intro` as const })),
  // The reported page opens on its queue view.
  { path: REPORTED_LINK.to, title: nav(REPORTED_LINK), description: 'staffQueue.reported.intro' },
  { path: FEATURED_LINK.to, title: nav(FEATURED_LINK) },
  { path: FILE_MANAGEMENT_LINK.to, title: nav(FILE_MANAGEMENT_LINK), description: 'fileManagement.intro' },
  { path: STAFF_MESSAGES_LINK.to, title: nav(STAFF_MESSAGES_LINK), description: 'messages.staffIntro' },
  { path: PAYMENTS_LINK.to, title: nav(PAYMENTS_LINK) },
  { path: ELASTIC_SEARCH_LINK.to, title: nav(ELASTIC_SEARCH_LINK), description: 'elasticSearch.intro' },
  { path: STAFF_MIGRATION_LINK.to, title: nav(STAFF_MIGRATION_LINK), description: 'staffMigration.intro' },
  { path: ARCHIVE_LINK.to, title: nav(ARCHIVE_LINK), description: 'archive.intro' },
];
