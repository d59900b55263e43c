import { isProviderRole, type Role, roleLabels } from '@kestrel/contract';
import { Alert, Checkbox, Group, Loader, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useAccessPreview, useAdminSites, useCustomers } from '../../api/admin';
import { role as callerRole } from '../../app/session/storage';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ABOVE_MODALS } from '../admin-common/TimeZoneSelect';
import {
  type AccessDraft,
  APPLICATION_LABELS,
  accessBody,
  DEFAULT_APPLICATIONS,
  grantableRoles,
} from './access-draft';

interface Props {
  draft: AccessDraft;
  onChange: (d: AccessDraft) => void;
  /** The user being edited (the preview then knows who it is about). */
  userId?: number;
  /** The refusal of the last save, field by field (`access.siteIds`, …). */
  problem: FormProblem | null;
  /** Field names in `problem` are under this prefix (`access.` when inside the create body). */
  prefix?: string;
}

/**
 * One access screen: applications, role, whole customers and single sites, with what the setting
 * would let the user see before it is saved ("This user will see 3 sites, 12 devices").
 */
export function AccessEditor({ draft, onChange, userId, problem, prefix = '' }: Props) {
  const customers = useCustomers({ limit: 500, active: 'true' });
  const sites = useAdminSites({ limit: 500, active: 'true' });
  const [debounced] = useDebouncedValue(draft, 300);
  const preview = useAccessPreview({ ...accessBody(debounced), ...(userId ? { userId } : {}) });
  // The server names access fields `access.role` on every route; a body of its own as `role`.
  const err = (f: string) => fieldError(problem, `${prefix}${f}`) ?? fieldError(problem, `access.${f}`);
  const previewProblem = preview.isError ? formProblem(preview.error) : null;
  const customerRole = !isProviderRole(draft.role);

  const customerOptions = useMemo(
    () =>
      (customers.data?.rows ?? []).map((c) => ({
        value: String(c.id),
        label: c.parentName ? `${c.name} (${c.parentName})` : c.name,
      })),
    [customers.data],
  );
  const siteOptions = useMemo(
    () =>
      (sites.data?.rows ?? [])
        .filter(
          (s) =>
            !customerRole ||
            draft.customerId == null ||
            isUnder(s.customerId, draft.customerId, customers.data?.rows ?? []),
        )
        .map((s) => ({ value: String(s.id), label: `${s.name} — ${s.customerName}` })),
    [sites.data, customers.data, customerRole, draft.customerId],
  );
  const set = (patch: Partial<AccessDraft>) => onChange({ ...draft, ...patch });

  return (
    <Stack gap="sm">
      <Select
        comboboxProps={ABOVE_MODALS}
        label="Role"
        data={grantableRoles(callerRole()).map((r) => ({ value: r, label: roleLabels[r] }))}
        value={draft.role}
        allowDeselect={false}
        onChange={(v) => {
          if (!v) return;
          const r = v as Role;
          set({
            role: r,
            applicationIds: DEFAULT_APPLICATIONS[r],
            ...(r === 'customer_admin' ? { customerIds: [], siteIds: [] } : {}),
          });
        }}
        error={err('role')}
      />
      {customerRole && (
        <Select
          comboboxProps={ABOVE_MODALS}
          label="Belongs to customer"
          description="The customer whose users this person manages or belongs to"
          data={customerOptions}
          value={draft.customerId == null ? null : String(draft.customerId)}
          onChange={(v) => set({ customerId: v ? Number(v) : null, siteIds: [], customerIds: [] })}
          searchable
          error={err('customerId')}
        />
      )}
      <Checkbox.Group
        label="Applications"
        value={draft.applicationIds.map(String)}
        onChange={(v) => set({ applicationIds: v.map(Number).sort() })}
        error={err('applicationIds')}
      >
        <Group mt={4}>
          {Object.entries(APPLICATION_LABELS).map(([id, name]) => (
            <Checkbox key={id} value={id} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      {draft.role === 'customer_admin' ? (
        <Text size="sm" c="dimmed">
          A customer administrator sees their whole customer, with its members and sites.
        </Text>
      ) : (
        <>
          <MultiSelect
            comboboxProps={ABOVE_MODALS}
            label="Whole customers"
            description="Everything under each: its members, sites and devices"
            data={customerOptions}
            value={draft.customerIds.map(String)}
            onChange={(v) => set({ customerIds: v.map(Number) })}
            searchable
            clearable
            error={err('customerIds')}
            nothingFoundMessage="No customer you may grant matches"
          />
          <MultiSelect
            comboboxProps={ABOVE_MODALS}
            label="Single sites"
            data={siteOptions}
            value={draft.siteIds.map(String)}
            onChange={(v) => set({ siteIds: v.map(Number) })}
            searchable
            clearable
            limit={100}
            error={err('siteIds')}
            nothingFoundMessage="No site you may grant matches"
          />
        </>
      )}
      <Alert
        color={previewProblem ? 'red' : 'blue'}
        title="Effect of this setting"
        data-testid="access-effect"
        aria-live="polite"
      >
        {preview.isPending ? (
          <Group gap="xs">
            <Loader size="xs" /> <Text size="sm">Working out what this user would see…</Text>
          </Group>
        ) : previewProblem ? (
          <Text size="sm">
            {previewProblem.general ??
              Object.entries(previewProblem.fields)
                .map(([k, m]) => `${k}: ${m}`)
                .join('; ')}
          </Text>
        ) : preview.data ? (
          <Text size="sm" fw={500}>
            {preview.data.summary}
          </Text>
        ) : null}
      </Alert>
    </Stack>
  );
}

function isUnder(customerId: number, ancestorId: number, rows: { id: number; parentId: number | null }[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let cur = byId.get(customerId);
  while (cur) {
    if (cur.id === ancestorId) return true;
    cur = cur.parentId == null ? undefined : byId.get(cur.parentId);
  }
  return false;
}
