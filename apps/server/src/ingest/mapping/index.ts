import type { DicomHeader } from './header';
import { mapMgImage } from './mg-image';
import { mapDoseReport } from './rdsr';
import { mapRejectionNote } from './rejection-note';
import { MG_IMAGE_CLASSES, SOP_CLASS } from './sop-classes';
import type { MappedObject } from './types';

export type { DicomHeader, DicomRecord } from './header';
export { recordHeader } from './header';
export type { DoseEvent, DoseReport, ImageObservation, IocmNote, MappedObject } from './types';

/** SR classes that may carry a dose report: RDSR, and Enhanced / Comprehensive SR from older devices. */
const DOSE_REPORT_CLASSES: ReadonlySet<string> = new Set([
  SOP_CLASS.xRayRadiationDoseSr,
  SOP_CLASS.enhancedSr,
  SOP_CLASS.comprehensiveSr,
]);

/** Any parsed header → what it means for Kestrel. Never throws on odd content. */
export function mapObject(h: DicomHeader): MappedObject {
  const sopClassUid = h.text('SOPClassUID');
  const sopInstanceUid = h.text('SOPInstanceUID');
  const unsupported = (reason: string): MappedObject => ({
    kind: 'unsupported',
    reason,
    sopClassUid,
    sopInstanceUid,
  });
  if (!sopClassUid) return unsupported('SOP Class UID (0008,0016) is missing');

  const isMg = h.text('Modality')?.toUpperCase() === 'MG';
  if (MG_IMAGE_CLASSES.has(sopClassUid) || (sopClassUid === SOP_CLASS.secondaryCapture && isMg)) {
    const image = mapMgImage(h);
    return 'error' in image ? unsupported(image.error) : { kind: 'image', image };
  }
  if (sopClassUid === SOP_CLASS.keyObjectSelection) {
    const rejection = mapRejectionNote(h);
    if (rejection === null) return unsupported('key object selection that is not a rejection note');
    return 'error' in rejection ? unsupported(rejection.error) : { kind: 'iocmNote', note: rejection };
  }
  if (DOSE_REPORT_CLASSES.has(sopClassUid)) {
    const report = mapDoseReport(h);
    if (report === null) return unsupported('structured report that is not an X-Ray Radiation Dose Report');
    return 'error' in report ? unsupported(report.error) : { kind: 'doseReport', report };
  }
  const modality = h.text('Modality');
  return unsupported(
    `not a mammography object (SOP class ${sopClassUid}${modality ? `, modality ${modality}` : ''})`,
  );
}
