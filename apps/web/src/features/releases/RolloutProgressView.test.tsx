import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { RolloutProgressView } from './RolloutProgressView';
import { rollout, routedFetch } from './test-data';

describe('rollout progress', () => {
  beforeEach(() => localStorage.setItem('role', 'provider_admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows each wave and site as a bar with its share finished, and failed devices with their reason', async () => {
    const { fn } = routedFetch({ 'GET /api/ha/rollouts/5': rollout() });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<RolloutProgressView rolloutId={5} />));
    expect(
      await screen.findByRole('img', {
        name: /^All devices: 75 % finished — 2 updated, 1 downloading, 1 failed/,
      }),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: /^Wave 1: 100 % finished/ })).toBeVisible();
    expect(screen.getByRole('img', { name: /^Wave 2: 50 % finished/ })).toBeVisible();
    expect(screen.getByRole('img', { name: /^North Clinic: 75 % finished/ })).toBeVisible();
    const failed = screen.getByTestId('failed-devices');
    expect(failed).toHaveTextContent('SN-FAIL at North Clinic: checksum mismatch after download');
    expect(within(failed).queryByText(/SN-OK/)).toBeNull();
  });

  it('offers pause while running, and resume (not pause) after a halt, with the reason shown', async () => {
    const { fn } = routedFetch({
      'GET /api/ha/rollouts/5': rollout({
        state: 'halted',
        haltReason: 'Wave 1: 1 of 2 devices failed (50 %).',
      }),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<RolloutProgressView rolloutId={5} />));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wave 1: 1 of 2 devices failed (50 %).');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Offer previous version' })).toBeVisible();
  });

  it('cancels only after the confirmation, and shows the answer', async () => {
    let state: 'active' | 'cancelled' = 'active';
    const { fn, calls } = routedFetch({
      'GET /api/ha/rollouts/5': () => rollout({ state }),
      'POST /api/ha/rollouts/5/cancel': () => {
        state = 'cancelled';
        return rollout({ state });
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<RolloutProgressView rolloutId={5} />), { withNotifications: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel rollout' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the rollout' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/ha/rollouts/5/cancel')).toBe(true));
    expect(await screen.findByText('Finished')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel rollout' })).toBeNull();
  });

  it('hides the actions from people who may only look', async () => {
    localStorage.setItem('role', 'customer_admin');
    const { fn } = routedFetch({ 'GET /api/ha/rollouts/5': rollout() });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<RolloutProgressView rolloutId={5} />));
    await screen.findByTestId('failed-devices');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });
});
