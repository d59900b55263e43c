import type { ConnectionCounts, ConnectionStatus, DeviceRow, TubeCounts } from '@kestrel/contract';
import { tubeStatusFilter } from '@kestrel/contract';

/** Totals over a set of devices and their rollup activity (a site, or the whole visible fleet). */
export interface Activity {
  devices: number;
  connection: ConnectionCounts;
  tube: TubeCounts;
  exams: number;
  images: number;
  rejected: number;
  rejectRate: number | null;
  lastContactAt: string | null;
}

export interface Volumes {
  exams: number;
  images: number;
  rejected: number;
}

export const NO_VOLUMES: Volumes = { exams: 0, images: 0, rejected: 0 };

/** Percent with two decimals, as the reject-rate widgets show it; null without images. */
export const rejectRate = (rejected: number, images: number) =>
  images > 0 ? Math.round((rejected / images) * 10_000) / 100 : null;

export function activityOf(rows: readonly DeviceRow[], v: Volumes): Activity {
  const connection: ConnectionCounts = { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
  const tube = Object.fromEntries(tubeStatusFilter.options.map((s) => [s, 0])) as TubeCounts;
  let last: string | null = null;
  for (const r of rows) {
    connection[r.connectionStatus ?? 'unavailable']++;
    tube[r.tubeStatus ?? 'No forecast']++;
    // ISO instants in UTC compare as strings.
    if (r.lastContactAt && (!last || r.lastContactAt > last)) last = r.lastContactAt;
  }
  return {
    devices: rows.length,
    connection,
    tube,
    ...v,
    rejectRate: rejectRate(v.rejected, v.images),
    lastContactAt: last,
  };
}

/** A site's status is its worst device's: one RED device needs someone at that site. */
export function worstStatus(c: ConnectionCounts): ConnectionStatus {
  if (c.RED) return 'RED';
  if (c.YELLOW) return 'YELLOW';
  if (c.GREEN) return 'GREEN';
  return null;
}

/** Devices that need someone: RED, or a tube at 'Replace Tube'. */
export const needsAttention = (rows: readonly DeviceRow[]) =>
  rows.filter((r) => r.connectionStatus === 'RED' || r.tubeStatus === 'Replace Tube').length;
