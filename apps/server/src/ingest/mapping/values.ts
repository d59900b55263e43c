/** Small normalisers for DICOM value formats (PS3.5 §6.2). */

/** DA 'YYYYMMDD' + TM 'HHMMSS.ffffff' → 'YYYY-MM-DDTHH:MM:SS.sss', or undefined when malformed. */
export function localDateTime(da: string | undefined, tm: string | undefined): string | undefined {
  if (!da || !/^\d{8}$/.test(da)) return undefined;
  const date = `${da.slice(0, 4)}-${da.slice(4, 6)}-${da.slice(6, 8)}`;
  const t = (tm ?? '').replace(/:/g, '');
  const m = /^(\d{2})(\d{2})?(\d{2})?(?:\.(\d{1,6}))?$/.exec(t);
  if (!m) return `${date}T00:00:00.000`;
  const ms = (m[4] ?? '').padEnd(3, '0').slice(0, 3);
  return `${date}T${m[1]}:${m[2] ?? '00'}:${m[3] ?? '00'}.${ms}`;
}

/** DT 'YYYYMMDDHHMMSS.ffffff&ZZXX' → local date-time and offset minutes (if given). */
export function parseDateTime(dt: string | undefined): { local: string; offset: number | null } | undefined {
  if (!dt) return undefined;
  const m = /^(\d{8})(\d{2,6}(?:\.\d{1,6})?)?([+-]\d{4})?$/.exec(dt.trim());
  if (!m) return undefined;
  const local = localDateTime(m[1], m[2]);
  if (!local) return undefined;
  return { local, offset: m[3] ? parseOffset(m[3]) : null };
}

/** '+0100' → 60 */
export function parseOffset(s: string | undefined): number | null {
  const m = s ? /^([+-])(\d{2})(\d{2})$/.exec(s.trim()) : null;
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

const MATERIALS: Record<string, string> = {
  MOLYBDENUM: 'Mo',
  RHODIUM: 'Rh',
  TUNGSTEN: 'W',
  SILVER: 'Ag',
  ALUMINUM: 'Al',
  ALUMINIUM: 'Al',
  COPPER: 'Cu',
  TITANIUM: 'Ti',
};
/** Anode/filter material as its chemical symbol ('MOLYBDENUM' → 'Mo'); unknown text kept. */
export const material = (s: string | undefined): string | null =>
  s ? (MATERIALS[s.toUpperCase()] ?? s.slice(0, 16)) : null;

// Moved to domain/technologists: device assignment normalises names as ingest does.
export { normaliseOperator } from '../../domain/technologists/names';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
export const roundTo = round;
