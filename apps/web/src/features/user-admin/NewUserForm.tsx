import { Button, Checkbox, Divider, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCreateUser } from '../../api/admin';
import { role as callerRole } from '../../app/session/storage';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { AccessEditor } from './AccessEditor';
import { type AccessDraft, accessBody, DEFAULT_APPLICATIONS } from './access-draft';

const SHOWN = ['email', 'displayName', 'jobTitle', 'phone', 'access'];
const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** Add a user with their access; the invitation mail goes out at once unless unticked. */
export function NewUserForm({
  homeCustomerId,
  onDone,
  onCancel,
}: {
  homeCustomerId: number | null;
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const save = useCreateUser();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [phone, setPhone] = useState('');
  const [invite, setInvite] = useState(true);
  const [draft, setDraft] = useState<AccessDraft>({
    role: 'customer_user',
    customerId: callerRole() === 'customer_admin' ? homeCustomerId : null,
    applicationIds: DEFAULT_APPLICATIONS.customer_user,
    customerIds: [],
    siteIds: [],
  });
  // A customer administrator's own customer may arrive after the form opened (the page's
  // queries still loading): their new user belongs to it, unless they chose otherwise.
  useEffect(() => {
    if (callerRole() === 'customer_admin' && homeCustomerId !== null)
      setDraft((d) => (d.customerId === null ? { ...d, customerId: homeCustomerId } : d));
  }, [homeCustomerId]);
  const err = (f: string) => fieldError(problem, f);
  return (
    <form
      noValidate
      aria-label="New user"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            email,
            displayName,
            jobTitle: orNull(jobTitle),
            phone: orNull(phone),
            access: accessBody(draft),
            invite,
          },
          {
            onSuccess: (r) => {
              toast({ type: 'success', msg: r.message ?? 'The user was added.' });
              onDone(r.result.user.id);
            },
            onError: (error) => setProblem(formProblem(error)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label="E-mail"
            required
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={err('email')}
          />
          <TextInput
            label="Name"
            required
            value={displayName}
            onChange={(e) => setDisplayName(e.currentTarget.value)}
            error={err('displayName')}
          />
          <TextInput
            label="Job title"
            value={jobTitle}
            onChange={(e) => setJobTitle(e.currentTarget.value)}
            error={err('jobTitle')}
          />
          <TextInput
            label="Phone"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={err('phone')}
          />
        </SimpleGrid>
        <Divider label="Access" labelPosition="left" />
        <AccessEditor draft={draft} onChange={setDraft} problem={problem} prefix="access." />
        <Checkbox
          label="Send the invitation e-mail now"
          checked={invite}
          onChange={(e) => setInvite(e.currentTarget.checked)}
        />
        <ProblemAlert problem={problem} shown={SHOWN} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Create user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
