import { z } from 'zod';
import { id, idText } from '../bounds';
import { REJECT_RATE_TARGET_BOUNDS } from '../messages';
import {
  activeFilter,
  countryCode,
  latitude,
  longitude,
  nameText,
  optionalText,
  pageOf,
  pageQuery,
  timeZoneName,
} from './common';

/** Sites: add, edit, deactivate, move within a network, clone (docs/administration.md). */
const coordinates = {
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
};
/**
 * The site's weekly reject-rate target in percent, one decimal (docs/messages.md §2); null
 * clears it, so the default applies.
 */
const { min: TARGET_MIN, max: TARGET_MAX } = REJECT_RATE_TARGET_BOUNDS;
export const rejectRateTarget = z
  .number({ message: 'must be a percentage' })
  .min(TARGET_MIN, `must be between ${TARGET_MIN} and ${TARGET_MAX} %`)
  .max(TARGET_MAX, `must be between ${TARGET_MIN} and ${TARGET_MAX} %`)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'must have at most one decimal');

const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude == null) === (v.longitude == null);
const COORDINATES_PAIR = { message: 'give both latitude and longitude, or neither', path: ['longitude'] };

export const createSiteRequest = z
  .strictObject({
    customerId: id,
    name: nameText,
    address: optionalText(200),
    city: optionalText(80),
    postalCode: optionalText(20),
    country: countryCode,
    /** IANA zone; default: the customer's default time zone. */
    timeZone: timeZoneName.optional(),
    ...coordinates,
    rejectRateTarget: rejectRateTarget.nullable().optional(),
  })
  .refine(bothOrNeither, COORDINATES_PAIR);
export type CreateSiteRequest = z.input<typeof createSiteRequest>;

export const updateSiteRequest = z
  .strictObject({
    name: nameText.optional(),
    address: optionalText(200),
    city: optionalText(80),
    postalCode: optionalText(20),
    country: countryCode,
    timeZone: timeZoneName.optional(),
    ...coordinates,
    rejectRateTarget: rejectRateTarget.nullable().optional(),
  })
  .refine(bothOrNeither, COORDINATES_PAIR);
export type UpdateSiteRequest = z.input<typeof updateSiteRequest>;

/** Move a site to another customer of the same network (top-level ancestor). */
export const moveSiteRequest = z.strictObject({ customerId: id });
export type MoveSiteRequest = z.infer<typeof moveSiteRequest>;

/** What a clone copies; all on by default. */
export const cloneCopies = z.strictObject({
  dicomSenders: z.boolean().default(true),
  userAccess: z.boolean().default(true),
  tubeThresholds: z.boolean().default(true),
});

const cloneFields = {
  name: nameText,
  /** Where the clone goes; default the source's customer. */
  customerId: id.optional(),
  address: optionalText(200),
  city: optionalText(80),
  postalCode: optionalText(20),
  country: countryCode,
  timeZone: timeZoneName.optional(),
  ...coordinates,
  copy: cloneCopies.optional(),
};

export const cloneSiteRequest = z.strictObject(cloneFields).refine(bothOrNeither, COORDINATES_PAIR);
export type CloneSiteRequest = z.input<typeof cloneSiteRequest>;

/** ha/clonesites: the same with the source in the body. */
export const cloneSitesAliasRequest = z
  .strictObject({ siteId: id, ...cloneFields })
  .refine(bothOrNeither, COORDINATES_PAIR);

export const siteListQuery = pageQuery.extend(activeFilter.shape).extend({
  /** Sites of this customer (and, with `network=true`, of its descendants). */
  customerId: idText.optional(),
  network: z.enum(['true', 'false']).optional(),
});
export type SiteListQuery = z.input<typeof siteListQuery>;

export const adminSite = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  timeZone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Weekly reject-rate target in percent; null: the default (REJECT_RATE_TARGET_DEFAULT). */
  rejectRateTarget: z.number().nullable(),
  active: z.boolean(),
  clonedFromSiteId: z.number().nullable(),
  createdAt: z.string(),
  devices: z.number(),
  /** Users granted this site alone (whole-customer grants not counted). */
  users: z.number(),
});
export type AdminSite = z.infer<typeof adminSite>;
export const adminSitePage = pageOf(adminSite);
export type AdminSitePage = z.infer<typeof adminSitePage>;

/** What a clone copied, for the answer and the audit trail. */
export const cloneResult = z.object({
  site: adminSite,
  copied: z.object({
    dicomSenders: z.number(),
    userAccess: z.number(),
    salesAssignments: z.number(),
    /** Tube threshold settings written onto the target customer (0 when it had its own or shares them). */
    tubeThresholds: z.number(),
  }),
});
export type CloneResult = z.infer<typeof cloneResult>;
