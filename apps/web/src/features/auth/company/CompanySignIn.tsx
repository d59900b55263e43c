import { Alert, Button, Divider, Text } from '@mantine/core';
import { IconAlertCircle, IconBuildingSkyscraper } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useAppConfig } from '../../../app/config';
import { useDiscoveredProvider } from './useCompanySignIn';

/**
 * Company sign-in on the login page (docs/sso.md): when identity providers are chosen by e-mail
 * domain, the address typed above decides, and a matching one replaces the password with a
 * "Continue with …" button; otherwise the plain company button. `onRouted` tells the form whether
 * the address belongs to a company sign-in.
 */
export function CompanySignIn({
  email,
  error,
  onRouted,
}: {
  email: string;
  error: string | null;
  onRouted: (routed: boolean) => void;
}) {
  const config = useAppConfig();
  const provider = useDiscoveredProvider(email, config.ssoEmailFirst);
  useEffect(() => onRouted(!!provider), [provider, onRouted]);

  return (
    <>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Company sign-in failed">
          {error}
        </Alert>
      ) : null}
      {provider ? (
        <>
          <Text size="sm">
            {email.trim()} signs in with <strong>{provider.name}</strong>.
          </Text>
          <Button
            component="a"
            href={`/api/sso/login?email=${encodeURIComponent(email.trim().toLowerCase())}`}
            leftSection={<IconBuildingSkyscraper size={18} />}
            data-testid="sso-continue"
          >
            Continue with {provider.name}
          </Button>
        </>
      ) : config.ssoEnabled && !config.ssoEmailFirst ? (
        <>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            leftSection={<IconBuildingSkyscraper size={18} />}
            component="a"
            href="/api/sso/login"
            data-testid="sso-button"
          >
            Sign in with your company account
          </Button>
        </>
      ) : config.ssoEmailFirst ? (
        <Text size="xs" c="dimmed" data-testid="sso-email-first">
          Company accounts: enter your work e-mail address to continue with your company sign-in.
        </Text>
      ) : null}
    </>
  );
}
