import type { ImageKind, Laterality, Procedure } from '../../platform/db/schema';
import type { DicomHeader } from './header';
import { SOP_CLASS } from './sop-classes';
import type { DeviceIdentity, ImageObservation } from './types';
import { localDateTime, material, parseDateTime, parseOffset, roundTo } from './values';

/** SNOMED/DCM view codes (CID 4014) by code value, for objects without View Position. */
export const VIEW_CODES: Record<string, string> = {
  'R-10242': 'CC',
  '399162004': 'CC',
  'R-10226': 'MLO',
  '399368009': 'MLO',
  'R-10224': 'ML',
  '399260004': 'ML',
  'R-10228': 'LM',
  '399352003': 'LM',
  'R-1024A': 'XCCL',
  '399192003': 'XCCL',
  'R-1024B': 'XCCM',
  '399101009': 'XCCM',
  'R-10230': 'LMO',
  '399099002': 'LMO',
  'R-10244': 'FB',
  '399196000': 'FB',
  'R-102D0': 'SIO',
  '399188001': 'SIO',
};

export function deviceIdentity(h: DicomHeader): DeviceIdentity | null {
  const serial = h.text('DeviceSerialNumber');
  const manufacturer = h.text('Manufacturer');
  if (!serial || !manufacturer) return null;
  return {
    manufacturer,
    model: h.text('ManufacturerModelName') ?? 'Unknown model',
    serial,
    softwareVersion: h.texts('SoftwareVersions').filter(Boolean).join(' ') || null,
    stationName: h.text('StationName') ?? null,
    institution: h.text('InstitutionName') ?? null,
  };
}

/** Image kind from the SOP class and Image Type values 3–5 (PS3.3 C.8.6.1.1 / C.8.21.1). */
export function imageKindOf(h: DicomHeader, sopClass: string): ImageKind {
  const types = h.texts('ImageType').map((t) => t.toUpperCase());
  const has = (v: string) => types.slice(2).includes(v);
  if (has('SUBTRACTION')) return 'cedm_subtraction';
  if (has('HIGH_ENERGY')) return 'cedm_high';
  if (has('LOW_ENERGY')) return 'cedm_low';
  if (sopClass === SOP_CLASS.breastTomosynthesis || has('TOMOSYNTHESIS') || has('VOLUME'))
    return 'tomosynthesis';
  if (has('GENERATED_2D')) return 'synthetic_2d';
  if (
    sopClass === SOP_CLASS.breastProjectionForPresentation ||
    sopClass === SOP_CLASS.breastProjectionForProcessing ||
    has('TOMO_PROJ') ||
    has('PROJECTION') ||
    // Hologic sends tomosynthesis projections as Secondary Capture, Modality MG, ORIGINAL.
    (sopClass === SOP_CLASS.secondaryCapture && types[0] === 'ORIGINAL')
  ) {
    return 'tomo_projection';
  }
  return '2D';
}

export function viewOf(h: DicomHeader): string | null {
  const position = h.text('ViewPosition')?.toUpperCase();
  if (position) return position.slice(0, 8);
  const code = h.items('ViewCodeSequence')[0]?.text('CodeValue');
  return code ? (VIEW_CODES[code] ?? null) : null;
}

export function lateralityOf(h: DicomHeader): Laterality | null {
  // (0020,0062) Image Laterality; Hologic projections carry only (0020,0060) Laterality.
  const l = (h.text('ImageLaterality') ?? h.text('Laterality'))?.toUpperCase();
  return l === 'L' || l === 'R' || l === 'B' ? l : null;
}

/** Screening / diagnostic / biopsy from what the site called the procedure (not the protocol). */
export function procedureOf(...descriptions: (string | undefined)[]): Procedure {
  const text = descriptions.filter(Boolean).join(' ').toLowerCase();
  if (!text) return 'other';
  if (/screen|scrn|bilat.*routine|routine/.test(text)) return 'screening';
  if (/biop|stereo|needle|vab|core/.test(text)) return 'biopsy';
  if (/diag|dx|recall|spot|mag|workup|assessment|follow/.test(text)) return 'diagnostic';
  return 'other';
}

export function acquisitionTime(h: DicomHeader): { local: string; offset: number | null } | undefined {
  const offset = parseOffset(h.text('TimezoneOffsetFromUTC'));
  const dt = parseDateTime(h.text('AcquisitionDateTime'));
  if (dt) return { local: dt.local, offset: dt.offset ?? offset };
  const local =
    localDateTime(h.text('AcquisitionDate'), h.text('AcquisitionTime')) ??
    localDateTime(h.text('ContentDate'), h.text('ContentTime')) ??
    localDateTime(h.text('StudyDate'), h.text('StudyTime'));
  return local ? { local, offset } : undefined;
}

const opt = (n: number | undefined) => (n === undefined ? null : n);

/**
 * A mammography image header → one observation, or the reason it cannot be one. Pure: no I/O,
 * no clock; every unit is converted here (µAs → mAs, OrganDose dGy → mGy).
 */
export function mapMgImage(h: DicomHeader): ImageObservation | { error: string } {
  const sopClassUid = h.text('SOPClassUID') ?? '';
  const sopInstanceUid = h.text('SOPInstanceUID');
  const studyInstanceUid = h.text('StudyInstanceUID');
  if (!sopInstanceUid) return { error: 'SOP Instance UID (0008,0018) is missing' };
  if (!studyInstanceUid) return { error: 'Study Instance UID (0020,000D) is missing' };
  const device = deviceIdentity(h);
  if (!device) return { error: 'Manufacturer (0008,0070) or Device Serial Number (0018,1000) is missing' };
  const when = acquisitionTime(h);
  if (!when) return { error: 'no acquisition, content or study date' };

  const imageKind = imageKindOf(h, sopClassUid);
  const view = viewOf(h);
  const laterality = lateralityOf(h);
  const microAs = h.number('ExposureInuAs');
  const mas = microAs !== undefined ? microAs / 1000 : h.number('Exposure');
  const microA = h.number('XRayTubeCurrentInuA');
  const organDoseDgy = h.number('OrganDose');

  // Copies of one exposure (For Processing / For Presentation) share device, time, view,
  // laterality and kind. Projections of one sweep share the time, so their number counts too.
  const instance = imageKind === 'tomo_projection' ? `#${h.text('InstanceNumber') ?? sopInstanceUid}` : '';
  const exposureKey = [
    device.manufacturer,
    device.serial,
    when.local,
    view ?? '',
    laterality ?? '',
    imageKind,
    instance,
  ].join('|');

  return {
    source: 'image',
    sopInstanceUid,
    sopClassUid,
    studyInstanceUid,
    exposureKey,
    device,
    operator: h.text('OperatorsName') ?? null,
    localDateTime: when.local,
    utcOffsetMinutes: when.offset,
    view,
    laterality,
    imageKind,
    presentationIntent: h.text('PresentationIntentType') ?? null,
    kvp: opt(h.number('KVP')),
    mas: mas === undefined ? null : roundTo(mas, 3),
    exposureMs: opt(h.number('ExposureTime')),
    tubeCurrentMa: microA !== undefined ? microA / 1000 : opt(h.number('XRayTubeCurrent')),
    anode: material(h.text('AnodeTargetMaterial')),
    filter: material(h.text('FilterMaterial')),
    thicknessMm: opt(h.number('BodyPartThickness')),
    forceN: opt(h.number('CompressionForce')),
    pressureKpa: opt(h.number('CompressionPressure')),
    // Organ Dose (0040,0316) is in dGy (PS3.3 C.8.7.10); we keep mGy.
    agdMgy: organDoseDgy === undefined ? null : roundTo(organDoseDgy * 100, 5),
    entranceDoseMgy: opt(h.number('EntranceDoseInmGy')),
    protocol: h.text('ProtocolName') ?? null,
    procedure: procedureOf(
      h.text('RequestedProcedureDescription'),
      h.text('StudyDescription'),
      h.text('PerformedProcedureStepDescription'),
    ),
  };
}
