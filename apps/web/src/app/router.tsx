// First: every page's code loads through this module, and some pages make zod schemas.
import './no-eval';
import type { QueueId } from '@corner/domain';
import { lazy, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { FEATURED_LINK } from '../features/featured/links';
import { FILE_MANAGEMENT_LINK } from '../features/file/links';
import { ARCHIVE_LINK, CREATOR_MIGRATE_LINK, STAFF_MIGRATION_LINK } from '../features/legacy/links';
import { STAFF_MESSAGES_LINK } from '../features/message/links';
import { PAYMENTS_LINK } from '../features/payment/links';
import type { StaffQueueCopy } from '../features/review/components/staff-queue-page';
import { OVERVIEW_PERMISSIONS, REPORTED_LINK } from '../features/review/links';
import { ELASTIC_SEARCH_LINK } from '../features/search-index/links';
import type { CreatorQueueCopy } from '../features/submission/components/creator-queue-page';
import { EDIT_STEPS } from '../features/submission/urls';
import { loadAllText } from './i18n/i18n';
import { CREATOR_QUEUE_PAGES, STAFF_QUEUE_PAGES } from './queue-pages';
import { RequireSession } from './session/require-session';
import type { PageLink } from './shell/menu';

/** A route path relative to its parent, from a link's absolute path ("/staff/x" under "/staff" is "x"). */
function relative(link: PageLink, parent: string): string {
  return link.to.slice(parent.length).replace(/^\//, '');
}

/** What a page loaded on demand keeps in its route's `handle`. */
interface PageHandle {
  /** Starts loading the page's code (once); `preloadPage` calls it. */
  preload(): Promise<unknown>;
}

/**
 * A page whose code, and the app's full text, load when it is first opened. On the first page of a
 * visit the app layout's spinner stands in for it; afterwards the router navigates in a transition,
 * so the current page stays on screen until the next one is ready.
 */
function lazyPage(load: () => Promise<ReactNode>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ReactNode> | undefined;
  const preload = () => (loading ??= Promise.all([load(), loadAllText()]).then(([element]) => element));
  const Page = lazy(async () => {
    const element = await preload();
    return { default: () => element };
  });
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

/** A page opened only with one of `permissions`. */
function guardedPage(permissions: readonly string[] | undefined, load: () => Promise<ReactNode>): ReturnType<typeof lazyPage> {
  return lazyPage(async () => {
    const [{ RequirePermission }, page] = await Promise.all([import('../features/member/components/require-permission'), load()]);
    return <RequirePermission anyOf={permissions}>{page}</RequirePermission>;
  });
}

/** A staff page, opened only with its page permission (SPEC section 2). */
function staffPage(link: PageLink, load: () => Promise<ReactNode>): RouteObject {
  return { path: relative(link, '/staff'), ...guardedPage(link.permissions, load) };
}

const creatorQueuePage = () => import('../features/submission/components/creator-queue-page');
const staffQueuePage = () => import('../features/review/components/staff-queue-page');

function creatorQueue(link: PageLink, copy: CreatorQueueCopy): RouteObject {
  return {
    path: relative(link, '/'),
    ...lazyPage(async () => {
      const { CreatorQueuePage } = await creatorQueuePage();
      return <CreatorQueuePage link={link} copy={copy} />;
    }),
  };
}

function staffQueue(link: PageLink, copy: StaffQueueCopy, queue: QueueId): RouteObject {
  return staffPage(link, async () => {
    const { StaffQueuePage } = await staffQueuePage();
    return <StaffQueuePage link={link} copy={copy} queue={queue} />;
  });
}

/**
 * Every route of SPEC section 2 but /login, under the app layout (app-routes.tsx). This table and
 * each page load on demand: the first download holds the shell and sign-in only.
 */
export const routes: RouteObject[] = [
  {
    // Everything below needs a confirmed session.
    element: <RequireSession />,
    children: [
      {
        index: true,
        ...lazyPage(async () => {
          const { HomePage } = await import('../features/submission/components/home-page');
          return <HomePage />;
        }),
      },
      {
        path: 'upload',
        ...lazyPage(async () => {
          const { UploadPage } = await import('../features/submission/components/upload-page');
          return <UploadPage />;
        }),
      },
      {
        path: 'my-creations',
        ...lazyPage(async () => {
          const { MyCreationsPage } = await import('../features/submission/components/my-creations-page');
          return <MyCreationsPage />;
        }),
      },
      ...EDIT_STEPS.map((step) => ({
        path: `my-creations/edit/step-${step}/:type/:itemId`,
        ...lazyPage(async () => {
          const { EditStepPage } = await import('../features/submission/components/edit-step-page');
          return <EditStepPage step={step} />;
        }),
      })),
      ...CREATOR_QUEUE_PAGES.map(([link, copy]) => creatorQueue(link, copy)),
      {
        path: 'messages',
        ...lazyPage(async () => {
          const { MessagesPage } = await import('../features/message/components/messages-page');
          return <MessagesPage />;
        }),
      },
      {
        path: 'messages/:conversationId',
        ...lazyPage(async () => {
          const { ConversationPage } = await import('../features/message/components/conversation-page');
          return <ConversationPage />;
        }),
      },
      {
        path: 'preferences',
        ...lazyPage(async () => {
          const { PreferencesPage } = await import('../features/member/components/preferences-page');
          return <PreferencesPage />;
        }),
      },
      {
        path: 'migrate',
        ...guardedPage(CREATOR_MIGRATE_LINK.permissions, async () => {
          const { MigratePage } = await import('../features/legacy/components/migrate-page');
          return <MigratePage />;
        }),
      },
      {
        path: 'staff',
        children: [
          {
            index: true,
            ...guardedPage(OVERVIEW_PERMISSIONS, async () => {
              const { StaffOverviewPage } = await import('../features/review/components/staff-overview-page');
              return <StaffOverviewPage />;
            }),
          },
          ...STAFF_QUEUE_PAGES.map(([link, copy, queue]) => staffQueue(link, copy, queue)),
          staffPage(FEATURED_LINK, async () => {
            const { FeaturedPage } = await import('../features/featured/components/featured-page');
            return <FeaturedPage />;
          }),
          // The reported queue, or every report (`?view=reports`).
          staffPage(REPORTED_LINK, async () => {
            const { ReportedPage } = await import('../features/report/components/reported-page');
            return <ReportedPage link={REPORTED_LINK} />;
          }),
          {
            // One creation's review; each operation on it checks its own page permission.
            path: 'review/:itemId',
            ...guardedPage(OVERVIEW_PERMISSIONS, async () => {
              const { ReviewPage } = await import('../features/review/components/review-page');
              return <ReviewPage />;
            }),
          },
          staffPage(FILE_MANAGEMENT_LINK, async () => {
            const { FileManagementPage } = await import('../features/file/components/file-management-page');
            return <FileManagementPage />;
          }),
          staffPage(STAFF_MESSAGES_LINK, async () => {
            const { StaffMessagesPage } = await import('../features/message/components/staff-messages-page');
            return <StaffMessagesPage />;
          }),
          {
            // One conversation, behind the same page permission as the list.
            path: `${relative(STAFF_MESSAGES_LINK, '/staff')}/:conversationId`,
            ...guardedPage(STAFF_MESSAGES_LINK.permissions, async () => {
              const { StaffConversationPage } = await import('../features/message/components/staff-conversation-page');
              return <StaffConversationPage />;
            }),
          },
          staffPage(PAYMENTS_LINK, async () => {
            const { PaymentsPage } = await import('../features/payment/components/payments-page');
            return <PaymentsPage />;
          }),
          staffPage(ELASTIC_SEARCH_LINK, async () => {
            const { ElasticSearchPage } = await import('../features/search-index/components/elastic-search-page');
            return <ElasticSearchPage />;
          }),
          staffPage(STAFF_MIGRATION_LINK, async () => {
            const { StaffMigrationPage } = await import('../features/legacy/components/staff-migration-page');
            return <StaffMigrationPage />;
          }),
          staffPage(ARCHIVE_LINK, async () => {
            const { ArchivePage } = await import('../features/legacy/components/archive-page');
            return <ArchivePage />;
          }),
          {
            // SPEC gives no permission for an archived item; it is opened from the archive.
            path: `${relative(ARCHIVE_LINK, '/staff')}/:itemId`,
            ...guardedPage(ARCHIVE_LINK.permissions, async () => {
              const { ArchivedItemPage } = await import('../features/legacy/components/archived-item-page');
              return <ArchivedItemPage />;
            }),
          },
        ],
      },
    ],
  },
  {
    // Unknown paths: no sign-in needed.
    path: '*',
    ...lazyPage(async () => {
      const { NotFoundPage } = await import('./shell/not-found-page');
      return <NotFoundPage />;
    }),
  },
];

/** The page of the current URL. */
export function PageRoutes() {
  return useRoutes(routes);
}

/** Starts loading the code of the page at `pathname`, e.g. beside the session check of a first visit. */
export function preloadPage(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) void (route.handle as PageHandle | undefined)?.preload();
}
