import { badgeText } from '@corner/domain';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { useLiveEvents, type LiveKind } from '../../../app/live/use-live-events';
import { RelativeDateText } from '../../../ui/relative-date-text';
import { ClearNotificationsMutation, NotificationsQuery } from '../graphql';
import classes from './notification-bell.module.css';
import { Tooltip } from '../../../ui/tooltip';

/** The bell shows the newest 20. */
const NOTIFICATION_VARIABLES = { first: 20 };
// Constant (see urql): clearing answers a number, so the list is asked again by hand.
const NOTIFICATION_CONTEXT = { additionalTypenames: ['Notification'] };
const LIVE_KINDS: readonly LiveKind[] = ['notification'];

/**
 * The notifications bell in the top bar: how many are unseen (99+ above 99), and a list where each
 * opens what it is about and is marked seen; "Mark all as read" clears them all.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [{ data, error }, reexecute] = useQuery({ query: NotificationsQuery, variables: NOTIFICATION_VARIABLES, context: NOTIFICATION_CONTEXT });
  const [{ fetching: isClearing }, clear] = useMutation(ClearNotificationsMutation);
  useLiveEvents(LIVE_KINDS, () => reexecute({ requestPolicy: 'network-only' }));
  const list = data?.getNotifications;
  const unseen = list?.unseen ?? 0;
  const label = unseen > 0 ? t('notifications.labelUnseen', { count: unseen }) : t('notifications.label');

  async function markSeen(ids: number[] | undefined) {
    await clear(ids ? { ids } : {});
    reexecute({ requestPolicy: 'network-only' });
  }

  return (
    <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={360} shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <Tooltip label={t('notifications.title')} disabled={isOpen}>
          <Indicator
            label={badgeText(unseen)}
            size={18}
            offset={6}
            color="red"
            disabled={unseen === 0}
            styles={{ indicator: { fontSize: 11, fontWeight: 700, padding: '0 5px' } }}
          >
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-expanded={isOpen} aria-haspopup="dialog" onClick={() => setOpen((open) => !open)}>
              <IconBell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('notifications.title')}>
        <Group justify="space-between" px="sm" py={8} className={classes.head}>
          <Text fw={600} size="sm">
            {t('notifications.title')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} aria-hidden />}
            disabled={unseen === 0}
            loading={isClearing}
            onClick={() => void markSeen(undefined)}
          >
            {t('notifications.markAll')}
          </Button>
        </Group>
        {error && !list ? (
          <Text size="sm" c="red" p="sm">
            {errorCause(error)}
          </Text>
        ) : !list || list.data.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            {list ? t('notifications.empty') : t('notifications.loading')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={0} component="ul" className={classes.list} aria-label={t('notifications.title')}>
              {list.data.map((notification) => {
                const content = (
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <span className={classes.dot} data-seen={notification.seen || undefined} aria-hidden />
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={notification.seen ? 400 : 600} className={classes.message}>
                        {notification.message}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <RelativeDateText value={notification.createdAt} />
                        {notification.seen ? null : <span className={classes.hidden}> · {t('notifications.unseen')}</span>}
                      </Text>
                    </Stack>
                  </Group>
                );
                function handleOpen() {
                  setOpen(false);
                  if (!notification.seen) void markSeen([notification.id]);
                }
                return (
                  <li key={notification.id}>
                    {notification.reference ? (
                      <UnstyledButton component={Link} to={notification.reference} className={classes.item} data-unseen={!notification.seen || undefined} onClick={handleOpen}>
                        {content}
                      </UnstyledButton>
                    ) : (
                      <UnstyledButton className={classes.item} data-unseen={!notification.seen || undefined} onClick={handleOpen}>
                        {content}
                      </UnstyledButton>
                    )}
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
