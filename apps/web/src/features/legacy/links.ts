import { pagePermissions } from '@corner/domain';
import { IconArchive, IconTransfer } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

/** The creator's migration page: shown only with the migrate-submission page permission. */
export const CREATOR_MIGRATE_LINK: PageLink = {
  kind: 'link',
  id: 'migrate',
  label: 'migrate',
  to: '/migrate',
  icon: IconTransfer,
  permissions: pagePermissions('migrate-submission'),
};

export const STAFF_MIGRATION_LINK: PageLink = {
  kind: 'link',
  id: 'staff-migrate',
  label: 'migration',
  to: '/staff/migrate',
  icon: IconTransfer,
  permissions: pagePermissions('submission-migration'),
};

/** The archive of legacy items; its item pages use the same permission (SPEC gives none for them). */
export const ARCHIVE_LINK: PageLink = {
  kind: 'link',
  id: 'archive',
  label: 'archive',
  to: '/staff/archived',
  icon: IconArchive,
  permissions: pagePermissions('file-management'),
};
