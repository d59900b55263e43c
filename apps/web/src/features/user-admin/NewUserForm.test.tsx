import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../app/session/storage';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { NewUserForm } from './NewUserForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Empty customer and site lists; every access preview asked for is recorded, and refused. */
function serve() {
  const previews: { customerId: number | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/admin/access-preview')) {
        previews.push(JSON.parse(String(init!.body)));
        return json({ message: 'refused in this test' }, 400);
      }
      return json({ success: true, result: { rows: [], total: 0 } });
    }),
  );
  return previews;
}

/** The user page: its home customer unknown until its queries answer (the button). */
function Page() {
  const [home, setHome] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setHome(7)}>
        queries answered
      </button>
      <NewUserForm homeCustomerId={home} onDone={() => {}} onCancel={() => {}} />
    </>
  );
}

describe('a customer administrator’s new user', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('belongs to the administrator’s customer even when it is known only after the form opened', async () => {
    localStorage.setItem(KEYS.role, 'customer_admin');
    const previews = serve();
    renderUi(withQuery(<Page />));
    await waitFor(() => expect(previews.length).toBeGreaterThan(0));
    expect(previews.at(-1)!.customerId).toBeNull();
    // The page's customer and profile queries answered: the home customer is known now.
    await userEvent.click(screen.getByRole('button', { name: 'queries answered' }));
    await waitFor(() => expect(previews.at(-1)!.customerId).toBe(7), { timeout: 3000 });
  });
});
