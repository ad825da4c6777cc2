import { ADMIN_ACCESS, badgeText, type Area } from '@corner/domain';
import { ActionIcon, Burger, Button, Group, ScrollArea, type BurgerProps } from '@mantine/core';
import {
  IconArrowBackUp,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconShieldLock,
  type TablerIcon,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission, usePermissions } from '../../features/member/hooks/use-session';
import { useFetchStaffCounters } from '../../features/review/hooks/use-fetch-staff-counters';
import { useFetchMyCounters } from '../../features/submission/hooks/use-fetch-my-counters';
import { NavMenu, type NavMenuItem } from '../../ui/nav-menu/nav-menu';
import { CREATOR_MENU } from './creator-menu';
import { isLinkActive, linkCount, visibleMenu, type Counters, type MenuEntry } from './menu';
import { STAFF_MENU } from './staff-menu';
import classes from './side-menu.module.css';
import { Tooltip } from '../../ui/tooltip';

/**
 * The top bar's button that opens the side menu below the "sm" breakpoint: it loads with the menu
 * it opens, not with the sign-in page, which has no menu.
 */
export function MenuBurger(props: Pick<BurgerProps, 'opened' | 'onClick' | 'aria-label'>) {
  return <Burger {...props} hiddenFrom="sm" size="sm" />;
}

export interface SideMenuProps {
  area: Area;
  isCollapsed: boolean;
  /** Shown only where the menu can collapse (wide screens). */
  canCollapse: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
}

/** The side menu: the creator menu, or the staff menu under /staff (SPEC section 2). */
export function SideMenu(props: SideMenuProps) {
  return props.area === 'staff' ? <StaffSideMenu {...props} /> : <CreatorSideMenu {...props} />;
}

function CreatorSideMenu(props: SideMenuProps) {
  const { t } = useTranslation();
  const isAdmin = useHasPermission(ADMIN_ACCESS);
  const { counters } = useFetchMyCounters({ shouldRefresh: true });
  return (
    <MenuFrame
      {...props}
      entries={CREATOR_MENU}
      counters={counters}
      footer={
        isAdmin ? { to: '/staff', label: t('menu.openAdmin'), icon: IconShieldLock } : undefined
      }
    />
  );
}

function StaffSideMenu(props: SideMenuProps) {
  const { t } = useTranslation();
  // Staff counters are asked for only with admin access (the server refuses them otherwise).
  const isAdmin = useHasPermission(ADMIN_ACCESS);
  const { counters } = useFetchStaffCounters({ isEnabled: isAdmin, shouldRefresh: true });
  return (
    <MenuFrame
      {...props}
      entries={STAFF_MENU}
      counters={counters}
      footer={{ to: '/', label: t('menu.openSubmissions'), icon: IconArrowBackUp }}
    />
  );
}

interface MenuFrameProps extends SideMenuProps {
  entries: readonly MenuEntry[];
  counters: Counters | null;
  footer: { to: string; label: string; icon: TablerIcon } | undefined;
}

function MenuFrame({ entries, counters, footer, isCollapsed, canCollapse, onToggleCollapsed, onNavigate }: MenuFrameProps) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const { pathname } = useLocation();
  const items = useMemo<NavMenuItem[]>(
    () =>
      visibleMenu(entries, permissions).map((entry) => {
        if (entry.kind === 'separator') return entry;
        const count = linkCount(entry, counters, 'badge');
        return {
          kind: 'link',
          id: entry.id,
          label: t(`nav.${entry.label}`),
          to: entry.to,
          icon: entry.icon,
          external: entry.external,
          isActive: isLinkActive(entry, pathname),
          badge: count ? { text: badgeText(count), color: entry.badgeColor } : undefined,
        };
      }),
    [entries, permissions, counters, pathname, t],
  );
  const toggleLabel = isCollapsed ? t('menu.expand') : t('menu.collapse');
  const ToggleIcon = isCollapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  const FooterIcon = footer?.icon;

  return (
    <>
      {canCollapse ? (
        <div className={classes.section}>
          <Group justify={isCollapsed ? 'center' : 'flex-end'} px="xs" pt="xs">
            <Tooltip label={toggleLabel} position="right">
              <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggleCollapsed} aria-label={toggleLabel}>
                <ToggleIcon size={20} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </div>
      ) : null}
      <ScrollArea className={classes.grow} px="xs" py="xs">
        <NavMenu items={items} isCollapsed={isCollapsed} externalHint={t('menu.opensInNewTab')} onNavigate={onNavigate} />
      </ScrollArea>
      {footer && FooterIcon ? (
        <div className={classes.footer}>
          {isCollapsed ? (
            <Tooltip label={footer.label} position="right">
              <ActionIcon
                component={Link}
                to={footer.to}
                variant="light"
                size="xl"
                mx="auto"
                display="flex"
                aria-label={footer.label}
                onClick={onNavigate}
              >
                <FooterIcon size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              component={Link}
              to={footer.to}
              variant="light"
              fullWidth
              leftSection={<FooterIcon size={18} aria-hidden />}
              onClick={onNavigate}
            >
              {footer.label}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
