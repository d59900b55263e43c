import type { AdminSite, CreateSiteRequest } from '@kestrel/contract';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSaveSite } from '../../api/admin';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from './form-errors';
import { ProblemAlert } from './ProblemAlert';
import { RejectTargetInput } from './RejectTargetInput';
import { ABOVE_MODALS, TimeZoneSelect } from './TimeZoneSelect';

export interface SiteFormProps {
  /** The site to edit; absent = a new site. */
  site?: AdminSite;
  /** Customers a new site may go under (the first is chosen when there is one). */
  customers?: { value: string; label: string; timeZone?: string }[];
  customerId?: number;
  onDone: (site: AdminSite) => void;
  onCancel?: () => void;
}

const SHOWN = [
  'customerId',
  'name',
  'address',
  'city',
  'postalCode',
  'country',
  'timeZone',
  'latitude',
  'longitude',
  'rejectRateTarget',
];
const text = (s: string) => (s.trim() ? s.trim() : null);
const numberOrNull = (v: string | number) => (v === '' ? null : Number(v));

/** Add or edit a site: name, address, IANA time zone and coordinates (docs/administration.md "Sites"). */
export function SiteForm({ site, customers = [], customerId, onDone, onCancel }: SiteFormProps) {
  const save = useSaveSite();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [customer, setCustomer] = useState<string | null>(
    customerId != null ? String(customerId) : (customers[0]?.value ?? null),
  );
  const [name, setName] = useState(site?.name ?? '');
  const [address, setAddress] = useState(site?.address ?? '');
  const [city, setCity] = useState(site?.city ?? '');
  const [postalCode, setPostalCode] = useState(site?.postalCode ?? '');
  const [country, setCountry] = useState(site?.country ?? '');
  const [timeZone, setTimeZone] = useState<string | null>(site?.timeZone ?? null);
  const [latitude, setLatitude] = useState<string | number>(site?.latitude ?? '');
  const [longitude, setLongitude] = useState<string | number>(site?.longitude ?? '');
  const [target, setTarget] = useState<string | number>(site?.rejectRateTarget ?? '');
  const err = (f: string) => fieldError(problem, f);
  const customerZone = customers.find((c) => c.value === customer)?.timeZone;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = {
      name,
      address: text(address),
      city: text(city),
      postalCode: text(postalCode),
      country: text(country.toUpperCase()),
      latitude: numberOrNull(latitude),
      longitude: numberOrNull(longitude),
      rejectRateTarget: numberOrNull(target),
      ...(timeZone ? { timeZone } : {}),
    };
    const body: CreateSiteRequest | typeof fields = site
      ? fields
      : { ...fields, customerId: customer ? Number(customer) : (undefined as unknown as number) };
    save.mutate(
      { id: site?.id, body },
      {
        onSuccess: (r) => {
          setProblem(null);
          toast({ type: 'success', msg: r.message ?? `Site ${r.result.name} was saved.` });
          onDone(r.result);
        },
        onError: (error) => setProblem(formProblem(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={site ? `Edit site ${site.name}` : 'New site'}>
      <Stack gap="sm">
        {!site && customerId == null && (
          <Select
            comboboxProps={ABOVE_MODALS}
            label="Customer"
            data={customers}
            value={customer}
            onChange={setCustomer}
            searchable
            required
            error={err('customerId')}
            nothingFoundMessage="No customer of yours matches"
          />
        )}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={err('name')}
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
          value={timeZone}
          onChange={setTimeZone}
          error={err('timeZone')}
          description={
            site ? undefined : `Empty: the customer's default${customerZone ? ` (${customerZone})` : ''}`
          }
        />
        <SimpleGrid cols={2}>
          <NumberInput
            label="Latitude"
            description="Degrees, −90 to 90"
            decimalScale={6}
            value={latitude}
            onChange={setLatitude}
            error={err('latitude')}
          />
          <NumberInput
            label="Longitude"
            description="Degrees, −180 to 180"
            decimalScale={6}
            value={longitude}
            onChange={setLongitude}
            error={err('longitude')}
          />
        </SimpleGrid>
        <RejectTargetInput value={target} onChange={setTarget} error={err('rejectRateTarget')} />
        <ProblemAlert problem={problem} shown={SHOWN} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {site ? 'Save site' : 'Add site'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
