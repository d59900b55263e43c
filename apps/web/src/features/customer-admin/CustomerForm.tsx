import type { CustomerContactInput, CustomerDetail } from '@kestrel/contract';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useSaveCustomer } from '../../api/admin';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { ABOVE_MODALS, TimeZoneSelect } from '../admin-common/TimeZoneSelect';

interface Props {
  customer?: CustomerDetail;
  /** Where a new customer may go: the networks the caller sees. */
  parents: { value: string; label: string }[];
  parentId?: number | null;
  onDone: (c: CustomerDetail) => void;
  onCancel: () => void;
}

type Contact = { name: string; role: string; email: string; phone: string };
const SHOWN = ['name', 'parentId', 'country', 'address', 'city', 'postalCode', 'timeZone', 'contacts'];
const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** Create or edit a customer: name, network, address, country, default time zone, contacts. */
export function CustomerForm({ customer, parents, parentId, onDone, onCancel }: Props) {
  const save = useSaveCustomer();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [name, setName] = useState(customer?.name ?? '');
  const [parent, setParent] = useState<string | null>(
    customer
      ? customer.parentId == null
        ? null
        : String(customer.parentId)
      : parentId
        ? String(parentId)
        : null,
  );
  const [country, setCountry] = useState(customer?.country ?? '');
  const [address, setAddress] = useState(customer?.address ?? '');
  const [city, setCity] = useState(customer?.city ?? '');
  const [postalCode, setPostalCode] = useState(customer?.postalCode ?? '');
  const [timeZone, setTimeZone] = useState<string | null>(customer?.timeZone ?? 'UTC');
  const [contacts, setContacts] = useState<Contact[]>(
    customer?.contacts.map((c) => ({
      name: c.name,
      role: c.role ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
    })) ?? [],
  );
  const err = (f: string) => fieldError(problem, f);
  const setContact = (i: number, patch: Partial<Contact>) =>
    setContacts((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      parentId: parent ? Number(parent) : null,
      country: orNull(country.toUpperCase()),
      address: orNull(address),
      city: orNull(city),
      postalCode: orNull(postalCode),
      ...(timeZone ? { timeZone } : {}),
      contacts: contacts.map(
        (c): CustomerContactInput => ({
          name: c.name,
          role: orNull(c.role),
          email: orNull(c.email),
          phone: orNull(c.phone),
        }),
      ),
    };
    save.mutate(
      { id: customer?.id, body },
      {
        onSuccess: (r) => {
          toast({ type: 'success', msg: r.message ?? `${r.result.name} was saved.` });
          onDone(r.result);
        },
        onError: (error) => setProblem(formProblem(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={customer ? `Edit ${customer.name}` : 'New customer'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={err('name')}
        />
        <Select
          comboboxProps={ABOVE_MODALS}
          label="Member of network"
          description="Empty: a top-level customer or network"
          data={parents.filter((p) => p.value !== String(customer?.id))}
          value={parent}
          onChange={setParent}
          searchable
          clearable
          error={err('parentId')}
        />
        <TextInput
          label="Address"
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={err('address')}
        />
        <SimpleGrid cols={3}>
          <TextInput
            label="Postal code"
            value={postalCode}
            onChange={(e) => setPostalCode(e.currentTarget.value)}
            error={err('postalCode')}
          />
          <TextInput
            label="City"
            value={city}
            onChange={(e) => setCity(e.currentTarget.value)}
            error={err('city')}
          />
          <TextInput
            label="Country"
            description="Two letters, e.g. DE"
            maxLength={2}
            value={country}
            onChange={(e) => setCountry(e.currentTarget.value)}
            error={err('country')}
          />
        </SimpleGrid>
        <TimeZoneSelect
          label="Default time zone"
          description="New sites start with it"
          value={timeZone}
          onChange={setTimeZone}
          error={err('timeZone')}
        />
        <Fieldset legend="Contacts at the customer">
          <Stack gap="xs">
            {contacts.length === 0 && (
              <Text size="sm" c="dimmed">
                No contacts yet.
              </Text>
            )}
            {contacts.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
              <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={`Contact ${i + 1} name`}
                  placeholder="Name"
                  value={c.name}
                  onChange={(e) => setContact(i, { name: e.currentTarget.value })}
                  error={err(`contacts.${i}.name`)}
                />
                <TextInput
                  aria-label={`Contact ${i + 1} role`}
                  placeholder="Role"
                  value={c.role}
                  onChange={(e) => setContact(i, { role: e.currentTarget.value })}
                  error={err(`contacts.${i}.role`)}
                />
                <TextInput
                  aria-label={`Contact ${i + 1} e-mail`}
                  placeholder="E-mail"
                  value={c.email}
                  onChange={(e) => setContact(i, { email: e.currentTarget.value })}
                  error={err(`contacts.${i}.email`)}
                />
                <TextInput
                  aria-label={`Contact ${i + 1} phone`}
                  placeholder="Phone"
                  value={c.phone}
                  onChange={(e) => setContact(i, { phone: e.currentTarget.value })}
                  error={err(`contacts.${i}.phone`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={`Remove contact ${i + 1}`}
                  onClick={() => setContacts((l) => l.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => setContacts((l) => [...l, { name: '', role: '', email: '', phone: '' }])}
              >
                Add contact
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <ProblemAlert problem={problem} shown={SHOWN} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {customer ? 'Save customer' : 'Create customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
