import { Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { programKey } from '../labels';
import { formatCents, formatDay, formatMonth } from '../money';
import type { PaymentListRowFragment } from './payments-page.graphql';
import { PaymentStatusBadge } from './payment-statement';

export type PaymentListRow = ResultOf<typeof PaymentListRowFragment>;

export interface PaymentListsTableProps {
  lists: readonly PaymentListRow[];
  /** The list open in the drawer. */
  openId: number | null;
  onOpen: (id: number) => void;
}

/** The payment lists: month and program (opens it), status and payment, creators and creations, total. */
export function PaymentListsTable({ lists, openId, onOpen }: PaymentListsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('payments.lists.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.lists.columns.list')}</Table.Th>
            <Table.Th>{t('payments.lists.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('payments.lists.columns.creators')}</Table.Th>
            <Table.Th ta="right">{t('payments.lists.columns.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((list) => {
            return (
              <Table.Tr key={list.id} aria-current={list.id === openId || undefined} style={{ cursor: 'pointer' }} onClick={() => onOpen(list.id)}>
                <Table.Td>
                  <UnstyledButton
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(list.id);
                    }}
                  >
                    <VisuallyHidden>{t('payments.lists.openPrefix')} </VisuallyHidden>
                    <Text fw={600} size="sm">
                      {formatMonth(list.month)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`payments.programs.${programKey(list.program)}`)}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <PaymentStatusBadge status={list.status} />
                    {list.paid_on ? (
                      <Text size="xs" c="dimmed">
                        {formatDay(list.paid_on)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{t('payments.lists.creators', { count: list.creators_count })}</Text>
                  <Text size="xs" c="dimmed">
                    {t('payments.lists.creations', { count: list.creations_count })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Text size="sm" fw={600} ff="monospace">
                      {formatCents(list.total_cents)}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
