import { REJECT_REASONS } from '../reject-reasons';
import type { WidgetAnswer } from './answer';
import { KIND_GROUPS, VIEW_SLOTS } from './bands';

/**
 * Shared by the web app (a click on a chart) and the server's tests (which check that the
 * explorer counts what the segment counted).
 *
 * What a clicked chart segment means as record-explorer filters (`/api/explore/images`), so the
 * drill-down lists exactly the images the segment counted. `null`: the segment is not a set of
 * images (device and tube counts, sampled points, 'Others').
 */
export type DrillFilters = Record<string, string>;

export interface DrillSegment {
  seriesIndex: number;
  dataIndex: number;
  /** Heat map cells carry [x, y, value]. */
  value?: unknown;
}

export interface DrillRange {
  fromDateSelected: string;
  toDateSelected: string;
}

const POSITIONING = REJECT_REASONS.find((r) => r.meaning === 'Positioning')!.code;
const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
/** A rejected image without a reason has the reason key '' (slices) or null; explore calls it 'none'. */
const reason = (k: unknown) => (k === '' || k === null || k === undefined ? 'none' : String(k));
const viewSlot = (name: string | undefined) => {
  const i = (VIEW_SLOTS as readonly string[]).indexOf(name ?? '');
  return i < 0 ? undefined : String(i);
};
const hourOf = (label: string | undefined) => (label ? String(Number(label.slice(0, 2))) : undefined);

/** A time bucket ('YYYY-MM-DD' or 'YYYY-MM') as a date range, kept inside the dashboard's range. */
export function bucketRange(bucket: string, within: DrillRange): DrillRange {
  let from = bucket;
  let to = bucket;
  if (bucket.length === 7) {
    const [y, m] = bucket.split('-').map(Number) as [number, number];
    from = `${bucket}-01`;
    to = `${bucket}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  }
  return {
    fromDateSelected: from < within.fromDateSelected ? within.fromDateSelected : from,
    toDateSelected: to > within.toDateSelected ? within.toDateSelected : to,
  };
}

type Rule = (
  a: WidgetAnswer,
  s: DrillSegment,
  range: DrillRange,
) => (DrillFilters & Partial<DrillRange>) | null;

const cat = (a: WidgetAnswer) => (a.kind === 'categories' ? a : null);
const categoryKey = (a: WidgetAnswer, s: DrillSegment) => str(cat(a)?.keys?.[s.dataIndex]);
const seriesOf = (a: WidgetAnswer, s: DrillSegment) => cat(a)?.series[s.seriesIndex];
const sliceKey = (a: WidgetAnswer, s: DrillSegment) =>
  a.kind === 'slices' ? a.slices[s.dataIndex]?.key : undefined;
const band = (name: string) => (_a: WidgetAnswer, s: DrillSegment) => ({ [name]: String(s.dataIndex) });
/** Only segments whose every filter is known become a drill-down. */
const all = (f: Record<string, string | undefined>) =>
  Object.values(f).every((v) => v !== undefined) ? (f as DrillFilters) : null;

const site: Rule = (a, s) => all({ site: categoryKey(a, s) });
const tech: Rule = (a, s) => all({ technologist: categoryKey(a, s) });
const overTime =
  (extra: (a: WidgetAnswer, s: DrillSegment) => Record<string, string | undefined>): Rule =>
  (a, s, range) => {
    const bucket = categoryKey(a, s);
    const f = all(extra(a, s));
    return bucket && f ? { ...f, ...bucketRange(bucket, range) } : null;
  };

const RULES: Record<number, Rule> = {
  9049: site,
  9050: (a, s) =>
    all({
      site: categoryKey(a, s),
      kindGroup: str(
        (KIND_GROUPS as readonly string[]).indexOf(seriesOf(a, s)?.name ?? '') >= 0
          ? (KIND_GROUPS as readonly string[]).indexOf(seriesOf(a, s)!.name)
          : undefined,
      ),
    }),
  9092: (a, s) => all({ site: categoryKey(a, s), rejected: 'true' }),
  9093: (a, s) => all({ site: categoryKey(a, s), viewSlot: viewSlot(seriesOf(a, s)?.name) }),
  9094: site,
  9099: site,
  9069: overTime((a, s) => ({ site: str(seriesOf(a, s)?.key) })),
  9051: tech,
  9052: (a, s) => all({ technologist: categoryKey(a, s), rejected: 'true' }),
  9070: (a, s) =>
    all({ technologist: categoryKey(a, s), rejected: 'true', reason: reason(seriesOf(a, s)?.key) }),
  9071: (a, s) => all({ technologist: categoryKey(a, s), viewSlot: viewSlot(seriesOf(a, s)?.name) }),
  9138: (a, s) => all({ technologist: a.kind === 'boxplot' ? str(a.keys?.[s.dataIndex]) : undefined }),
  9142: tech,
  9146: (a, s) => all({ technologist: categoryKey(a, s), rejected: 'true', reason: POSITIONING }),
  9156: tech,
  9160: overTime((a, s) => ({ technologist: str(seriesOf(a, s)?.key) })),
  9176: (a, s) => {
    if (a.kind !== 'heatmap' || !Array.isArray(s.value)) return null;
    const [x, y] = s.value as [number, number];
    return all({ technologist: str(a.yKeys?.[y]), hour: hourOf(a.x[x]) });
  },
  9089: (a, s) => all({ technologist: sliceKey(a, s) }),
  9053: band('thicknessBand'),
  9060: band('forceBand'),
  9061: band('thicknessBand'),
  9063: (a, s) => all({ kvpBand: String(s.dataIndex), deviceType: seriesOf(a, s)?.name }),
  9120: (a, s) => all({ viewSlot: viewSlot(cat(a)?.categories[s.dataIndex]) }),
  9115: band('pressureBand'),
  9124: band('thicknessBand'),
  9129: overTime(() => ({})),
  9134: (a, s) => {
    if (a.kind !== 'heatmap' || !Array.isArray(s.value)) return null;
    const [x, y] = s.value as [number, number];
    return all({ weekday: String(y + 1), hour: hourOf(a.x[x]) });
  },
  9057: (a, s) =>
    a.kind === 'slices' && a.slices[s.dataIndex]
      ? { rejected: 'true', reason: reason(sliceKey(a, s)) }
      : null,
  9059: overTime((a, s) => ({ rejected: 'true', reason: reason(seriesOf(a, s)?.key) })),
  9035: overTime(() => ({ rejected: 'true' })),
  9036: (a, s) =>
    all({
      rejected: 'true',
      viewSlot: viewSlot(cat(a)?.categories[s.dataIndex]),
      reason: seriesOf(a, s)?.key === undefined ? undefined : reason(seriesOf(a, s)?.key),
    }),
  9119: (a, s) => all({ procedure: sliceKey(a, s) }),
};

export const isDrillable = (widgetId: number) => widgetId in RULES;

/** The explorer filters of a segment, with the date range narrowed for time buckets. */
export function drillFilters(
  widgetId: number,
  answer: WidgetAnswer,
  segment: DrillSegment,
  range: DrillRange,
): (DrillFilters & DrillRange) | null {
  const rule = RULES[widgetId];
  const f = rule?.(answer, segment, range);
  return f ? { ...range, ...f } : null;
}

/**
 * Equipment widgets count devices, not images: a segment opens the device list (device-details)
 * with the filters it stands for — site and connection status — or the device's own page.
 * Keys are the device list's URL parameters.
 */
const DEVICE_RULES: Record<number, (a: WidgetAnswer, s: DrillSegment) => DrillFilters | null> = {
  9104: (a, s) => all({ site: categoryKey(a, s), connectionStatus: str(seriesOf(a, s)?.key) }),
  9109: (a, s) => all({ site: categoryKey(a, s) }),
  9201: (a, s) => all({ deviceId: categoryKey(a, s) }),
  9202: (a, s) => {
    const key = sliceKey(a, s);
    return all({ connectionStatus: key === 'null' ? 'unavailable' : key });
  },
};

export const isDeviceDrillable = (widgetId: number) => widgetId in DEVICE_RULES;

/** The device list's filters of a segment of an equipment widget (null: not a set of devices). */
export const deviceDrillFilters = (widgetId: number, answer: WidgetAnswer, segment: DrillSegment) =>
  DEVICE_RULES[widgetId]?.(answer, segment) ?? null;
