import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { ELASTIC_SEARCH_LINK } from '../links';

/** /staff/elastic: the search index visitors search in. */
export function ElasticSearchPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${ELASTIC_SEARCH_LINK.label}`)} description={t('elasticSearch.intro')}>
      <EmptyState icon={ELASTIC_SEARCH_LINK.icon} title={t('elasticSearch.empty')} />
    </PageFrame>
  );
}
