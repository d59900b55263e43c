import type { DashboardData } from '@kestrel/contract';
import type { SaveCall } from '../../../api/dashboards';

export interface DraftDashboard {
  /** The saved dashboard's id, or null for one never saved. */
  id: number | null;
  /** The name it was saved under (null when new). */
  savedName: string | null;
  /** The name in the editor now. */
  name: string;
  data: DashboardData;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Product §4: save with PUT when an id exists and the dashboard is not newly named; otherwise
 * POST — a new name saves a new dashboard (the old one stays as it was).
 */
export function saveCall(d: DraftDashboard): SaveCall {
  if (d.id !== null && d.savedName !== null && same(d.name, d.savedName))
    return { method: 'PUT', path: `widgets/${d.id}`, body: { data: d.data } };
  return { method: 'POST', path: 'widgets', body: { name: d.name.trim(), data: d.data } };
}
