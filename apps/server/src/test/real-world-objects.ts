import {
  type DicomRecord,
  doseReportRecord,
  projectionAsSecondaryCapture,
  toPart10,
  withDamagedPrivateSequence,
} from '@kestrel/fleet-sim';
import { CHARSET_CASES, type CharsetCase } from './charsets';
import { withRawValue } from './dicom-edit';

/**
 * Objects of other makers' devices as tests need them (issue: real files that failed or lost
 * values): each numbered n for its own UIDs and time, of the device `serial`.
 */
const MG_FOR_PRESENTATION = '1.2.840.10008.5.1.4.1.1.1.2';
export const MANUFACTURER = 'ACME Imaging';

const two = (v: number) => String(v).padStart(2, '0');
const timeOf = (n: number) => `${two(8 + (Math.floor(n / 60) % 10))}${two(n % 60)}00.000`;

/** A 2D image with every value Kestrel reads, as a header record. */
export function imageRecord(n: number, serial: string): DicomRecord {
  return {
    SOPClassUID: MG_FOR_PRESENTATION,
    SOPInstanceUID: `2.25.7${n}1`,
    StudyInstanceUID: `2.25.7${n}2`,
    SeriesInstanceUID: `2.25.7${n}3`,
    Modality: 'MG',
    ImageType: ['ORIGINAL', 'PRIMARY', ''],
    PresentationIntentType: 'FOR PRESENTATION',
    Manufacturer: MANUFACTURER,
    ManufacturerModelName: 'Tomo 3D',
    DeviceSerialNumber: serial,
    StationName: 'STATION',
    InstitutionName: 'INSTITUTION',
    StudyDate: '20260302',
    AcquisitionDate: '20260302',
    AcquisitionTime: timeOf(n),
    ContentDate: '20260302',
    ContentTime: timeOf(n),
    ViewPosition: 'CC',
    ImageLaterality: 'L',
    KVP: 29,
    ExposureInuAs: 65400,
    ExposureTime: 540,
    XRayTubeCurrent: 120,
    AnodeTargetMaterial: 'TUNGSTEN',
    FilterMaterial: 'RHODIUM',
    BodyPartThickness: 52,
    CompressionForce: 98,
    OrganDose: 0.0148,
    InstanceNumber: 7,
  };
}

/**
 * A tomosynthesis projection stored as Secondary Capture whose private sequence (7E01,1010), of
 * unknown VR, has a wrong length inside: dcmtk refuses it, the values Kestrel needs come before.
 */
export function damagedProjection(
  n: number,
  serial: string,
  kind: 'element-too-long' | 'item-too-long' = 'element-too-long',
): Buffer {
  return Buffer.from(
    withDamagedPrivateSequence(toPart10(projectionAsSecondaryCapture(imageRecord(n, serial))), { kind }),
  );
}

/** A dose report whose two events give their exposure only as Exposure (113736) in 'uA.s'. */
export function microAsReport(n: number, serial: string, exposureUnit = 'uA.s'): Buffer {
  return Buffer.from(
    toPart10({
      // dcmjs writes text as UTF-8 (a unit with µ).
      SpecificCharacterSet: 'ISO_IR 192',
      ...doseReportRecord({
        sopInstanceUid: `2.25.6${n}1`,
        studyUid: `2.25.6${n}2`,
        seriesUid: `2.25.6${n}3`,
        device: { manufacturer: MANUFACTURER, model: 'Tomo 3D', serial },
        studyDate: '20260303',
        exposureUnit,
        events: [
          {
            uid: `2.25.6${n}4`,
            started: `20260303${timeOf(n)}`,
            view: 'CC',
            side: 'R',
            kvp: 30,
            exposureUas: 71300,
            agdMgy: 1.42,
          },
          {
            uid: `2.25.6${n}5`,
            started: `20260303${timeOf(n + 1)}`,
            view: 'MLO',
            side: 'R',
            kvp: 31,
            exposureUas: 80250,
            agdMgy: 1.61,
          },
        ],
      }),
    }),
  );
}

/** An image whose Institution Name and Station Name are text in the case's character set. */
export function charsetImage(n: number, serial: string, c: CharsetCase = CHARSET_CASES[0]!): Buffer {
  const record = { ...imageRecord(n, serial), SpecificCharacterSet: c.specificCharacterSet.split('\\') };
  let bytes: Buffer = Buffer.from(toPart10(record));
  bytes = withRawValue(bytes, '0008,0080', c.encode(c.institution));
  bytes = withRawValue(bytes, '0008,1010', c.encode(c.station));
  return bytes;
}
