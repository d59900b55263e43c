import type { DatePreset } from '@kestrel/contract';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDevices, useSiteDetails } from '../../api/fleet';
import { DataState } from '../../ui/DataState';
import { DeviceTable } from '../devices/DeviceTable';
import { StatusPill } from '../devices/StatusPill';
import { connectionPill } from '../devices/status-colours';
import { FleetKpis } from './FleetKpis';
import { selectSite } from './FleetOverviewPage';
import { RangeSelect, rangeOf } from './RangeSelect';
import { RejectTarget } from './RejectTarget';
import { SiteWidgets } from './SiteWidgets';

/** hc-dashboards/SiteViewComponent?site=: one site's KPIs, devices and a few widgets. */
export default function SiteViewPage() {
  const [params] = useSearchParams();
  const site = Number(params.get('site'));
  if (!Number.isInteger(site) || site <= 0)
    return (
      <Text>
        No site chosen. Pick one in the{' '}
        <Anchor component={Link} to="/hc-dashboards">
          fleet overview
        </Anchor>
        .
      </Text>
    );
  return <SiteView key={site} site={site} />;
}

function SiteView({ site }: { site: number }) {
  const [preset, setPreset] = useState<DatePreset>('past_30_days');
  const range = rangeOf(preset);
  const details = useSiteDetails({ site, ...range });
  // Only a site the caller may see has devices and widgets to ask for.
  const devices = useDevices({ siteId: site }, details.isSuccess);
  const summary = details.data?.sites[0];
  // A site opened by URL or reload: its name for the title comes from here.
  useEffect(() => {
    if (summary) selectSite(summary);
  }, [summary]);

  return (
    <DataState query={details} what="Site">
      {(d) => (
        <Stack gap="lg">
          <Group justify="space-between" align="end">
            <Group gap="sm">
              <StatusPill size="md" pill={connectionPill(d.sites[0]?.status ?? null)} />
              <Text size="sm" c="dimmed">
                {d.sites[0]?.customerName} ·{' '}
                {[d.sites[0]?.city, d.sites[0]?.country].filter(Boolean).join(', ')} · time zone{' '}
                {d.sites[0]?.timeZone}
                {d.sites[0] && (
                  <>
                    {' '}
                    ·{' '}
                    <RejectTarget
                      site={site}
                      target={d.sites[0].rejectRateTarget}
                      isDefault={d.sites[0].rejectRateTargetDefault}
                    />
                  </>
                )}
              </Text>
            </Group>
            <RangeSelect value={preset} onChange={setPreset} />
          </Group>
          <FleetKpis kpis={d.kpis} showSites={false} />
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="site-devices">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id="site-devices">
                Devices
              </Title>
              <Anchor component={Link} to={`/device-details?site=${site}`} size="sm">
                Open in the device list
              </Anchor>
            </Group>
            <DataState query={devices} what="Devices">
              {(rows) => <DeviceTable rows={rows} hide={['site', 'customer']} />}
            </DataState>
          </Card>
          <SiteWidgets site={site} range={range} />
        </Stack>
      )}
    </DataState>
  );
}
