import { themeForMember } from '@corner/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as GraphQLProvider } from 'urql';
import { useSession } from '../features/member/hooks/use-session';
import { sessionStore } from '../features/member/session';
import { showError } from './error/error-store';
import { createGraphQLClient, type ErrorHandlers } from './graphql/client';
import { i18n } from './i18n/i18n';
import { createAppTheme } from './theme';

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

/** i18n, the Mantine theme of the member's role, and the GraphQL client of the current token. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { token, member } = useSession();
  const client = useMemo(() => createGraphQLClient(token, errorHandlers), [token]);
  const theme = useMemo(() => createAppTheme(themeForMember(member)), [member]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {/* Confirmations such as "Submitted for review", shown above the error banner. */}
        <Notifications position="top-right" zIndex={400} />
        <GraphQLProvider value={client}>{children}</GraphQLProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
