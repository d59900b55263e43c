import { datePresetLabels, datePresets, presetRange } from '@kestrel/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSelection } from '../../../app/session/selection';
import { renderUi } from '../../../test/render';
import { fetchSequence, withQuery } from '../../../test/with-query';
import { FilterBar } from './FilterBar';
import { rangeOf, resetRangeChoice, useRangeChoice } from './range-store';
import { useDashboardFilters } from './useDashboardFilters';

const MENU = [
  {
    label: 'Sites',
    main: [
      {
        name: 'Alpha One',
        type: 'sub',
        state: 'hc-dashboards/SiteViewComponent',
        location_id: 11,
        children: [],
      },
      {
        name: 'Beta Two',
        type: 'sub',
        state: 'hc-dashboards/SiteViewComponent',
        location_id: 21,
        children: [],
      },
    ],
  },
];

function Probe() {
  const f = useDashboardFilters();
  const c = useRangeChoice();
  return (
    <output data-testid="probe">
      {c.preset}|{f.range.fromDateSelected}|{f.range.toDateSelected}|{f.site ?? 'all'}
    </output>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

beforeEach(() => {
  sessionStorage.setItem('applicationId', '1002');
  localStorage.setItem('applications', JSON.stringify([{ id: 1002, name: 'Provider portal', home: '/' }]));
  vi.stubGlobal('fetch', vi.fn(fetchSequence([{ body: { success: true, result: MENU } }]).fn));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRangeChoice();
  resetSelection();
});

describe('dashboard filter bar', () => {
  it('offers exactly the presets of product §9 plus a custom range, past 30 days by default', async () => {
    renderUi(
      withQuery(
        <>
          <FilterBar />
          <Probe />
        </>,
      ),
    );
    const today = presetRange('past_30_days');
    expect(probe()).toBe(`past_30_days|${today.fromDateSelected}|${today.toDateSelected}|all`);
    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    // The site select's options come after the date range's in the document.
    const options = screen
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent)
      .slice(0, datePresets.length + 1);
    expect(options).toEqual([...datePresets.map((p) => datePresetLabels[p]), 'Custom range']);
    await userEvent.click(screen.getByRole('option', { name: 'Last month', hidden: true }));
    const prev = presetRange('previous_month');
    expect(probe()).toBe(`previous_month|${prev.fromDateSelected}|${prev.toDateSelected}|all`);
  });

  it('takes a custom range only when it is valid, and says why not', async () => {
    renderUi(
      withQuery(
        <>
          <FilterBar />
          <Probe />
        </>,
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(screen.getByRole('option', { name: 'Custom range', hidden: true }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2024-02-29');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-02-01');
    expect(probe()).toBe('custom|2024-02-01|2024-02-29|all');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-03-05');
    expect(screen.getByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(probe()).toBe('custom|2024-02-01|2024-02-29|all');
  });

  it('keeps the chosen site in local storage (site, siteName) and reads it back', async () => {
    renderUi(
      withQuery(
        <>
          <FilterBar />
          <Probe />
        </>,
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Beta Two', hidden: true }));
    expect(localStorage.getItem('site')).toBe('21');
    expect(localStorage.getItem('siteName')).toBe('Beta Two');
    expect(probe()).toMatch(/\|21$/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    await userEvent.click(screen.getByRole('option', { name: 'All sites', hidden: true }));
    expect(localStorage.getItem('site')).toBeNull();
    expect(localStorage.getItem('siteName')).toBeNull();
  });

  it('starts from the site stored by an earlier visit', () => {
    localStorage.setItem('site', '11');
    localStorage.setItem('siteName', 'Alpha One');
    resetSelection();
    renderUi(
      withQuery(
        <>
          <FilterBar />
          <Probe />
        </>,
      ),
    );
    expect(probe()).toMatch(/\|11$/);
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveValue('Alpha One');
  });

  it('evaluates presets on the day asked (month and year edges)', () => {
    expect(rangeOf({ preset: 'previous_month' }, new Date(2024, 2, 1))).toEqual({
      fromDateSelected: '2024-02-01',
      toDateSelected: '2024-02-29',
    });
    expect(rangeOf({ preset: 'current_year' }, new Date(2026, 11, 31))).toEqual({
      fromDateSelected: '2026-01-01',
      toDateSelected: '2026-12-31',
    });
  });
});
