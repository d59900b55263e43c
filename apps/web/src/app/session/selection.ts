import { useSyncExternalStore } from 'react';
import { KEYS } from './storage';

/**
 * Shared selections (product §5, product §10.9): the selected site, device and technologist live in
 * memory; their ids and names also go to local storage so that titles survive a reload.
 */
export interface Selection {
  site: string | null;
  siteName: string | null;
  deviceId: string | null;
  techName: string | null;
  dashboardName: string | null;
}

const read = (): Selection => ({
  site: localStorage.getItem(KEYS.site),
  siteName: localStorage.getItem(KEYS.siteName),
  deviceId: localStorage.getItem(KEYS.deviceId),
  techName: localStorage.getItem(KEYS.techName),
  dashboardName: null,
});

let current: Selection | null = null;
const listeners = new Set<() => void>();

export function getSelection(): Selection {
  current ??= read();
  return current;
}

const STORED: (keyof Selection)[] = ['site', 'siteName', 'deviceId', 'techName'];

export function select(patch: Partial<Selection>) {
  current = { ...getSelection(), ...patch };
  for (const key of STORED) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value == null) localStorage.removeItem(KEYS[key as keyof typeof KEYS]);
    else localStorage.setItem(KEYS[key as keyof typeof KEYS], value);
  }
  for (const l of listeners) l();
}

/** After sign-out the next user must not inherit the last one's selection. */
export function resetSelection() {
  current = null;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useSelection = () => useSyncExternalStore(subscribe, getSelection, getSelection);
