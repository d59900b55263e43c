import { Alert, Button, Card, Center, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLogout } from '../../app/session/logout';
import { isSignedIn } from '../../app/session/storage';
import { accountsApi, messageOf } from './api';
import { EulaText } from './EulaText';

export const EULA_STATUS_KEY = ['eulastatus'] as const;

/**
 * Before anything of the signed-in area (docs/accounts.md "EULA"): a user who has not accepted the
 * current licence agreement reads it and accepts, or signs out. Wraps the admin layout, so that no
 * other call of the signed-in area is made until then.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const signedIn = isSignedIn();
  const status = useQuery({ queryKey: EULA_STATUS_KEY, queryFn: accountsApi.eulaStatus, enabled: signedIn });
  if (!signedIn) return children;
  if (status.isPending) {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // A failed check (session over, locked) is handled where it fails next: the layout's own calls.
  if (status.isError || !status.data.required || !status.data.current) return children;
  return <EulaScreen version={status.data.current} />;
}

function EulaScreen({
  version,
}: {
  version: { version: string; title: string; body: string; effectiveAt: string };
}) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const status = await accountsApi.acceptEula(version.version);
      queryClient.setQueryData(EULA_STATUS_KEY, status);
    } catch (e) {
      setError(messageOf(e));
      await queryClient.invalidateQueries({ queryKey: EULA_STATUS_KEY });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card maw={760} mx="auto" my="xl" p="xl" shadow="sm" withBorder data-testid="eula-gate">
      <Stack>
        <div>
          <Title order={1} size="h3">
            {version.title}
          </Title>
          <Text c="dimmed" size="sm">
            Version {version.version}, in effect since {new Date(version.effectiveAt).toLocaleDateString()}.
            Please read and accept it to continue.
          </Text>
        </div>
        <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
          <EulaText body={version.body} />
        </ScrollArea.Autosize>
        {error ? (
          <Alert color="red" role="alert" title="Not accepted">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void logout()}>
            Decline and sign out
          </Button>
          <Button onClick={accept} loading={busy}>
            I accept
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
