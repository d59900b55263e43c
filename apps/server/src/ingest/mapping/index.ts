import type { DicomHeader } from './header';
import { mapMgImage } from './mg-image';
import { mapRejectionNote } from './rejection-note';
import { MG_IMAGE_CLASSES, SOP_CLASS } from './sop-classes';
import type { MappedObject } from './types';

export type { DicomHeader, DicomRecord } from './header';
export { recordHeader } from './header';
export type { ImageObservation, MappedObject, RejectionObservation } from './types';

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
    return 'error' in rejection ? unsupported(rejection.error) : { kind: 'rejection', rejection };
  }
  const modality = h.text('Modality');
  return unsupported(
    `not a mammography object (SOP class ${sopClassUid}${modality ? `, modality ${modality}` : ''})`,
  );
}
