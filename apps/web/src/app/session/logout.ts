import type { AppConfig } from '@kestrel/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { spinner } from '../../ui/spinner/SpinnerOverlay';
import { toast } from '../../ui/toast';
import { useAppConfig } from '../config';
import { resetSelection } from './selection';
import { clearSession, KEYS, userType } from './storage';

/** Product §4: the identity provider's logout page runs in a hidden window closed after 4 s. */
export const SSO_WINDOW_MS = 4000;

/**
 * The logout window's address for this session: the one the server gave at company sign-in, else
 * the configured one. Read it before the local session is cleared.
 */
export const ssoLogoutAddress = (config: Pick<AppConfig, 'ssoLogoutUrl'>) =>
  localStorage.getItem(KEYS.ssoLogoutUrl) ?? config.ssoLogoutUrl;

export function openSsoLogoutWindow(url: string | null) {
  if (!url) return;
  const w = window.open(url, 'kestrel-sso-logout', 'popup,width=1,height=1,left=-2000,top=-2000');
  if (w) setTimeout(() => w.close(), SSO_WINDOW_MS);
}

/**
 * Product §4.3: the logout service is `GET /api/logout` and the session-logout path
 * `GET /api/sessionLogout`, called together. Both end the same server session, so whichever
 * answers second may find it gone (401): one success is enough. Returns the success text, or
 * null on failure (an HTTP error or `success: false` from both).
 */
export async function signOutOnServer(): Promise<string | null> {
  const answers = await Promise.allSettled([
    api.get<string>('logout', { silent: true }),
    api.get<string>('sessionLogout', { silent: true }),
  ]);
  for (const a of answers) if (a.status === 'fulfilled' && a.value.success) return a.value.result;
  return null;
}

const listeners = new Set<() => void>();
/** The idle watcher resets its countdown on every sign-out. */
export const onSignedOut = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/**
 * Logout (product §4, product §10.4): call the server, clear the local session whatever it answers,
 * set `logged` to 'out'; success → toast with the server's text; failure → 'Unable to logout';
 * either way go to '/'.
 */
export function useLogout() {
  const navigate = useNavigate();
  const config = useAppConfig();
  return useCallback(async () => {
    const logoutUrl = userType() === 'sso' ? ssoLogoutAddress(config) : null;
    spinner.show({ variant: 'three-bounce', label: 'Signing out…' });
    const message = await signOutOnServer();
    clearSession();
    resetSelection();
    queryClient.clear();
    for (const l of listeners) l();
    openSsoLogoutWindow(logoutUrl);
    spinner.hide();
    if (message) toast({ type: 'success', msg: message });
    else toast({ type: 'error', msg: 'Unable to logout' });
    navigate('/', { replace: true });
  }, [navigate, config]);
}
