import { pagePermissions } from '@corner/domain';
import { IconSearch } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

export const ELASTIC_SEARCH_LINK: PageLink = {
  kind: 'link',
  id: 'elastic-search',
  label: 'elasticSearch',
  to: '/staff/elastic',
  icon: IconSearch,
  permissions: pagePermissions('elastic-search'),
};
