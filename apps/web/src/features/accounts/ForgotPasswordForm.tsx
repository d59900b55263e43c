import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../app/paths';
import { accountsApi, messageOf } from './api';

/**
 * 'Forgot password' (docs/accounts.md "Forgotten password"): the e-mail address in, the same
 * answer whatever it is; the mail holds a single-use link to the set-password page.
 */
export function ForgotPasswordForm({ supportEmail }: { supportEmail: string }) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer(await accountsApi.forgot(email));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card maw={440} mx="auto" mt="xl" p="xl" shadow="sm" radius="md" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            Forgot your password?
          </Title>
          {answer ? (
            <Alert color="teal" role="status" title="Check your mailbox">
              {answer}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Enter the e-mail address of your account. We will send you a link to choose a new password.
              </Text>
              {error ? (
                <Alert color="red" role="alert" title="Not sent">
                  {error}
                </Alert>
              ) : null}
              <TextInput
                label="E-mail address"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                autoFocus
              />
              <Button type="submit" loading={busy} disabled={!email}>
                Send the link
              </Button>
            </>
          )}
          <Text size="sm" c="dimmed">
            If you sign in with your company account, use your company's password reset. No mail? Write to{' '}
            <Anchor href={`mailto:${supportEmail}`} underline="always">
              {supportEmail}
            </Anchor>
            .
          </Text>
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            Back to sign-in
          </Anchor>
        </Stack>
      </form>
    </Card>
  );
}
