import {
  type ConnectionStatus,
  connectionStatusAt,
  tubeDaysRemaining as daysRemaining,
  laterOf,
  TUBE_LIFE_STATUSES,
  tubeLifeStatus,
  type WidgetAnswer,
} from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { tubeUsage } from '../../../domain/fleet-status/tube-forecast';
import type { ColumnsOf, ColumnValue, Nullable } from '../../../platform/db/rows';
import type { devices, sites, tubes } from '../../../platform/db/schema';
import { query, sitesWhere } from '../../context';
import type { QuestionContext, TubeOptions } from '../../question';
import { valueOrNull } from '../../values';

/**
 * Equipment widgets show the fleet as it is now (connection, tubes, last objects): the devices
 * the caller sees — as the device list shows them, so that a segment drills into exactly its
 * devices: a caller who sees every site also sees devices not yet placed at one (pending) —
 * with their current tube; only the columns these widgets draw, so that the whole fleet's
 * devices come in one light query. Connection status and days
 * remaining are computed as the device table computes them (contract and features/tubes).
 * Their "raw" answer is the same (defineQuestion: a live question's raw twin is its answer).
 */

/** A device as the equipment widgets draw it. */
export interface EquipmentRow {
  id: number;
  serial: string;
  model: string;
  siteId: number | null;
  siteName: string | null;
  lastObjectAt: string | null;
  connectionStatus: ConnectionStatus;
  tubeDaysRemaining: number | null;
}

export const date = (v: Date | string | null) => (v === null ? null : new Date(v));

/** A device with its current tube (tube columns null without one). */
type DeviceTubeRow = ColumnsOf<
  typeof devices,
  'id' | 'serial' | 'model' | 'siteId' | 'lastHeartbeatAt' | 'lastObjectAt'
> & {
  site_name: ColumnValue<typeof sites.name> | null;
  tube_id: ColumnValue<typeof tubes.id> | null;
} & Nullable<
    ColumnsOf<
      typeof tubes,
      | 'ratedMas'
      | 'ratedExposures'
      | 'usedMas'
      | 'usedExposures'
      | 'counterMas'
      | 'counterBaselineMas'
      | 'counterExposures'
      | 'counterBaselineExposures'
      | 'dailyMas'
      | 'dailyExposures'
    >
  >;

export async function deviceRows(ctx: QuestionContext): Promise<EquipmentRow[]> {
  const rows = await query<DeviceTubeRow>(
    ctx,
    sql`select d.id, d.serial, d.model, d.site_id, coalesce(s.alias, s.name) as site_name,
          d.last_heartbeat_at, d.last_object_at, t.id as tube_id, t.rated_mas, t.rated_exposures,
          t.used_mas, t.used_exposures, t.counter_mas, t.counter_baseline_mas, t.counter_exposures,
          t.counter_baseline_exposures, t.daily_mas, t.daily_exposures
        from devices d left join sites s on s.id = d.site_id
        left join tubes t on t.device_id = d.id and t.replaced_at is null
        where ${ctx.sites === null ? sql`true` : sitesWhere(ctx, 'd.site_id')}`,
  );
  return rows.map((r) => {
    const lastObject = date(r.last_object_at);
    let days: number | null = null;
    if (r.tube_id !== null) {
      const usage = tubeUsage({
        usedMas: Number(r.used_mas),
        usedExposures: Number(r.used_exposures),
        counterMas: valueOrNull(r.counter_mas),
        counterBaselineMas: valueOrNull(r.counter_baseline_mas),
        counterExposures: valueOrNull(r.counter_exposures),
        counterBaselineExposures: valueOrNull(r.counter_baseline_exposures),
      });
      days = daysRemaining({
        ratedMas: valueOrNull(r.rated_mas),
        ratedExposures: valueOrNull(r.rated_exposures),
        usedMas: usage.usedMas,
        usedExposures: usage.usedExposures,
        dailyMas: valueOrNull(r.daily_mas),
        dailyExposures: valueOrNull(r.daily_exposures),
      });
    }
    return {
      id: Number(r.id),
      serial: String(r.serial),
      model: String(r.model),
      siteId: r.site_id === null ? null : Number(r.site_id),
      siteName: r.site_name === null ? null : String(r.site_name),
      lastObjectAt: lastObject?.toISOString() ?? null,
      connectionStatus: connectionStatusAt(
        laterOf(date(r.last_heartbeat_at), lastObject),
        ctx.now,
        ctx.connection,
      ),
      tubeDaysRemaining: days,
    };
  });
}

export const CONNECTION = [
  ['GREEN', 'Connected'],
  ['YELLOW', 'Late'],
  ['RED', 'Silent'],
  [null, 'Never seen'],
] as const;

export const TUBE = TUBE_LIFE_STATUSES;

export function perSite(
  rows: EquipmentRow[],
  groups: readonly string[],
  groupOf: (r: EquipmentRow) => number,
  limit: number,
  /** What each group stands for (a drill-down filter), when it is one. */
  keys?: readonly string[],
): WidgetAnswer {
  const sites = new Map<number, { name: string; counts: number[] }>();
  for (const r of rows) {
    const g = groupOf(r);
    if (g < 0 || r.siteId === null) continue;
    const entry = sites.get(r.siteId!) ?? { name: r.siteName ?? `#${r.siteId}`, counts: groups.map(() => 0) };
    entry.counts[g]! += 1;
    sites.set(r.siteId!, entry);
  }
  const sorted = [...sites.entries()]
    .sort(
      (a, b) =>
        b[1].counts.reduce((x, y) => x + y, 0) - a[1].counts.reduce((x, y) => x + y, 0) ||
        a[1].name.localeCompare(b[1].name),
    )
    .slice(0, limit);
  return {
    kind: 'categories',
    categories: sorted.map(([, v]) => v.name),
    keys: sorted.map(([id]) => id),
    series: groups.map((name, i) => ({
      name,
      data: sorted.map(([, v]) => v.counts[i]!),
      stack: 'devices',
      ...(keys && { key: keys[i]! }),
    })),
    unit: 'devices',
  };
}

export const tubeIndex = (options: TubeOptions) => (r: EquipmentRow) =>
  r.tubeDaysRemaining === null ? -1 : TUBE.indexOf(tubeLifeStatus(r.tubeDaysRemaining, options));
