import { type AdminUserDetail, roleLabels } from '@kestrel/contract';
import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  useAdminUser,
  useSendPasswordMail,
  useSetUserAccess,
  useSetUserActive,
  useUpdateUser,
} from '../../api/admin';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { StateBadge } from '../admin-common/StateBadge';
import { AccessEditor } from './AccessEditor';
import { type AccessDraft, accessBody, draftOf } from './access-draft';

/** One user: profile, state, password mails and access. Keyed by id so each user starts fresh. */
export function UserDetail({ id }: { id: number }) {
  const user = useAdminUser(id);
  return (
    <QueryState query={user} what="the user">
      {(u) => <UserSections key={`${u.id}`} user={u} />}
    </QueryState>
  );
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

function UserSections({ user }: { user: AdminUserDetail }) {
  const save = useUpdateUser();
  const setActive = useSetUserActive();
  const mail = useSendPasswordMail();
  const setAccess = useSetUserAccess();
  const [profileProblem, setProfileProblem] = useState<FormProblem | null>(null);
  const [stateProblem, setStateProblem] = useState<FormProblem | null>(null);
  const [accessProblem, setAccessProblem] = useState<FormProblem | null>(null);
  const [email, setEmail] = useState(user.email);
  const [displayName, setDisplayName] = useState(user.displayName);
  const [jobTitle, setJobTitle] = useState(user.jobTitle ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [draft, setDraft] = useState<AccessDraft>(() => draftOf(user));
  const pErr = (f: string) => fieldError(profileProblem, f);
  const done = (setProblem: (p: FormProblem | null) => void) => ({
    onSuccess: (r: { message?: string }) => {
      setProblem(null);
      toast({ type: 'success', msg: r.message ?? 'Saved.' });
    },
    onError: (e: unknown) => setProblem(formProblem(e)),
  });

  return (
    <Stack gap="md">
      <Group gap="xs">
        <StateBadge tone={user.active ? 'ok' : 'off'}>{user.active ? 'Active' : 'Deactivated'}</StateBadge>
        <StateBadge tone="info">{roleLabels[user.role]}</StateBadge>
        {user.userType === 'sso' && <StateBadge tone="info">Single sign-on</StateBadge>}
        {user.invitationPending && <StateBadge tone="wait">Invitation pending</StateBadge>}
      </Group>
      <Text size="sm" c="dimmed">
        {user.customerName ?? 'Provider staff'} · last sign-in{' '}
        {user.lastLoginAt ? new Date(user.lastLoginAt).toLocaleString() : 'never'}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          color={user.active ? 'red' : 'green'}
          loading={setActive.isPending}
          onClick={() => setActive.mutate({ id: user.id, active: !user.active }, done(setStateProblem))}
        >
          {user.active ? 'Deactivate' : 'Activate'}
        </Button>
        {user.userType === 'local' && (
          <Button
            size="xs"
            variant="default"
            loading={mail.isPending && mail.variables?.kind === 'reset-password'}
            onClick={() => mail.mutate({ id: user.id, kind: 'reset-password' }, done(setStateProblem))}
          >
            Reset password
          </Button>
        )}
        {user.invitationPending && (
          <Button
            size="xs"
            variant="default"
            loading={mail.isPending && mail.variables?.kind === 'invite'}
            onClick={() => mail.mutate({ id: user.id, kind: 'invite' }, done(setStateProblem))}
          >
            Send invitation again
          </Button>
        )}
      </Group>
      <ProblemAlert problem={stateProblem} shown={[]} />

      <Divider />
      <form
        noValidate
        aria-label="Profile"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: user.id, body: { email, displayName, jobTitle: orNull(jobTitle), phone: orNull(phone) } },
            done(setProfileProblem),
          );
        }}
      >
        <Title order={3} size="h5" mb="xs">
          Profile
        </Title>
        <SimpleGrid cols={2}>
          <TextInput
            label="E-mail"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={pErr('email')}
            disabled={user.userType === 'sso'}
          />
          <TextInput
            label="Name"
            value={displayName}
            onChange={(e) => setDisplayName(e.currentTarget.value)}
            error={pErr('displayName')}
          />
          <TextInput
            label="Job title"
            value={jobTitle}
            onChange={(e) => setJobTitle(e.currentTarget.value)}
            error={pErr('jobTitle')}
          />
          <TextInput
            label="Phone"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={pErr('phone')}
          />
        </SimpleGrid>
        <ProblemAlert problem={profileProblem} shown={['email', 'displayName', 'jobTitle', 'phone']} />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" size="xs" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </form>

      <Divider />
      <form
        noValidate
        aria-label="Access"
        onSubmit={(e) => {
          e.preventDefault();
          setAccess.mutate({ id: user.id, body: accessBody(draft) }, done(setAccessProblem));
        }}
      >
        <Title order={3} size="h5" mb="xs">
          Access
        </Title>
        <AccessEditor draft={draft} onChange={setDraft} userId={user.id} problem={accessProblem} />
        <ProblemAlert
          problem={accessProblem}
          shown={['access', 'role', 'customerId', 'applicationIds', 'customerIds', 'siteIds']}
        />
        <Group justify="flex-end" mt="sm">
          <Button type="button" variant="default" size="xs" onClick={() => setDraft(draftOf(user))}>
            Undo changes
          </Button>
          <Button type="submit" size="xs" loading={setAccess.isPending}>
            Save access
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
