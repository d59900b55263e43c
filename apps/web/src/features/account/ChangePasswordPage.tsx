import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '@kestrel/contract';
import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useChangePassword } from '../../api/hooks';
import { useAppConfig } from '../../app/config';
import { homeFor } from '../../app/home';
import { LOGIN_PATH } from '../../app/paths';
import { isSignedIn, role, userType } from '../../app/session/storage';
import { toast } from '../../ui/toast';

/** The server's rules, checked before sending so that people see them at the field. */
export function newPasswordProblem(current: string, next: string, confirm: string): string | null {
  const parsed = newPasswordSchema.safeParse(next);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'The new password is not allowed';
  if (next === current) return 'The new password must differ from the current one';
  if (next !== confirm) return 'The two new passwords do not match';
  return null;
}

/** change-password (product §10.8): public layout, but it needs a session; SSO users cannot use it. */
export default function ChangePasswordPage() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);

  if (!isSignedIn()) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  const home = homeFor(role(), config.providerSlug);

  if (userType() === 'sso') {
    return (
      <Card maw={480} mx="auto" mt="xl" p="xl" withBorder>
        <Stack>
          <Title order={1} size="h3">
            Change password
          </Title>
          <Text>Your password is managed by your company single sign-on. Change it there.</Text>
          <Anchor component={Link} to={home}>
            Back to the portal
          </Anchor>
        </Stack>
      </Card>
    );
  }

  const problem = newPasswordProblem(current, next, confirm);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || !current) return;
    try {
      const message = await change.mutateAsync({ currentPassword: current, newPassword: next });
      toast({ type: 'success', msg: message });
      navigate(home, { replace: true });
    } catch {
      // The shared handler showed the server's reason (product §8).
    }
  };

  return (
    <Card maw={480} mx="auto" mt="xl" p="xl" shadow="sm" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            Change password
          </Title>
          <Text size="sm" c="dark.4">
            Use at least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that
            is easy to remember. Your other sessions will be signed out.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={touched && !current ? 'Enter your current password' : undefined}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          {touched && problem ? (
            <Alert color="red" role="alert" data-testid="password-problem">
              {problem}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Anchor component={Link} to={home}>
              Cancel
            </Anchor>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
