import { IconSettings } from '@tabler/icons-react';
import type { PageLink } from '../../app/shell/menu';

export const PREFERENCES_LINK: PageLink = {
  kind: 'link',
  id: 'preferences',
  label: 'preferences',
  to: '/preferences',
  icon: IconSettings,
};
