import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../ui/centered-loader';

/** While a page's code loads: the spinner RequireSession shows too, so nothing jumps between the two. */
export function PageLoader() {
  const { t } = useTranslation();
  return <CenteredLoader label={t('app.loading')} />;
}
