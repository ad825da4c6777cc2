import { badgeText } from '@corner/domain';
import { ActionIcon, Badge, Button, Group, Indicator, Text, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconMessages, IconPlus, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient } from 'urql';
import type { SessionMember } from '../../features/member/session-store';
import { logout } from '../../features/member/logout';
import { useUnreadCount } from '../../features/message/hooks/use-unread-count';
import { NotificationBell } from '../../features/notification/components/notification-bell';
import { getSiteConfig } from '../site-config';
import { Tooltip } from '../../ui/tooltip';

/**
 * The signed-in member's side of the top bar: Create new, Messages with the unread count, the
 * notifications bell, Preferences and Logout. Loaded with the first signed-in page, not on /login.
 */
export function MemberActions({ member }: { member: SessionMember }) {
  const { t } = useTranslation();
  const client = useClient();
  const unread = useUnreadCount({ isEnabled: true });
  const unreadText = unread ? badgeText(unread) : null;
  const messagesLabel = unreadText ? t('header.messagesUnread', { count: unread ?? 0 }) : t('header.messages');

  function handleLogout() {
    void logout(client, getSiteConfig().mainSiteUrl);
  }

  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed" visibleFrom="lg" mr="xs">
        {t('header.signedInAs', { name: member.UserName })}
      </Text>
      <Button component={Link} to="/upload" leftSection={<IconPlus size={16} aria-hidden />} visibleFrom="sm">
        {t('header.createNew')}
      </Button>
      <Tooltip label={t('header.createNew')} hiddenFrom="sm">
        <ActionIcon component={Link} to="/upload" size="lg" hiddenFrom="sm" aria-label={t('header.createNew')}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Button
        component={Link}
        to="/messages"
        variant="subtle"
        color="gray"
        leftSection={<IconMessages size={16} aria-hidden />}
        rightSection={
          unreadText ? (
            // Read as "Messages 1 unread": the name starts with the words the button shows.
            <Badge size="sm" radius="xl" color="red" variant="filled">
              {unreadText}
              <VisuallyHidden> {t('header.unread')}</VisuallyHidden>
            </Badge>
          ) : undefined
        }
        visibleFrom="sm"
      >
        {t('header.messages')}
      </Button>
      <Indicator label={unreadText} size={16} offset={5} color="red" disabled={!unreadText} hiddenFrom="sm">
        <ActionIcon component={Link} to="/messages" variant="subtle" color="gray" size="lg" aria-label={messagesLabel}>
          <IconMessages size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      <NotificationBell />
      <Tooltip label={t('header.preferences')}>
        <ActionIcon
          component={Link}
          to="/preferences"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('header.preferences')}
        >
          <IconSettings size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Button
        variant="default"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={handleLogout}
        visibleFrom="sm"
      >
        {t('header.logout')}
      </Button>
      <ActionIcon variant="default" size="lg" onClick={handleLogout} hiddenFrom="sm" aria-label={t('header.logout')}>
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
