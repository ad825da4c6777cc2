import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageLink } from '../../../app/shell/menu';
import { PageFrame } from '../../../ui/page-frame';
import { StaffQueuePage } from '../../review/components/staff-queue-page';
import { DEFAULT_REPORTS_PARAMS, readReportedView, readReportsParams, writeReportsParams, type AllReportsParams, type ReportedView } from '../urls';
import { AllReports } from './all-reports';

/**
 * /staff/reported (SPEC 2): the queue of reported creations, as its badge counts them, or every
 * report one by one (`?view=reports`), each switched to from the other and kept in the URL.
 */
export function ReportedPage({ link }: { link: PageLink }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readReportedView(searchParams);

  function handleView(next: string) {
    // A new view starts from its defaults; the browser's Back returns to the other one.
    setSearchParams(next === 'reports' ? writeReportsParams(DEFAULT_REPORTS_PARAMS) : new URLSearchParams());
  }
  const viewSwitch = (
    <SegmentedControl
      value={view}
      onChange={handleView}
      aria-label={t('reports.view.label')}
      data={(['queue', 'reports'] as const satisfies readonly ReportedView[]).map((value) => ({ value, label: t(`reports.view.${value}`) }))}
      style={{ alignSelf: 'flex-start' }}
    />
  );

  if (view === 'queue') return <StaffQueuePage link={link} copy="reported" queue="reported" viewSwitch={viewSwitch} />;

  const params = readReportsParams(searchParams);
  const handleChange = (next: Partial<AllReportsParams>) => setSearchParams(writeReportsParams({ ...params, ...next }), { replace: true });
  return (
    <PageFrame title={t(`nav.${link.label}`)} description={t('reports.all.intro')}>
      {viewSwitch}
      <AllReports params={params} onChange={handleChange} />
    </PageFrame>
  );
}
