import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { useMember } from '../hooks/use-session';

/** /preferences: the member's account and, later, their sharing and notification preferences. */
export function PreferencesPage() {
  const { t } = useTranslation();
  const member = useMember();
  return (
    <PageFrame title={t('preferences.title')} description={t('preferences.intro')}>
      <Paper withBorder p="lg" maw={640}>
        <Title order={2} fz="lg" mb="md">
          {t('preferences.account')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('preferences.userName')}
            </Text>
            <Text fw={500}>{member?.UserName}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('preferences.email')}
            </Text>
            <Text fw={500}>{member?.Email}</Text>
          </div>
        </SimpleGrid>
      </Paper>
    </PageFrame>
  );
}
