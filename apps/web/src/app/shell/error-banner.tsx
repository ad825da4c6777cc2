import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissError, useErrorState } from '../error/error-store';
import classes from './error-banner.module.css';

/** The dismissible error banner at the bottom of the page, fed by the error store (SPEC section 2). */
export function ErrorBanner() {
  const { t } = useTranslation();
  const { message, show } = useErrorState();
  if (!show) return null;
  return (
    <div className={classes.banner}>
      <Alert
        role="alert"
        color="red"
        variant="filled"
        radius="md"
        icon={<IconAlertCircle size={20} aria-hidden />}
        withCloseButton
        closeButtonLabel={t('errorBanner.dismiss')}
        onClose={dismissError}
        className={classes.alert}
      >
        {message}
      </Alert>
    </div>
  );
}
