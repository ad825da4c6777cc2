import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useMember, useToken } from '../../features/member/hooks/use-session';
import { SessionCheck } from '../session/use-validate-session';
import { ErrorBanner } from './error-banner';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoader } from './page-loader';
import { loadSideMenu, preloadSignedInShell } from './signed-in-shell';
import classes from './app-layout.module.css';
import { TopBar, type Area } from './top-bar';
import { useStoredFlag } from './use-stored-flag';

const SideMenu = lazy(async () => ({ default: (await loadSideMenu()).SideMenu }));

const NAVBAR_WIDTH = 272;
const NAVBAR_COLLAPSED_WIDTH = 76;

export function areaOf(pathname: string): Area {
  return pathname === '/staff' || pathname.startsWith('/staff/') ? 'staff' : 'creator';
}

/** The shell around every route: top bar, side menu (once signed in), content and error banner. */
export function AppLayout() {
  const { t } = useTranslation();
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

  const navbarWidth = isCollapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH;

  // The shell's own layout (not Mantine's AppShell, which would bring its scroll-lock library into
  // the sign-in page's download): a fixed header, a fixed side menu once signed in (a full-width
  // panel below the "sm" breakpoint, opened with the burger), and the page beside them. It sets
  // --app-shell-header-height and --app-shell-navbar-offset for what places itself against them.
  return (
    <div
      className={classes.root}
      data-menu={hasMenu || undefined}
      data-menu-open={isMobileOpen || undefined}
      style={{ '--navbar-width': `${navbarWidth}px` } as CSSProperties}
    >
      <header className={classes.header}>
        <a href="#main-content" className={classes.skipLink}>
          {t('app.skipToContent')}
        </a>
        <TopBar area={area} hasMenu={hasMenu} isMenuOpen={isMobileOpen} onToggleMenu={toggleMobile} />
      </header>
      {hasMenu ? (
        <nav className={classes.navbar} aria-label={area === 'staff' ? t('menu.staffLabel') : t('menu.creatorLabel')}>
          {isMenuDrawn ? (
            <Suspense fallback={null}>
              <SideMenu
                area={area}
                isCollapsed={isCollapsed}
                canCollapse={isWide}
                onToggleCollapsed={() => setCollapsed((value) => !value)}
                onNavigate={closeMobile}
              />
            </Suspense>
          ) : null}
        </nav>
      ) : null}
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <PageErrorBoundary pathname={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <ErrorBanner />
      <SessionCheck />
    </div>
  );
}
