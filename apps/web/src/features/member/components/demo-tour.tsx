import { Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../app/site-config';
import { useStoredFlag } from '../../../app/shell/use-stored-flag';
import { useMember } from '../hooks/use-session';

/**
 * The first-run card of a demo instance (issue 18): what to try, and with which sign-in, on the
 * creator home and the staff overview; the signed-in member's own line first. Hidden for good once
 * dismissed (in this browser); never shown on a real instance (no `demo` in /config.json).
 */
export function DemoTour() {
  const { t } = useTranslation();
  const { demo } = useSiteConfig();
  const member = useMember();
  const [isDismissed, setDismissed] = useStoredFlag('corner:demo-tour-dismissed', false);
  if (!demo || isDismissed || demo.members.length === 0) return null;
  const mine = demo.members.find((m) => m.email === member?.Email);
  const others = demo.members.filter((m) => m !== mine);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="demo-tour-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBulb size={20} aria-hidden />
          <Title order={2} fz="lg" id="demo-tour-title">
            {t('demoTour.title')}
          </Title>
        </Group>
        {mine ? <Text>{t('demoTour.you', { email: mine.email, what: mine.what, tryThis: mine.tryThis })}</Text> : null}
        <Text size="sm" c="dimmed">
          {t('demoTour.others')} <Code>{demo.password}</Code>
        </Text>
        <List size="sm" spacing={4}>
          {others.map((m) => (
            <List.Item key={m.email}>
              <Text span fw={600}>
                {m.email}
              </Text>{' '}
              ({m.what}): {m.tryThis}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button variant="light" size="xs" onClick={() => setDismissed(() => true)}>
            {t('demoTour.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
