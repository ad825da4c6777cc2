import type { Area } from '@corner/domain';
import { ActionIcon, Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMember } from '../../features/member/hooks/use-session';
import { useSiteConfig } from '../site-config';
import { loadMemberActions, loadSideMenu } from './signed-in-shell';
import classes from './top-bar.module.css';

const MemberActions = lazy(async () => ({ default: (await loadMemberActions()).MemberActions }));
const MenuBurger = lazy(async () => ({ default: (await loadSideMenu()).MenuBurger }));

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
  const { mainSiteUrl } = useSiteConfig();
  const title = area === 'staff' ? t('app.staffTitle') : t('app.creatorTitle');

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap" miw={0}>
        {hasMenu ? (
          <Suspense fallback={null}>
            <MenuBurger opened={isMenuOpen} onClick={onToggleMenu} aria-label={t('header.toggleNavigation')} />
          </Suspense>
        ) : null}
        <UnstyledButton component={Link} to={area === 'staff' ? '/staff' : '/'} className={classes.brand}>
          <span className={classes.mark} aria-hidden>
            C
          </span>
          {/* On a phone the title takes two short lines beside the actions rather than losing its end. */}
          <Text component="span" fw={700} fz={{ base: 'sm', xs: 'lg' }} lh={1.15} className={classes.title}>
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
        <Suspense fallback={null}>
          <MemberActions member={member} />
        </Suspense>
      ) : null}
    </Group>
  );
}
