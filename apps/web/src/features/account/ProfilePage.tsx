import { roleLabels } from '@kestrel/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useProfile, useUpdateProfile } from '../../api/hooks';
import { CHANGE_PASSWORD_PATH } from '../../app/paths';
import { setDisplayName } from '../../app/session/storage';
import { toast } from '../../ui/toast';
import { TwoFactorCard } from '../accounts/TwoFactorCard';
import { AlertPreferencesCard } from '../messages/AlertPreferencesCard';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dark.3" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** user/profile: the shell hides title and navigation here (product §2), so the page has its own. */
export default function ProfilePage() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [phone, setPhone] = useState('');

  if (profile.isPending) {
    return (
      <Stack maw={720} mx="auto" aria-busy="true">
        <Skeleton h={40} w={240} />
        <Skeleton h={220} />
      </Stack>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" title="Your profile could not be loaded" maw={720} mx="auto">
        Please reload the page in a moment.
      </Alert>
    );
  }
  const p = profile.data;
  const startEdit = () => {
    setName(p.displayName);
    setJobTitle(p.jobTitle ?? '');
    setPhone(p.phone ?? '');
    setEditing(true);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    try {
      const saved = await update.mutateAsync({ displayName: name, jobTitle, phone });
      setDisplayName(saved.displayName);
      setEditing(false);
      toast({ type: 'success', msg: 'Your profile has been saved.' });
    } catch {
      // The shared handler showed why.
    }
  };

  return (
    <Stack maw={720} mx="auto">
      <Title order={1}>Your profile</Title>
      <Card withBorder padding="lg">
        {editing ? (
          <form onSubmit={save} noValidate>
            <Stack>
              <TextInput
                label="Name"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={!name.trim() ? 'Enter your name' : undefined}
                data-autofocus
              />
              <TextInput
                label="Job title"
                maxLength={100}
                value={jobTitle}
                onChange={(e) => setJobTitle(e.currentTarget.value)}
              />
              <TextInput
                label="Phone"
                type="tel"
                maxLength={40}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={update.isPending} disabled={!name.trim()}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Field label="Name" value={p.displayName} />
              <Field label="E-mail address" value={p.email} />
              <Field label="Role" value={roleLabels[p.role]} />
              <Field label="Organisation" value={p.customerName} />
              <Field label="Job title" value={p.jobTitle} />
              <Field label="Phone" value={p.phone} />
              <Field
                label="Sign-in"
                value={p.userType === 'sso' ? 'Company single sign-on' : 'Portal password'}
              />
              <Field
                label="Last signed in"
                value={p.lastLoginAt ? dayjs(p.lastLoginAt).format('D MMM YYYY, HH:mm') : null}
              />
            </SimpleGrid>
            <Group justify="space-between">
              {p.userType !== 'sso' ? (
                <Anchor component={Link} to={CHANGE_PASSWORD_PATH}>
                  Change password
                </Anchor>
              ) : (
                <span />
              )}
              <Button onClick={startEdit}>Edit profile</Button>
            </Group>
          </Stack>
        )}
      </Card>
      <TwoFactorCard />
      <AlertPreferencesCard />
    </Stack>
  );
}
