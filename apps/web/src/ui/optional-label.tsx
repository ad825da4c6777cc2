import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A field's label marked optional (SPEC 5's generic label): "File · optional", the mark saying
 * "This field is optional". Required fields carry the theme's asterisk instead (app/theme.ts).
 */
export function OptionalLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {children}{' '}
      <Text span size="xs" c="dimmed" fw={400} title={t('form.optional')}>
        ({t('form.optionalMark')})
      </Text>
    </>
  );
}
