import type { ConnectionThresholds } from '@kestrel/contract';
import { connectionStatusAt, laterOf } from '@kestrel/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Condition } from '../../domain/alerts/episodes';
import {
  FAILED_FILES_SPIKE,
  isFailedFilesSpike,
  isOffline,
  REJECT_RATE_TARGET_DEFAULT,
  REJECT_RATE_WINDOW_DAYS,
  rejectRateAbove,
  tubeLevels,
} from '../../domain/alerts/rules';
import { tubeView } from '../../domain/fleet-status/tube-forecast';
import { tubeThresholdsFor } from '../../domain/fleet-status/tube-thresholds';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { devices, tubes } from '../../platform/db/schema';

/**
 * The conditions that hold now, one query per alert kind (docs/messages.md §2). Only devices
 * assigned to a site count: a pending device belongs to nobody who could act on it.
 */
const deviceLink = (id: number) => `/device-details?deviceId=${id}`;
const deviceName = (d: { model: string; serial: string }) => `${d.model} SN ${d.serial}`;

export async function tubeConditions(db: DbOrTx, now: Date): Promise<Condition[]> {
  const rows = await db
    .select({
      tube: tubes,
      model: devices.model,
      serial: devices.serial,
      siteId: devices.siteId,
      customerId: devices.customerId,
    })
    .from(tubes)
    .innerJoin(devices, eq(devices.id, tubes.deviceId))
    .where(and(isNull(tubes.replacedAt), isNotNull(devices.siteId)));
  if (!rows.length) return [];
  const thresholds = await tubeThresholdsFor(
    db,
    rows.map((r) => r.customerId),
  );
  return rows.flatMap((r) => {
    const view = tubeView(r.tube, thresholds.get(r.customerId)!, now);
    return tubeLevels(view.status).map((level): Condition => {
      const status = level === 'red' ? 'Replace Tube' : 'Schedule Replacement';
      return {
        kind: 'tube_alert',
        subject: `tube:${r.tube.id}:${level}`,
        customerId: r.customerId,
        siteId: r.siteId,
        deviceId: r.tube.deviceId,
        title: `${status}: ${deviceName(r)}`,
        body:
          `The X-ray tube${r.tube.serial ? ` ${r.tube.serial}` : ''} of ${deviceName(r)} has ` +
          `${view.daysRemaining} days of rated life left at its current use (${status}). ` +
          (level === 'red'
            ? 'Please arrange the replacement with your service engineer now.'
            : 'Please plan its replacement with your service engineer.'),
      };
    });
  });
}

export async function connectionConditions(
  db: DbOrTx,
  now: Date,
  th: ConnectionThresholds,
): Promise<Condition[]> {
  const rows = await db
    .select({
      id: devices.id,
      model: devices.model,
      serial: devices.serial,
      siteId: devices.siteId,
      customerId: devices.customerId,
      lastHeartbeatAt: devices.lastHeartbeatAt,
      lastObjectAt: devices.lastObjectAt,
    })
    .from(devices)
    .where(isNotNull(devices.siteId));
  return rows.flatMap((d) => {
    const last = laterOf(d.lastHeartbeatAt, d.lastObjectAt);
    if (!isOffline(connectionStatusAt(last, now, th))) return [];
    return [
      {
        kind: 'connection_alert' as const,
        subject: `device:${d.id}`,
        customerId: d.customerId,
        siteId: d.siteId,
        deviceId: d.id,
        title: `Device offline (RED): ${deviceName(d)}`,
        body:
          `${deviceName(d)} has not been heard from since ${last!.toISOString().slice(0, 16).replace('T', ' ')} UTC ` +
          `(more than ${Math.round(th.redMinutes / 60)} hours). Check that it is switched on and connected; ` +
          'the alert clears by itself when it sends again.',
      },
    ];
  });
}

export async function failedFilesConditions(db: DbOrTx, now: Date): Promise<Condition[]> {
  const since = new Date(now.getTime() - FAILED_FILES_SPIKE.windowMinutes * 60_000);
  const rows = rowsOf<{
    id: number;
    model: string;
    serial: string;
    site_id: number;
    customer_id: number | null;
    n: number;
  }>(
    await db.execute(sql`
      select d.id, d.model, d.serial, d.site_id, d.customer_id, count(*)::int as n
      from ingest_log l join devices d on d.id = l.device_id
      where l.outcome = 'failed' and l.received_at > ${since} and l.received_at <= ${now} and d.site_id is not null
      group by d.id`),
  );
  return rows
    .filter((r) => isFailedFilesSpike(Number(r.n)))
    .map((r) => ({
      kind: 'failed_files_alert' as const,
      subject: `device:${r.id}`,
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      siteId: Number(r.site_id),
      deviceId: Number(r.id),
      title: `Failed files: ${deviceName(r)}`,
      body:
        `${r.n} files from ${deviceName(r)} could not be read in the last ${FAILED_FILES_SPIKE.windowMinutes} minutes. ` +
        'The failed-files report names each file and the reason.',
    }));
}

export async function rejectRateConditions(db: DbOrTx, now: Date): Promise<Condition[]> {
  const from = new Date(now.getTime() - REJECT_RATE_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = rowsOf<{
    id: number;
    name: string;
    customer_id: number;
    target: number | null;
    images: number;
    rejected: number;
  }>(
    await db.execute(sql`
      select s.id, coalesce(s.alias, s.name) as name, s.customer_id, s.reject_rate_target as target,
             sum(r.images)::int as images, sum(r.rejected)::int as rejected
      from rollup_device_day r join sites s on s.id = r.site_id
      where r.day > ${from}::date and r.day <= ${now.toISOString().slice(0, 10)}::date
      group by s.id`),
  );
  return rows.flatMap((r) => {
    const target = r.target === null ? null : Number(r.target);
    const rate = rejectRateAbove(Number(r.images), Number(r.rejected), target);
    if (rate === null) return [];
    return [
      {
        kind: 'reject_rate_alert' as const,
        subject: `site:${r.id}`,
        customerId: Number(r.customer_id),
        siteId: Number(r.id),
        deviceId: null,
        title: `Reject rate above target: ${r.name}`,
        body:
          `${r.name} rejected ${rate.toFixed(1)} % of its images over the last ${REJECT_RATE_WINDOW_DAYS} days ` +
          `(${r.rejected} of ${r.images}); its target is ${target ?? REJECT_RATE_TARGET_DEFAULT} %. ` +
          'The Quality dashboard shows the reasons and technologists behind it.',
      },
    ];
  });
}

export const linkOf = (c: Condition) =>
  c.deviceId !== null
    ? deviceLink(c.deviceId)
    : c.siteId !== null
      ? `/hc-dashboards/SiteViewComponent?site=${c.siteId}`
      : null;
