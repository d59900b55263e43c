import {
  FORCE_BANDS,
  KIND_GROUPS,
  KVP_BANDS,
  PRESSURE_BANDS,
  REJECT_REASONS,
  THICKNESS_BANDS,
  VIEW_SLOTS,
  WEEKDAYS,
} from '@kestrel/contract';

/** The explorer filters a drill-down may carry, in the order they are shown. */
export const FILTER_KEYS = [
  'fromDateSelected',
  'toDateSelected',
  'site',
  'device',
  'technologist',
  'deviceType',
  'viewSlot',
  'laterality',
  'kindGroup',
  'procedure',
  'rejected',
  'reason',
  'thicknessBand',
  'forceBand',
  'pressureBand',
  'kvpBand',
  'hour',
  'weekday',
] as const;

const reason = (code: string) =>
  code === 'none' ? 'No reason given' : (REJECT_REASONS.find((r) => r.code === code)?.meaning ?? code);

/** How a filter reads to people ('View: MLO', not 'viewSlot=1'). `names` resolves site ids. */
export function filterLabel(
  key: string,
  value: string,
  names: { site?: (id: string) => string | undefined },
): string {
  const n = Number(value);
  switch (key) {
    case 'site':
      return `Site: ${names.site?.(value) ?? `#${value}`}`;
    case 'technologist':
      return `Technologist #${value}`;
    case 'device':
      return `Device #${value}`;
    case 'deviceType':
      return `Device type: ${value}`;
    case 'viewSlot':
      return `View: ${VIEW_SLOTS[n] ?? value}`;
    case 'kindGroup':
      return `Image kind: ${KIND_GROUPS[n] ?? value}`;
    case 'procedure':
      return `Procedure: ${value}`;
    case 'rejected':
      return value === 'true' ? 'Rejected images' : 'Accepted images';
    case 'reason':
      return `Reason: ${reason(value)}`;
    case 'thicknessBand':
      return `Thickness: ${THICKNESS_BANDS.label(n)}`;
    case 'forceBand':
      return `Force: ${FORCE_BANDS.label(n)}`;
    case 'pressureBand':
      return `Pressure: ${PRESSURE_BANDS.label(n)}`;
    case 'kvpBand':
      return `Tube voltage: ${KVP_BANDS.label(n)}`;
    case 'hour':
      return `Hour: ${String(n).padStart(2, '0')}:00–${String(n).padStart(2, '0')}:59`;
    case 'weekday':
      return `Weekday: ${WEEKDAYS[n - 1] ?? value}`;
    case 'laterality':
      return `Laterality: ${value}`;
    default:
      return `${key}: ${value}`;
  }
}

/** The explorer filters from the drill-down URL, without anything else it may carry. */
export function filtersFromSearch(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = search.get(k);
    if (v !== null && v !== '') out[k] = v;
  }
  return out;
}
