import { z } from 'zod';
import { boolText, boundedRange, idText, intText, isoDate, line } from './bounds';

/**
 * The record explorer: images (facts) and exams behind the charts, for study analytics and
 * drill-down. Every widget segment maps onto these filters (a site, a technologist, a day, a
 * reason, a band …), so a click on a chart lists exactly the records it counted.
 */
const id = idText;
const slot = (max: number) => intText(0, max);
const bool = boolText;

export const exploreFilters = boundedRange(
  z.object({
    fromDateSelected: isoDate,
    toDateSelected: isoDate,
    site: id.optional(),
    device: id.optional(),
    /** Counts records of technologists merged into this one too. */
    technologist: id.optional(),
    deviceType: z.enum(['2D', '3D', 'COMBO', 'CEDM']).optional(),
    /** View slot of VIEW_SLOTS (CC, MLO, ML, LM, XCCL, XCCM, SIO, Other). */
    viewSlot: slot(7).optional(),
    laterality: z.enum(['L', 'R', 'B']).optional(),
    /** Kind group of KIND_GROUPS (2D, tomosynthesis, synthetic 2D, contrast). */
    kindGroup: slot(3).optional(),
    procedure: z.enum(['screening', 'diagnostic', 'biopsy', 'other']).optional(),
    rejected: bool.optional(),
    /** CID 7011 reason code; 'none' = rejected without a reason. */
    reason: line(16).min(1).optional(),
    thicknessBand: slot(8).optional(),
    forceBand: slot(19).optional(),
    pressureBand: slot(19).optional(),
    kvpBand: slot(28).optional(),
    /** Local hour 0–23 and ISO weekday 1–7 (Monday = 1). */
    hour: slot(23).optional(),
    weekday: intText(1, 7).optional(),
  }),
);
export type ExploreFilters = z.infer<typeof exploreFilters>;

export const imageSortKeys = [
  'acquiredAt',
  'kvp',
  'mas',
  'agdMgy',
  'forceN',
  'thicknessMm',
  'pressureKpa',
] as const;

export const exploreImagesQuery = z.intersection(
  exploreFilters,
  z.object({
    page: intText(1, 100_000).default(1),
    pageSize: intText(1, 200).default(50),
    sort: z.enum(imageSortKeys).default('acquiredAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
);

export const exploreStudiesQuery = z.intersection(
  exploreFilters,
  z.object({
    page: intText(1, 100_000).default(1),
    pageSize: intText(1, 200).default(50),
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
);

export const imageRecord = z.object({
  id: z.number(),
  acquiredAt: z.string(),
  localDate: z.string(),
  site: z.string().nullable(),
  device: z.string(),
  deviceType: z.string(),
  technologist: z.string().nullable(),
  procedure: z.string().nullable(),
  view: z.string().nullable(),
  laterality: z.string().nullable(),
  imageKind: z.string(),
  kvp: z.number().nullable(),
  mas: z.number().nullable(),
  exposureMs: z.number().nullable(),
  anode: z.string().nullable(),
  filter: z.string().nullable(),
  thicknessMm: z.number().nullable(),
  forceN: z.number().nullable(),
  pressureKpa: z.number().nullable(),
  agdMgy: z.number().nullable(),
  entranceDoseMgy: z.number().nullable(),
  rejected: z.boolean(),
  rejectReason: z.string().nullable(),
});
export type ImageRecord = z.infer<typeof imageRecord>;

export const studyRecord = z.object({
  id: z.number(),
  startedAt: z.string(),
  localDate: z.string(),
  site: z.string().nullable(),
  device: z.string(),
  technologist: z.string().nullable(),
  procedure: z.string(),
  images: z.number(),
  rejected: z.number(),
  /**
   * Accumulated Average Glandular Dose per breast of the exam's X-Ray Radiation Dose SR (the
   * last one received, when the device sent several), in mGy; null without a report or value.
   */
  accumulatedAgdLeftMgy: z.number().nullable(),
  accumulatedAgdRightMgy: z.number().nullable(),
  /** Both breasts together, when a device reports it so. */
  accumulatedAgdBothMgy: z.number().nullable(),
});
export type StudyRecord = z.infer<typeof studyRecord>;

export const page = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number(), page: z.number(), pageSize: z.number(), rows: z.array(row) });

/** Exports are capped; the file says so when the filter matched more. */
export const EXPORT_MAX_ROWS = 100_000;
