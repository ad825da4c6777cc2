import { badgeText } from '@corner/domain';
import { ActionIcon, Anchor, Badge, Burger, Button, Group, Indicator, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconLogout, IconMessages, IconPlus, IconSettings, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { useMember } from '../../features/member/hooks/use-session';
import { logout } from '../../features/member/logout';
import { useUnreadCount } from '../../features/message/hooks/use-unread-count';
import { NotificationBell } from '../../features/notification/components/notification-bell';
import { getSiteConfig, useSiteConfig } from '../site-config';
import classes from './top-bar.module.css';

export type Area = 'creator' | 'staff';

export interface TopBarProps {
  area: Area;
  /** Whether there is a side menu to open on small screens. */
  hasMenu: boolean;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
}

/**
 * The top navigation bar (SPEC section 1): the area's title, a link back to the main site, and for a
 * signed-in member Create new, Preferences, Messages and Logout.
 */
export function TopBar({ area, hasMenu, isMenuOpen, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  const member = useMember();
  const client = useClient();
  const { mainSiteUrl } = useSiteConfig();
  const title = area === 'staff' ? t('app.staffTitle') : t('app.creatorTitle');
  const unread = useUnreadCount({ isEnabled: member !== null });
  const unreadText = unread ? badgeText(unread) : null;
  const messagesLabel = unreadText ? t('header.messagesUnread', { count: unread ?? 0 }) : t('header.messages');

  function handleLogout() {
    void logout(client, getSiteConfig().mainSiteUrl);
  }

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap" miw={0}>
        {hasMenu ? (
          <Burger
            opened={isMenuOpen}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.toggleNavigation')}
          />
        ) : null}
        <UnstyledButton component={Link} to={area === 'staff' ? '/staff' : '/'} className={classes.brand}>
          <span className={classes.mark} aria-hidden>
            C
          </span>
          <Text component="span" fw={700} fz={{ base: 'md', xs: 'lg' }} truncate>
            {title}
          </Text>
        </UnstyledButton>
        <Anchor href={mainSiteUrl} size="sm" c="dimmed" className={classes.mainSite} visibleFrom="xs">
          {t('header.mainSite')}
          <IconExternalLink size={14} stroke={1.6} aria-hidden />
        </Anchor>
        <ActionIcon
          component="a"
          href={mainSiteUrl}
          variant="subtle"
          color="gray"
          hiddenFrom="xs"
          aria-label={t('header.mainSite')}
        >
          <IconWorld size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {member ? (
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
                <Badge size="sm" radius="xl" color="red" variant="filled" aria-hidden>
                  {unreadText}
                </Badge>
              ) : undefined
            }
            aria-label={messagesLabel}
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
      ) : null}
    </Group>
  );
}
