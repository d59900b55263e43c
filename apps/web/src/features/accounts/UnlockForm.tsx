import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppConfig } from '../../app/config';
import { homeFor } from '../../app/home';
import { useLogout } from '../../app/session/logout';
import { applicationId, chooseApplication, displayName, role, userType } from '../../app/session/storage';
import { ssoMessage } from '../auth/company/sso-messages';
import { accountsApi, codeOf, messageOf } from './api';

/**
 * Where the user was when the lock came and the application they had chosen, kept across the trip
 * to the company's sign-in page. In localStorage: that trip changes browsing-context group (our
 * COOP header), which starts the tab's sessionStorage afresh.
 */
const RETURN_KEY = 'kestrel.unlockReturn';
interface UnlockReturn {
  from: string | null;
  applicationId: number | null;
}
function takeReturn(): UnlockReturn | null {
  const raw = localStorage.getItem(RETURN_KEY);
  localStorage.removeItem(RETURN_KEY);
  try {
    return raw ? (JSON.parse(raw) as UnlockReturn) : null;
  } catch {
    return null;
  }
}

/**
 * The lock screen of a signed-in user (docs/accounts.md "Lock screen"): the session stays, its
 * token is refused until the password is given again. SSO accounts unlock with a fresh sign-in at
 * their company: `POST /api/sso/unlock` gives the provider's address, the provider sends the browser
 * back here with `?unlocked=1` (the same session, lifted) or `?ssoError=…`.
 */
export function UnlockForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const config = useAppConfig();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(() => ssoMessage(params.get('ssoError')));
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? null;
  const sso = userType() === 'sso';
  const home = homeFor(role(), config.providerSlug);

  // Back from the provider with the lock lifted: carry on where the user was.
  const unlocked = params.get('unlocked') === '1';
  useEffect(() => {
    if (!unlocked) return;
    const back = takeReturn();
    if (back?.applicationId) chooseApplication(back.applicationId);
    navigate(back?.from || home, { replace: true });
  }, [unlocked, home, navigate]);
  const ended = params.get('ssoError') === 'unlock_session_ended';

  const unlockWithProvider = async () => {
    setBusy(true);
    setError(null);
    try {
      const back: UnlockReturn = { from, applicationId: applicationId() };
      localStorage.setItem(RETURN_KEY, JSON.stringify(back));
      window.location.assign(await accountsApi.ssoUnlockUrl());
    } catch (err) {
      if (codeOf(err) === 'unauthorized') {
        await logout();
        return;
      }
      setError(messageOf(err));
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await accountsApi.unlock(password);
      navigate(from || home, { replace: true });
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
            <Button onClick={() => void unlockWithProvider()} loading={busy} disabled={ended}>
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
