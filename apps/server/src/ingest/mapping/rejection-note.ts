import { REJECTED_FOR_QUALITY, rejectReasonMeaning } from '@kestrel/contract';
import type { DicomHeader } from './header';
import { deviceIdentity } from './mg-image';
import type { IocmNote } from './types';

/** Document titles that reject instances (CID 7010 members used by IHE IOCM). */
const REJECTION_TITLES = new Set([REJECTED_FOR_QUALITY.code, '113037', '113038', '113039']);
const DOCUMENT_TITLE_MODIFIER = '113011';

/**
 * A Key Object Selection document whose title rejects instances → the referenced instances and
 * the reason (the Document Title Modifier, CID 7011). Other KOS documents (teaching files,
 * "of interest") return null and are not rejections.
 */
export function mapRejectionNote(h: DicomHeader): IocmNote | { error: string } | null {
  const title = h.items('ConceptNameCodeSequence')[0];
  const titleCode = title?.text('CodeValue');
  if (!titleCode || !REJECTION_TITLES.has(titleCode)) return null;
  const sopInstanceUid = h.text('SOPInstanceUID');
  if (!sopInstanceUid) return { error: 'SOP Instance UID (0008,0018) is missing' };

  let reasonCode: string | null = null;
  let reason: string | null = null;
  for (const item of h.items('ContentSequence')) {
    if (item.items('ConceptNameCodeSequence')[0]?.text('CodeValue') !== DOCUMENT_TITLE_MODIFIER) continue;
    const concept = item.items('ConceptCodeSequence')[0];
    reasonCode = concept?.text('CodeValue') ?? null;
    reason = (reasonCode && rejectReasonMeaning(reasonCode)) ?? concept?.text('CodeMeaning') ?? null;
  }
  if (!reasonCode) {
    reasonCode = titleCode;
    reason = title?.text('CodeMeaning') ?? null;
  }

  const referenced = new Set<string>();
  for (const study of h.items('CurrentRequestedProcedureEvidenceSequence')) {
    for (const series of study.items('ReferencedSeriesSequence')) {
      for (const sop of series.items('ReferencedSOPSequence')) {
        const uid = sop.text('ReferencedSOPInstanceUID');
        if (uid) referenced.add(uid);
      }
    }
  }
  if (!referenced.size) return { error: 'the rejection note references no instances' };
  return {
    sopInstanceUid,
    titleCode,
    reasonCode,
    reason,
    referencedSopInstanceUids: [...referenced],
    device: deviceIdentity(h),
  };
}
