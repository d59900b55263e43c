import { z } from 'zod';
import { connectionStatusSchema } from './devices';
import { connectionCounts } from './site-details';
import type { ConnectionStatus } from './status';

/**
 * `GET /api/sitesMap` (docs/map.md): every site the caller may see, with where it is and how its
 * devices are connected now. Sites without coordinates come too (latitude/longitude null): the
 * page lists them beside the map.
 */
export const sitesMapQuery = z.strictObject({});

export const sitesMapSite = z.object({
  id: z.number(),
  /** The alias when the customer gave one (hc-alias), else the name. */
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  city: z.string().nullable(),
  /** WGS 84 degrees; both null when the site has no location. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The worst connection status of its devices now (null: none ever heard from → grey). */
  status: connectionStatusSchema,
  devices: z.number(),
  connection: connectionCounts,
});
export type SitesMapSite = z.infer<typeof sitesMapSite>;

export const sitesMapResult = z.object({ sites: z.array(sitesMapSite) });
export type SitesMapResult = z.infer<typeof sitesMapResult>;

/**
 * How bad each status is, for 'worst of': RED, then YELLOW, then GREEN; grey (never heard from)
 * tells nothing, so any known status outranks it (as a site's status is its worst device's).
 */
export const STATUS_SEVERITY: Record<'GREEN' | 'YELLOW' | 'RED' | 'null', number> = {
  null: 0,
  GREEN: 1,
  YELLOW: 2,
  RED: 3,
};
export const severityOf = (s: ConnectionStatus): number => STATUS_SEVERITY[s ?? 'null'];
const BY_SEVERITY: ConnectionStatus[] = [null, 'GREEN', 'YELLOW', 'RED'];
export const statusOfSeverity = (n: number): ConnectionStatus => BY_SEVERITY[n] ?? null;

/** The worst of some statuses (a cluster of sites shows its worst site's colour). */
export const worstOf = (statuses: Iterable<ConnectionStatus>): ConnectionStatus => {
  let worst = 0;
  for (const s of statuses) worst = Math.max(worst, severityOf(s));
  return statusOfSeverity(worst);
};

/**
 * The source a Content-Security-Policy must allow for a tile URL template
 * (`https://tiles.example.com/{z}/{x}/{y}.png?key={apiKey}` → `https://tiles.example.com`; a
 * `{s}` subdomain becomes `*.`); null when the template is not an absolute http(s) URL.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m) return null;
  let host = m[2]!.toLowerCase();
  if (host.includes('@')) return null;
  if (host.startsWith('{s}.')) host = `*.${host.slice(4)}`;
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host) || host.includes('..')) return null;
  return `${m[1]!.toLowerCase()}://${host}`;
}
