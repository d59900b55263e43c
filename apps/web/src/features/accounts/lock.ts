import { api } from '../../api/client';

/** Lock the session (docs/accounts.md "Lock screen"); the app then shows LOCK_PATH. */
export async function lockSession() {
  await api.post<string>('sessionLock', {}, { silent: true });
}
