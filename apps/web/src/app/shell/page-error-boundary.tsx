import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageErrorBoundaryProps {
  /** The page's path: showing another page clears the failure. */
  pathname: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  pathname: string;
  hasFailed: boolean;
}

/**
 * Keeps the shell on screen when a page cannot be shown: its code did not arrive (the network
 * dropped, or a new release replaced the file) or it failed to render. Reloading fetches the
 * current release.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { pathname: this.props.pathname, hasFailed: false };

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    return props.pathname !== state.pathname ? { pathname: props.pathname, hasFailed: false } : null;
  }

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The page failed', error);
  }

  override render() {
    return this.state.hasFailed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('app.pageFailed')} icon={<IconAlertCircle size={20} aria-hidden />} maw={640}>
      <Button mt="sm" variant="light" color="red" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </Alert>
  );
}
