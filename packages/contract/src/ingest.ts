import { z } from 'zod';
import { id as bodyId, boundedRange, idText, isoDate, line } from './bounds';

/**
 * What came in through the three doors (DIMSE, STOW-RS, upload) and what became of it:
 * the upload response, the failed-files report (`ha/failedFilesReport`, `/filter`) and the
 * last file per device (`ha/lastFileDetails`). Times are ISO 8601 instants in UTC.
 */
export const ingestOutcomes = ['received', 'stored', 'duplicate', 'failed', 'unsupported'] as const;
export const ingestOutcomeSchema = z.enum(ingestOutcomes);
export type IngestOutcomeName = z.infer<typeof ingestOutcomeSchema>;
export const ingestDoorSchema = z.enum(['dimse', 'stow', 'upload', 'demo']);

/**
 * What a person reads for an ingest log's object kind (`mg-<image kind>`, `dose-report`,
 * `rejection-note`); a kind not listed here is shown as it is stored.
 */
const OBJECT_KIND_LABELS: Record<string, string> = {
  'mg-2D': 'MG image · 2D',
  'mg-tomo_projection': 'MG image · tomosynthesis projection',
  'mg-tomosynthesis': 'MG image · tomosynthesis',
  'mg-synthetic_2d': 'MG image · synthetic 2D',
  'mg-cedm_low': 'MG image · CEDM low energy',
  'mg-cedm_high': 'MG image · CEDM high energy',
  'mg-cedm_subtraction': 'MG image · CEDM subtraction',
  'dose-report': 'Dose report (RDSR)',
  'rejection-note': 'Rejection note',
};
export const objectKindLabel = (kind: string | null): string | null =>
  kind === null ? null : (OBJECT_KIND_LABELS[kind] ?? kind);

const id = idText;
const instant = z.string().describe('ISO 8601 instant (UTC)');

/** One file of a portal upload (service dashboard), in the order the files were sent. */
export const uploadedFileResult = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  outcome: z.enum(['stored', 'duplicate', 'failed', 'unsupported']),
  /** Human-readable; null when stored. */
  reason: z.string().nullable(),
  sopInstanceUid: z.string().nullable(),
  deviceSerial: z.string().nullable(),
});
export type UploadedFileResult = z.infer<typeof uploadedFileResult>;
export const uploadResult = z.object({ files: z.array(uploadedFileResult) });
export type UploadResult = z.infer<typeof uploadResult>;

export const ingestLogRow = z.object({
  id: z.number(),
  receivedAt: instant,
  door: ingestDoorSchema,
  callingAe: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  sopClassUid: z.string().nullable(),
  sopInstanceUid: z.string().nullable(),
  objectKind: z.string().nullable(),
  outcome: ingestOutcomeSchema,
  reason: z.string().nullable(),
  deviceId: z.number().nullable(),
  deviceSerial: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
});
export type IngestLogRow = z.infer<typeof ingestLogRow>;

/** `POST /api/ha/failedFilesReport/filter`; `GET /api/ha/failedFilesReport` = the last 30 days. */
export const failedFilesFilter = boundedRange(
  z.strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
    siteId: bodyId.optional(),
    deviceId: bodyId.optional(),
    /** Reason contains (case-insensitive). */
    reason: line(200).trim().optional(),
    outcome: z.enum(['failed', 'unsupported']).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(500).default(50),
  }),
  'from',
  'to',
);
export type FailedFilesFilter = z.infer<typeof failedFilesFilter>;
export const failedFilesReport = z.object({ rows: z.array(ingestLogRow), total: z.number().int() });
export type FailedFilesReport = z.infer<typeof failedFilesReport>;

/** `GET /api/ha/lastFileDetails[?deviceId=]`: per device, the last object received. */
export const lastFileQuery = z.strictObject({ deviceId: id.optional(), siteId: id.optional() });
export const lastFileRow = z.object({
  deviceId: z.number(),
  serial: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  receivedAt: instant,
  door: ingestDoorSchema,
  objectKind: z.string().nullable(),
  outcome: ingestOutcomeSchema,
  sopClassUid: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type LastFileRow = z.infer<typeof lastFileRow>;
