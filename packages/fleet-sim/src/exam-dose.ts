import type { DicomRecord } from './dicom';
import { da } from './dicom';
import { doseReportRecord, type SimDoseEvent } from './dose-report';
import type { ExamContext } from './exams';

const SYMBOL: Record<string, string> = {
  TUNGSTEN: 'W',
  RHODIUM: 'Rh',
  SILVER: 'Ag',
  COPPER: 'Cu',
  MOLYBDENUM: 'Mo',
};
const PULSES = 15;
const numberOrUndefined = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The exam's dose report: one irradiation event per exposure image (derived images carry no
 * exposure), with the image's own values, at the image's acquisition time. Tomosynthesis sweeps
 * are reported as pulses (mA and pulse width, no Exposure item), as some devices do.
 */
export function examDoseReport(ctx: ExamContext, records: DicomRecord[]): DicomRecord {
  const { device } = ctx;
  const events: SimDoseEvent[] = records
    .filter((r) => r.Modality === 'MG' && r.KVP !== undefined)
    .map((r) => {
      const rotational = (r.ImageType as string[])[2] === 'TOMOSYNTHESIS';
      const uas = numberOrUndefined(r.ExposureInuAs) ?? 0;
      const ma = numberOrUndefined(r.XRayTubeCurrent) ?? 100;
      const organDose = numberOrUndefined(r.OrganDose);
      return {
        uid: `${r.SOPInstanceUID}.1`,
        started: `${r.AcquisitionDate}${r.AcquisitionTime}`,
        view: String(r.ViewPosition),
        side: r.ImageLaterality as 'L' | 'R',
        rotational,
        kvp: numberOrUndefined(r.KVP),
        ...(rotational
          ? {
              pulses: { count: PULSES, ma, widthMs: Math.round((uas / PULSES / ma) * 1000) / 1000 },
            }
          : { exposureUas: uas, tubeCurrentMa: ma }),
        exposureMs: numberOrUndefined(r.ExposureTime),
        agdMgy: organDose === undefined ? undefined : Math.round(organDose * 100 * 1e5) / 1e5,
        entranceMgy: numberOrUndefined(r.EntranceDoseInmGy),
        thicknessMm: numberOrUndefined(r.BodyPartThickness),
        forceN: numberOrUndefined(r.CompressionForce),
        anode: SYMBOL[String(r.AnodeTargetMaterial)],
        filter: SYMBOL[String(r.FilterMaterial)],
      };
    });
  return doseReportRecord({
    sopInstanceUid: `${ctx.uidPrefix}.0.100`,
    seriesUid: `${ctx.uidPrefix}.0.101`,
    studyUid: ctx.studyUid,
    device: {
      manufacturer: device.manufacturer,
      model: device.model,
      serial: device.serial,
      softwareVersion: device.softwareVersion,
      stationName: device.stationName,
    },
    institution: ctx.site.name,
    operator: ctx.tech.pn,
    studyDate: da(ctx.date),
    events,
  });
}
