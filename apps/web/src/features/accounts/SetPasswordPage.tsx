import { PASSWORD_MIN_LENGTH } from '@kestrel/contract';
import { Alert, Anchor, Button, Card, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../app/paths';
import { accountsApi, messageOf } from './api';

/** The token of a mailed link: after '#token=' (a fragment never reaches a server's logs). */
export const linkToken = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/**
 * The page a password link opens (docs/accounts.md): an invitation ("Welcome, choose your
 * password") or a reset. The link is checked first, so an expired or used one says so at once.
 */
export default function SetPasswordPage() {
  const [token] = useState(linkToken);
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => accountsApi.checkLink(token),
    enabled: !!token,
    retry: false,
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) {
      setError('The two passwords differ. Type the same password twice.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountsApi.setPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const invite = link.data?.purpose === 'invite';
  return (
    <Card maw={460} mx="auto" mt="xl" p="xl" shadow="sm" radius="md" withBorder>
      <Stack>
        <Title order={1} size="h3">
          {invite ? 'Welcome — choose your password' : 'Choose a new password'}
        </Title>
        {!token ? (
          <Alert color="red" role="alert" title="No link">
            Open this page from the link in your e-mail, or ask for a new one.
          </Alert>
        ) : link.isPending ? (
          <Loader aria-label="Checking the link" />
        ) : link.isError ? (
          <Alert color="red" role="alert" title="This link cannot be used">
            {messageOf(link.error)}{' '}
            <Anchor component={Link} to="/authentication/forgot">
              Ask for a new link
            </Anchor>
          </Alert>
        ) : done ? (
          <Alert color="teal" role="status" title="Your password is set">
            Sign in with {link.data.email} and your new password.{' '}
            <Anchor component={Link} to={LOGIN_PATH}>
              Sign in
            </Anchor>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">
                {invite ? `Hello ${link.data.displayName}: your account ` : 'The account '}
                <b>{link.data.email}</b> {invite ? 'is ready.' : 'gets a new password.'} Use at least{' '}
                {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a strong password.
              </Text>
              {error ? (
                <Alert color="red" role="alert" title="Password not set">
                  {error}
                </Alert>
              ) : null}
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoFocus
              />
              <PasswordInput
                label="Repeat the new password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy} disabled={!password || !repeat}>
                Set password
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
