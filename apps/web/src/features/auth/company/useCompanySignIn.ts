import type { SsoDiscoverResult, SsoLoginResult } from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, HttpError } from '../../../api/client';
import { KEYS } from '../../../app/session/storage';
import { spinner } from '../../../ui/spinner/SpinnerOverlay';
import { ssoMessage } from './sso-messages';

/**
 * The login page's end of company sign-in (docs/sso.md): after the identity provider, the server
 * sends the browser back with `?sso=<one-time code>`, traded here for the session, or with
 * `?ssoError=<reason>`, explained on the page.
 */
export function useSsoReturn(onSignedIn: (result: SsoLoginResult) => void) {
  const [params, setParams] = useSearchParams();
  const code = params.get('sso');
  const [error, setError] = useState<string | null>(() => ssoMessage(params.get('ssoError')));
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    // The code works once: out of the address bar, history and any later reload.
    setParams({}, { replace: true });
    spinner.show({ variant: 'chasing-dots', label: 'Signing in…' });
    api
      .post<SsoLoginResult>('sso/session', { code }, { silent: true })
      .then((r) => {
        if (r.result.ssoLogoutUrl) localStorage.setItem(KEYS.ssoLogoutUrl, r.result.ssoLogoutUrl);
        onSignedIn(r.result);
      })
      .catch((e: unknown) => {
        const message = e instanceof HttpError ? (e.body as { message?: string } | null)?.message : null;
        setError(message ?? 'The server cannot be reached. Check your connection and try again.');
      })
      .finally(() => spinner.hide());
  }, [code, onSignedIn, setParams]);
  return { error, pending: !!code };
}

const looksComplete = (email: string) => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email.trim());

/** Which identity provider the typed address's domain routes to (asked once the address looks whole). */
export function useDiscoveredProvider(email: string, enabled: boolean) {
  const [debounced, setDebounced] = useState(email);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(email.trim().toLowerCase()), 300);
    return () => clearTimeout(t);
  }, [email]);
  const query = useQuery({
    queryKey: ['sso-discover', debounced],
    enabled: enabled && looksComplete(debounced),
    staleTime: 60_000,
    queryFn: async () =>
      (
        await api.get<SsoDiscoverResult>(`sso/discover?email=${encodeURIComponent(debounced)}`, {
          silent: true,
        })
      ).result,
  });
  return enabled && looksComplete(email) && debounced === email.trim().toLowerCase()
    ? (query.data?.provider ?? null)
    : null;
}
