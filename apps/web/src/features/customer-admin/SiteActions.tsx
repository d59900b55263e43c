import type { AdminSite } from '@kestrel/contract';
import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCloneSite, useMoveSite } from '../../api/admin';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { ABOVE_MODALS } from '../admin-common/TimeZoneSelect';

type Option = { value: string; label: string };

/** Move a site to another customer of the same network. */
export function MoveSiteForm({
  site,
  network,
  onDone,
}: {
  site: AdminSite;
  network: Option[];
  onDone: () => void;
}) {
  const move = useMoveSite();
  const [target, setTarget] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const choices = network.filter((o) => o.value !== String(site.customerId));
  return (
    <form
      aria-label={`Move ${site.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!target)
          return setProblem({ fields: { customerId: 'choose where the site goes' }, general: null });
        move.mutate(
          { id: site.id, customerId: Number(target) },
          {
            onSuccess: (r) => {
              toast({ type: 'success', msg: r.message ?? `${site.name} was moved.` });
              onDone();
            },
            onError: (error) => setProblem(formProblem(error)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {site.name} belongs to {site.customerName}. A site moves only within its network; its devices and
          data go with it.
        </Text>
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No data available: this network has no other customer to move the site to.
          </Text>
        ) : (
          <Select
            comboboxProps={ABOVE_MODALS}
            label="Move to"
            data={choices}
            value={target}
            onChange={setTarget}
            error={fieldError(problem, 'customerId')}
            searchable
          />
        )}
        <ProblemAlert problem={problem} shown={['customerId']} />
        <Group justify="flex-end">
          <Button type="submit" loading={move.isPending} disabled={choices.length === 0}>
            Move site
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Clone a site: a new site with the same settings, optionally its senders, user access and thresholds. */
export function CloneSiteForm({
  site,
  network,
  onDone,
}: {
  site: AdminSite;
  network: Option[];
  onDone: () => void;
}) {
  const clone = useCloneSite();
  const [name, setName] = useState(`${site.name} (copy)`);
  const [target, setTarget] = useState<string | null>(String(site.customerId));
  const [copy, setCopy] = useState({ dicomSenders: true, userAccess: true, tubeThresholds: true });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  return (
    <form
      aria-label={`Clone ${site.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        clone.mutate(
          { id: site.id, body: { name, customerId: target ? Number(target) : undefined, copy } },
          {
            onSuccess: (r) => {
              const c = r.result.copied;
              toast({
                type: 'success',
                msg: `${r.message ?? 'Cloned.'} Copied ${c.dicomSenders} DICOM senders, ${c.userAccess} user grants, ${c.salesAssignments} sales assignments.`,
              });
              onDone();
            },
            onError: (error) => setProblem(formProblem(error)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name of the new site"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(problem, 'name')}
        />
        <Select
          comboboxProps={ABOVE_MODALS}
          label="Customer"
          data={network}
          value={target}
          onChange={setTarget}
          error={fieldError(problem, 'customerId')}
        />
        <Checkbox
          label="Copy DICOM senders"
          checked={copy.dicomSenders}
          onChange={(e) => setCopy({ ...copy, dicomSenders: e.currentTarget.checked })}
        />
        <Checkbox
          label="Copy user access"
          checked={copy.userAccess}
          onChange={(e) => setCopy({ ...copy, userAccess: e.currentTarget.checked })}
        />
        <Checkbox
          label="Copy tube thresholds"
          checked={copy.tubeThresholds}
          onChange={(e) => setCopy({ ...copy, tubeThresholds: e.currentTarget.checked })}
        />
        <ProblemAlert problem={problem} shown={['name', 'customerId']} />
        <Group justify="flex-end">
          <Button type="submit" loading={clone.isPending}>
            Clone site
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
