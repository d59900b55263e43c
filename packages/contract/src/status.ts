/** Status rules shared by server and web (product §4, product §10.12). */

export const TUBE_LIFE_DEFAULTS = { tubeLifeYellow: 61, tubeLifeRed: 31 } as const;
/** The tube-life statuses, from healthy to due; every list of them is built from this one. */
export const TUBE_LIFE_STATUSES = ['Tube OK', 'Schedule Replacement', 'Replace Tube'] as const;
export type TubeLifeStatus = (typeof TUBE_LIFE_STATUSES)[number];
/** What a report shows for a tube without a forecast. */
export const NO_FORECAST = 'No forecast';

export function tubeLifeStatus(
  daysRemaining: number,
  thresholds: { tubeLifeYellow: number; tubeLifeRed: number } = TUBE_LIFE_DEFAULTS,
): TubeLifeStatus {
  if (daysRemaining >= thresholds.tubeLifeYellow) return 'Tube OK';
  if (daysRemaining >= thresholds.tubeLifeRed) return 'Schedule Replacement';
  return 'Replace Tube';
}

export type ConnectionStatus = 'GREEN' | 'YELLOW' | 'RED' | null;
export const deviceTypes = ['2D', '3D', 'COMBO', 'CEDM'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const onboardingStates = ['pending', 'todo', 'inprogress', 'completed'] as const;
export type OnboardingState = (typeof onboardingStates)[number];

/** Configured connection thresholds: minutes since last contact at which a device turns YELLOW / RED. */
export interface ConnectionThresholds {
  yellowMinutes: number;
  redMinutes: number;
}
export const CONNECTION_DEFAULTS: ConnectionThresholds = { yellowMinutes: 30, redMinutes: 24 * 60 };

/**
 * Connection status from the last contact (the later of the last heartbeat and the last object):
 * GREEN below the yellow threshold, YELLOW from it, RED from the red threshold; null (grey,
 * 'unavailable') for a device never heard from. A threshold reached exactly counts as reached.
 */
export function connectionStatusAt(
  lastContact: Date | null,
  now: Date,
  thresholds: ConnectionThresholds = CONNECTION_DEFAULTS,
): ConnectionStatus {
  if (!lastContact) return null;
  const minutes = (now.getTime() - lastContact.getTime()) / 60_000;
  if (minutes >= thresholds.redMinutes) return 'RED';
  if (minutes >= thresholds.yellowMinutes) return 'YELLOW';
  return 'GREEN';
}

/** The later of two optional instants. */
export const laterOf = (a: Date | null, b: Date | null): Date | null => (a && b ? (a > b ? a : b) : (a ?? b));

export type StatusColour = 'green' | 'yellow' | 'red' | 'grey';

/** Product §4: GREEN, YELLOW and RED map to their colours, null to grey ('unavailable'). */
export function connectionColour(status: ConnectionStatus): StatusColour {
  if (status === 'GREEN') return 'green';
  if (status === 'YELLOW') return 'yellow';
  if (status === 'RED') return 'red';
  return 'grey';
}

export const connectionLabel = (status: ConnectionStatus): string => status ?? 'unavailable';

/** Product §4: completed and true → green, inprogress → yellow, todo and false → red. */
export function progressColour(value: 'completed' | 'inprogress' | 'todo' | boolean): StatusColour {
  if (value === 'completed' || value === true) return 'green';
  if (value === 'inprogress') return 'yellow';
  return 'red';
}

/**
 * Product §4: the device table inverts the boolean mapping (a true flag there is a problem, e.g.
 * "needs attention"): true → red, false → green, null → grey.
 */
export function deviceTableColour(value: boolean | null): StatusColour {
  if (value === null) return 'grey';
  return value ? 'red' : 'green';
}

export function tubeLifeColour(status: TubeLifeStatus | null): StatusColour {
  if (status === 'Tube OK') return 'green';
  if (status === 'Schedule Replacement') return 'yellow';
  if (status === 'Replace Tube') return 'red';
  return 'grey';
}

/** Tube life status of a forecast; no forecast (no use, or no rated life) has no status. */
export const tubeLifeStatusOf = (
  daysRemaining: number | null,
  thresholds: { tubeLifeYellow: number; tubeLifeRed: number } = TUBE_LIFE_DEFAULTS,
): TubeLifeStatus | null => (daysRemaining === null ? null : tubeLifeStatus(daysRemaining, thresholds));

export type AvailabilityKey = 'GREEN' | 'YELLOW' | 'RED' | 'unavailable';
export type Availability = Record<AvailabilityKey, number>;

/**
 * Share of the time in [from, to) spent in each status, from the status history (one entry per
 * change, in any order). Before the first entry the device was unavailable (never heard from); an
 * 'unavailable' entry makes it so again from then on (the device was moved to a site the reader
 * does not see). Shares add up to 1 (all 0 for an empty range).
 */
export function availability(
  history: readonly { status: AvailabilityKey; since: Date }[],
  from: Date,
  to: Date,
): Availability {
  const out: Availability = { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
  const span = to.getTime() - from.getTime();
  if (span <= 0) return out;
  const sorted = [...history].sort((a, b) => a.since.getTime() - b.since.getTime());
  let status: AvailabilityKey = 'unavailable';
  let cursor = from.getTime();
  for (const h of sorted) {
    const t = h.since.getTime();
    if (t <= cursor) {
      status = h.status;
      continue;
    }
    if (t >= to.getTime()) break;
    out[status] += t - cursor;
    cursor = t;
    status = h.status;
  }
  out[status] += to.getTime() - cursor;
  for (const k of Object.keys(out) as AvailabilityKey[]) out[k] /= span;
  return out;
}

export interface TubeUsage {
  ratedMas: number | null;
  ratedExposures: number | null;
  usedMas: number;
  usedExposures: number;
  /** Mean daily use over the forecast window. */
  dailyMas: number | null;
  dailyExposures: number | null;
}

/**
 * Days of rated life left: (rated − used) ÷ mean daily use, for each measure the tube is rated
 * in (mAs, exposures), the sooner one winning. A tube at or past its rated life has 0 days; one
 * with life left but no use has no forecast (null), as has a tube without a rating. Whole days,
 * rounded down: with whole-day thresholds the status of the shown number is the exact one's.
 */
export function tubeDaysRemaining(u: TubeUsage): number | null {
  const perMeasure = [
    [u.ratedMas, u.usedMas, u.dailyMas],
    [u.ratedExposures, u.usedExposures, u.dailyExposures],
  ] as const;
  let best: number | null = null;
  for (const [rated, used, daily] of perMeasure) {
    if (rated === null || rated <= 0) continue;
    const left = rated - used;
    const days = left <= 0 ? 0 : daily !== null && daily > 0 ? left / daily : null;
    if (days !== null && (best === null || days < best)) best = days;
  }
  return best === null ? null : Math.floor(best);
}

/** Share of the rated life used, by the measure that is further along (null without a rating). */
export function tubeLifeUsed(u: TubeUsage): number | null {
  const shares = [
    u.ratedMas ? u.usedMas / u.ratedMas : null,
    u.ratedExposures ? u.usedExposures / u.ratedExposures : null,
  ].filter((x): x is number => x !== null);
  return shares.length ? Math.max(...shares) : null;
}
