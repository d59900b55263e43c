import {
  baseWidgetOptions,
  type ConnectionStatus,
  connectionStatusAt,
  tubeDaysRemaining as daysRemaining,
  laterOf,
  objectKindLabel,
  TUBE_LIFE_STATUSES,
  tubeLifeStatus,
  tubeWidgetOptions,
  type WidgetAnswer,
} from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { tubeUsage } from '../../domain/fleet-status/tube-forecast';
import { bucketSql, buckets, query, sitesWhere } from '../context';
import { defineQuestion, type QuestionContext, type TubeOptions } from '../question';
import { valueOrNull } from '../values';

/**
 * Equipment widgets show the fleet as it is now (connection, tubes, last objects): the devices
 * the caller sees — as the device list shows them, so that a segment drills into exactly its
 * devices: a caller who sees every site also sees devices not yet placed at one (pending) —
 * with their current tube; only the columns these widgets draw, so that the whole fleet's
 * devices come in one light query. Connection status and days
 * remaining are computed as the device table computes them (contract and features/tubes).
 * Their "raw" answer is the same.
 */
interface EquipmentRow {
  id: number;
  serial: string;
  model: string;
  siteId: number | null;
  siteName: string | null;
  lastObjectAt: string | null;
  connectionStatus: ConnectionStatus;
  tubeDaysRemaining: number | null;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

async function deviceRows(ctx: QuestionContext): Promise<EquipmentRow[]> {
  const rows = await query<Record<string, unknown>>(
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
    const lastObject = date(r.last_object_at as string | null);
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
        laterOf(date(r.last_heartbeat_at as string | null), lastObject),
        ctx.now,
        ctx.connection,
      ),
      tubeDaysRemaining: days,
    };
  });
}

const CONNECTION = [
  ['GREEN', 'Connected'],
  ['YELLOW', 'Late'],
  ['RED', 'Silent'],
  [null, 'Never seen'],
] as const;
const TUBE = TUBE_LIFE_STATUSES;

function perSite(
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

const connectionIndex = (r: EquipmentRow) => CONNECTION.findIndex(([s]) => s === r.connectionStatus);
const tubeIndex = (options: TubeOptions) => (r: EquipmentRow) =>
  r.tubeDaysRemaining === null ? -1 : TUBE.indexOf(tubeLifeStatus(r.tubeDaysRemaining, options));

export const devicesByConnectionPerSite = defineQuestion({
  id: 9104,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) =>
    perSite(
      await deviceRows(ctx),
      CONNECTION.map(([, n]) => n),
      connectionIndex,
      ctx.options.limit,
      CONNECTION.map(([status]) => status ?? 'unavailable'),
    ),
});

export const tubesByStatusPerSite = defineQuestion({
  id: 9109,
  options: tubeWidgetOptions,
  live: true,
  answer: async (ctx) => perSite(await deviceRows(ctx), TUBE, tubeIndex(ctx.options), ctx.options.limit),
});

export const tubeDaysRemaining = defineQuestion({
  id: 9201,
  options: tubeWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const rows = (await deviceRows(ctx))
      .filter((r) => r.tubeDaysRemaining !== null)
      .sort((a, b) => a.tubeDaysRemaining! - b.tubeDaysRemaining! || a.serial.localeCompare(b.serial))
      .slice(0, ctx.options.limit);
    const status = tubeIndex(ctx.options);
    return {
      kind: 'categories',
      categories: rows.map((r) => `${r.serial} · ${r.siteName ?? ''}`),
      keys: rows.map((r) => r.id),
      // One series per status so that each bar takes its status colour.
      series: TUBE.map((name, i) => ({
        name,
        data: rows.map((r) => (status(r) === i ? r.tubeDaysRemaining : null)),
        stack: 'days',
      })),
      unit: 'days',
    };
  },
});

export const connectionStatusOfDevices = defineQuestion({
  id: 9202,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const rows = await deviceRows(ctx);
    return {
      kind: 'slices',
      slices: CONNECTION.map(([s, name]) => ({
        name,
        value: rows.filter((r) => r.connectionStatus === s).length,
        key: s ?? 'null',
      })).filter((x) => x.value > 0),
      unit: 'devices',
    };
  },
});

export const lastObjectPerDevice = defineQuestion({
  id: 9203,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const shown = (await deviceRows(ctx))
      .sort(
        (a, b) =>
          (a.lastObjectAt ?? '').localeCompare(b.lastObjectAt ?? '') || a.serial.localeCompare(b.serial),
      )
      .slice(0, Math.max(ctx.options.limit, 25));
    const kinds = await lastObjectKinds(
      ctx,
      shown.map((r) => r.id),
    );
    return {
      kind: 'table',
      columns: [
        { key: 'device', label: 'Device' },
        { key: 'site', label: 'Site' },
        { key: 'lastObjectAt', label: 'Last object', format: 'instant' },
        { key: 'kind', label: 'Kind' },
        { key: 'connection', label: 'Connection' },
      ],
      rows: shown.map((r) => ({
        key: r.id,
        device: `${r.model} SN ${r.serial}`,
        site: r.siteName,
        lastObjectAt: r.lastObjectAt,
        kind: objectKindLabel(kinds.get(r.id) ?? null),
        connection: CONNECTION.find(([status]) => status === r.connectionStatus)![1],
      })),
    };
  },
});

/**
 * The kind of each device's last object: from the ingest log, or — for facts that came in
 * without a log row (the demo fleet, data loaded in bulk) — from its latest fact. Only what the
 * device sent while at a site the caller sees counts (the row's own site): a device moved to
 * the caller does not show what it last sent to its earlier customer.
 */
async function lastObjectKinds(ctx: QuestionContext, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const seen = (column: string) => (ctx.sites === null ? sql`true` : sitesWhere(ctx, column));
  const rows = await query<{ device_id: number; kind: string | null }>(
    ctx,
    sql`select d.id as device_id, coalesce(
          (select l.object_kind from ingest_log l
           where l.device_id = d.id and l.outcome in ('stored', 'duplicate') and ${seen('l.site_id')}
           order by l.received_at desc limit 1),
          (select case when f.source = 'rdsr' then 'dose-report' else 'mg-' || f.image_kind end
           from image_facts f where f.device_id = d.id and ${seen('f.site_id')}
           order by f.acquired_at desc limit 1)) as kind
        from unnest(${`{${ids.join(',')}}`}::int[]) as d(id)`,
  );
  return new Map(rows.map((r) => [Number(r.device_id), r.kind]));
}

export const failedFilesOverTime = defineQuestion({
  id: 9204,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const axis = buckets(ctx);
    // Objects that could not be tied to a site (unknown senders, unreadable files) count for
    // callers who see the whole fleet.
    const where =
      ctx.sites === null ? sql`true` : sql`site_id = any(${`{${ctx.sites.join(',') || '0'}}`}::int[])`;
    const rows = await query<{ bucket: string; n: number }>(
      ctx,
      sql`select ${sql.raw(bucketSql(ctx, 'received_at::date'))} as bucket, count(*)::int as n from ingest_log
        where outcome in ('failed', 'unsupported') and received_at::date between ${ctx.from}::date and ${ctx.to}::date and ${where}
        group by 1`,
    );
    const byBucket = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
    return {
      kind: 'categories',
      categories: axis,
      keys: axis,
      series: [{ name: 'Failed files', data: axis.map((b) => byBucket.get(b) ?? 0) }],
      unit: 'files',
    };
  },
});

export const equipmentQuestions = [
  devicesByConnectionPerSite,
  tubesByStatusPerSite,
  tubeDaysRemaining,
  connectionStatusOfDevices,
  lastObjectPerDevice,
  failedFilesOverTime,
];
