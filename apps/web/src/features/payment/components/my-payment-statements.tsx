import { programOfRoles } from '@corner/domain';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { PageSection } from '../../../ui/page-section';
import { QueryState } from '../../../ui/query-state';
import { useMember } from '../../member/hooks/use-session';
import { programKey } from '../labels';
import { formatCents, formatDay, formatMonth } from '../money';
import { MyPaymentStatementsQuery } from './my-payment-statements.graphql';
import { PaymentStatementDetails, PaymentStatusBadge } from './payment-statement';

/** The last year of statements. */
const STATEMENTS_SHOWN = 12;

/**
 * The signed-in creator's payment statements (approved and paid lists), newest month first, on
 * their home page. Shown to creators in a paid program, and to anyone who has a statement.
 */
export function MyPaymentStatements() {
  const { t } = useTranslation();
  const member = useMember();
  const [{ data, error, fetching }] = useQuery({ query: MyPaymentStatementsQuery, variables: { first: STATEMENTS_SHOWN } });
  const statements = data?.myPaymentStatements.data ?? [];
  const inProgram = programOfRoles(member?.roles.map((r) => r.name) ?? []) !== null;
  if (!inProgram && statements.length === 0) return null;
  return (
    <PageSection id="payment-statements" title={t('payments.mine.title')} intro={t('payments.mine.intro')}>
      {!data ? (
        <QueryState isLoading={fetching || !error} loadingText={t('payments.mine.loading')} failedTitle={t('payments.mine.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : statements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payments.mine.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {statements.map((s) => (
            <Paper key={s.id} withBorder p="md" radius="md" component="article" aria-label={t('payments.mine.statementLabel', { month: formatMonth(s.month) })}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={700}>{formatMonth(s.month)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`payments.programs.${programKey(s.program)}`)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text fz="xl" fw={700} ff="monospace">
                      {formatCents(s.amount_cents)}
                    </Text>
                    <PaymentStatusBadge status={s.status} />
                  </Stack>
                </Group>
                <Text size="xs" c="dimmed">
                  {s.status === 'PAID' && s.paid_on ? t('payments.mine.paidOn', { day: formatDay(s.paid_on), reference: s.payment_reference ?? '' }) : t('payments.mine.toBePaid')}
                </Text>
                <PaymentStatementDetails statement={s} />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}
