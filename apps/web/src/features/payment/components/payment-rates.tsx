import { PAYABLE_KINDS, PAYMENT_PROGRAMS, parseDollarsToCents, type PayableKind, type PaymentProgram } from '@corner/domain';
import { Table, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { QueryState } from '../../../ui/query-state';
import { centsToInput, formatCents } from '../money';
import { PaymentRatesQuery, UpdatePaymentRateMutation } from './payment-rates.graphql';

/**
 * The rate table: what one exclusive creation of each kind earns in each program. Staff with the
 * edit permission change a rate in place (saved when the field is left); others read it.
 */
export function PaymentRates({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({ query: PaymentRatesQuery });
  if (!data) {
    return <QueryState isLoading={fetching || !error} loadingText={t('payments.rates.loading')} failedTitle={t('payments.rates.loadFailed')} failure={error ? errorCause(error) : null} />;
  }
  const rateOf = (program: PaymentProgram, kind: PayableKind) => data.paymentRates.find((r) => r.program === program && r.kind === kind)?.amount_cents ?? null;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table aria-label={t('payments.rates.tableLabel')} verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('payments.rates.kind')}</Table.Th>
            {PAYMENT_PROGRAMS.map((program) => (
              <Table.Th key={program}>{t(`payments.programs.${program}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PAYABLE_KINDS.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw={500}>
                {t(`kinds.${kind}.name`)}
              </Table.Th>
              {PAYMENT_PROGRAMS.map((program) => (
                <Table.Td key={program}>
                  {canEdit ? (
                    <RateInput program={program} kind={kind} cents={rateOf(program, kind)} />
                  ) : (
                    <Text size="sm" ff="monospace" c={rateOf(program, kind) === null ? 'dimmed' : undefined}>
                      {rateOf(program, kind) === null ? t('payments.rates.unset') : formatCents(rateOf(program, kind)!)}
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RateInput({ program, kind, cents }: { program: PaymentProgram; kind: PayableKind; cents: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(centsToInput(cents));
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const [{ fetching }, update] = useMutation(UpdatePaymentRateMutation);
  const label = t('payments.rates.inputLabel', { kind: t(`kinds.${kind}.name`), program: t(`payments.programs.${program}`) });

  const handleSave = async () => {
    setIsSaved(false);
    if (text.trim() === '' && cents === null) return setProblem(null);
    const next = parseDollarsToCents(text);
    if (next === null) return setProblem(t('payments.rates.invalid'));
    if (next === cents) return setProblem(null);
    const result = await update({ program, kind, amount_cents: next });
    if (result.error) return setProblem(errorCause(result.error));
    setProblem(null);
    setText(centsToInput(result.data!.updatePaymentRate.amount_cents));
    setIsSaved(true);
  };

  return (
    <TextInput
      aria-label={label}
      size="xs"
      leftSection={<Text size="xs">$</Text>}
      rightSection={isSaved ? <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-label={t('payments.rates.saved')} /> : null}
      placeholder={t('payments.rates.unset')}
      inputMode="decimal"
      value={text}
      disabled={fetching}
      error={problem}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setIsSaved(false);
      }}
      onBlur={() => void handleSave()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void handleSave();
      }}
      maw={160}
    />
  );
}
