import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../app/config';
import { homeFor } from '../../app/home';
import { useLogout } from '../../app/session/logout';
import { displayName, role, userType } from '../../app/session/storage';
import { accountsApi, codeOf, messageOf } from './api';

/**
 * The lock screen of a signed-in user (docs/accounts.md "Lock screen"): the session stays, its
 * token is refused until the password is given again. SSO accounts unlock with a fresh sign-in at
 * their company: the hook for that is `/api/sso/login?unlock=1` (the SSO feature lifts the lock).
 */
export function UnlockForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const config = useAppConfig();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  const sso = userType() === 'sso';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await accountsApi.unlock(password);
      navigate(from || homeFor(role(), config.providerSlug), { replace: true });
    } catch (err) {
      // The session ended (too many attempts, or its maximum life): sign in again.
      if (codeOf(err) === 'too_many_attempts' || codeOf(err) === 'unauthorized') {
        await logout();
        return;
      }
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card maw={420} mx="auto" mt="xl" p="xl" shadow="sm" radius="md" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h3">
              Your session is locked
            </Title>
            <Text c="dimmed" size="sm">
              Signed in as {displayName()}.{' '}
              {sso ? 'Sign in with your company account' : 'Enter your password'} to continue where you left
              off.
            </Text>
          </div>
          {error ? (
            <Alert color="red" role="alert" title="Still locked">
              {error}
            </Alert>
          ) : null}
          {sso ? (
            <Button component="a" href="/api/sso/login?unlock=1">
              Unlock with your company account
            </Button>
          ) : (
            <>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoFocus
              />
              <Button type="submit" loading={busy} disabled={!password}>
                Unlock
              </Button>
            </>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
            Sign out instead
          </Anchor>
        </Stack>
      </form>
    </Card>
  );
}
