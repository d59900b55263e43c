import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOutOnServer } from './logout';

const ok = (result: string) => new Response(JSON.stringify({ success: true, result }));
const paths = (fetch: ReturnType<typeof vi.fn>) =>
  (fetch.mock.calls as unknown as [string][]).map((c) => c[0]).sort();

describe('logout on the server (product §4.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls GET /api/logout and GET /api/sessionLogout; the answer text is the success message', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/sessionLogout') ? ok('Session ended.') : ok('You have been signed out.'),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await signOutOnServer()).toBe('You have been signed out.');
    expect(paths(fetch)).toEqual(['/api/logout', '/api/sessionLogout']);
  });

  it('one call finding the session already ended by the other is still a success', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/logout')
        ? new Response(JSON.stringify({ message: 'Session expired' }), { status: 401 })
        : ok('You have been signed out.'),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await signOutOnServer()).toBe('You have been signed out.');
  });

  it('an HTTP error or success: false on both is a failure (null)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/logout')
          ? new Response(JSON.stringify({ success: false, result: 'no' }))
          : new Response('', { status: 500 }),
      ),
    );
    expect(await signOutOnServer()).toBeNull();
  });
});
