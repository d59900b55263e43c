import type { Application, LoginResult } from '@kestrel/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client';
import { logRouteInfo, useLogin } from '../../api/hooks';
import { useAppConfig } from '../../app/config';
import { homeFor } from '../../app/home';
import { resetPopupFlag } from '../../app/http-errors';
import {
  applications,
  chooseApplication,
  clearSession,
  isSignedIn,
  role,
  saveSignIn,
} from '../../app/session/storage';
import { spinner } from '../../ui/spinner/SpinnerOverlay';
import { SecondFactorStep } from '../accounts/SecondFactorStep';
import { CompanySignIn } from './company/CompanySignIn';
import { useSsoReturn } from './company/useCompanySignIn';

function loginError(error: unknown): string {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | null)?.message;
    if (typeof message === 'string') return message;
    return `Sign-in failed (${error.status}). Please try again.`;
  }
  return 'The server cannot be reached. Check your connection and try again.';
}

/** After sign-in: which application to open, when the user has several (session storage). */
function ApplicationChoice({ apps, onChoose }: { apps: Application[]; onChoose: (id: number) => void }) {
  const [value, setValue] = useState(String(apps[0]?.id ?? ''));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onChoose(Number(value));
      }}
    >
      <Stack>
        <Title order={1} size="h3">
          Choose an application
        </Title>
        <Radio.Group value={value} onChange={setValue} label="Open" name="application">
          <Stack gap="xs" mt="xs">
            {apps.map((a) => (
              <Radio key={a.id} value={String(a.id)} label={a.name} />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit">Continue</Button>
      </Stack>
    </form>
  );
}

export default function LoginPage() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choosing, setChoosing] = useState(() => isSignedIn() && params.has('choose'));
  // After the password: the second factor, when the account has one (docs/accounts.md).
  const [secondFactor, setSecondFactor] = useState<'verify' | 'enrol' | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  // Decided when the page opens, so that our own sign-in below is not mistaken for it.
  const [alreadySignedIn] = useState(() => isSignedIn() && !params.has('choose'));

  const goHome = () => {
    void logRouteInfo();
    navigate(from && from !== location.pathname ? from : homeFor(role(), config.providerSlug), {
      replace: true,
    });
  };

  // Company sign-in (features/auth/company): its return to this page, and whether the address typed
  // belongs to a company sign-in (then there is no password to ask for).
  const [ssoRouted, setSsoRouted] = useState(false);
  const afterSignIn = useCallback((result: LoginResult) => {
    saveSignIn(result);
    resetPopupFlag();
    if (result.applications.length > 1) setChoosing(true);
    else goHomeRef.current();
  }, []);
  const goHomeRef = useRef(goHome);
  goHomeRef.current = goHome;
  const ssoReturn = useSsoReturn(afterSignIn);

  // Product §10.2: a signed-in user who reaches the login route goes to their home page.
  if (alreadySignedIn && !ssoReturn.pending) {
    return <Navigate to={homeFor(role(), config.providerSlug)} replace />;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    spinner.show({ variant: 'chasing-dots', label: 'Signing in…' });
    try {
      const result = await login.mutateAsync({ email, password });
      saveSignIn(result);
      resetPopupFlag();
      if (result.secondFactor) setSecondFactor(result.secondFactor);
      else if (result.applications.length > 1) setChoosing(true);
      else goHome();
    } catch {
      // Shown below the form.
    } finally {
      spinner.hide();
    }
  };

  return (
    <Card maw={420} mx="auto" mt="xl" p="xl" shadow="sm" radius="md" withBorder>
      {secondFactor ? (
        <SecondFactorStep
          kind={secondFactor}
          onDone={() => {
            setSecondFactor(null);
            if (applications().length > 1) setChoosing(true);
            else goHome();
          }}
          onRestart={() => {
            clearSession();
            setSecondFactor(null);
            setPassword('');
          }}
        />
      ) : choosing ? (
        <ApplicationChoice
          apps={applications()}
          onChoose={(id) => {
            chooseApplication(id);
            goHome();
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h3">
                Sign in to {config.productName}
              </Title>
              <Text c="dimmed" size="sm">
                The fleet portal of {config.providerName}
              </Text>
            </div>
            {login.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not signed in">
                {loginError(login.error)}
              </Alert>
            ) : null}
            <TextInput
              label="E-mail address"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-autofocus
              autoFocus
            />
            {ssoRouted ? null : (
              <>
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <Button type="submit" loading={login.isPending} disabled={!email || !password}>
                  Sign in
                </Button>
              </>
            )}
            <Group justify="space-between">
              <Anchor component={Link} to="/authentication/forgot" size="sm">
                Forgot your password?
              </Anchor>
              <Anchor component={Link} to="/authentication/registration" size="sm">
                Need an account?
              </Anchor>
            </Group>
            <CompanySignIn email={email} error={ssoReturn.error} onRouted={setSsoRouted} />
          </Stack>
        </form>
      )}
    </Card>
  );
}
