import type { IngestResult } from '../pipeline';

/**
 * The Store Instances response (PS3.18 §10.5.3) in DICOM JSON: stored (and duplicate, which
 * the archive already holds) instances in Referenced SOP Sequence (0008,1199), the others in
 * Failed SOP Sequence (0008,1198) with a Failure Reason (0008,1197) from PS3.4 Annex GG:
 * 0xA700 out of resources (database down: retry later), 0xC000 cannot understand, 0x0122 SOP
 * class not supported (read, but not mammography), 0x0124 not authorised (another device's
 * object sent with a device key; PS3.7 C.5).
 */
export const FAILURE_REASON = {
  outOfResources: 0xa700,
  cannotUnderstand: 0xc000,
  sopClassNotSupported: 0x0122,
  notAuthorised: 0x0124,
};

/** Warning Reason (0008,1196) B006: Elements Discarded (PS3.4 Annex GG, PS3.18 §10.5.3). */
export const WARNING_ELEMENTS_DISCARDED = 0xb006;

const ui = (v: string | null) => ({ vr: 'UI', ...(v ? { Value: [v] } : {}) });

export function failureReason(r: IngestResult): number | null {
  if (r.outcome === 'stored' || r.outcome === 'duplicate') return null;
  if (r.retryable) return FAILURE_REASON.outOfResources;
  if (r.refused) return FAILURE_REASON.notAuthorised;
  return r.outcome === 'unsupported' ? FAILURE_REASON.sopClassNotSupported : FAILURE_REASON.cannotUnderstand;
}

export function storeResponse(results: IngestResult[]) {
  const referenced = results.filter((r) => failureReason(r) === null);
  const failed = results.filter((r) => failureReason(r) !== null);
  const body: Record<string, unknown> = {};
  if (failed.length) {
    body['00081198'] = {
      vr: 'SQ',
      Value: failed.map((r) => ({
        '00081150': ui(r.sopClassUid),
        '00081155': ui(r.sopInstanceUid),
        '00081197': { vr: 'US', Value: [failureReason(r)] },
      })),
    };
  }
  if (referenced.length) {
    body['00081199'] = {
      vr: 'SQ',
      Value: referenced.map((r) => ({
        '00081150': ui(r.sopClassUid),
        '00081155': ui(r.sopInstanceUid),
        // Warning Reason: Elements Discarded (stored from what was read before a damaged private element).
        ...(r.discarded ? { '00081196': { vr: 'US', Value: [WARNING_ELEMENTS_DISCARDED] } } : {}),
      })),
    };
  }
  // 200 all stored; 202 some stored, or all with warnings; 409 none stored; 503 none, because
  // the database is down.
  const status = !failed.length
    ? referenced.some((r) => r.discarded)
      ? 202
      : 200
    : referenced.length
      ? 202
      : failed.every((r) => r.retryable)
        ? 503
        : 409;
  return { status, body };
}
