import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CenteredLoader } from '../../ui/centered-loader';
import { firstPaintOf } from '../prerender/first-paint';

/**
 * While a page's code loads: the spinner RequireSession shows too, so nothing jumps between the two.
 * On the page the document was loaded for, the title, description and spinner the server drew
 * (prerender.tsx) instead, so the heading stays in place until the page replaces it.
 */
export function PageLoader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstPaint = firstPaintOf(pathname);
  if (firstPaint === null) return <CenteredLoader label={t('app.loading')} />;
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
      <div dangerouslySetInnerHTML={{ __html: firstPaint }} />
    </div>
  );
}
