import type { DateRange } from '@kestrel/contract';
import { useSelection } from '../../../app/session/selection';
import { rangeOf, useRangeChoice } from './range-store';

export interface DashboardFilters {
  range: DateRange;
  /** The selected site (local storage `site`), or null for every visible site. */
  site: number | null;
}

/** What every widget on a dashboard is asked with. */
export function useDashboardFilters(): DashboardFilters {
  const choice = useRangeChoice();
  const { site } = useSelection();
  const id = Number(site);
  return { range: rangeOf(choice), site: site && Number.isInteger(id) && id > 0 ? id : null };
}
