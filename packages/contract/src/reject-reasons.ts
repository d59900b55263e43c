/**
 * Reasons an image is rejected for quality: DICOM PS3.16 CID 7011 "Rejected for Quality
 * Reasons" (scheme DCM). Rejection notes (IHE IOCM KOS) carry one of these as the document
 * title modifier; the demo fleet draws its rejects from the same list.
 */
export const REJECT_REASONS = [
  { code: '111207', meaning: 'Image artifact(s)' },
  { code: '111208', meaning: 'Grid artifact(s)' },
  { code: '111209', meaning: 'Positioning' },
  { code: '111210', meaning: 'Motion blur' },
  { code: '111211', meaning: 'Under exposed' },
  { code: '111212', meaning: 'Over exposed' },
  { code: '111213', meaning: 'No image' },
  { code: '111214', meaning: 'Detector artifact(s)' },
  { code: '111215', meaning: 'Artifact(s) other than grid or detector artifact' },
  { code: '111216', meaning: 'Mechanical failure' },
  { code: '111217', meaning: 'Electrical failure' },
  { code: '111218', meaning: 'Software failure' },
  { code: '111219', meaning: 'Inappropriate image processing' },
  { code: '111220', meaning: 'Other failure' },
  { code: '111221', meaning: 'Unknown failure' },
  { code: '113026', meaning: 'Double exposure' },
] as const;

/** Document title of a rejection note: (113001, DCM, "Rejected for Quality Reasons"). */
export const REJECTED_FOR_QUALITY = { code: '113001', meaning: 'Rejected for Quality Reasons' } as const;

const byCode = new Map<string, string>(REJECT_REASONS.map((r) => [r.code, r.meaning]));
export const rejectReasonMeaning = (code: string): string | undefined => byCode.get(code);
