import { z } from 'zod';
import { boundedRange, id, line, paragraph } from './bounds';
import { deviceTypeSchema, instantInput, tubeLifeStatusSchema } from './devices';
import { NO_FORECAST, TUBE_LIFE_STATUSES } from './status';

/**
 * Tube life: `/api/ha/tubeinfo`, `tubeservice`, `filtertubereport` and `changetubestatus`
 * (docs/api.md, docs/devices.md). Days remaining are whole days (rounded down, so the status
 * of the shown number and of the exact forecast agree); null means no forecast.
 */
const instant = z.string();

export const tubeThresholds = z.object({ tubeLifeYellow: z.number(), tubeLifeRed: z.number() });
export type TubeThresholds = z.infer<typeof tubeThresholds>;

export const tubeView = z.object({
  id: z.number(),
  serial: z.string().nullable(),
  installedAt: instant,
  replacedAt: instant.nullable(),
  ratedMas: z.number().nullable(),
  ratedExposures: z.number().nullable(),
  /** Usage since install, from the device's counters when it reports them, else from facts. */
  usedMas: z.number(),
  usedExposures: z.number(),
  usageSource: z.enum(['facts', 'counters']),
  /** Mean daily use over the forecast window. */
  dailyMas: z.number().nullable(),
  dailyExposures: z.number().nullable(),
  /** Share of the rated life used (0–1+), by the measure that is further along. */
  lifeUsed: z.number().nullable(),
  daysRemaining: z.number().int().nullable(),
  /** Forecast end of rated life. */
  dueAt: instant.nullable(),
  status: tubeLifeStatusSchema.nullable(),
  forecastAt: instant.nullable(),
  notes: z.string().nullable(),
});
export type TubeView = z.infer<typeof tubeView>;

export const tubeInfoResult = z.object({
  deviceId: z.number(),
  serial: z.string(),
  model: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  thresholds: tubeThresholds,
  current: tubeView.nullable(),
  /** Replaced tubes, newest first. */
  history: z.array(tubeView),
});
export type TubeInfoResult = z.infer<typeof tubeInfoResult>;

export const tubeReportRow = z.object({
  deviceId: z.number(),
  deviceSerial: z.string(),
  model: z.string(),
  deviceType: deviceTypeSchema,
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  tube: tubeView,
});
export type TubeReportRow = z.infer<typeof tubeReportRow>;

export const tubeStatusFilter = z.enum([...TUBE_LIFE_STATUSES, NO_FORECAST]);

export const tubeReportFilter = boundedRange(
  boundedRange(
    z.strictObject({
      status: z.array(tubeStatusFilter).max(4).optional(),
      customerIds: z.array(id).max(1000).optional(),
      siteIds: z.array(id).max(1000).optional(),
      /** Forecast end of life on or after / before this instant (tubes without forecast drop out). */
      dueFrom: instantInput.optional(),
      dueTo: instantInput.optional(),
      /** Installed on or after / before. */
      installedFrom: instantInput.optional(),
      installedTo: instantInput.optional(),
    }),
    'dueFrom',
    'dueTo',
  ),
  'installedFrom',
  'installedTo',
);
export type TubeReportFilter = z.infer<typeof tubeReportFilter>;

export const tubeCounts = z.object(
  Object.fromEntries(tubeStatusFilter.options.map((s) => [s, z.number()])) as Record<
    z.infer<typeof tubeStatusFilter>,
    z.ZodNumber
  >,
);
export const tubeReportResult = z.object({ counts: tubeCounts, rows: z.array(tubeReportRow) });

export const tubeServiceResult = z.object({
  /** Current tubes at 'Schedule Replacement' or 'Replace Tube', soonest first. */
  due: z.array(tubeReportRow),
  /** Tubes replaced in the last 90 days, newest first. */
  recentReplacements: z.array(tubeReportRow),
});

/**
 * Record a tube replacement (or the first tube of a device): the current tube is closed at
 * `installedAt` and the new one starts at zero. Rated life defaults to the previous tube's,
 * then to the model's rating. Counter readings are the device's lifetime counters at the swap;
 * without them the latest heartbeat's readings are the baseline.
 */
export const changeTubeRequest = z.strictObject({
  deviceId: id,
  serial: line(64).trim().min(1),
  installedAt: instantInput.optional().describe('default: now'),
  ratedMas: z.number().positive().max(1e12).optional(),
  ratedExposures: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  counterMas: z.number().min(0).max(1e12).optional(),
  counterExposures: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  notes: paragraph(2000).optional(),
});
export type ChangeTubeRequest = z.infer<typeof changeTubeRequest>;
