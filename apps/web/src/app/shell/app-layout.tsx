import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useMember } from '../../features/member/hooks/use-session';
import { useValidateSession } from '../session/use-validate-session';
import { ErrorBanner } from './error-banner';
import { SideMenu } from './side-menu';
import classes from './app-layout.module.css';
import { TopBar, type Area } from './top-bar';

const NAVBAR_WIDTH = 272;
const NAVBAR_COLLAPSED_WIDTH = 76;

export function areaOf(pathname: string): Area {
  return pathname === '/staff' || pathname.startsWith('/staff/') ? 'staff' : 'creator';
}

/** The shell around every route: top bar, side menu (once signed in), content and error banner. */
export function AppLayout() {
  useValidateSession();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const member = useMember();
  const area = areaOf(pathname);
  const hasMenu = member !== null && pathname !== '/login';
  const [isMobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [isCollapsedSetting, setCollapsed] = useLocalStorage({
    key: 'corner:side-menu-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Below the "sm" breakpoint the menu is a full-width drawer, never the narrow rail.
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const isCollapsed = isWide && isCollapsedSetting;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        hasMenu
          ? {
              width: isCollapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
              breakpoint: 'sm',
              collapsed: { mobile: !isMobileOpen },
            }
          : undefined
      }
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <a href="#main-content" className={classes.skipLink}>
          {t('app.skipToContent')}
        </a>
        <TopBar area={area} hasMenu={hasMenu} isMenuOpen={isMobileOpen} onToggleMenu={toggleMobile} />
      </AppShell.Header>
      {hasMenu ? (
        <AppShell.Navbar aria-label={area === 'staff' ? t('menu.staffLabel') : t('menu.creatorLabel')}>
          <SideMenu
            area={area}
            isCollapsed={isCollapsed}
            canCollapse={isWide}
            onToggleCollapsed={() => setCollapsed((value) => !value)}
            onNavigate={closeMobile}
          />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main pb={96} id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
      <ErrorBanner />
    </AppShell>
  );
}
