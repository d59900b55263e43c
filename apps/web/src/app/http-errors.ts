import type { AppConfig } from '@kestrel/contract';
import { type ApiError, setErrorHandler } from '../api/client';
import { actionFor } from '../api/errors';
import { queryClient } from '../api/query-client';
import { toast } from '../ui/toast';
import { LOCK_PATH, LOGIN_PATH, OFFLINE_PATH } from './paths';
import { openSsoLogoutWindow, ssoLogoutAddress } from './session/logout';
import { resetSelection } from './session/selection';
import { clearSession, userType } from './session/storage';

/**
 * Product §10.5: the "popup flag" — whether the identity provider's logout window may still be
 * opened in this page session (SSO users, once).
 */
let popupAllowed = true;
export const resetPopupFlag = () => {
  popupAllowed = true;
};

interface Navigator {
  navigate: (to: string, opts?: { replace?: boolean; state?: unknown }) => unknown;
  location: () => { pathname: string; search: string };
}

/** The one HTTP error handler (product §8): every failed call not handled by its caller ends here. */
export function installHttpErrorHandler(nav: Navigator, config: AppConfig) {
  setErrorHandler((error: ApiError) => {
    const action = actionFor(error);
    const { pathname, search } = nav.location();
    if (action.kind === 'locked') {
      if (pathname !== LOCK_PATH)
        nav.navigate(LOCK_PATH, { replace: true, state: { from: pathname + search } });
    } else if (action.kind === 'toast') {
      toast({ type: 'error', msg: action.message });
    } else if (action.kind === 'signin') {
      if (popupAllowed) {
        popupAllowed = false;
        const sso = userType() === 'sso';
        localStorage.setItem('logged', 'out');
        if (sso) openSsoLogoutWindow(ssoLogoutAddress(config));
      }
      // Without the token the guard and the login page agree: the session is over.
      clearSession();
      resetSelection();
      queryClient.clear();
      if (pathname !== LOGIN_PATH)
        nav.navigate(LOGIN_PATH, { replace: true, state: { from: pathname + search } });
    } else {
      toast({ type: 'error', msg: action.message });
      if (pathname !== OFFLINE_PATH) nav.navigate(OFFLINE_PATH, { state: { from: pathname + search } });
    }
  });
}
