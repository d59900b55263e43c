import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { fetchSequence, withQuery } from '../test/with-query';
import { whenShort } from '../ui/DataState';
import { WidgetCard } from './WidgetCard';

const range = { fromDateSelected: '2026-10-01', toDateSelected: '2026-10-31' };
const ok = (answer: unknown) => ({
  body: {
    success: true,
    result: {
      widgetId: 9177,
      from: range.fromDateSelected,
      to: range.toDateSelected,
      granularity: 'day',
      answer,
    },
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('WidgetCard', () => {
  it('shows title and question, a skeleton while loading, then the table answer', async () => {
    const { fn, calls } = fetchSequence([
      ok({
        kind: 'table',
        columns: [
          { key: 'technologist', label: 'Technologist' },
          { key: 'exams', label: 'Exams' },
        ],
        rows: [{ key: 4, technologist: 'Dana Lee', exams: 1234 }],
      }),
    ]);
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<WidgetCard widgetId={9177} range={range} site={7} />));
    expect(screen.getByRole('heading', { name: 'Technologist league table' })).toBeInTheDocument();
    expect(screen.getByText(/Exams, reject rate, mean force and mean AGD/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Technologist league table' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Dana Lee' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1,234' })).toBeInTheDocument();
    // A technologist of the league table opens their performance page.
    expect(screen.getByRole('link', { name: 'Dana Lee' })).toHaveAttribute('href', '/hc-user?tech=4');
    expect(calls.urls).toEqual([
      '/api/widgetsData?widgetId=9177&fromDateSelected=2026-10-01&toDateSelected=2026-10-31&site=7',
    ]);
  });

  it('shows instants of a table in the browser time zone, not as ISO text', async () => {
    const at = '2026-10-30T08:05:00.000Z';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchSequence([
          ok({
            kind: 'table',
            columns: [
              { key: 'device', label: 'Device' },
              { key: 'lastObjectAt', label: 'Last object', format: 'instant' },
              { key: 'kind', label: 'Kind' },
            ],
            rows: [{ key: 3, device: 'Aurora SN 1', lastObjectAt: at, kind: 'MG image · 2D' }],
          }),
        ]).fn,
      ),
    );
    renderUi(withQuery(<WidgetCard widgetId={9203} range={range} />));
    expect(await screen.findByRole('cell', { name: whenShort(at) })).toBeInTheDocument();
    expect(screen.queryByText(at)).toBeNull();
    expect(screen.getByRole('link', { name: 'Aurora SN 1' })).toHaveAttribute(
      'href',
      '/device-details?deviceId=3',
    );
  });

  it("says 'No data available' when the answer is empty (donut, pie, polar and the rest)", async () => {
    for (const [id, answer] of [
      [9057, { kind: 'slices', slices: [], unit: 'images' }],
      [9119, { kind: 'slices', slices: [{ name: 'Screening', value: 0, key: 'screening' }] }],
      [9120, { kind: 'categories', categories: [], series: [{ name: 'Mean AGD', data: [] }] }],
    ] as const) {
      vi.stubGlobal('fetch', vi.fn(fetchSequence([ok(answer)]).fn));
      const view = renderUi(withQuery(<WidgetCard widgetId={id} range={range} />));
      expect(await screen.findByText('No data available')).toBeInTheDocument();
      expect(view.container.querySelector('[data-widget-state]')).toHaveAttribute(
        'data-widget-state',
        'drawn',
      );
      view.unmount();
    }
  });

  it('shows the server message and a Retry that asks again', async () => {
    const { fn, calls } = fetchSequence([
      { status: 500, body: { success: false, statusCode: 500, message: 'The database is busy. Try again.' } },
      ok({ kind: 'table', columns: [{ key: 'device', label: 'Device' }], rows: [{ device: 'AU-1' }] }),
    ]);
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<WidgetCard widgetId={9203} range={range} />));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this widget');
    expect(alert).toHaveTextContent('The database is busy. Try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'AU-1' })).toBeInTheDocument();
    expect(calls.urls).toHaveLength(2);
  });

  it('does not ask for data until the card comes into view', async () => {
    let trigger: (v: boolean) => void = () => {};
    class IO {
      constructor(cb: (e: { isIntersecting: boolean }[]) => void) {
        trigger = (v) => cb([{ isIntersecting: v }]);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', IO);
    const { fn, calls } = fetchSequence([ok({ kind: 'slices', slices: [] })]);
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<WidgetCard widgetId={9057} range={range} />));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.urls).toHaveLength(0);
    trigger(true);
    await waitFor(() => expect(calls.urls).toHaveLength(1));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('names a widget that left the catalogue instead of failing', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderUi(withQuery(<WidgetCard widgetId={1} range={range} />));
    expect(screen.getByText(/no longer in the catalogue/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
