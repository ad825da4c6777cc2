import { isDay, MAX_ADJUSTMENT_REASON_LENGTH, MAX_PAYMENT_REFERENCE_LENGTH, parseDollarsToCents } from '@corner/domain';
import { Alert, Button, Drawer, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCash, IconCheck, IconDownload, IconPlus, IconRefresh, IconArrowBackUp } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery, type CombinedError } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { formatDateTime } from '../../../ui/date-text';
import { openDownload } from '../../../ui/open-download';
import { QueryState } from '../../../ui/query-state';
import { programKey } from '../labels';
import { formatCents, formatDay, formatMonth } from '../money';
import {
  AddPaymentAdjustmentMutation,
  ApprovePaymentListMutation,
  DeletePaymentAdjustmentMutation,
  PaidPaymentListsQuery,
  PaymentListCsvQuery,
  PaymentListQuery,
  PayPaymentListMutation,
  RefreshPaymentListMutation,
  ReopenPaymentListMutation,
  type PaymentListFragment,
} from './payment-list-drawer.graphql';
import { PaymentStatementDetails, PaymentStatusBadge } from './payment-statement';
import { PAYMENTS_CONTEXT } from './payments-context';

type PaymentList = ResultOf<typeof PaymentListFragment>;

/** A payment list in a drawer beside the lists: its creators and what each is paid, and its actions. */
export function PaymentListDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title={t('payments.drawer.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('payments.drawer.close') }}
    >
      {id !== null ? <ListDetails key={id} id={id} /> : null}
    </Drawer>
  );
}

function ListDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({ query: PaymentListQuery, variables: { id }, context: PAYMENTS_CONTEXT });
  const list = data?.paymentList;
  if (!list) {
    return <QueryState isLoading={fetching || !error} loadingText={t('payments.drawer.loading')} failedTitle={t('payments.drawer.loadFailed')} failure={error ? errorCause(error) : null} />;
  }
  return <ListView list={list} />;
}

function ListView({ list }: { list: PaymentList }) {
  const { t } = useTranslation();
  const client = useClient();
  const [actionError, setActionError] = useState<CombinedError | null>(null);
  const [{ fetching: refreshing }, refresh] = useMutation(RefreshPaymentListMutation);
  const [{ fetching: approving }, approve] = useMutation(ApprovePaymentListMutation);
  const [{ fetching: reopening }, reopen] = useMutation(ReopenPaymentListMutation);
  const [, deleteAdjustment] = useMutation(DeletePaymentAdjustmentMutation);
  const name = t('payments.lists.name', { month: formatMonth(list.month), program: t(`payments.programs.${programKey(list.program)}`) });

  const run = async (action: () => Promise<{ error?: CombinedError | undefined }>) => {
    const result = await action();
    setActionError(result.error ?? null);
  };

  const handleDownload = async () => {
    const result = await client.query(PaymentListCsvQuery, { id: list.id }, { requestPolicy: 'network-only' }).toPromise();
    const csv = result.data?.paymentList.csv;
    if (!csv) return setActionError(result.error ?? null);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    openDownload(url, `payments-${list.month}-${list.program}.csv`);
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={3} fz="lg">
            {name}
          </Title>
          <PaymentStatusBadge status={list.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('payments.drawer.summary', { creators: t('payments.lists.creators', { count: list.creators_count }), creations: t('payments.lists.creations', { count: list.creations_count }) })}
        </Text>
        <Text fz={28} fw={700} ff="monospace" aria-label={t('payments.drawer.totalLabel')}>
          {formatCents(list.total_cents)}
        </Text>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('payments.drawer.generated', { when: formatDateTime(list.created_at), who: list.member?.UserName ?? '—' })}
          </Text>
          {list.approved_at ? (
            <Text size="xs" c="dimmed">
              {t('payments.drawer.approved', { when: formatDateTime(list.approved_at), who: list.approved_by?.UserName ?? '—' })}
            </Text>
          ) : null}
          {list.paid_on ? (
            <Text size="xs" c="dimmed">
              {t('payments.drawer.paid', { day: formatDay(list.paid_on), reference: list.payment_reference ?? '', who: list.paid_by?.UserName ?? '—' })}
            </Text>
          ) : null}
        </Stack>
      </Stack>

      <Group gap="xs">
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void handleDownload()}>
          {t('payments.drawer.download')}
        </Button>
        {list.abilities.canRefresh ? (
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={refreshing} onClick={() => void run(() => refresh({ id: list.id }, PAYMENTS_CONTEXT))}>
            {t('payments.drawer.refresh')}
          </Button>
        ) : null}
        {list.abilities.canApprove ? (
          <Button leftSection={<IconCheck size={16} aria-hidden />} loading={approving} onClick={() => void run(() => approve({ id: list.id }, PAYMENTS_CONTEXT))}>
            {t('payments.drawer.approve')}
          </Button>
        ) : null}
        {list.abilities.canReopen ? (
          <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} loading={reopening} onClick={() => void run(() => reopen({ id: list.id }, PAYMENTS_CONTEXT))}>
            {t('payments.drawer.reopen')}
          </Button>
        ) : null}
      </Group>
      {actionError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('payments.drawer.actionFailed')}>
          {errorCause(actionError)}
        </Alert>
      ) : null}
      {list.status === 'PAID' ? (
        <Text size="sm" c="dimmed">
          {t('payments.drawer.locked')}
        </Text>
      ) : null}

      {list.abilities.canPay ? <PayForm list={list} /> : null}

      <Stack gap="sm" component="section" aria-label={t('payments.drawer.creatorsLabel')}>
        <Title order={4} fz="md">
          {t('payments.drawer.creatorsTitle')}
        </Title>
        {list.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payments.drawer.noCreators')}
          </Text>
        ) : (
          list.entries.map((entry) => (
            <Paper key={entry.id} withBorder p="sm" radius="md" component="article" aria-label={entry.member?.UserName ?? ''}>
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Text fw={600}>{entry.member?.UserName}</Text>
                <Text fw={700} ff="monospace">
                  {formatCents(entry.amount_cents)}
                </Text>
              </Group>
              <PaymentStatementDetails
                statement={entry}
                onDeleteAdjustment={list.abilities.canAdjust ? (adjustmentId) => void run(() => deleteAdjustment({ id: adjustmentId }, PAYMENTS_CONTEXT)) : undefined}
              />
            </Paper>
          ))
        )}
      </Stack>

      {list.abilities.canAdjust ? <AdjustmentForm list={list} /> : null}
    </Stack>
  );
}

/** Records the payment of an approved list: its reference and the day it was paid. */
function PayForm({ list }: { list: PaymentList }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(new Date().toISOString().slice(0, 10));
  const [{ fetching, error }, pay] = useMutation(PayPaymentListMutation);
  const fields = validationMessages(error, '');
  const otherError = error && Object.keys(fields).length === 0 ? errorCause(error) : null;
  return (
    <Paper withBorder p="md" radius="md" component="form" aria-label={t('payments.pay.title')} onSubmit={(event) => {
      event.preventDefault();
      void pay({ id: list.id, payment_reference: reference, paid_on: isDay(paidOn) ? paidOn : paidOn.trim() || null }, PAYMENTS_CONTEXT);
    }}>
      <Stack gap="sm">
        <Title order={4} fz="md">
          {t('payments.pay.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('payments.pay.reference')} description={t('payments.pay.referenceHint')} value={reference} maxLength={MAX_PAYMENT_REFERENCE_LENGTH} onChange={(e) => setReference(e.currentTarget.value)} error={fields.payment_reference} />
          <TextInput type="date" label={t('payments.pay.paidOn')} description={t('payments.pay.paidOnHint')} value={paidOn} onChange={(e) => setPaidOn(e.currentTarget.value)} error={fields.paid_on} />
        </SimpleGrid>
        {otherError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {otherError}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" color="teal" leftSection={<IconCash size={16} aria-hidden />} loading={fetching}>
            {t('payments.pay.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Adds an adjustment with its reason to a creator's row of a draft (a creator not on it by member id). */
function AdjustmentForm({ list }: { list: PaymentList }) {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState<string | null>(list.entries[0]?.member ? String(list.entries[0].member.MemberID) : null);
  const [otherMember, setOtherMember] = useState<number | string>('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [corrects, setCorrects] = useState<string | null>(null);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [memberProblem, setMemberProblem] = useState<string | null>(null);
  const [{ fetching, error }, add] = useMutation(AddPaymentAdjustmentMutation);
  const [{ data: paid }] = useQuery({ query: PaidPaymentListsQuery, variables: { program: list.program }, context: PAYMENTS_CONTEXT });
  const fields = validationMessages(error, '');
  const otherError = error && Object.keys(fields).length === 0 ? errorCause(error) : null;
  const creators = list.entries.flatMap((e) => (e.member ? [{ value: String(e.member.MemberID), label: e.member.UserName }] : []));
  const correctable = (paid?.paymentListsSearch.data ?? []).filter((l) => l.month < list.month).map((l) => ({ value: String(l.id), label: formatMonth(l.month) }));

  const handleSubmit = async () => {
    const cents = parseDollarsToCents(amount, true);
    if (cents === null || cents === 0) return setAmountProblem(t('payments.adjust.amountInvalid'));
    setAmountProblem(null);
    const member = typeof otherMember === 'number' ? otherMember : memberId ? Number(memberId) : null;
    if (member === null) return setMemberProblem(t('payments.adjust.memberMissing'));
    setMemberProblem(null);
    const result = await add({ payment_list_id: list.id, member_id: member, amount_cents: cents, reason, corrects_payment_list_id: corrects ? Number(corrects) : null }, PAYMENTS_CONTEXT);
    if (!result.error) {
      // Saved: the form empties; on a refusal everything typed stays.
      setAmount('');
      setReason('');
      setCorrects(null);
      setOtherMember('');
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" aria-label={t('payments.adjust.title')} onSubmit={(event) => {
      event.preventDefault();
      void handleSubmit();
    }}>
      <Stack gap="sm">
        <Title order={4} fz="md">
          {t('payments.adjust.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('payments.adjust.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select label={t('payments.adjust.creator')} data={creators} value={memberId} onChange={setMemberId} disabled={typeof otherMember === 'number'} error={memberProblem ?? fields.member_id} />
          <NumberInput label={t('payments.adjust.otherMember')} description={t('payments.adjust.otherMemberHint')} value={otherMember} onChange={setOtherMember} allowDecimal={false} allowNegative={false} hideControls />
          <TextInput
            label={t('payments.adjust.amount')}
            description={t('payments.adjust.amountHint')}
            leftSection={<Text size="sm">$</Text>}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amountProblem ?? fields.amount_cents}
          />
          <Select
            label={t('payments.adjust.corrects')}
            description={t('payments.adjust.correctsHint')}
            placeholder={t('payments.adjust.correctsNone')}
            data={correctable}
            value={corrects}
            onChange={setCorrects}
            clearable
            error={fields.corrects_payment_list_id}
          />
        </SimpleGrid>
        <Textarea label={t('payments.adjust.reason')} value={reason} maxLength={MAX_ADJUSTMENT_REASON_LENGTH} autosize minRows={2} onChange={(e) => setReason(e.currentTarget.value)} error={fields.reason} />
        {otherError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {otherError}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />} loading={fetching}>
            {t('payments.adjust.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
