import { z } from 'zod';
import { boundedRange, idText, isoDate } from './bounds';
import { connectionStatusSchema } from './devices';
import { tubeCounts } from './tubes';

/**
 * `GET /api/siteDetails[?site=]` (product §7 siteDetails): the fleet overview and the site view.
 * Per visible site its devices by connection and tube status, exams / images / rejects over a
 * date range (site-local days, from rollups) and the last contact; plus the same as fleet KPIs.
 */

export const siteDetailsQuery = boundedRange(
  z.strictObject({
    site: idText.optional(),
    /** Default: the 30 days up to today (UTC). */
    fromDateSelected: isoDate.optional(),
    toDateSelected: isoDate.optional(),
  }),
);
export type SiteDetailsQuery = z.infer<typeof siteDetailsQuery>;

export const connectionCounts = z.object({
  GREEN: z.number(),
  YELLOW: z.number(),
  RED: z.number(),
  unavailable: z.number(),
});
export type ConnectionCounts = z.infer<typeof connectionCounts>;

export type TubeCounts = z.infer<typeof tubeCounts>;

const activity = {
  devices: z.number(),
  connection: connectionCounts,
  tube: tubeCounts,
  exams: z.number(),
  images: z.number(),
  rejected: z.number(),
  /** Rejected ÷ images in percent (2 decimals); null without images. */
  rejectRate: z.number().nullable(),
  lastContactAt: z.string().nullable(),
};

export const siteSummary = z.object({
  id: z.number(),
  /** The alias when the customer gave one (hc-alias), else the name. */
  displayName: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  customerId: z.number(),
  customerName: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  timeZone: z.string(),
  /** Weekly reject-rate target in percent (the default when the site has none of its own). */
  rejectRateTarget: z.number(),
  /** Whether the target is the default rather than the site's own. */
  rejectRateTargetDefault: z.boolean(),
  /** The worst connection status of its devices (null: none ever heard from). */
  status: connectionStatusSchema,
  ...activity,
});
export type SiteSummary = z.infer<typeof siteSummary>;

export const siteDetailsResult = z.object({
  from: z.string(),
  to: z.string(),
  kpis: z.object({
    sites: z.number(),
    customers: z.number(),
    /** Devices that need someone: RED, or whose tube is at 'Replace Tube'. */
    needsAttention: z.number(),
    /** Visible devices waiting for a site (provider admin and service only; 0 for others). */
    pendingDevices: z.number(),
    ...activity,
  }),
  sites: z.array(siteSummary),
});
export type SiteDetailsResult = z.infer<typeof siteDetailsResult>;
