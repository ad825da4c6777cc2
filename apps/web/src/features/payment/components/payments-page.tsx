import { pagePermission, PAYMENT_LIST_STATUSES, PAYMENT_PROGRAMS, payableMonths, type PaymentListStatus, type PaymentProgram } from '@corner/domain';
import { Alert, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { PageSection } from '../../../ui/page-section';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { PAYMENTS_LINK } from '../links';
import { formatMonth } from '../money';
import { PAYMENTS_PAGE_SIZE, readPaymentsParams, writePaymentsParams, type PaymentsParams } from '../urls';
import { PaymentListDrawer } from './payment-list-drawer';
import { PaymentListsTable } from './payment-lists-table';
import { PaymentRates } from './payment-rates';
import { PAYMENTS_CONTEXT } from './payments-context';
import { GeneratePaymentListMutation, PaymentListsQuery } from './payments-page.graphql';


/**
 * /staff/payments?program=&status=&page=&list=: the rate table, generating a month's list, the
 * lists newest month first; a list opens in a drawer to be checked, adjusted, approved, paid and
 * downloaded as CSV (or only read, with the view permission).
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readPaymentsParams(searchParams);
  const update = (next: Partial<PaymentsParams>, replace = false) => setSearchParams(writePaymentsParams({ ...params, ...next }), { replace });
  const canEdit = useHasPermission(pagePermission('payments', 'edit'));

  return (
    <PageFrame title={t(`nav.${PAYMENTS_LINK.label}`)} description={canEdit ? t('payments.intro') : t('payments.introReadOnly')}>
      <PageSection id="payment-lists" title={t('payments.lists.title')} intro={t('payments.lists.intro')}>
        {canEdit ? <GenerateForm onOpen={(id) => update({ list: id })} /> : null}
        <Lists params={params} update={update} />
      </PageSection>
      <PageSection id="payment-rates" title={t('payments.rates.title')} intro={t('payments.rates.intro')}>
        <PaymentRates canEdit={canEdit} />
      </PageSection>
      <PaymentListDrawer id={params.list} onClose={() => update({ list: null })} />
    </PageFrame>
  );
}

function Lists({ params, update }: { params: PaymentsParams; update: (next: Partial<PaymentsParams>) => void }) {
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({
    query: PaymentListsQuery,
    variables: { program: params.program, status: params.status, first: PAYMENTS_PAGE_SIZE, page: params.page },
    context: PAYMENTS_CONTEXT,
  });
  const result = data?.paymentListsSearch;
  const filters = (
    <Group gap="sm" align="flex-end">
      <Select
        label={t('payments.lists.programFilter')}
        placeholder={t('payments.lists.allPrograms')}
        data={PAYMENT_PROGRAMS.map((p) => ({ value: p, label: t(`payments.programs.${p}`) }))}
        value={params.program}
        onChange={(program) => update({ program: program as PaymentProgram | null, page: 1 })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('payments.lists.statusFilter')}
        placeholder={t('payments.lists.allStatuses')}
        data={PAYMENT_LIST_STATUSES.map((s) => ({ value: s, label: t(`payments.status.${s}`) }))}
        value={params.status}
        onChange={(status) => update({ status: status as PaymentListStatus | null, page: 1 })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
  if (!result) {
    return <QueryState isLoading={fetching || !error} loadingText={t('payments.lists.loading')} failedTitle={t('payments.lists.loadFailed')} failure={error ? errorCause(error) : null} />;
  }
  return (
    <Stack gap="sm">
      {filters}
      {result.data.length === 0 ? (
        <EmptyState icon={PAYMENTS_LINK.icon} title={t('payments.empty')}>
          {t('payments.emptyText')}
        </EmptyState>
      ) : (
        <>
          <PaymentListsTable lists={result.data} openId={params.list} onOpen={(id) => update({ list: id })} />
          <ListPager info={result.paginatorInfo} label={t('payments.lists.pagesLabel')} onPageChange={(page) => update({ page })} />
        </>
      )}
    </Stack>
  );
}

/** Generates a month's list of a program; the months offered are the twelve before this one. */
function GenerateForm({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const months = payableMonths();
  const [month, setMonth] = useState<string | null>(months[0]!);
  const [program, setProgram] = useState<string | null>(PAYMENT_PROGRAMS[0]);
  const [{ fetching }, generate] = useMutation(GeneratePaymentListMutation);
  // The last refusal, until the choice changes or the list it names is opened.
  const [error, setError] = useState<CombinedError | null>(null);
  const existing = error?.graphQLErrors.find((e) => e.extensions?.code === 'PAYMENT_LIST_EXISTS')?.extensions?.payment_list_id;

  const handleGenerate = async () => {
    if (!month || !program) return;
    const result = await generate({ month, program }, PAYMENTS_CONTEXT);
    setError(result.error ?? null);
    if (result.data) onOpen(result.data.generatePaymentList.id);
  };

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('payments.generate.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void handleGenerate();
      }}
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('payments.generate.month')}
            data={months.map((m) => ({ value: m, label: formatMonth(m) }))}
            value={month}
            onChange={(value) => {
              setMonth(value);
              setError(null);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('payments.generate.program')}
            data={PAYMENT_PROGRAMS.map((p) => ({ value: p, label: t(`payments.programs.${p}`) }))}
            value={program}
            onChange={(value) => {
              setProgram(value);
              setError(null);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={fetching}>
            {t('payments.generate.button')}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('payments.generate.failed')}>
            <Stack gap="xs" align="flex-start">
              {errorCause(error)}
              {typeof existing === 'number' ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setError(null);
                    onOpen(existing);
                  }}
                >
                  {t('payments.generate.openExisting')}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
