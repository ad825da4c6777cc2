import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:readable-colors.css';
import './app/i18n/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/app-routes';
import { takeFirstPaint } from './app/prerender/first-paint';
import { preloadSignedInShell } from './app/shell/signed-in-shell';
import { loadSiteConfig } from './app/site-config';
import { sessionStore } from './features/member/session';

void loadSiteConfig();
// With a stored token the first page will be a signed-in one: fetch its code while the token is checked.
if (sessionStore.getState().token !== null) {
  void preloadPage(window.location.pathname);
  preloadSignedInShell();
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page part the server drew, before React's first render replaces it (app/prerender).
takeFirstPaint();
const root = createRoot(container);
// The first render is a transition: React draws the shell and the page in short slices instead of
// one long task, so a slow phone answers taps while they appear (docs/decisions.md, "Drawn in slices").
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
