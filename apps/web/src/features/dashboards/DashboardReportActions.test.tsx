import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { DashboardReportActions } from './DashboardReportActions';

const range = { fromDateSelected: '2026-10-01', toDateSelected: '2026-10-31' };

/** Records each call's address, method and JSON body; answers with `answer(url)`. */
function stubFetch(answer: (url: string) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return answer(url);
    }),
  );
  return calls;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('DashboardReportActions', () => {
  it('exports the dashboard as a PDF for the page’s dates and site', async () => {
    const calls = stubFetch(
      () =>
        new Response(new Blob(['%PDF-1.3']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="dashboard-quality-2026-10-31.pdf"',
          },
        }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderUi(
      withQuery(<DashboardReportActions dashboard="hc-dashboard2" title="Quality" range={range} site={7} />),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/dashboards/export',
        method: 'POST',
        body: { dashboard: 'hc-dashboard2', ...range, site: 7 },
      },
    ]);
    click.mockRestore();
  });

  it('opens the report pages’ schedule dialog and schedules this dashboard for this site', async () => {
    const calls = stubFetch(() =>
      json({
        success: true,
        result: { id: 1, report: 'dashboard', dashboard: 12, title: 'Dashboard: Mine' },
      }),
    );
    renderUi(withQuery(<DashboardReportActions dashboard={12} title="Mine" range={range} site={7} />), {
      withNotifications: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule: Mine' });
    expect(dialog).toHaveTextContent('every widget');
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.selectOptions(screen.getByLabelText('Day of the month'), '3');
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Schedule' }).find((b) => dialog.contains(b))!,
    );
    expect(await screen.findByText('Mine will be mailed to you monthly.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/reports/schedules',
      method: 'POST',
      body: {
        report: 'dashboard',
        dashboard: 12,
        filter: { site: 7 },
        frequency: 'monthly',
        dayOfMonth: 3,
        hour: 7,
      },
    });
  });

  it('says what went wrong when the export is refused', async () => {
    stubFetch(() => json({ success: false, message: 'There is no such dashboard.' }, 404));
    renderUi(withQuery(<DashboardReportActions dashboard={99} title="Gone" range={range} site={null} />), {
      withNotifications: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('There is no such dashboard.')).toBeInTheDocument();
  });
});
