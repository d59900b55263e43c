import type { DeployPreview, ReleaseData } from '@kestrel/contract';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDeploy, useDeployPreview, useReleaseData } from '../../api/releases';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { ConfirmButton } from './ConfirmButton';
import { type DeployDraft, deployRequestOf, emptyDraft, sitesFor, withCustomers } from './deploy-draft';
import { siteClock, windowText } from './windows';

/** How many preview devices the table lists; the counts above it always cover all. */
const PREVIEW_ROWS = 200;

/**
 * deployPackage: the deploy wizard (docs/releases.md §3). Choose a released version, the target
 * devices (customer, site, device type, installed version) with a live preview of which devices
 * that is, the waves, and see each site's maintenance window in its own time zone.
 */
export default function DeployPage() {
  const data = useReleaseData();
  return (
    <QueryState query={data} what="the releases and sites">
      {(d) => <Wizard data={d} />}
    </QueryState>
  );
}

function Wizard({ data }: { data: ReleaseData }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const deployable = data.releases.filter((r) => r.state === 'released' && r.hasPackage);
  const asked = Number(params.get('release'));
  const [draft, setDraft] = useState<DeployDraft>(() =>
    emptyDraft(deployable.some((r) => r.id === asked) ? asked : null),
  );
  const set = (patch: Partial<DeployDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // The release asked for in the address may arrive only with a refreshed list (released just now).
  const askedReady = deployable.some((r) => r.id === asked);
  useEffect(() => {
    if (askedReady) setDraft((d) => (d.releaseId == null ? { ...d, releaseId: asked } : d));
  }, [askedReady, asked]);
  const [debounced] = useDebouncedValue(draft, 300);
  const body = useMemo(() => deployRequestOf(debounced), [debounced]);
  const preview = useDeployPreview(body);
  const deploy = useDeploy();
  const release = deployable.find((r) => r.id === draft.releaseId);
  const sites = sitesFor(data, draft.customerIds);
  const siteOptions = groupSites(data, sites);
  const ready = preview.data && !preview.isError && preview.data.total > 0 && body;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="step-release">
        <Title order={2} size="h4" id="step-release" mb="sm">
          1. Release
        </Title>
        {deployable.length === 0 ? (
          <Text c="dimmed">
            No data available — release a version with a package first on the{' '}
            <Anchor component={Link} to="/releases">
              releases page
            </Anchor>
            .
          </Text>
        ) : (
          <Select
            label="Version to deploy"
            placeholder="Choose a released version"
            data={deployable.map((r) => ({
              value: String(r.id),
              label: `${r.version} — ${r.title} (${r.deviceTypes.join(', ')})`,
            }))}
            value={draft.releaseId == null ? null : String(draft.releaseId)}
            onChange={(v) => set({ releaseId: v ? Number(v) : null })}
            searchable
            maw={560}
          />
        )}
        {release ? (
          <Text size="sm" c="dark.4" mt="xs">
            For {release.deviceTypes.join(', ')} devices running {release.minFromVersion} or newer.
          </Text>
        ) : null}
      </Card>

      <Card withBorder radius="md" component="section" aria-labelledby="step-targets">
        <Title order={2} size="h4" id="step-targets" mb="sm">
          2. Target devices
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          Every filter you fill in must match; an empty filter means any.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MultiSelect
            label="Customers"
            placeholder="Any customer"
            data={data.customers.map((c) => ({
              value: String(c.id),
              label: c.approvalRequired ? `${c.name} (approval required)` : c.name,
            }))}
            value={draft.customerIds.map(String)}
            onChange={(v) => setDraft((d) => withCustomers(d, data, v.map(Number)))}
            searchable
            clearable
          />
          <MultiSelect
            label="Sites"
            placeholder="Any site"
            data={siteOptions}
            value={draft.siteIds.map(String)}
            onChange={(v) => set({ siteIds: v.map(Number) })}
            searchable
            clearable
          />
          <MultiSelect
            label="Device types"
            placeholder="Any type"
            data={data.deviceTypes}
            value={draft.deviceTypes}
            onChange={(v) => set({ deviceTypes: v })}
            clearable
          />
          <MultiSelect
            label="Installed versions"
            placeholder="Any version"
            data={data.versions.map((v) => ({
              value: v.version,
              label: `${v.version} (${v.devices} device${v.devices === 1 ? '' : 's'})`,
            }))}
            value={draft.currentVersions}
            onChange={(v) => set({ currentVersions: v })}
            searchable
            clearable
          />
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" component="section" aria-labelledby="step-waves">
        <Title order={2} size="h4" id="step-waves" mb="sm">
          3. Waves
        </Title>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="First wave"
            value={draft.waveMode}
            onChange={(v) => set({ waveMode: v as DeployDraft['waveMode'] })}
            data={[
              { value: 'percent', label: 'A share of the devices first' },
              { value: 'sites', label: 'Chosen sites first' },
              { value: 'single', label: 'All at once' },
            ]}
            maw={620}
          />
          <Group align="flex-start">
            {draft.waveMode === 'percent' ? (
              <NumberInput
                label="First wave (% of the devices)"
                min={1}
                max={100}
                clampBehavior="strict"
                allowDecimal={false}
                value={draft.firstWavePercent}
                onChange={(v) => set({ firstWavePercent: Number(v) || 1 })}
                w={240}
              />
            ) : null}
            {draft.waveMode === 'sites' ? (
              <MultiSelect
                label="Sites of the first wave"
                placeholder="Choose sites"
                data={siteOptions}
                value={draft.firstWaveSiteIds.map(String)}
                onChange={(v) => set({ firstWaveSiteIds: v.map(Number) })}
                searchable
                w={420}
              />
            ) : null}
            <NumberInput
              label="Halt when a wave's failures pass (%)"
              min={0}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              value={draft.failureThresholdPercent}
              onChange={(v) => set({ failureThresholdPercent: Number(v) || 0 })}
              w={280}
            />
          </Group>
          <Text size="sm" c="dark.4">
            {draft.waveMode === 'single'
              ? 'Every device is offered the update as soon as its site’s maintenance window opens.'
              : 'The rest of the devices follow once every device of the first wave has finished.'}
          </Text>
        </Stack>
      </Card>

      <Card withBorder radius="md" component="section" aria-labelledby="step-preview" aria-live="polite">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="step-preview">
            4. Preview
          </Title>
          {preview.isFetching ? <Loader size="xs" aria-label="Updating the preview" /> : null}
        </Group>
        <PreviewPanel draft={draft} data={data} preview={preview} />
        <Group justify="flex-end" mt="md">
          <ConfirmButton
            disabled={!ready || preview.isFetching}
            title={`Deploy ${release?.version ?? ''}?`}
            message={`${preview.data?.total ?? 0} devices will be offered ${release?.version ?? 'the release'} in ${
              preview.data?.waves.length ?? 0
            } wave(s), each within its site's maintenance window. Customers that require approval are asked first.`}
            confirm="Start the rollout"
            onConfirm={() =>
              body
                ? deploy.mutateAsync(body).then(
                    (r) => {
                      toast({ type: 'success', msg: `Rollout of ${r.version} started.` });
                      navigate(`/rollouts?rollout=${r.id}`);
                    },
                    (e) => {
                      toast({ type: 'error', msg: problemText(e) });
                      throw e;
                    },
                  )
                : undefined
            }
          >
            Start the rollout
          </ConfirmButton>
        </Group>
      </Card>
    </Stack>
  );
}

/** A refusal in one sentence: the general message, else the fields' messages. */
function problemText(e: unknown) {
  const p = formProblem(e);
  return (
    p.general ??
    (Object.entries(p.fields)
      .map(([k, m]) => `${k}: ${m}`)
      .join('; ') ||
      'Refused. Try again.')
  );
}

/** Sites grouped by customer for the pickers. */
function groupSites(data: ReleaseData, sites: ReleaseData['sites']) {
  const names = new Map(data.customers.map((c) => [c.id, c.name]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const s of sites) {
    const g = names.get(s.customerId) ?? 'Other';
    groups.set(g, [...(groups.get(g) ?? []), { value: String(s.id), label: s.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

function PreviewPanel({
  draft,
  data,
  preview,
}: {
  draft: DeployDraft;
  data: ReleaseData;
  preview: ReturnType<typeof useDeployPreview>;
}) {
  if (draft.releaseId == null)
    return <Text c="dimmed">Choose a version to see which devices would get it.</Text>;
  if (preview.isError)
    return (
      <Alert color="orange" title="No rollout with these choices" role="alert">
        {problemText(preview.error)}
      </Alert>
    );
  if (!preview.data) return <Loader size="sm" aria-label="Loading the preview" />;
  const p = preview.data;
  if (p.total === 0 && p.excluded.length === 0) return <Text c="dimmed">No data available</Text>;
  return (
    <Stack gap="md">
      <Group gap="lg" data-testid="preview-counts">
        <Text fw={600}>
          {p.total} device{p.total === 1 ? '' : 's'} would be updated
        </Text>
        {p.waves.map((w) => (
          <Badge key={w.wave} variant="light" c="dark.7" size="lg" style={{ textTransform: 'none' }}>
            Wave {w.wave}: {w.devices}
          </Badge>
        ))}
      </Group>
      <SiteWindows preview={p} data={data} />
      {p.devices.length ? <PreviewDevices preview={p} /> : null}
      {p.excluded.length ? (
        <div>
          <Title order={3} size="h5" mb={4}>
            Matched but left out ({p.excluded.length})
          </Title>
          <Stack gap={2}>
            {p.excluded.slice(0, 50).map((x) => (
              <Text size="sm" key={x.deviceId}>
                {x.serial}: {x.reason}
              </Text>
            ))}
          </Stack>
        </div>
      ) : null}
    </Stack>
  );
}

/** The sites the preview reaches, each with its maintenance window on its own clock. */
function SiteWindows({ preview, data }: { preview: DeployPreview; data: ReleaseData }) {
  const bySite = new Map<number, { name: string; customer: string; devices: number; approval: boolean }>();
  for (const d of preview.devices) {
    const s = bySite.get(d.siteId) ?? {
      name: d.siteName,
      customer: d.customerName,
      devices: 0,
      approval: false,
    };
    s.devices++;
    s.approval ||= d.needsApproval;
    bySite.set(d.siteId, s);
  }
  const siteInfo = new Map(data.sites.map((s) => [s.id, s]));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} data-testid="preview-sites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Devices</Table.Th>
            <Table.Th>Maintenance window (site time)</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Now at the site</Table.Th>
            <Table.Th>Approval</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...bySite].map(([id, s]) => {
            const info = siteInfo.get(id);
            return (
              <Table.Tr key={id}>
                <Table.Td>
                  {s.name}
                  <Text size="xs" c="dark.3">
                    {s.customer}
                  </Text>
                </Table.Td>
                <Table.Td>{s.devices}</Table.Td>
                <Table.Td>{windowText(info?.window ?? null)}</Table.Td>
                <Table.Td>{info?.timeZone ?? '—'}</Table.Td>
                <Table.Td>{info ? siteClock(info.timeZone) : '—'}</Table.Td>
                <Table.Td>{s.approval ? 'Customer approves first' : 'Not required'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PreviewDevices({ preview }: { preview: DeployPreview }) {
  const shown = preview.devices.slice(0, PREVIEW_ROWS);
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        Devices
      </Title>
      <Table.ScrollContainer minWidth={720} mah={360}>
        <Table striped verticalSpacing={4} stickyHeader data-testid="preview-devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Serial</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Installed</Table.Th>
              <Table.Th>Site</Table.Th>
              <Table.Th>Wave</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((d) => (
              <Table.Tr key={d.deviceId}>
                <Table.Td>{d.serial}</Table.Td>
                <Table.Td>{d.model}</Table.Td>
                <Table.Td>{d.deviceType}</Table.Td>
                <Table.Td>{d.currentVersion ?? '—'}</Table.Td>
                <Table.Td>{d.siteName}</Table.Td>
                <Table.Td>{d.wave}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {preview.devices.length > shown.length ? (
        <Text size="xs" c="dark.3" mt={4}>
          The first {shown.length} of {preview.devices.length} devices are listed.
        </Text>
      ) : null}
    </div>
  );
}
