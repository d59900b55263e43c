import { z } from 'zod';
import { rejectRateTarget } from './admin/sites';
import { id, idText, line } from './bounds';
import { dateRangeQuery } from './technologists';

/** Sites the caller may see (product §7 getCurrentSites), and their portal names (hc-alias). */
export const currentSite = z.object({
  id: z.number(),
  name: z.string(),
  alias: z.string().nullable(),
  /** alias, else name: what the portal shows. */
  displayName: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  timeZone: z.string(),
  /** Devices assigned to the site. */
  devices: z.number(),
});
export type CurrentSite = z.infer<typeof currentSite>;

export const changeSiteNameRequest = z.strictObject({
  id,
  alias: line(1000)
    .trim()
    .max(80, 'must be at most 80 characters')
    .nullable()
    .transform((s) => (s ? s : null)),
});
export type ChangeSiteNameRequest = z.input<typeof changeSiteNameRequest>;

/**
 * `PUT /api/sites/:id/rejectRateTarget`: a site's weekly reject-rate target, set from the site
 * view by whoever may rename the site (its customer administrator among them); null: the default.
 */
export const siteRejectTargetRequest = z.strictObject({
  rejectRateTarget: rejectRateTarget.nullable(),
});
export type SiteRejectTargetRequest = z.input<typeof siteRejectTargetRequest>;
export const siteRejectTarget = z.object({
  id: z.number(),
  /** The target in force, percent: the site's own or the default. */
  rejectRateTarget: z.number(),
  rejectRateTargetDefault: z.boolean(),
});
export type SiteRejectTarget = z.infer<typeof siteRejectTarget>;

/** Enterprise comparison: one customer's sites side by side and the anonymised fleet median. */
export const enterpriseQuery = z.intersection(
  dateRangeQuery,
  z.object({
    /** Default: the caller's own customer (customer staff). Provider staff must name one. */
    customerId: idText.optional(),
  }),
);
export type EnterpriseQuery = z.infer<typeof enterpriseQuery>;

export const siteMeasures = z.object({
  exams: z.number(),
  images: z.number(),
  /** Percent of images rejected; null without images. */
  rejectRate: z.number().nullable(),
  /** Mean average glandular dose, mGy. */
  meanAgd: z.number().nullable(),
  /** Mean compression force, N. */
  meanForce: z.number().nullable(),
});
export type SiteMeasures = z.infer<typeof siteMeasures>;

export const devicesByStatus = z.object({
  GREEN: z.number(),
  YELLOW: z.number(),
  RED: z.number(),
  unavailable: z.number(),
});

export const enterpriseSite = siteMeasures.extend({
  id: z.number(),
  name: z.string(),
  customerName: z.string(),
  devices: devicesByStatus,
});
export type EnterpriseSite = z.infer<typeof enterpriseSite>;

/** Below this many active sites in the fleet, a median could point at one site: none is given. */
export const FLEET_MEDIAN_MIN_SITES = 5;

export const enterpriseResult = z.object({
  customer: z.object({ id: z.number(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  sites: z.array(enterpriseSite),
  /** The customer's sites together. */
  total: siteMeasures,
  /**
   * Medians over every active site of every customer (nobody named); null when fewer than
   * FLEET_MEDIAN_MIN_SITES sites were active in the range. `sites` = how many were compared.
   */
  fleetMedian: siteMeasures.extend({ sites: z.number() }).nullable(),
});
export type EnterpriseResult = z.infer<typeof enterpriseResult>;
