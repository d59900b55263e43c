/**
 * DICOM headers as plain records (attribute keyword → value), the form the server's mapping
 * reads and dcmjs writes. UIDs live under a root reserved for this simulator.
 */
export type DicomRecord = { [keyword: string]: DicomValue };
export type DicomValue = string | number | readonly (string | number)[] | readonly DicomRecord[];

export const UID_ROOT = '1.2.826.0.1.3680043.10.1109';

export const SOP = {
  mgForPresentation: '1.2.840.10008.5.1.4.1.1.1.2',
  mgForProcessing: '1.2.840.10008.5.1.4.1.1.1.2.1',
  breastTomosynthesis: '1.2.840.10008.5.1.4.1.1.13.1.3',
  keyObjectSelection: '1.2.840.10008.5.1.4.1.1.88.59',
} as const;

export const code = (value: string, meaning: string, scheme = 'DCM'): DicomRecord => ({
  CodeValue: value,
  CodingSchemeDesignator: scheme,
  CodeMeaning: meaning,
});

export const da = (date: string) => date.replaceAll('-', '');
export const tm = (minutesOfDay: number) => {
  const total = Math.round(minutesOfDay * 60 * 1000);
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const ms = total % 1000;
  return `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}${String(s).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
};
