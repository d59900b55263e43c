/**
 * A date range as rollup periods: whole years, whole months and single days, each added or taken
 * away, so that a question reads as few rollup rows as possible and its cost does not grow with
 * the range. Dates are 'YYYY-MM-DD' (inclusive).
 *
 * A part that is taken away is what lets a rolling range use the coarse tables: the year up to
 * today is the year 2026 minus the rest of 2026 (empty, or nearly), not ten months and 25 days.
 * Each period of any tier costs about the same (one row per device), so the ladder with the
 * fewest periods wins; ties go to the one without subtractions.
 */
export type Tier = 'day' | 'month' | 'year';

export interface Rung {
  sign: 1 | -1;
  tier: Tier;
  /** First and last period of the rung: days, first days of months, or first days of years. */
  from: string;
  to: string;
}

/** Which tiers a reader may use: totals take any; a series by month no years; by day only days. */
export type Grain = 'year' | 'month' | 'day';

const DAY = 86_400_000;
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const yearStart = (d: string) => `${d.slice(0, 4)}-01-01`;
const nextMonth = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return mm === 12 ? `${y + 1}-01-01` : `${y}-${String(mm + 1).padStart(2, '0')}-01`;
};
const monthEnd = (d: string) => addDays(nextMonth(monthStart(d)), -1);
const yearEnd = (d: string) => `${d.slice(0, 4)}-12-31`;
const prevMonth = (m: string) => monthStart(addDays(m, -1));

/** Days in a range (inclusive). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/**
 * What one period of each tier costs to read. Alike for tables with a row per device (or
 * technologist) and period; a sparse table (rejects: a row per combination that occurred) has
 * more rows in a longer period.
 */
export type Weights = Record<Tier, number>;
export const EVEN: Weights = { day: 1, month: 1, year: 1 };

/** Periods read by a ladder, weighted: what it costs. */
export const cost = (rungs: Rung[], weights: Weights = EVEN) =>
  rungs.reduce(
    (n, r) =>
      n +
      weights[r.tier] *
        (r.tier === 'day'
          ? daysBetween(r.from, r.to)
          : r.tier === 'month'
            ? monthsBetween(r.from, r.to)
            : Number(r.to.slice(0, 4)) - Number(r.from.slice(0, 4)) + 1),
    0,
  );
const negate = (rungs: Rung[]): Rung[] => rungs.map((r) => ({ ...r, sign: r.sign === 1 ? -1 : 1 }));
const cheaper = (w: Weights, a: Rung[], b: Rung[]) => (cost(b, w) < cost(a, w) ? b : a);
const days = (from: string, to: string): Rung[] => (from <= to ? [{ sign: 1, tier: 'day', from, to }] : []);

/** Part of one month: its days, or the month less the days outside. */
function inMonth(w: Weights, from: string, to: string): Rung[] {
  const whole: Rung[] = [
    { sign: 1, tier: 'month', from: monthStart(from), to: monthStart(from) },
    ...negate(days(monthStart(from), addDays(from, -1))),
    ...negate(days(addDays(to, 1), monthEnd(to))),
  ];
  return cheaper(w, days(from, to), whole);
}

/** Any range with day and month rungs. */
function withMonths(w: Weights, from: string, to: string): Rung[] {
  if (from > to) return [];
  if (monthStart(from) === monthStart(to)) return inMonth(w, from, to);
  const head = from === monthStart(from) ? [] : inMonth(w, from, monthEnd(from));
  const tail = to === monthEnd(to) ? [] : inMonth(w, monthStart(to), to);
  const first = head.length ? nextMonth(monthStart(from)) : monthStart(from);
  const last = tail.length ? prevMonth(monthStart(to)) : monthStart(to);
  const middle: Rung[] = first <= last ? [{ sign: 1, tier: 'month', from: first, to: last }] : [];
  return [...head, ...middle, ...tail];
}

/** Part of one year: with months, or the year less the parts outside. */
function inYear(w: Weights, from: string, to: string): Rung[] {
  const whole: Rung[] = [
    { sign: 1, tier: 'year', from: yearStart(from), to: yearStart(from) },
    ...negate(withMonths(w, yearStart(from), addDays(from, -1))),
    ...negate(withMonths(w, addDays(to, 1), yearEnd(to))),
  ];
  return cheaper(w, withMonths(w, from, to), whole);
}

function withYears(w: Weights, from: string, to: string): Rung[] {
  if (yearStart(from) === yearStart(to)) return inYear(w, from, to);
  const head = from.endsWith('-01-01') ? [] : inYear(w, from, yearEnd(from));
  const tail = to.endsWith('-12-31') ? [] : inYear(w, yearStart(to), to);
  const first = head.length ? `${Number(from.slice(0, 4)) + 1}-01-01` : yearStart(from);
  const last = tail.length ? `${Number(to.slice(0, 4)) - 1}-01-01` : yearStart(to);
  const middle: Rung[] = first <= last ? [{ sign: 1, tier: 'year', from: first, to: last }] : [];
  return [...head, ...middle, ...tail];
}

/** The cheapest ladder of a range whose rungs are no coarser than `grain`. */
export function ladder(from: string, to: string, grain: Grain = 'year', costs: Weights = EVEN): Rung[] {
  if (from > to) return [];
  if (grain === 'day') return days(from, to);
  return grain === 'month' ? withMonths(costs, from, to) : withYears(costs, from, to);
}

export { addDays, monthStart };
