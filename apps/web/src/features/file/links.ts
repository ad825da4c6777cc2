import { pagePermissions } from '@corner/domain';
import { IconFiles } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

export const FILE_MANAGEMENT_LINK: PageLink = {
  kind: 'link',
  id: 'file-management',
  label: 'fileManagement',
  to: '/staff/file-management',
  icon: IconFiles,
  permissions: pagePermissions('file-management'),
};
