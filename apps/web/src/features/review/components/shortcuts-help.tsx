import { Group, Kbd, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal';
import { REVIEW_SHORTCUTS } from '../decisions';

/** The keyboard shortcuts of the queue and review pages ("?" opens it). */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered size="m" title={t('review.shortcuts.title')}>
      <Stack gap="xs">
        {REVIEW_SHORTCUTS.map((shortcut) => (
          <Group key={shortcut.action} justify="space-between" wrap="nowrap">
            <Text size="sm">{t(`review.shortcuts.${shortcut.action}`)}</Text>
            <Group gap={4}>
              {shortcut.keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
