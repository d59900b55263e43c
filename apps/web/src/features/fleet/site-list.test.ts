import type { SiteSummary } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { filterSites, sortSites } from './site-list';

const site = (id: number, over: Partial<SiteSummary>): SiteSummary => ({
  id,
  displayName: `Site ${id}`,
  name: `Site ${id}`,
  alias: null,
  customerId: 1,
  customerName: 'Northwind',
  city: null,
  country: null,
  timeZone: 'UTC',
  rejectRateTarget: 8,
  rejectRateTargetDefault: true,
  status: 'GREEN',
  devices: 1,
  connection: { GREEN: 1, YELLOW: 0, RED: 0, unavailable: 0 },
  tube: { 'Tube OK': 1, 'Schedule Replacement': 0, 'Replace Tube': 0, 'No forecast': 0 },
  exams: 0,
  images: 0,
  rejected: 0,
  rejectRate: null,
  lastContactAt: null,
  ...over,
});

const sites = [
  site(1, {
    displayName: 'Harbor East',
    status: 'GREEN',
    exams: 50,
    rejectRate: 1.5,
    lastContactAt: '2026-11-20T10:00:00.000Z',
  }),
  site(2, {
    displayName: 'Chicago Breast Center',
    status: 'RED',
    exams: 10,
    rejectRate: null,
    city: 'Chicago',
  }),
  site(3, {
    displayName: 'Beacon Clinic',
    status: null,
    exams: 80,
    rejectRate: 3.25,
    customerName: 'Harbor Diagnostics',
  }),
  site(4, {
    displayName: 'Avon Imaging',
    status: 'YELLOW',
    exams: 80,
    rejectRate: 0.5,
    lastContactAt: '2026-11-19T10:00:00.000Z',
  }),
];
const ids = (s: SiteSummary[]) => s.map((x) => x.id);

describe('fleet overview site list', () => {
  it('searches name, customer and city, case-insensitively; an empty search keeps all', () => {
    expect(ids(filterSites(sites, 'harbor'))).toEqual([1, 3]);
    expect(ids(filterSites(sites, 'CHICAGO'))).toEqual([2]);
    expect(ids(filterSites(sites, '  '))).toEqual([1, 2, 3, 4]);
    expect(filterSites(sites, 'nowhere')).toEqual([]);
  });

  it('sorts by status worst first (RED, YELLOW, GREEN, never heard from)', () => {
    expect(ids(sortSites(sites, 'status'))).toEqual([2, 4, 1, 3]);
  });

  it('sorts by name, exams, reject rate and oldest last contact', () => {
    expect(ids(sortSites(sites, 'name'))).toEqual([4, 3, 2, 1]);
    expect(ids(sortSites(sites, 'exams'))).toEqual([4, 3, 1, 2]);
    expect(ids(sortSites(sites, 'rejectRate'))).toEqual([3, 1, 4, 2]);
    expect(ids(sortSites(sites, 'lastContact'))).toEqual([3, 2, 4, 1]);
  });
});
