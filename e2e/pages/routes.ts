/** Every route of SPEC section 2 that a path alone opens; flows that visit them all share this list. */

/** SPEC section 2's creator pages, each with the heading it draws when it has loaded. */
export const CREATOR_ROUTES: [string, string | RegExp][] = [
  ['/', /^Welcome/],
  ['/upload', 'Upload a new creation'],
  ['/my-creations', 'My creations'],
  ['/edit-queue', 'Editing Queue'],
  ['/awaiting-approval', 'Awaiting approval'],
  ['/approved', 'Approved'],
  ['/testing', 'Testing'],
  ['/published', 'Published'],
  ['/needs-attention', 'Needs attention'],
  ['/messages', 'Messages'],
  ['/preferences', 'Preferences'],
  ['/migrate', 'Migrate'],
];

/** SPEC section 2's staff pages (as an Admin sees them), each with its heading. */
export const STAFF_ROUTES: [string, string][] = [
  ['/staff', 'Overview'],
  ['/staff/not-submitted', 'Creations not submitted'],
  ['/staff/awaiting-approval', 'Awaiting approval'],
  ['/staff/testing-queue', 'Testing queue'],
  ['/staff/updates-testing-queue', 'Updates testing queue'],
  ['/staff/approved', 'Approved'],
  ['/staff/published', 'Published'],
  ['/staff/deleted', 'Deleted'],
  ['/staff/featured', 'Featured lists'],
  ['/staff/testing-failed', 'Testing failed'],
  ['/staff/updates-testing-failed', 'Updates testing failed'],
  ['/staff/rejected', 'Rejected'],
  ['/staff/reported', 'Reported'],
  ['/staff/reported?view=reports&state=all', 'Reported'],
  ['/staff/updated', 'Updated'],
  ['/staff/file-management', 'File management'],
  ['/staff/file-management?search=sofa', 'File management'],
  ['/staff/messages', 'Message management'],
  ['/staff/payments', 'Payments lists'],
  ['/staff/elastic/', 'Elastic Search'],
  ['/staff/migrate/', 'Migration'],
  ['/staff/archived', 'Archive'],
  ['/staff/archived/1', 'Archived item 1'],
];
