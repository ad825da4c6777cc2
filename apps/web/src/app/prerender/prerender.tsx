/**
 * Server-side rendering at build time only (vite.config.ts, `prerenderedPages`): the HTML a browser
 * paints before any script has run. Each page of first-paint-pages.ts gets the shell (the real top bar
 * and layout) with its title, description and a spinner; every other path gets the shell of its area.
 * The theme variables are the creator's, with each role theme's beside them for the server to swap.
 * The app replaces it with the same markup on its first render, so nothing moves. Never in the
 * browser's download.
 */
import { areaOf, type Theme } from '@corner/domain';
import { MantineProvider } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { CenteredLoader } from '../../ui/centered-loader';
import { PageFrame } from '../../ui/page-frame';
import { i18n, loadAllText } from '../i18n/i18n';
import { ShellLayout } from '../shell/shell-layout';
import { TopBar } from '../shell/top-bar';
import { applySiteConfig } from '../site-config';
import { createAppTheme, cssVariablesResolver, THEME_ACCENTS } from '../theme';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint';
import { FIRST_PAINT_PAGES } from './first-paint-pages';

/** Stands for the main site's address (MAIN_SITE_URL) in the HTML; the server puts the real one in. */
export const MAIN_SITE_PLACEHOLDER = 'https://main-site.corner.invalid';

/** The content of `#root` and the document title for one path. */
export interface PrerenderedDocument {
  /** The document title; null keeps index.html's. */
  title: string | null;
  root: string;
}

export interface PrerenderedPages {
  mainSitePlaceholder: string;
  /**
   * The theme variables every document carries (the creator's), and each role theme's in their
   * place: the server swaps them for the theme the app last drew in.
   */
  themeStyle: string;
  themeStyles: Record<Theme, string>;
  /** By exact path. */
  pages: Record<string, PrerenderedDocument>;
  /** Any other path under /staff, any other signed-in path, and the sign-in pages. */
  staff: PrerenderedDocument;
  creator: PrerenderedDocument;
  signedOut: PrerenderedDocument;
}

const themeOf = (name: Theme) => createAppTheme(name, { required: i18n.t('form.required') });

/** The `<style>` of a theme's variables, as MantineProvider writes it first in its output. */
function themeStyleOf(name: Theme): string {
  const html = renderToString(<MantineProvider theme={themeOf(name)} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver} />);
  const style = /^<style data-mantine-styles="true">[^<]*<\/style>/.exec(html)?.[0];
  if (!style) throw new Error(`MantineProvider wrote no theme variables for ${name}`);
  return style;
}

function render(path: string, hasMenu: boolean, page: ReactNode): string {
  const area = areaOf(path);
  const noop = () => undefined;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={themeOf('creator')} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <StaticRouter location={path}>
          <ShellLayout
            area={area}
            hasMenu={hasMenu}
            isPrerendered
            topBar={<TopBar area={area} hasMenu={false} isMenuOpen={false} onToggleMenu={noop} />}
          >
            {page}
          </ShellLayout>
        </StaticRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** Every prerendered document, with the main site's address as MAIN_SITE_PLACEHOLDER. */
export async function prerenderPages(): Promise<PrerenderedPages> {
  await loadAllText();
  applySiteConfig({ mainSiteUrl: MAIN_SITE_PLACEHOLDER, httpTimeoutMs: 0 });
  const t = (key: ParseKeys): string => i18n.t(key);
  const loading = <CenteredLoader label={t('app.loading')} />;
  const pages: Record<string, PrerenderedDocument> = {};
  for (const page of FIRST_PAINT_PAGES) {
    const title = t(page.title);
    const part = (
      <div {...{ [FIRST_PAINT_ATTRIBUTE]: '' }}>
        <PageFrame title={title} description={page.description ? t(page.description) : undefined}>
          {loading}
        </PageFrame>
      </div>
    );
    pages[page.path] = { title: `${title} · ${t('app.name')}`, root: render(page.path, true, part) };
  }
  const themeStyles = Object.fromEntries((Object.keys(THEME_ACCENTS) as Theme[]).map((name) => [name, themeStyleOf(name)])) as Record<Theme, string>;
  const shells = {
    staff: { title: null, root: render('/staff', true, loading) },
    creator: { title: null, root: render('/', true, loading) },
    signedOut: { title: null, root: render('/login', false, null) },
  };
  // The server swaps the creator's variables for a role's: each document must start with them.
  for (const [path, document] of [...Object.entries(pages), ...Object.entries(shells)]) {
    if (!document.root.startsWith(themeStyles.creator)) throw new Error(`The first paint of ${path} does not start with the theme's variables`);
  }
  return { mainSitePlaceholder: MAIN_SITE_PLACEHOLDER, themeStyle: themeStyles.creator, themeStyles, pages, ...shells };
}
