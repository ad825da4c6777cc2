import type { Area } from '@corner/domain';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './app-layout.module.css';

export const NAVBAR_WIDTH = 272;
export const NAVBAR_COLLAPSED_WIDTH = 76;

export interface ShellLayoutProps {
  area: Area;
  /** Whether the side menu's column is there (a signed-in page). */
  hasMenu: boolean;
  /** Below the "sm" breakpoint: whether the menu's full-width panel is open. */
  isMenuOpen?: boolean;
  navbarWidth?: number;
  topBar: ReactNode;
  /** The side menu's content, inside its column. */
  menu?: ReactNode;
  /** The page. */
  children: ReactNode;
  /** Drawn after the page (the error banner). */
  after?: ReactNode;
  /**
   * Drawn by the build into a page's HTML (app/prerender): the side menu's width then follows the
   * attribute the server puts on <html> for a member who keeps the menu narrow.
   */
  isPrerendered?: boolean;
}

/**
 * The shell's markup: a fixed header, a fixed side menu once signed in (a full-width panel below the
 * "sm" breakpoint, opened with the burger), and the page beside them. The app layout draws it, and
 * the build prerenders it into each page's HTML (app/prerender), so the two cannot drift apart.
 * Not Mantine's AppShell, which would bring its scroll-lock library into the sign-in page's download;
 * it sets --app-shell-header-height and --app-shell-navbar-offset for what places itself against them.
 */
export function ShellLayout({
  area,
  hasMenu,
  isMenuOpen = false,
  navbarWidth = NAVBAR_WIDTH,
  topBar,
  menu,
  children,
  after,
  isPrerendered = false,
}: ShellLayoutProps) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.root}
      data-menu={hasMenu || undefined}
      data-menu-open={isMenuOpen || undefined}
      data-prerendered={isPrerendered || undefined}
      style={{ '--navbar-width': `${navbarWidth}px` } as CSSProperties}
    >
      <header className={classes.header}>
        <a href="#main-content" className={classes.skipLink}>
          {t('app.skipToContent')}
        </a>
        {topBar}
      </header>
      {hasMenu ? (
        <nav className={classes.navbar} aria-label={area === 'staff' ? t('menu.staffLabel') : t('menu.creatorLabel')}>
          {menu}
        </nav>
      ) : null}
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      {after}
    </div>
  );
}
