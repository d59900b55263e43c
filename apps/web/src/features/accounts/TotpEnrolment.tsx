import type { TotpSetup } from '@kestrel/contract';
import { Alert, Button, Code, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { accountsApi, messageOf } from './api';
import { SetupQrCode } from './SetupQrCode';

/**
 * Setting up the authenticator app (docs/accounts.md "Second factor"): the secret (typed in or
 * opened as an otpauth:// link), one code to prove the app has it, then the recovery codes — shown
 * once, only their hashes are kept.
 */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    accountsApi.startTotp().then(setSetup, (e) => setError(messageOf(e)));
  }, []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setCodes((await accountsApi.confirmTotp(code.trim())).recoveryCodes);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <Stack data-testid="recovery-codes">
        <Alert color="teal" role="status" title="Two-step sign-in is on">
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they
          are not shown again.
        </Alert>
        <List spacing={2} ff="monospace">
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Button onClick={onDone}>I have saved the codes</Button>
      </Stack>
    );
  }
  return (
    <Stack>
      {error ? (
        <Alert color="red" role="alert" title="Not set up">
          {error}
        </Alert>
      ) : null}
      {!setup ? (
        error ? null : (
          <Loader aria-label="Preparing" />
        )
      ) : (
        <>
          <Text size="sm">
            Scan this code with your authenticator app (or add an account with the key below, or open the{' '}
            <a href={setup.uri}>set-up link</a> on your phone), then enter the 6-digit code it shows.
          </Text>
          <SetupQrCode uri={setup.uri} />
          <Code block data-testid="totp-secret">
            {setup.secret}
          </Code>
          <TextInput
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && code.length === 6) void confirm();
            }}
          />
          <Button onClick={confirm} loading={busy} disabled={code.trim().length !== 6}>
            Turn on two-step sign-in
          </Button>
        </>
      )}
    </Stack>
  );
}
