import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import DeployPage from './DeployPage';
import { routedFetch } from './test-data';

const data = {
  releases: [
    {
      id: 7,
      version: '6.2.0',
      title: 'Faster',
      state: 'released',
      deviceTypes: ['3D'],
      minFromVersion: '6.0.0',
      releasedAt: '2026-01-10T00:00:00Z',
      hasPackage: true,
      createdAt: '2026-01-09T00:00:00Z',
    },
  ],
  customers: [{ id: 1, name: 'Northwind', approvalRequired: true }],
  sites: [
    {
      id: 10,
      name: 'North Clinic',
      customerId: 1,
      timeZone: 'America/Chicago',
      window: { days: [1, 2, 3, 4, 5], start: '22:00', end: '04:00' },
    },
  ],
  deviceTypes: ['2D', '3D'],
  versions: [{ version: '6.1.0', devices: 3 }],
};

const preview = {
  releaseId: 7,
  version: '6.2.0',
  total: 2,
  waves: [
    { wave: 1, devices: 1 },
    { wave: 2, devices: 1 },
  ],
  devices: [1, 2].map((i) => ({
    deviceId: i,
    serial: `SN-${i}`,
    model: 'Falcon',
    deviceType: '3D',
    currentVersion: '6.1.0',
    siteId: 10,
    siteName: 'North Clinic',
    customerId: 1,
    customerName: 'Northwind',
    wave: i,
    needsApproval: true,
  })),
  excluded: [{ deviceId: 3, serial: 'SN-OLD', reason: 'installed 5.9.0 is older than 6.0.0' }],
};

describe('the deploy wizard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews the release named in the address: devices per wave, site windows in site time, left-out devices', async () => {
    const { fn, calls } = routedFetch({
      'GET /api/ha/loadReleaseData': data,
      'POST /api/ha/deployPackage/preview': preview,
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<DeployPage />), { route: '/deployPackage?release=7' });
    expect(await screen.findByTestId('preview-counts', {}, { timeout: 3000 })).toHaveTextContent(
      '2 devices would be updatedWave 1: 1Wave 2: 1',
    );
    const asked = calls.find((c) => c.url === '/api/ha/deployPackage/preview');
    expect(asked?.body).toEqual({
      releaseId: 7,
      targets: {},
      waves: { firstWavePercent: 10 },
      failureThresholdPercent: 20,
    });
    const sites = screen.getByTestId('preview-sites');
    expect(sites).toHaveTextContent('Mon–Fri 22:00–04:00 (next day)');
    expect(sites).toHaveTextContent('America/Chicago');
    expect(sites).toHaveTextContent('Customer approves first');
    expect(screen.getByText('SN-OLD: installed 5.9.0 is older than 6.0.0')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start the rollout' })).toBeEnabled();
  });

  it('shows why no rollout is possible with the choices made', async () => {
    const { fn } = routedFetch({
      'GET /api/ha/loadReleaseData': data,
      'POST /api/ha/deployPackage/preview': () =>
        new Response(JSON.stringify({ message: 'No device fits this release and these filters.' }), {
          status: 400,
          statusText: 'Bad Request',
        }),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<DeployPage />), { route: '/deployPackage?release=7' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No device fits this release'), {
      timeout: 3000,
    });
    expect(screen.getByRole('button', { name: 'Start the rollout' })).toBeDisabled();
  });
});
