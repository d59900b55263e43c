import type { DateRange } from '@kestrel/contract';

/** A few widget cards for the site (filled in once the widget cards are available). */
export function SiteWidgets(_: { site: number; range: DateRange }) {
  return null;
}
