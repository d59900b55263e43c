import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../ui/toast';
import { accountsApi, messageOf } from './api';
import { TotpEnrolment } from './TotpEnrolment';

const KEY = ['secondFactor'] as const;

/** Profile: turn the TOTP second factor on or off (docs/accounts.md "Second factor"). */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: accountsApi.secondFactor });
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  if (status.data && !status.data.available) return null;
  const turnOff = async () => {
    setError(null);
    try {
      await accountsApi.disableTotp(password, code.trim());
      setPassword('');
      setCode('');
      toast({ type: 'success', msg: 'Two-step sign-in is off.' });
      await refresh();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Card withBorder p="lg" data-testid="two-factor">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Two-step sign-in
          </Title>
          {status.data ? (
            <Badge color={status.data.enabled ? 'teal' : 'gray'}>{status.data.enabled ? 'On' : 'Off'}</Badge>
          ) : null}
        </Group>
        {status.isPending ? (
          <Skeleton h={40} />
        ) : status.isError ? (
          <Alert color="red" role="alert">
            {messageOf(status.error)} Reload the page to try again.
          </Alert>
        ) : enrolling ? (
          <TotpEnrolment
            onDone={() => {
              setEnrolling(false);
              void refresh();
            }}
          />
        ) : status.data.enabled ? (
          <>
            <Text size="sm">
              Each sign-in asks for a code from your authenticator app. Recovery codes left:{' '}
              {status.data.recoveryCodesLeft}.
            </Text>
            {status.data.required ? (
              <Text size="sm" c="dimmed">
                Your organisation requires two-step sign-in for your account.
              </Text>
            ) : (
              <>
                {error ? (
                  <Alert color="red" role="alert" title="Still on">
                    {error}
                  </Alert>
                ) : null}
                <Group align="end">
                  <PasswordInput
                    label="Password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Code from the app"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                  />
                  <Button
                    variant="default"
                    color="red"
                    onClick={turnOff}
                    disabled={!password || code.length !== 6}
                  >
                    Turn off
                  </Button>
                </Group>
              </>
            )}
          </>
        ) : (
          <>
            <Text size="sm">
              Protect your account with a code from an authenticator app (such as FreeOTP, Aegis or Google
              Authenticator) in addition to your password.
            </Text>
            <Group>
              <Button onClick={() => setEnrolling(true)}>Turn on two-step sign-in</Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
