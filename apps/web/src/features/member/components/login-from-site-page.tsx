import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, type Client } from 'urql';
import { GetApiKeyMutation } from '../graphql';
import { sessionStore, wantedPath, type LoginRedirectState } from '../session';

/** What the sign-in page shows after a hand-over that failed. */
export interface HandoverFailedState extends Partial<LoginRedirectState> {
  handoverError: string;
}

/**
 * A key is exchanged once: a second exchange of the same key is refused by the server, so a page
 * mounted twice (React's strict mode, a quick reload) waits for the first exchange.
 */
const exchanges = new Map<string, Promise<{ token: string | null; message: string | null }>>();

function exchange(client: Client, memberId: number, loginKey: string) {
  let pending = exchanges.get(loginKey);
  if (!pending) {
    pending = client
      .mutation(GetApiKeyMutation, { member_id: memberId, login_key: loginKey })
      .toPromise()
      .then((result) => ({ token: result.data?.getApiKey ?? null, message: result.error?.graphQLErrors[0]?.message ?? null }));
    exchanges.set(loginKey, pending);
  }
  return pending;
}

/**
 * /login/from-site?member_id=…&login_key=…[&to=/path]: the main site hands a signed-in member over
 * (SPEC 7, `getApiKey`). The key is exchanged for a token, stored, and the member lands on `to` (a
 * path of the portal) or their home. A bad, expired or used key ends on the sign-in page with the
 * server's message; the key never stays in the address bar or the history.
 */
export function LoginFromSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useClient();
  const [params] = useSearchParams();
  useDocumentTitle(`${t('login.fromSite.title')} · ${t('app.name')}`);
  const memberId = Number(params.get('member_id'));
  const loginKey = params.get('login_key') ?? '';
  const to = params.get('to');

  useEffect(() => {
    let isCurrent = true;
    const fail = (message: string) => {
      const state: HandoverFailedState = { handoverError: message };
      void navigate('/login', { replace: true, state });
    };
    if (!Number.isInteger(memberId) || memberId <= 0 || loginKey === '') {
      fail(t('login.fromSite.incomplete'));
      return;
    }
    void exchange(client, memberId, loginKey).then(({ token, message }) => {
      if (!isCurrent) return;
      if (!token) {
        fail(message ?? t('login.fromSite.failed'));
        return;
      }
      sessionStore.signIn(token);
      void navigate(wantedPath({ from: to ?? '/' }), { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [client, memberId, loginKey, to, navigate, t]);

  return (
    <Center mih="65vh">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">{t('login.fromSite.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
