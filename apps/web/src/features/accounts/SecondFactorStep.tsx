import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { accountsApi, codeOf, messageOf } from './api';
import { TotpEnrolment } from './TotpEnrolment';

/**
 * The sign-in step after the password (docs/accounts.md "Second factor"): the authenticator's code
 * or a recovery code ('verify'), or setting the app up first when it is required ('enrol'). The
 * session exists already but the server refuses it for anything else until this is done.
 */
export function SecondFactorStep({
  kind,
  onDone,
  onRestart,
}: {
  kind: 'verify' | 'enrol';
  onDone: () => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (kind === 'enrol') {
    return (
      <Stack>
        <Title order={1} size="h3">
          Set up two-step sign-in
        </Title>
        <Text size="sm">Your account needs a code from an authenticator app at every sign-in.</Text>
        <TotpEnrolment onDone={onDone} />
      </Stack>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await accountsApi.verifyCode(code.trim());
      onDone();
    } catch (err) {
      if (codeOf(err) === 'too_many_attempts') onRestart();
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Two-step sign-in
        </Title>
        <Text size="sm">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </Text>
        {error ? (
          <Alert color="red" role="alert" title="Not signed in">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoFocus
        />
        <Button type="submit" loading={busy} disabled={!code.trim()}>
          Continue
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start again
        </Anchor>
      </Stack>
    </form>
  );
}
