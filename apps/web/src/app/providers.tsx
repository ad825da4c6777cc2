import { themeForMember } from '@corner/domain';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as GraphQLProvider } from 'urql';
import { MemberColorScheme } from '../features/member/components/member-color-scheme';
import { useSessionValue, useToken } from '../features/member/hooks/use-session';
import type { SessionState } from '../features/member/session-store';
import { sessionStore } from '../features/member/session';
import { showError } from './error/error-store';
import { createGraphQLClient, type ErrorHandlers } from './graphql/client';
import { i18n } from './i18n/i18n';
import { RememberPaint } from './prerender/first-paint-settings';
import { loadNotifications } from './shell/signed-in-shell';
import { createAppTheme, cssVariablesResolver } from './theme';

const Notifications = lazy(async () => ({ default: (await loadNotifications()).Notifications }));

/** SPEC section 8: permission failures and network errors go to the banner. */
const errorHandlers: ErrorHandlers = {
  onAuthorizationError(text, shouldRevalidate) {
    showError(text);
    if (shouldRevalidate) sessionStore.requestValidation();
  },
  onNetworkError(text) {
    showError(text);
  },
};

const themeNameOf = (state: SessionState) => themeForMember(state.member);

/** i18n, the Mantine theme of the member's role, and the GraphQL client of the current token. */
export function AppProviders({ children }: { children: ReactNode }) {
  const token = useToken();
  const client = useMemo(() => createGraphQLClient(token, errorHandlers), [token]);
  // The theme's name, not the member object: a new theme would re-render every Mantine component on
  // the page, and the providers render again only when the name or the token changes.
  const themeName = useSessionValue(themeNameOf);
  // The theme's field words are in the first download (i18n.ts), so they are there at once.
  const theme = useMemo(() => createAppTheme(themeName, { required: i18n.t('form.required') }), [themeName]);
  return (
    <I18nextProvider i18n={i18n}>
      {/* Light or dark as the device says, until a signed-in member's own choice (Preferences) applies. */}
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <MemberColorScheme />
        <RememberPaint theme={themeName} />
        {/* Confirmations such as "Submitted for review", shown above the error banner; only signed-in pages make them. */}
        {token !== null ? (
          <Suspense fallback={null}>
            <Notifications position="top-right" zIndex={400} />
          </Suspense>
        ) : null}
        <GraphQLProvider value={client}>{children}</GraphQLProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
