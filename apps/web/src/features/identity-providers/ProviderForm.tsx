import type { IdentityProvider } from '@kestrel/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAdminSites } from '../../api/admin';
import { formProblem } from '../../api/errors';
import { useCustomerChoices, useSaveIdentityProvider } from './api';

const STAFF = '__staff__';
const CUSTOMER_ROLES = [
  { value: 'customer_user', label: 'Customer user' },
  { value: 'customer_admin', label: 'Customer administrator' },
];
const STAFF_ROLES = [
  { value: 'service', label: 'Service engineer' },
  { value: 'sales', label: 'Sales representative' },
];

/** How a role reads in the list: 'Customer user', not 'customer_user'. */
export const roleLabel = (role: string) =>
  [...CUSTOMER_ROLES, ...STAFF_ROLES].find((r) => r.value === role)?.label ?? role;

/** Create or edit one identity provider; the secret is write-only (left empty, the stored one stays). */
export function ProviderForm({
  provider,
  onDone,
}: {
  provider: IdentityProvider | null;
  onDone: () => void;
}) {
  const customers = useCustomerChoices();
  const save = useSaveIdentityProvider();
  const [name, setName] = useState(provider?.name ?? '');
  const [customer, setCustomer] = useState<string>(provider ? String(provider.customerId ?? STAFF) : '');
  const [issuer, setIssuer] = useState(provider?.issuer ?? '');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(provider?.domains.join(', ') ?? '');
  const [active, setActive] = useState(provider?.active ?? true);
  const [jit, setJit] = useState(provider?.jitMode === 'on');
  const [jitRole, setJitRole] = useState<string | null>(provider?.jitRole ?? null);
  const [jitSites, setJitSites] = useState<string[]>(provider?.jitSiteIds.map(String) ?? []);
  const staff = customer === STAFF;
  const customerId = !customer || staff ? null : Number(customer);
  // New people of a customer see the sites chosen here (docs/sso.md "Just-in-time creation").
  const sites = useAdminSites(
    { customerId: customerId === null ? undefined : String(customerId), active: 'true', limit: '500' },
    jit && customerId !== null,
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({
        id: provider?.id ?? null,
        body: {
          name,
          customerId: staff || !customer ? null : Number(customer),
          issuer: issuer.trim(),
          clientId: clientId.trim(),
          ...(clientSecret ? { clientSecret } : {}),
          domains: domains
            .split(/[\s,]+/)
            .map((d) => d.trim().toLowerCase())
            .filter(Boolean),
          active,
          jitMode: jit ? 'on' : 'off',
          jitRole: jit ? (jitRole as never) : null,
          jitApplicationIds: jit ? (staff ? [1002, 1003] : [1001]) : [],
          jitSiteIds: jit && !staff ? jitSites.map(Number) : [],
        },
      });
      onDone();
    } catch {
      // Shown in the form.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError ? (
          <Alert color="red" role="alert" title="Not saved">
            {formProblem(save.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Name shown on the login page"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Who signs in with it"
          required
          searchable
          value={customer}
          onChange={(v) => {
            setCustomer(v ?? '');
            setJitSites([]);
          }}
          data={[
            { value: STAFF, label: 'Our own staff' },
            ...(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
        />
        <TextInput
          label="Issuer URL"
          description="e.g. https://login.microsoftonline.com/<tenant id>/v2.0 — its discovery document must answer"
          required
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
        />
        <TextInput
          label="Client id"
          required
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
        />
        <PasswordInput
          label="Client secret"
          description={
            provider ? 'Leave empty to keep the stored secret.' : 'Stored encrypted; never shown again.'
          }
          required={!provider}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.currentTarget.value)}
        />
        <TextInput
          label="E-mail domains"
          description="Addresses at these domains are sent to this sign-in from the login page (comma-separated)."
          value={domains}
          onChange={(e) => setDomains(e.currentTarget.value)}
        />
        <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        <Switch
          label="Create unknown people when they first sign in"
          checked={jit}
          onChange={(e) => setJit(e.currentTarget.checked)}
        />
        {jit ? (
          <>
            <Select
              label="Role of people created this way"
              required
              value={jitRole}
              onChange={setJitRole}
              data={staff ? STAFF_ROLES : CUSTOMER_ROLES}
            />
            {customerId !== null ? (
              <MultiSelect
                label="Sites they may see"
                description="None chosen: they see no site until an administrator gives them access."
                searchable
                value={jitSites}
                onChange={setJitSites}
                data={(sites.data?.rows ?? []).map((site) => ({ value: String(site.id), label: site.name }))}
                placeholder={sites.isPending ? 'Loading sites…' : 'Choose sites'}
                nothingFoundMessage="This customer has no active site"
              />
            ) : null}
          </>
        ) : (
          <Text size="xs" c="dimmed">
            Off: only people who already have a company sign-in account in the portal can sign in.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
