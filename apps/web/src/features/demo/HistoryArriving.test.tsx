import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { fetchSequence, withQuery } from '../../test/with-query';
import { HistoryArriving } from './HistoryArriving';

const answer = (history: unknown) => ({
  body: { success: true, result: { demo: true, live: true, history } },
});

describe('HistoryArriving', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the demo history is still arriving, how far it is and how far back', async () => {
    const { fn, calls } = fetchSequence([
      answer({ daysLoaded: 46, days: 183, oldestDay: '2026-10-11', complete: false }),
    ]);
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<HistoryArriving />));
    expect(await screen.findByText('Demo history still arriving')).toBeInTheDocument();
    expect(
      screen.getByText(/46 of 183 days of the demo fleet are stored, back to 2026-10-11/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Demo history 25% loaded' })).toBeInTheDocument();
    expect(calls.urls).toEqual(['/api/demoStatus']);
  });

  it('shows nothing once the history is complete, or without a demo', async () => {
    for (const history of [{ daysLoaded: 183, days: 183, oldestDay: '2026-05-27', complete: true }, null]) {
      const { fn, calls } = fetchSequence([answer(history)]);
      vi.stubGlobal('fetch', vi.fn(fn));
      const { container, unmount } = renderUi(withQuery(<HistoryArriving />));
      await waitFor(() => expect(calls.urls).toHaveLength(1));
      expect(container.querySelector('[data-testid="history-arriving"]')).toBeNull();
      unmount();
    }
  });
});
