import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { useHasPermission } from '../hooks/use-session';

export interface RequirePermissionProps {
  /** Holding any one of these opens the page; undefined opens it for every signed-in member. */
  anyOf: readonly string[] | undefined;
  children: ReactNode;
}

/** Shows its children, or the "no access" state when the member lacks the page's permission. */
export function RequirePermission({ anyOf, children }: RequirePermissionProps) {
  const isAllowed = useHasPermission(anyOf);
  return isAllowed ? children : <NoAccess />;
}

export function NoAccess() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('access.deniedTitle')}>
      <EmptyState
        icon={IconLock}
        color="gray"
        action={
          <Button component={Link} to="/" variant="light">
            {t('access.backHome')}
          </Button>
        }
      >
        {t('access.deniedText')}
      </EmptyState>
    </PageFrame>
  );
}
