import type { AdminSite } from '@kestrel/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { SiteForm } from './SiteForm';

const site: AdminSite = {
  id: 12,
  customerId: 3,
  customerName: 'Northwind',
  name: 'Chicago Radiology',
  alias: null,
  address: null,
  city: 'Chicago',
  postalCode: null,
  country: 'US',
  timeZone: 'America/Chicago',
  latitude: null,
  longitude: null,
  rejectRateTarget: 6.5,
  active: true,
  clonedFromSiteId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  devices: 2,
  users: 0,
};

/** Answers PUT /api/admin/sites/12 with `answer` (the saved site or a refusal); records the bodies sent. */
function serve(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(`${init?.method} ${url}`).toBe('PUT /api/admin/sites/12');
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}
const saved = (body: Record<string, unknown>) =>
  new Response(JSON.stringify({ success: true, result: { ...site, ...body } }), {
    headers: { 'content-type': 'application/json' },
  });

describe('the site form’s reject-rate target', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the site’s target and sends the one typed, or null to fall back to the default', async () => {
    const bodies = serve(saved);
    const done = vi.fn();
    renderUi(withQuery(<SiteForm site={site} onDone={done} />));
    const field = screen.getByRole('textbox', { name: 'Reject-rate target (%)' });
    expect(field).toHaveValue('6.5 %');
    expect(screen.getByText(/empty: 8 %/)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toMatchObject({ rejectRateTarget: 12.5 });

    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toMatchObject({ rejectRateTarget: null });
  });

  it('shows the server’s refusal at the field', async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({
            message: 'Invalid request',
            issues: [{ path: 'body.rejectRateTarget', message: 'must be between 0.5 and 50 %' }],
          }),
          { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json' } },
        ),
    );
    renderUi(withQuery(<SiteForm site={site} onDone={() => {}} />));
    await userEvent.click(screen.getByRole('button', { name: 'Save site' }));
    const field = screen.getByRole('textbox', { name: 'Reject-rate target (%)' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/must be between 0.5 and 50 %/));
  });
});
