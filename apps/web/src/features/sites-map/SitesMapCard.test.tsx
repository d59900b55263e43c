import type { SitesMapSite } from '@kestrel/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { fetchSequence, withQuery } from '../../test/with-query';
import { SitesMapCard } from './SitesMapCard';

const site = (id: number, name: string, status: SitesMapSite['status']): SitesMapSite => ({
  id,
  name,
  customerId: 1,
  customerName: 'Northwind',
  city: null,
  latitude: null,
  longitude: null,
  status,
  devices: 1,
  connection: { GREEN: 0, YELLOW: 0, RED: status === 'RED' ? 1 : 0, unavailable: status === null ? 1 : 0 },
});

const answer = (sites: SitesMapSite[]) => {
  const seq = fetchSequence([{ body: { success: true, result: { sites } } }]);
  vi.stubGlobal('fetch', vi.fn(seq.fn));
  return seq.calls;
};

const page = (
  <Routes>
    <Route path="/" element={<SitesMapCard />} />
    <Route path="/hc-dashboards/SiteViewComponent" element={<p>Site view</p>} />
  </Routes>
);

describe('SitesMapCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the sites without a location beside the map, each opening its site view', async () => {
    const calls = answer([site(7, 'Lakeside Clinic', 'RED'), site(8, 'Hilltop Imaging', null)]);
    renderUi(withQuery(page));
    expect(await screen.findByText('2 sites have no location')).toBeInTheDocument();
    expect(
      screen.getByText('No site has a location yet: add coordinates in site administration.'),
    ).toBeInTheDocument();
    expect(calls.urls[0]).toMatch(/\/api\/sitesMap$/);
    await userEvent.click(screen.getByRole('link', { name: 'Lakeside Clinic' }));
    expect(await screen.findByText('Site view')).toBeInTheDocument();
  });

  it('says so when the caller has no site', async () => {
    answer([]);
    renderUi(withQuery(page));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
