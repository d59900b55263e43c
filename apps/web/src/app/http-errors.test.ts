import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, request } from '../api/client';
import { testConfig } from '../test/render';
import { installHttpErrorHandler, resetPopupFlag } from './http-errors';

vi.mock('../ui/toast', () => ({ toast: vi.fn() }));
const { toast } = await import('../ui/toast');

function respond(status: number, body: unknown, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, statusText })),
  );
}

describe('the one HTTP error handler (product §8, product §10.5)', () => {
  const navigate = vi.fn();
  const open = vi.fn(() => ({ close: vi.fn() }));
  beforeEach(() => {
    navigate.mockReset();
    vi.mocked(toast).mockReset();
    open.mockClear();
    vi.stubGlobal('open', open);
    resetPopupFlag();
    installHttpErrorHandler(
      { navigate, location: () => ({ pathname: '/hc-dashboards', search: '' }) },
      { ...testConfig, ssoLogoutUrl: 'https://idp.example/logout' },
    );
    localStorage.setItem('currentUser', 'token-123456789012345678901');
    localStorage.setItem('userType', 'sso');
  });

  it('401/403: clears the session, logged = out, login route, no toast; the SSO window opens once', async () => {
    respond(401, { message: 'expired' });
    await expect(request('x')).rejects.toBeInstanceOf(HttpError);
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('logged')).toBe('out');
    expect(navigate).toHaveBeenCalledWith('/authentication/login/with-header-footer', expect.anything());
    expect(toast).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
    localStorage.setItem('userType', 'sso');
    respond(403, {});
    await expect(request('x')).rejects.toBeInstanceOf(HttpError);
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("401 of an SSO session: the window opens the session's own logout address (docs/sso.md)", async () => {
    localStorage.setItem('ssoLogoutUrl', '/api/sso/logout?key=session-own-key');
    respond(401, { message: 'expired' });
    await expect(request('x')).rejects.toBeInstanceOf(HttpError);
    expect(open).toHaveBeenCalledWith(
      '/api/sso/logout?key=session-own-key',
      expect.anything(),
      expect.anything(),
    );
    // Cleared with the rest of the local session.
    expect(localStorage.getItem('ssoLogoutUrl')).toBeNull();
  });

  it('400 and 500 toast the message and rethrow; silent calls are left to their caller', async () => {
    respond(400, { message: { error: 'Bad dates' } });
    await expect(request('x')).rejects.toBeInstanceOf(HttpError);
    expect(toast).toHaveBeenLastCalledWith({ type: 'error', msg: 'Bad dates' });
    respond(500, null, 'Internal Server Error');
    await expect(request('x')).rejects.toBeInstanceOf(HttpError);
    expect(toast).toHaveBeenLastCalledWith({ type: 'error', msg: '500 - Internal Server Error' });
    respond(500, { message: 'nope' });
    await expect(request('x', { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it("server unreachable while online → a 'Server error' toast; the user stays on the page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('x')).rejects.toBeInstanceOf(NetworkError);
    expect(toast).toHaveBeenCalledWith({ type: 'error', msg: 'Server error' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("browser offline → 'Server error' and maintenance/offline-ui, remembering where the user was", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(request('x')).rejects.toBeInstanceOf(NetworkError);
    online.mockRestore();
    expect(toast).toHaveBeenCalledWith({ type: 'error', msg: 'Server error' });
    expect(navigate).toHaveBeenCalledWith('/maintenance/offline-ui', { state: { from: '/hc-dashboards' } });
  });

  it('sends the token in x-access-token', async () => {
    respond(200, { success: true, result: 1 });
    await request('x');
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['x-access-token']).toBe('token-123456789012345678901');
  });
});
