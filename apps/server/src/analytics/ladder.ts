/**
 * A date range as whole months plus the days at its edges: long ranges read the small monthly
 * rollups, and only the edges read daily ones. Dates are 'YYYY-MM-DD' (inclusive).
 */
export interface Ladder {
  /** First days of the whole months inside the range. */
  months: string[];
  /** Inclusive day ranges not covered by whole months (0–2 of them). */
  days: [string, string][];
}

const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const nextMonth = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return mm === 12 ? `${y + 1}-01-01` : `${y}-${String(mm + 1).padStart(2, '0')}-01`;
};
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;

export function ladder(from: string, to: string): Ladder {
  const first = from.endsWith('-01') ? from : nextMonth(monthStart(from));
  const months: string[] = [];
  for (let m = first; addDays(nextMonth(m), -1) <= to; m = nextMonth(m)) months.push(m);
  if (!months.length) return { months, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < months[0]!) days.push([from, addDays(months[0]!, -1)]);
  const end = addDays(nextMonth(months.at(-1)!), -1);
  if (end < to) days.push([addDays(end, 1), to]);
  return { months, days };
}

/** Days in a range (inclusive). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
export { addDays, monthStart };
