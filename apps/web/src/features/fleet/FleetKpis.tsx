import type { SiteDetailsResult } from '@kestrel/contract';
import { SimpleGrid } from '@mantine/core';
import { fmt, when } from '../../ui/DataState';
import { KpiTile } from '../../ui/KpiTile';
import { ConnectionCountPills, TubeCountPills } from './StatusCounts';

/** The key figures of the fleet or of one site. */
export function FleetKpis({
  kpis,
  showSites = true,
}: {
  kpis: SiteDetailsResult['kpis'];
  showSites?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {showSites ? (
        <KpiTile label="Sites" value={fmt(kpis.sites)} hint={`${kpis.customers} customers`} />
      ) : null}
      <KpiTile
        label="Devices"
        value={fmt(kpis.devices)}
        hint={
          <>
            <ConnectionCountPills counts={kpis.connection} />
            {kpis.pendingDevices ? <div>+ {kpis.pendingDevices} pending onboarding</div> : null}
          </>
        }
      />
      <KpiTile label="Exams" value={fmt(kpis.exams)} hint={`${fmt(kpis.images)} images`} />
      <KpiTile
        label="Reject rate"
        value={kpis.rejectRate == null ? '—' : `${kpis.rejectRate.toFixed(2)} %`}
        hint={`${fmt(kpis.rejected)} rejected images`}
      />
      <KpiTile label="Needs attention" value={fmt(kpis.needsAttention)} hint="RED or 'Replace Tube'" />
      <KpiTile
        label="Tube life"
        value={fmt(kpis.tube['Replace Tube'])}
        hint={<TubeCountPills counts={kpis.tube} />}
      />
      {showSites ? null : <KpiTile label="Last contact" value={when(kpis.lastContactAt)} />}
    </SimpleGrid>
  );
}
