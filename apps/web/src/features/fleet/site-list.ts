import type { SiteSummary } from '@kestrel/contract';

/** Search and sort of the fleet overview's site list (pure, tested). */
export const SITE_SORTS = {
  status: 'Status (worst first)',
  name: 'Name',
  exams: 'Exams (most first)',
  rejectRate: 'Reject rate (highest first)',
  lastContact: 'Last contact (oldest first)',
} as const;
export type SiteSort = keyof typeof SITE_SORTS;

const SEVERITY = { RED: 0, YELLOW: 1, GREEN: 2 } as const;
const severity = (s: SiteSummary) => (s.status ? SEVERITY[s.status] : 3);
const byName = (a: SiteSummary, b: SiteSummary) => a.displayName.localeCompare(b.displayName);

export function filterSites(sites: readonly SiteSummary[], search: string): SiteSummary[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...sites];
  return sites.filter((s) =>
    [s.displayName, s.name, s.customerName, s.city ?? '', s.country ?? ''].some((v) =>
      v.toLowerCase().includes(q),
    ),
  );
}

export function sortSites(sites: readonly SiteSummary[], sort: SiteSort): SiteSummary[] {
  const out = [...sites];
  const cmp: Record<SiteSort, (a: SiteSummary, b: SiteSummary) => number> = {
    status: (a, b) => severity(a) - severity(b) || b.connection.RED - a.connection.RED || byName(a, b),
    name: byName,
    exams: (a, b) => b.exams - a.exams || byName(a, b),
    rejectRate: (a, b) => (b.rejectRate ?? -1) - (a.rejectRate ?? -1) || byName(a, b),
    // Never heard from counts as the oldest.
    lastContact: (a, b) => (a.lastContactAt ?? '').localeCompare(b.lastContactAt ?? '') || byName(a, b),
  };
  return out.sort(cmp[sort]);
}
