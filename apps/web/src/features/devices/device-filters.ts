import type { DeviceListQuery } from '@kestrel/contract';

/** The device list's filters live in the URL (bookmarkable; ?site= also titles the page). */
export const FILTER_KEYS = [
  'customerId',
  'site',
  'deviceType',
  'onboardingState',
  'connectionStatus',
  'q',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(v: string | null, values: readonly T[]) =>
  values.includes(v as T) ? (v as T) : undefined;

/** URL → the `ha/devices` query; values the server would refuse are dropped. */
export function filtersFromUrl(p: URLSearchParams): DeviceListQuery {
  const q: DeviceListQuery = {
    customerId: positive(p.get('customerId')),
    siteId: positive(p.get('site')),
    deviceType: oneOf(p.get('deviceType'), ['2D', '3D', 'COMBO', 'CEDM'] as const),
    onboardingState: oneOf(p.get('onboardingState'), ['pending', 'todo', 'inprogress', 'completed'] as const),
    connectionStatus: oneOf(p.get('connectionStatus'), ['GREEN', 'YELLOW', 'RED', 'unavailable'] as const),
    q: p.get('q')?.trim().slice(0, 100) || undefined,
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as DeviceListQuery;
}

/** A new URL with one filter changed (empty removes it); the site must belong to the customer. */
export function withFilter(p: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(p);
  next.delete('deviceId');
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
