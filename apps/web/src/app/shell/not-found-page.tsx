import { Button } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { PageFrame } from '../../ui/page-frame';

/** Any unknown path (SPEC section 2). It needs no sign-in. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notFound.title')}>
      <EmptyState
        icon={IconMapPinOff}
        color="gray"
        action={
          <Button component={Link} to="/">
            {t('notFound.home')}
          </Button>
        }
      >
        {t('notFound.text')}
      </EmptyState>
    </PageFrame>
  );
}
