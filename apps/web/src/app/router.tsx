import type { QueueId } from '@corner/domain';
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FeaturedPage } from '../features/featured/components/featured-page';
import { FEATURED_LINK } from '../features/featured/links';
import { FileManagementPage } from '../features/file/components/file-management-page';
import { FILE_MANAGEMENT_LINK } from '../features/file/links';
import { ArchivePage } from '../features/legacy/components/archive-page';
import { ArchivedItemPage } from '../features/legacy/components/archived-item-page';
import { MigratePage } from '../features/legacy/components/migrate-page';
import { StaffMigrationPage } from '../features/legacy/components/staff-migration-page';
import { ARCHIVE_LINK, CREATOR_MIGRATE_LINK, STAFF_MIGRATION_LINK } from '../features/legacy/links';
import { LoginPage } from '../features/member/components/login-page';
import { PreferencesPage } from '../features/member/components/preferences-page';
import { RequirePermission } from '../features/member/components/require-permission';
import { ConversationPage } from '../features/message/components/conversation-page';
import { MessagesPage } from '../features/message/components/messages-page';
import { StaffConversationPage } from '../features/message/components/staff-conversation-page';
import { StaffMessagesPage } from '../features/message/components/staff-messages-page';
import { STAFF_MESSAGES_LINK } from '../features/message/links';
import { PaymentsPage } from '../features/payment/components/payments-page';
import { PAYMENTS_LINK } from '../features/payment/links';
import { ReviewPage } from '../features/review/components/review-page';
import { StaffOverviewPage } from '../features/review/components/staff-overview-page';
import { StaffQueuePage, type StaffQueueCopy } from '../features/review/components/staff-queue-page';
import {
  DELETED_LINK,
  NOT_SUBMITTED_LINK,
  OVERVIEW_PERMISSIONS,
  REJECTED_LINK,
  REPORTED_LINK,
  STAFF_APPROVED_LINK,
  STAFF_AWAITING_APPROVAL_LINK,
  STAFF_PUBLISHED_LINK,
  TESTING_FAILED_LINK,
  TESTING_QUEUE_LINK,
  UPDATED_LINK,
  UPDATES_TESTING_FAILED_LINK,
  UPDATES_TESTING_QUEUE_LINK,
} from '../features/review/links';
import { ElasticSearchPage } from '../features/search-index/components/elastic-search-page';
import { ELASTIC_SEARCH_LINK } from '../features/search-index/links';
import { CreatorQueuePage, type CreatorQueueCopy } from '../features/submission/components/creator-queue-page';
import { EditStepPage } from '../features/submission/components/edit-step-page';
import { HomePage } from '../features/submission/components/home-page';
import { MyCreationsPage } from '../features/submission/components/my-creations-page';
import { UploadPage } from '../features/submission/components/upload-page';
import {
  APPROVED_LINK,
  AWAITING_APPROVAL_LINK,
  EDIT_QUEUE_LINK,
  NEEDS_ATTENTION_LINK,
  PUBLISHED_LINK,
  TESTING_LINK,
} from '../features/submission/links';
import { EDIT_STEPS } from '../features/submission/urls';
import type { PageLink } from './shell/menu';
import { RequireSession } from './session/require-session';
import { AppLayout } from './shell/app-layout';
import { NotFoundPage } from './shell/not-found-page';

/** A route path relative to its parent, from a link's absolute path ("/staff/x" under "/staff" is "x"). */
function relative(link: PageLink, parent: string): string {
  return link.to.slice(parent.length).replace(/^\//, '');
}

function creatorQueue(link: PageLink, copy: CreatorQueueCopy): RouteObject {
  return { path: relative(link, '/'), element: <CreatorQueuePage link={link} copy={copy} /> };
}

/** A staff page, opened only with its page permission (SPEC section 2). */
function staffPage(link: PageLink, element: ReactNode): RouteObject {
  return { path: relative(link, '/staff'), element: <RequirePermission anyOf={link.permissions}>{element}</RequirePermission> };
}

function staffQueue(link: PageLink, copy: StaffQueueCopy, queue: QueueId): RouteObject {
  return staffPage(link, <StaffQueuePage link={link} copy={copy} queue={queue} />);
}

/** Every route of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        // Everything below needs a confirmed session.
        element: <RequireSession />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'upload', element: <UploadPage /> },
          { path: 'my-creations', element: <MyCreationsPage /> },
          ...EDIT_STEPS.map((step) => ({
            path: `my-creations/edit/step-${step}/:type/:itemId`,
            element: <EditStepPage step={step} />,
          })),
          creatorQueue(EDIT_QUEUE_LINK, 'editQueue'),
          creatorQueue(AWAITING_APPROVAL_LINK, 'awaitingApproval'),
          creatorQueue(APPROVED_LINK, 'approved'),
          creatorQueue(TESTING_LINK, 'testing'),
          creatorQueue(PUBLISHED_LINK, 'published'),
          creatorQueue(NEEDS_ATTENTION_LINK, 'needsAttention'),
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:conversationId', element: <ConversationPage /> },
          { path: 'preferences', element: <PreferencesPage /> },
          {
            path: 'migrate',
            element: (
              <RequirePermission anyOf={CREATOR_MIGRATE_LINK.permissions}>
                <MigratePage />
              </RequirePermission>
            ),
          },
          {
            path: 'staff',
            children: [
              {
                index: true,
                element: (
                  <RequirePermission anyOf={OVERVIEW_PERMISSIONS}>
                    <StaffOverviewPage />
                  </RequirePermission>
                ),
              },
              staffQueue(NOT_SUBMITTED_LINK, 'notSubmitted', 'created'),
              staffQueue(STAFF_AWAITING_APPROVAL_LINK, 'awaitingApproval', 'waiting'),
              staffQueue(TESTING_QUEUE_LINK, 'testingQueue', 'testing'),
              staffQueue(UPDATES_TESTING_QUEUE_LINK, 'updatesTestingQueue', 'updatesTesting'),
              staffQueue(STAFF_APPROVED_LINK, 'approved', 'approved'),
              staffQueue(STAFF_PUBLISHED_LINK, 'published', 'published'),
              staffQueue(DELETED_LINK, 'deleted', 'deleted'),
              staffPage(FEATURED_LINK, <FeaturedPage />),
              staffQueue(TESTING_FAILED_LINK, 'testingFailed', 'failedTesting'),
              staffQueue(UPDATES_TESTING_FAILED_LINK, 'updatesTestingFailed', 'updatesFailedTesting'),
              staffQueue(REJECTED_LINK, 'rejected', 'rejected'),
              staffQueue(REPORTED_LINK, 'reported', 'reported'),
              staffQueue(UPDATED_LINK, 'updated', 'updated'),
              {
                // One creation's review; each operation on it checks its own page permission.
                path: 'review/:itemId',
                element: (
                  <RequirePermission anyOf={OVERVIEW_PERMISSIONS}>
                    <ReviewPage />
                  </RequirePermission>
                ),
              },
              staffPage(FILE_MANAGEMENT_LINK, <FileManagementPage />),
              staffPage(STAFF_MESSAGES_LINK, <StaffMessagesPage />),
              {
                // One conversation, behind the same page permission as the list.
                path: `${relative(STAFF_MESSAGES_LINK, '/staff')}/:conversationId`,
                element: (
                  <RequirePermission anyOf={STAFF_MESSAGES_LINK.permissions}>
                    <StaffConversationPage />
                  </RequirePermission>
                ),
              },
              staffPage(PAYMENTS_LINK, <PaymentsPage />),
              staffPage(ELASTIC_SEARCH_LINK, <ElasticSearchPage />),
              staffPage(STAFF_MIGRATION_LINK, <StaffMigrationPage />),
              staffPage(ARCHIVE_LINK, <ArchivePage />),
              {
                // SPEC gives no permission for an archived item; it is opened from the archive.
                path: `${relative(ARCHIVE_LINK, '/staff')}/:itemId`,
                element: (
                  <RequirePermission anyOf={ARCHIVE_LINK.permissions}>
                    <ArchivedItemPage />
                  </RequirePermission>
                ),
              },
            ],
          },
        ],
      },
      // Unknown paths: no sign-in needed.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
