import type { DeployRequest, ReleaseData } from '@kestrel/contract';

/** What the deploy wizard holds while the user chooses (docs/releases.md §3). */
export interface DeployDraft {
  releaseId: number | null;
  customerIds: number[];
  siteIds: number[];
  deviceTypes: string[];
  currentVersions: string[];
  /** The first wave: a share of the devices, chosen sites, or everything at once. */
  waveMode: 'percent' | 'sites' | 'single';
  firstWavePercent: number;
  firstWaveSiteIds: number[];
  failureThresholdPercent: number;
}

export const emptyDraft = (releaseId: number | null = null): DeployDraft => ({
  releaseId,
  customerIds: [],
  siteIds: [],
  deviceTypes: [],
  currentVersions: [],
  waveMode: 'percent',
  firstWavePercent: 10,
  firstWaveSiteIds: [],
  failureThresholdPercent: 20,
});

const some = <T>(list: T[]) => (list.length ? list : undefined);

/**
 * The request for the preview and the deploy; null until a release is chosen. Empty filters are
 * left out (the server reads an absent filter as "any"); a first wave of chosen sites with none
 * chosen yet is no first wave.
 */
export function deployRequestOf(d: DeployDraft): DeployRequest | null {
  if (d.releaseId == null) return null;
  const waves =
    d.waveMode === 'percent'
      ? { firstWavePercent: d.firstWavePercent }
      : d.waveMode === 'sites' && d.firstWaveSiteIds.length
        ? { firstWaveSiteIds: d.firstWaveSiteIds }
        : {};
  return {
    releaseId: d.releaseId,
    targets: {
      customerIds: some(d.customerIds),
      siteIds: some(d.siteIds),
      deviceTypes: some(d.deviceTypes) as DeployRequest['targets']['deviceTypes'],
      currentVersions: some(d.currentVersions),
    },
    waves,
    failureThresholdPercent: d.failureThresholdPercent,
  };
}

/** Sites offered as targets: those of the chosen customers (all when none is chosen). */
export const sitesFor = (data: ReleaseData, customerIds: number[]) =>
  customerIds.length ? data.sites.filter((s) => customerIds.includes(s.customerId)) : data.sites;

/** When the customers change, chosen sites of customers no longer chosen are dropped. */
export function withCustomers(d: DeployDraft, data: ReleaseData, customerIds: number[]): DeployDraft {
  const allowed = new Set(sitesFor(data, customerIds).map((s) => s.id));
  return {
    ...d,
    customerIds,
    siteIds: d.siteIds.filter((id) => allowed.has(id)),
    firstWaveSiteIds: d.firstWaveSiteIds.filter((id) => allowed.has(id)),
  };
}
