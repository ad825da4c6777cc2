import { pagePermission } from '@corner/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArchive, IconBox, IconExternalLink, IconLink, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSearchDialog } from '../../dependency/components/content-search-dialog';
import { addRequiredItems, requiredItemKey, type RequiredItemChoice } from '../../dependency/required-item';
import { fileManagementUrl } from '../../file/urls';
import { archivedItemPath } from '../../legacy/urls';
import { useHasPermission } from '../../member/hooks/use-session';
import { MainSiteItemLink } from '../../../ui/main-site-item-link';
import { Tooltip } from '../../../ui/tooltip';

export interface RequiredItemsFieldProps {
  value: readonly RequiredItemChoice[];
  onChange: (value: RequiredItemChoice[]) => void;
  isReadOnly?: boolean;
  /** The creation being edited, which cannot require itself. */
  selfId?: number;
}

const TYPE_ICONS = { id: IconBox, old_item_id: IconArchive, url: IconLink } as const;

/**
 * Where "Open in manager" takes staff (SPEC 2): a creation of the site to its files in file
 * management, an item of the older system to its archive page; a web address has no manager.
 */
function managerPath(item: RequiredItemChoice): string | null {
  if (!/^[1-9]\d{0,9}$/.test(item.download)) return null;
  if (item.type === 'old_item_id') return archivedItemPath(Number(item.download));
  if (item.type === 'id') return fileManagementUrl({ search: item.download });
  return null;
}

/** The downloads a creation needs, with "Add required item" opening the content search dialog. */
export function RequiredItemsField({ value, onChange, isReadOnly, selfId }: RequiredItemsFieldProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // SPEC 2: "Open in manager" needs both the view and the edit permission of file management.
  const canViewFiles = useHasPermission(pagePermission('file-management', 'view'));
  const canEditFiles = useHasPermission(pagePermission('file-management', 'edit'));
  const canOpenInManager = canViewFiles && canEditFiles;

  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('requiredItems.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('requiredItems.listLabel')}>
          {value.map((item) => {
            const Icon = TYPE_ICONS[item.type] ?? IconBox;
            const name = item.title || item.download;
            const manager = canOpenInManager ? managerPath(item) : null;
            return (
              <Paper key={requiredItemKey(item)} component="li" withBorder p="xs" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon variant="light" color="gray" radius="md" aria-hidden>
                      <Icon size={16} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {name}
                      </Text>
                      {item.type === 'url' ? (
                        <Anchor href={item.download} target="_blank" rel="noreferrer noopener" size="xs" c="dimmed" truncate="end" display="block">
                          {item.download}
                        </Anchor>
                      ) : item.type === 'id' && /^[1-9]\d{0,9}$/.test(item.download) ? (
                        <MainSiteItemLink id={Number(item.download)} size="xs" c="dimmed">
                          {t('requiredItems.types.id', { id: item.download })}
                        </MainSiteItemLink>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t(`requiredItems.types.${item.type}`, { id: item.download })}
                        </Text>
                      )}
                    </div>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color="gray" size="sm" visibleFrom="xs">
                      {t(`requiredItems.badges.${item.type}`)}
                    </Badge>
                    {manager ? (
                      <Tooltip label={t('requiredItems.openInManager')}>
                        <ActionIcon
                          component={Link}
                          to={manager}
                          variant="subtle"
                          color="gray"
                          aria-label={t(item.type === 'old_item_id' ? 'requiredItems.openInManagerNamed' : 'requiredItems.openInFilesNamed', { name })}
                        >
                          <IconExternalLink size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {isReadOnly ? null : (
                      <Tooltip label={t('requiredItems.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => onChange(value.filter((v) => requiredItemKey(v) !== requiredItemKey(item)))}
                          aria-label={t('requiredItems.removeNamed', { name })}
                        >
                          <IconX size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {isReadOnly ? null : (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
            {t('requiredItems.add')}
          </Button>
        </Group>
      )}
      <ContentSearchDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        existing={value}
        selfId={selfId}
        onAdd={(items) => onChange(addRequiredItems(value, items))}
      />
    </Stack>
  );
}
