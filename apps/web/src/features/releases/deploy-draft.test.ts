import type { ReleaseData } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { deployRequestOf, emptyDraft, sitesFor, withCustomers } from './deploy-draft';

const data: ReleaseData = {
  releases: [],
  customers: [
    { id: 1, name: 'North', approvalRequired: true },
    { id: 2, name: 'South', approvalRequired: false },
  ],
  sites: [
    { id: 10, name: 'N1', customerId: 1, timeZone: 'Europe/Berlin', window: null },
    { id: 11, name: 'N2', customerId: 1, timeZone: 'Europe/Berlin', window: null },
    { id: 20, name: 'S1', customerId: 2, timeZone: 'America/Chicago', window: null },
  ],
  deviceTypes: ['2D', '3D'],
  versions: [],
};

describe('the deploy request built from the wizard', () => {
  it('is nothing until a release is chosen', () => {
    expect(deployRequestOf(emptyDraft())).toBeNull();
  });

  it('leaves empty filters out and sends the first wave as a share', () => {
    const r = deployRequestOf({ ...emptyDraft(7), deviceTypes: ['3D'], firstWavePercent: 25 });
    expect(r).toEqual({
      releaseId: 7,
      targets: {
        customerIds: undefined,
        siteIds: undefined,
        deviceTypes: ['3D'],
        currentVersions: undefined,
      },
      waves: { firstWavePercent: 25 },
      failureThresholdPercent: 20,
    });
  });

  it('sends chosen first-wave sites, and no first wave while none is chosen or for a single wave', () => {
    const d = { ...emptyDraft(7), waveMode: 'sites' as const };
    expect(deployRequestOf(d)?.waves).toEqual({});
    expect(deployRequestOf({ ...d, firstWaveSiteIds: [10] })?.waves).toEqual({ firstWaveSiteIds: [10] });
    expect(deployRequestOf({ ...emptyDraft(7), waveMode: 'single' })?.waves).toEqual({});
  });

  it("offers the chosen customers' sites and drops sites of customers no longer chosen", () => {
    expect(sitesFor(data, [2]).map((s) => s.id)).toEqual([20]);
    expect(sitesFor(data, []).length).toBe(3);
    const d = withCustomers({ ...emptyDraft(7), siteIds: [10, 20], firstWaveSiteIds: [20] }, data, [1]);
    expect(d.siteIds).toEqual([10]);
    expect(d.firstWaveSiteIds).toEqual([]);
  });
});
