import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../app/session/storage';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { RejectTarget } from './RejectTarget';

/** Answers PUT /api/sites/12/rejectRateTarget as the server would; records the bodies sent. */
function serve() {
  const bodies: { rejectRateTarget: number | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(`${init?.method} ${url}`).toBe('PUT /api/sites/12/rejectRateTarget');
      const body = JSON.parse(String(init!.body)) as { rejectRateTarget: number | null };
      bodies.push(body);
      const result = {
        id: 12,
        rejectRateTarget: body.rejectRateTarget ?? 8,
        rejectRateTargetDefault: body.rejectRateTarget === null,
      };
      return new Response(JSON.stringify({ success: true, result }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

describe('the site view’s reject-rate target', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a customer user reads it, with no way to change it', () => {
    localStorage.setItem(KEYS.role, 'customer_user');
    renderUi(withQuery(<RejectTarget site={12} target={8} isDefault />));
    expect(screen.getByText('reject-rate target 8 % (default)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change target' })).not.toBeInTheDocument();
  });

  it('a customer administrator sets it, then goes back to the default', async () => {
    localStorage.setItem(KEYS.role, 'customer_admin');
    const bodies = serve();
    renderUi(withQuery(<RejectTarget site={12} target={6.5} isDefault={false} />), {
      withNotifications: true,
    });
    expect(screen.getByText(/reject-rate target 6\.5 %/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change target' }));
    const field = await screen.findByRole('textbox', { name: 'Reject-rate target (%)' });
    expect(field).toHaveValue('6.5 %');
    await userEvent.clear(field);
    await userEvent.type(field, '4.5{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ rejectRateTarget: 4.5 }]));
    expect(await screen.findByText("The site's reject-rate target is 4.5 %.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change target' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use the default' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ rejectRateTarget: null });
  });
});
