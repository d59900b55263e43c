import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { routedFetch } from './test-data';
import { UpdateSettings } from './UpdateSettings';

const data = {
  releases: [],
  customers: [{ id: 1, name: 'Northwind', approvalRequired: false }],
  sites: [
    {
      id: 10,
      name: 'North Clinic',
      customerId: 1,
      timeZone: 'Europe/Berlin',
      window: { days: [6, 0], start: '01:00', end: '05:00' },
    },
  ],
  deviceTypes: [],
  versions: [],
};

describe("customers' update settings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each site's window and saves a changed one in the site's terms", async () => {
    const { fn, calls } = routedFetch({
      'GET /api/ha/loadReleaseData': data,
      'PUT /api/ha/sites/10/maintenanceWindow': (b: unknown) => ({
        siteId: 10,
        timeZone: 'Europe/Berlin',
        window: b,
      }),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<UpdateSettings />), { withNotifications: true });
    expect(await screen.findByText('Sun, Sat 01:00–05:00')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Window of North Clinic' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Monday' }));
    const until = screen.getByRole('textbox', { name: 'Until (HH:MM)' });
    await userEvent.clear(until);
    await userEvent.type(until, '23:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save window' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      days: [0, 1, 6],
      start: '01:00',
      end: '23:30',
    });
  });

  it('removes a window only after saying what that means', async () => {
    const { fn, calls } = routedFetch({
      'GET /api/ha/loadReleaseData': data,
      'DELETE /api/ha/sites/10/maintenanceWindow': () => ({
        siteId: 10,
        timeZone: 'Europe/Berlin',
        window: null,
      }),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<UpdateSettings />), { withNotifications: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Window of North Clinic' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove window…' }));
    expect(screen.getByText(/Updates may then start at any hour/)).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove window' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('North Clinic now takes updates at any hour.')).toBeVisible();
  });

  it('turns approval on for a customer', async () => {
    const { fn, calls } = routedFetch({
      'GET /api/ha/loadReleaseData': data,
      'PUT /api/ha/customers/1/releaseApproval': (b: unknown) => ({ customerId: 1, ...(b as object) }),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<UpdateSettings />), { withNotifications: true });
    await userEvent.click(await screen.findByRole('switch', { name: 'Approves updates first' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ required: true }));
  });
});
