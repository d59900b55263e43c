import type { ConnectionStatus, SitesMapSite } from '@kestrel/contract';
import { connectionColour, connectionLabel } from '@kestrel/contract/status';
import { PILL_COLOURS } from '../devices/status-colours';

/**
 * How a site or a cluster looks on the map (docs/map.md): the colours of the status pills
 * (product §4: GREEN, YELLOW, RED, grey for never heard from), and words for screen readers and
 * tooltips, since colour is never the only cue. Pure, so the web tests check it without a map.
 */
export const markerColours = (status: ConnectionStatus) => PILL_COLOURS[connectionColour(status)];

export function siteLabel(
  s: Pick<SitesMapSite, 'name' | 'customerName' | 'status' | 'devices' | 'connection'>,
) {
  const parts = (['RED', 'YELLOW', 'GREEN', 'unavailable'] as const)
    .filter((k) => s.connection[k] > 0)
    .map((k) => `${s.connection[k]} ${k}`);
  const devices = s.devices === 1 ? '1 device' : `${s.devices} devices`;
  return `${s.name} (${s.customerName}): ${connectionLabel(s.status)}, ${devices}${parts.length ? ` — ${parts.join(', ')}` : ''}`;
}

export const clusterLabel = (count: number, status: ConnectionStatus) =>
  `${count} sites, worst status ${connectionLabel(status)}: zoom in`;

/** Sites with and without a place on the map. */
export function splitByLocation<T extends Pick<SitesMapSite, 'latitude' | 'longitude'>>(sites: readonly T[]) {
  const located: T[] = [];
  const unlocated: T[] = [];
  for (const s of sites) (s.latitude !== null && s.longitude !== null ? located : unlocated).push(s);
  return { located, unlocated };
}
