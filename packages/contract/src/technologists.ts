import { z } from 'zod';
import { boundedRange, id, idText, isoDate, line, paragraph } from './bounds';

/**
 * Technologists (hc-user) as the devices name them (Operators' Name, one record per site and
 * name), with the portal's alias, status and comments, and what they did over a date range.
 * Names a device wrote differently can be merged into one record; the merged names then count
 * under it everywhere (widgets, explorer, this list) until they are unmerged.
 */
export const dateRangeQuery = boundedRange(z.object({ fromDateSelected: isoDate, toDateSelected: isoDate }));

export const technologistListQuery = z.intersection(
  dateRangeQuery,
  z.object({
    /** One site; without it every site the caller may see. */
    site: idText.optional(),
  }),
);
export type TechnologistListQuery = z.infer<typeof technologistListQuery>;

export const technologistStatuses = ['active', 'inactive'] as const;
export type TechnologistStatus = (typeof technologistStatuses)[number];

/** What a technologist did in the range (merged names included). */
export const technologistMeasures = z.object({
  exams: z.number(),
  images: z.number(),
  rejected: z.number(),
  /** Percent of images rejected; null without images. */
  rejectRate: z.number().nullable(),
  /** Mean average glandular dose, mGy. */
  meanAgd: z.number().nullable(),
  /** Mean compression force, N. */
  meanForce: z.number().nullable(),
});
export type TechnologistMeasures = z.infer<typeof technologistMeasures>;

export const technologistRow = technologistMeasures.extend({
  id: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  /** As the device wrote it (the first spelling seen). */
  name: z.string(),
  alias: z.string().nullable(),
  /** alias, else name: what the portal shows. */
  displayName: z.string(),
  status: z.enum(technologistStatuses),
  comments: z.string().nullable(),
  /** Records merged into this one (other spellings). */
  merged: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TechnologistRow = z.infer<typeof technologistRow>;

export const technologistIdParams = z.object({ id: idText });

export const performancePoint = technologistMeasures.extend({
  /** YYYY-MM-DD (daily buckets up to 62 days) or YYYY-MM. */
  bucket: z.string(),
  /** The median of the site's technologists active in this bucket (this one included). */
  siteMedian: technologistMeasures.omit({ rejected: true }),
});
export type PerformancePoint = z.infer<typeof performancePoint>;

export const technologistPerformance = z.object({
  technologist: technologistRow.omit({
    exams: true,
    images: true,
    rejected: true,
    rejectRate: true,
    meanAgd: true,
    meanForce: true,
  }),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'month']),
  totals: technologistMeasures,
  /** Medians over the site's technologists active in the range; `technologists` = how many. */
  siteMedian: technologistMeasures.omit({ rejected: true }).extend({ technologists: z.number() }),
  series: z.array(performancePoint),
});
export type TechnologistPerformance = z.infer<typeof technologistPerformance>;

const alias = line(1000)
  .trim()
  .max(80, 'must be at most 80 characters')
  .nullable()
  .transform((s) => (s ? s : null));

/** Set (or clear with null / '') the name the portal shows. */
export const renameTechRequest = z.strictObject({ id, alias });
export type RenameTechRequest = z.input<typeof renameTechRequest>;

/** Merge other spellings (`sourceIds`) into `targetId`; all of one site. */
export const mergeTechsRequest = z.strictObject({
  targetId: id,
  sourceIds: z.array(id).min(1, 'name at least one technologist to merge').max(50),
});
export type MergeTechsRequest = z.infer<typeof mergeTechsRequest>;

/** Undo merges: each named record counts as itself again. */
export const unmergeTechsRequest = z.strictObject({
  ids: z.array(id).min(1, 'name at least one technologist to unmerge').max(50),
});
export type UnmergeTechsRequest = z.infer<typeof unmergeTechsRequest>;

export const saveCommentsRequest = z.strictObject({
  id,
  comments: paragraph(10_000)
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .nullable()
    .transform((s) => (s ? s : null)),
});
export type SaveCommentsRequest = z.input<typeof saveCommentsRequest>;

export const techStatusRequest = z.strictObject({
  id,
  status: z.enum(technologistStatuses),
});
export type TechStatusRequest = z.infer<typeof techStatusRequest>;

/** A changed technologist record (measures are not recomputed by edits). */
export const technologistRecord = z.object({
  id: z.number(),
  siteId: z.number(),
  name: z.string(),
  alias: z.string().nullable(),
  displayName: z.string(),
  status: z.enum(technologistStatuses),
  comments: z.string().nullable(),
  mergedIntoId: z.number().nullable(),
});
export type TechnologistRecord = z.infer<typeof technologistRecord>;

export const mergeTechsResult = z.object({
  target: technologistRecord,
  /** Every record now counted under the target (the sources and what was merged into them). */
  merged: z.array(technologistRecord),
});
export type MergeTechsResult = z.infer<typeof mergeTechsResult>;
