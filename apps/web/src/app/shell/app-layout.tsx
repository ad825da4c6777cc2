import { areaOf, FIRST_PAINT_COOKIES } from '@corner/domain';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMember, useToken } from '../../features/member/hooks/use-session';
import { rememberForFirstPaint } from '../prerender/first-paint-settings';
import { SessionCheck } from '../session/use-validate-session';
import { ErrorBanner } from './error-banner';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoader } from './page-loader';
import { loadSideMenu, preloadSignedInShell } from './signed-in-shell';
import { NAVBAR_COLLAPSED_WIDTH, NAVBAR_WIDTH, ShellLayout } from './shell-layout';
import { TopBar } from './top-bar';
import { useStoredFlag } from './use-stored-flag';

const SideMenu = lazy(async () => ({ default: (await loadSideMenu()).SideMenu }));

/** The shell around every route: top bar, side menu (once signed in), content and error banner. */
export function AppLayout() {
  const { pathname } = useLocation();
  const token = useToken();
  const member = useMember();
  const area = areaOf(pathname);
  const hasMenu = member !== null && pathname !== '/login' && pathname !== '/login/from-site';
  const [isMobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [isCollapsedSetting, setCollapsed] = useStoredFlag('corner:side-menu-collapsed', false);
  // Below the "sm" breakpoint the menu is a full-width drawer, never the narrow rail.
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const isCollapsed = isWide && isCollapsedSetting;
  // On a phone the menu is a closed drawer: it is drawn the first time it opens (and then kept, so it
  // slides out whole), not while every page loads, where its links, counts and tooltips were a slow
  // phone's longest work (docs/performance.md).
  const [isMenuDrawn, setMenuDrawn] = useState(isWide);
  if ((isWide || isMobileOpen) && !isMenuDrawn) setMenuDrawn(true);
  const hasToken = token !== null;

  useEffect(() => {
    if (hasToken) preloadSignedInShell();
  }, [hasToken]);
  useEffect(() => rememberForFirstPaint(FIRST_PAINT_COOKIES.sideMenu, isCollapsedSetting ? 'narrow' : 'wide'), [isCollapsedSetting]);

  return (
    <ShellLayout
      area={area}
      hasMenu={hasMenu}
      isMenuOpen={isMobileOpen}
      navbarWidth={isCollapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH}
      topBar={<TopBar area={area} hasMenu={hasMenu} isMenuOpen={isMobileOpen} onToggleMenu={toggleMobile} />}
      menu={
        isMenuDrawn ? (
          <Suspense fallback={null}>
            <SideMenu
              area={area}
              isCollapsed={isCollapsed}
              canCollapse={isWide}
              onToggleCollapsed={() => setCollapsed((value) => !value)}
              onNavigate={closeMobile}
            />
          </Suspense>
        ) : null
      }
      after={
        <>
          <ErrorBanner />
          <SessionCheck />
        </>
      }
    >
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ShellLayout>
  );
}
