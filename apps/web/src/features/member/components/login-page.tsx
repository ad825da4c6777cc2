import { ActionIcon, Alert, Button, Center, Paper, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { dismissError } from '../../../app/error/error-store';
import { loginErrorMessage, throttleWaitMs } from '../../../app/graphql/errors';
import { LoginMutation } from '../graphql';
import { sessionStore, wantedPath } from '../session';
import type { HandoverFailedState } from './login-from-site-page';

function handoverError(state: unknown): string | null {
  const error = typeof state === 'object' && state !== null ? (state as Partial<HandoverFailedState>).handoverError : undefined;
  return typeof error === 'string' ? error : null;
}

/**
 * A password field whose button shows or hides what was typed. Mantine's PasswordInput would add
 * about 1 KB to the sign-in page's download (its own icons), and its button is out of the tab order;
 * this one is a button like any other, with a name that says what it does and whether it is on.
 */
function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  const Icon = isVisible ? IconEyeOff : IconEye;
  return (
    <TextInput
      {...props}
      type={isVisible ? 'text' : 'password'}
      rightSection={
        <ActionIcon variant="subtle" color="gray" aria-label={t('login.showPassword')} aria-pressed={isVisible} onClick={() => setVisible(!isVisible)}>
          <Icon size={18} aria-hidden />
        </ActionIcon>
      }
    />
  );
}

/** /login, named "Sign in" (SPEC section 2). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [{ fetching }, login] = useMutation(LoginMutation);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A sign-in handed over from the main site that failed (login-from-site-page.tsx) says why here.
  const [message, setMessage] = useState<string | null>(() => handoverError(location.state));
  // After too many failed attempts the server refuses for some minutes: the button waits them out.
  const [waitMs, setWaitMs] = useState<number | null>(null);
  useEffect(() => {
    if (waitMs === null) return;
    const timer = window.setTimeout(() => setWaitMs(null), waitMs);
    return () => window.clearTimeout(timer);
  }, [waitMs]);
  useDocumentTitle(`${t('login.title')} · ${t('app.name')}`);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dismissError();
    setMessage(null);
    const result = await login({ user: email.trim(), password });
    const token = result.data?.login;
    if (token) {
      sessionStore.signIn(token);
      await navigate(wantedPath(location.state), { replace: true });
      return;
    }
    // Network errors go to the banner; the server's sign-in messages are shown here.
    setMessage(loginErrorMessage(result.error));
    setWaitMs(throttleWaitMs(result.error));
  }

  return (
    <Center mih="65vh">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} w="100%" maw={420}>
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={28}>
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={6}>
                {t('login.intro')}
              </Text>
            </div>
            {message ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
                {message}
              </Alert>
            ) : null}
            <TextInput
              label={t('login.email')}
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              autoFocus
            />
            <PasswordField
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" loading={fetching} disabled={waitMs !== null} fullWidth mt="xs">
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
