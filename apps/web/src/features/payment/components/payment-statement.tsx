import { ActionIcon, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/date-text';
import { kindKey } from '../../submission/kinds';
import type { PaymentStatementFragment } from '../graphql';
import { statusKey } from '../labels';
import { formatCents, formatMonth } from '../money';
import { Tooltip } from '../../../ui/tooltip';

export type PaymentStatement = ResultOf<typeof PaymentStatementFragment>;

const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', APPROVED: 'blue', PAID: 'teal' };

/** A list's status: draft, approved (to be paid) or paid. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" tt="none">
      {t(`payments.status.${statusKey(status)}`)}
    </Badge>
  );
}

export interface PaymentStatementDetailsProps {
  statement: PaymentStatement;
  /** Given on a draft for payments staff: each adjustment gets a remove button. */
  onDeleteAdjustment?: (id: number) => void;
}

/**
 * What a statement pays: each creation (kind, publish date, amount), each adjustment with its
 * reason (and the paid month it corrects), and the sum. Amounts are whole cents shown as dollars.
 */
export function PaymentStatementDetails({ statement, onDeleteAdjustment }: PaymentStatementDetailsProps) {
  const { t } = useTranslation();
  const who = statement.member?.UserName ?? '';
  return (
    <Stack gap={6}>
      {statement.creations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payments.statement.noCreations')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label={t('payments.statement.creationsLabel', { name: who })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {statement.creations.map((c) => (
            <Group key={c.submission_id} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`kinds.${kindKey(c.kind)}.name`)}
                  {c.publish_at ? ` · ${t('payments.statement.published', { date: formatDate(c.publish_at) })}` : ''}
                </Text>
              </Stack>
              <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(c.amount_cents)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {statement.adjustments.length > 0 ? (
        <Stack gap={4} component="ul" aria-label={t('payments.statement.adjustmentsLabel', { name: who })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {statement.adjustments.map((a) => (
            <Group key={a.id} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm">
                  <Badge size="xs" variant="outline" color={a.amount_cents < 0 ? 'red' : 'grape'} tt="none" mr={6}>
                    {t('payments.statement.adjustment')}
                  </Badge>
                  {a.reason}
                </Text>
                {a.corrects_month ? (
                  <Text size="xs" c="dimmed">
                    {t('payments.statement.corrects', { month: formatMonth(a.corrects_month) })}
                  </Text>
                ) : null}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" ff="monospace" c={a.amount_cents < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(a.amount_cents)}
                </Text>
                {onDeleteAdjustment ? (
                  <Tooltip label={t('payments.statement.removeAdjustment')} withArrow>
                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('payments.statement.removeAdjustmentOf', { reason: a.reason })} onClick={() => onDeleteAdjustment(a.id)}>
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      ) : null}
      <Divider />
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('payments.statement.total')}
        </Text>
        <Text size="sm" fw={700} ff="monospace">
          {formatCents(statement.amount_cents)}
        </Text>
      </Group>
    </Stack>
  );
}
