import type { Application, LoginResult, Role, UserType } from '@kestrel/contract';
import { useSyncExternalStore } from 'react';

/**
 * The browser's copy of the session (product §5 storage keys). The token lives in local storage
 * under `currentUser` as the brief says; the server keeps the real session and can revoke it.
 * The chosen application is per tab (session storage `applicationId`).
 */
export const KEYS = {
  token: 'currentUser',
  user: 'user',
  role: 'role',
  userType: 'userType',
  logged: 'logged',
  applications: 'applications',
  deviceId: 'deviceId',
  siteName: 'siteName',
  site: 'site',
  techName: 'techName',
  applicationId: 'applicationId',
  /** SSO sessions: the address of the identity provider's logout window (docs/sso.md). */
  ssoLogoutUrl: 'ssoLogoutUrl',
} as const;

const SESSION_KEYS = [
  KEYS.token,
  KEYS.user,
  KEYS.role,
  KEYS.userType,
  KEYS.applications,
  KEYS.deviceId,
  KEYS.siteName,
  KEYS.site,
  KEYS.techName,
  KEYS.ssoLogoutUrl,
];

export const token = () => localStorage.getItem(KEYS.token);
export const isSignedIn = () => !!token();
export const displayName = () => localStorage.getItem(KEYS.user) ?? '';
export const role = () => localStorage.getItem(KEYS.role) as Role | null;
export const userType = () => localStorage.getItem(KEYS.userType) as UserType | null;

export function applications(): Application[] {
  try {
    return JSON.parse(localStorage.getItem(KEYS.applications) ?? '[]') as Application[];
  } catch {
    return [];
  }
}

/** The application of this tab; a new tab of a signed-in user opens the first one granted. */
export function applicationId(): number | null {
  const chosen = Number(sessionStorage.getItem(KEYS.applicationId));
  if (chosen) return chosen;
  return applications()[0]?.id ?? null;
}

export function chooseApplication(id: number) {
  sessionStorage.setItem(KEYS.applicationId, String(id));
}

export function saveSignIn(result: LoginResult) {
  localStorage.setItem(KEYS.token, result.token);
  localStorage.setItem(KEYS.user, result.user);
  localStorage.setItem(KEYS.role, result.role);
  localStorage.setItem(KEYS.userType, result.userType);
  localStorage.setItem(KEYS.logged, 'in');
  localStorage.setItem(KEYS.applications, JSON.stringify(result.applications));
  sessionStorage.removeItem(KEYS.applicationId);
  if (result.applications.length === 1) chooseApplication(result.applications[0]!.id);
}

const NAME_EVENT = 'kestrel:user';
export function setDisplayName(name: string) {
  localStorage.setItem(KEYS.user, name);
  window.dispatchEvent(new Event(NAME_EVENT));
}

/** The display name, re-read when the profile page changes it. */
export function useDisplayName() {
  return useSyncExternalStore((l) => {
    window.addEventListener(NAME_EVENT, l);
    return () => window.removeEventListener(NAME_EVENT, l);
  }, displayName);
}

/** Product §10.4: the local session goes whatever the server answered; `logged` stays 'out'. */
export function clearSession() {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  sessionStorage.removeItem(KEYS.applicationId);
  localStorage.setItem(KEYS.logged, 'out');
}
