import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock, IconRefresh } from '@tabler/icons-react';
import { readFragment, type FragmentOf } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { AutomaticChecksFragment } from '../graphql';

const LOOK = {
  pass: { color: 'teal', icon: IconCircleCheck },
  warning: { color: 'yellow', icon: IconAlertTriangle },
  failure: { color: 'red', icon: IconCircleX },
  pending: { color: 'gray', icon: IconClock },
} as const;

type Outcome = keyof typeof LOOK;
const outcomeOf = (value: string): Outcome => (value in LOOK ? (value as Outcome) : 'pending');

/**
 * What the automatic checks say (issue 15): each check with its outcome and message, failures and
 * warnings first. Step 5 shows it before submitting ("will it pass"); the review page at the top.
 * `onRecheck` offers to ask again while files are still being read.
 */
export function AutomaticChecks({ creation, onRecheck, title }: { creation: FragmentOf<typeof AutomaticChecksFragment>; onRecheck?: () => void; title?: string }) {
  const { t } = useTranslation();
  const checks = readFragment(AutomaticChecksFragment, creation).automatic_checks;
  if (!checks || checks.length === 0) return null;
  const order: Outcome[] = ['failure', 'warning', 'pending', 'pass'];
  const sorted = [...checks].sort((a, b) => order.indexOf(outcomeOf(a.outcome)) - order.indexOf(outcomeOf(b.outcome)));
  const count = (outcome: Outcome) => checks.filter((c) => outcomeOf(c.outcome) === outcome).length;
  const failures = count('failure');
  const warnings = count('warning');
  const pending = count('pending');
  const summary = failures > 0 ? t('checks.failing', { count: failures }) : warnings > 0 ? t('checks.warnings', { count: warnings }) : pending > 0 ? t('checks.pending') : t('checks.allPass');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title ?? t('checks.title')}>
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {title ?? t('checks.title')}
          </Text>
          <Text size="sm" c={failures > 0 ? 'red' : 'dimmed'}>
            {summary}
          </Text>
        </Stack>
        {pending > 0 && onRecheck ? (
          <Button size="compact-sm" variant="subtle" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRecheck}>
            {t('checks.recheck')}
          </Button>
        ) : null}
      </Group>
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sorted.map((check) => {
          const look = LOOK[outcomeOf(check.outcome)];
          const Icon = look.icon;
          return (
            <Group key={check.id} component="li" gap="sm" wrap="nowrap" align="flex-start" data-outcome={check.outcome}>
              <ThemeIcon size={22} radius="xl" color={look.color} variant="light" aria-hidden>
                <Icon size={15} />
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500}>
                  {check.title} <Text span size="xs" c="dimmed">· {t(`checks.outcomes.${outcomeOf(check.outcome)}`)}</Text>
                </Text>
                <Text size="sm" c="dimmed">
                  {check.message}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
